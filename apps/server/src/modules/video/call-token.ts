/**
 * Call tokens (issue 13 Build 1 and 5): what createTwilioToken(roomSid, appointmentId) answers.
 *
 * - 'careline' (our own signalling): `v1.<payload>.<signature>`, the payload base64url JSON
 *   { tenant, appointment, account, room, exp } and the signature base64url(HMAC-SHA256(key, 'v1.' +
 *   payload)) under a key derived from the server's APP_SECRET. It lets one account signal in one
 *   room of one appointment until it expires; the server keeps nothing per token.
 * - 'twilio': a Twilio Video access token, a JWT (HS256) signed with the API key secret, with a video
 *   grant for the room (Twilio's AccessToken format: header cty 'twilio-fpa;v=1', iss the API key
 *   SID, sub the account SID, grants.identity and grants.video.room).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TwilioVideoSettings } from '../tenants/index.ts';

/** What a careline call token binds. */
export type CallTokenClaims = {
  tenantId: string;
  appointmentId: string;
  accountId: string;
  /** The room (the appointment's remoteCommunicationLink) the token was made for. */
  roomSid: string;
  /** Expiry, unix seconds. */
  exp: number;
};

const VERSION = 'v1';

/**
 * The key call tokens are signed with: derived from the server secret for this one use, so a call
 * token can never pass as a sign-in link or another signed value.
 * @param appSecret - the server's signing key (providers.appSecret)
 */
export function callTokenKey(appSecret: Buffer): Buffer {
  return createHmac('sha256', appSecret).update('careline video call token v1', 'utf8').digest();
}

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body, 'utf8').digest('base64url');
}

/**
 * A careline call token for one account in one room of one appointment.
 * @param key - callTokenKey(appSecret)
 * @param claims - what the token binds, with its expiry
 */
export function issueCallToken(key: Buffer, claims: CallTokenClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      t: claims.tenantId,
      a: claims.appointmentId,
      u: claims.accountId,
      r: claims.roomSid,
      exp: claims.exp,
    }),
    'utf8',
  ).toString('base64url');
  const body = `${VERSION}.${payload}`;
  return `${body}.${sign(key, body)}`;
}

/** Why a call token was refused: not ours or altered, or out of date. */
export type CallTokenCheck = { ok: true; claims: CallTokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Reads a careline call token: its signature, then its expiry against now.
 * @param key - callTokenKey(appSecret)
 * @param token - the token as the client sent it
 * @param now - the current time
 */
export function verifyCallToken(key: Buffer, token: string, now: Date): CallTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2]) {
    return { ok: false, reason: 'invalid' };
  }
  const expected = Buffer.from(sign(key, `${parts[0]}.${parts[1]}`), 'utf8');
  const given = Buffer.from(parts[2], 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const claims = raw as Record<string, unknown>;
  if (
    typeof claims.t !== 'string' ||
    typeof claims.a !== 'string' ||
    typeof claims.u !== 'string' ||
    typeof claims.r !== 'string' ||
    typeof claims.exp !== 'number'
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.exp * 1000 <= now.getTime()) {
    return { ok: false, reason: 'expired' };
  }
  return {
    ok: true,
    claims: { tenantId: claims.t, appointmentId: claims.a, accountId: claims.u, roomSid: claims.r, exp: claims.exp },
  };
}

/**
 * A Twilio Video access token (JWT, HS256) for one identity in one room.
 * @param settings - the account SID, API key SID and API key secret (all set)
 * @param grant - the participant's identity, the room, and the expiry (unix seconds) and now
 */
export function twilioVideoAccessToken(
  settings: TwilioVideoSettings,
  grant: { identity: string; room: string; exp: number; now: Date },
): string {
  const iat = Math.floor(grant.now.getTime() / 1000);
  const header = { typ: 'JWT', alg: 'HS256', cty: 'twilio-fpa;v=1' };
  const payload = {
    jti: `${settings.apiKeySid}-${iat}`,
    iss: settings.apiKeySid,
    sub: settings.accountSid,
    iat,
    nbf: iat,
    exp: grant.exp,
    grants: { identity: grant.identity, video: { room: grant.room } },
  };
  const encode = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const body = `${encode(header)}.${encode(payload)}`;
  const signature = createHmac('sha256', settings.apiKeySecret).update(body, 'utf8').digest('base64url');
  return `${body}.${signature}`;
}
