import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  formatSignInLinkPayload,
  joinSignInLinkToken,
  parseSignInLinkPayload,
  signInLinkPath,
  splitSignInLinkToken,
  type SignInLinkTarget,
} from '@careline/domain/auth';

function signPayload(appSecret: Buffer, payload: string): string {
  return createHmac('sha256', appSecret).update(payload, 'utf8').digest('base64url');
}

/**
 * A signed sign-in link token for an appointment or an order (spec doc 1 §4; format in
 * docs/api-contract.md): base64 of `payload.signature`, signature base64url HMAC-SHA256.
 * @param appSecret - the server's signing key (providers.appSecret)
 * @param target - what the link opens and for which mobile number
 */
export function issueSignInLink(appSecret: Buffer, target: SignInLinkTarget): string {
  const payload = formatSignInLinkPayload(target);
  return joinSignInLinkToken(payload, signPayload(appSecret, payload));
}

/**
 * The path of a signed sign-in link, e.g. for a booking or order SMS: /chat-home?access_token=….
 * @param appSecret - the server's signing key
 * @param target - what the link opens
 */
export function signInLinkUrlPath(appSecret: Buffer, target: SignInLinkTarget): string {
  return signInLinkPath(issueSignInLink(appSecret, target));
}

/**
 * The target of a sign-in link token, or null when it is malformed, not signed by us or tampered with.
 * @param appSecret - the server's signing key
 * @param token - the access_token of the link
 */
export function verifySignInLink(appSecret: Buffer, token: string): SignInLinkTarget | null {
  if (token.length > 2000) {
    return null;
  }
  const parts = splitSignInLinkToken(token);
  if (!parts) {
    return null;
  }
  const expected = Buffer.from(signPayload(appSecret, parts.payload), 'utf8');
  const sent = Buffer.from(parts.signature, 'utf8');
  // Equal lengths first: timingSafeEqual throws otherwise; the length of an HMAC is public anyway.
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    return null;
  }
  return parseSignInLinkPayload(parts.payload);
}
