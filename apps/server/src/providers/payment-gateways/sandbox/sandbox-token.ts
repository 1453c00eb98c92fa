import { createHmac, randomBytes } from 'node:crypto';
import { sameSignature } from '../http-signature.ts';

/**
 * The sandbox's payment tokens: self-describing and tamper-proof, so the sandbox stores nothing.
 * 'sbx_' + base64url(JSON) + '.' + base64url(HMAC-SHA256(server key, JSON)); the JSON carries the
 * merchant it was made for and the card's masked number, type and expiry (never the full number).
 */

/** What a sandbox payment token stands for. */
export type SandboxCard = {
  merchantId: string;
  maskedNumber: string;
  cardType: string;
  expiry: string;
};

const PREFIX = 'sbx_';

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key)
    .update(`cybersource-sandbox-token:${payload}`)
    .digest('base64url');
}

/**
 * Makes a payment token for a card.
 * @param key - the server's signing key (providers.appSecret)
 * @param card - merchant, masked number, card type code and expiry 'MM-YYYY'
 */
export function issueSandboxToken(key: Buffer, card: SandboxCard): string {
  const payload = Buffer.from(
    JSON.stringify({
      m: card.merchantId,
      n: card.maskedNumber,
      t: card.cardType,
      e: card.expiry,
      r: randomBytes(6).toString('hex'),
    }),
  ).toString('base64url');
  return `${PREFIX}${payload}.${mac(key, payload)}`;
}

/**
 * The card behind a sandbox payment token, or null when the token is not one of ours or was altered.
 * @param key - the server's signing key (providers.appSecret)
 * @param token - the token as the merchant sent it
 */
export function readSandboxToken(key: Buffer, token: string): SandboxCard | null {
  if (!token.startsWith(PREFIX)) {
    return null;
  }
  const [payload, signature, extra] = token.slice(PREFIX.length).split('.');
  if (
    !payload ||
    !signature ||
    extra !== undefined ||
    !sameSignature(mac(key, payload), signature)
  ) {
    return null;
  }
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (
      typeof data.m !== 'string' ||
      typeof data.n !== 'string' ||
      typeof data.t !== 'string' ||
      typeof data.e !== 'string'
    ) {
      return null;
    }
    return { merchantId: data.m, maskedNumber: data.n, cardType: data.t, expiry: data.e };
  } catch {
    return null;
  }
}
