/**
 * Short-lived TURN credentials for one call, in the TURN REST API scheme that coturn checks with
 * `use-auth-secret` and `static-auth-secret` (issue 13 Build 1): the username is
 * `<unix expiry>:<user id>`, the credential base64(HMAC-SHA1(shared secret, username)). coturn
 * recomputes the credential from the username with the same secret and refuses it once the expiry
 * has passed, so the server stores nothing per call and a leaked credential dies with its TTL.
 */
import { createHmac } from 'node:crypto';
import { isValidTurnTtl, TURN_TTL_PROBLEM, type VideoIceSettings } from '../tenants/index.ts';

/** coturn's default TURN REST API separator (`rest-api-separator`), between the expiry and the user id. */
export const TURN_REST_SEPARATOR = ':';

/** One TURN credential: what the browser sends to coturn, and when coturn stops accepting it. */
export type TurnCredential = {
  username: string;
  credential: string;
  /** The expiry in the username, as a date. */
  expiresAt: Date;
};

/** One entry of RTCConfiguration.iceServers, in the W3C field names the browser takes unchanged. */
export type IceServer = { urls: string[]; username?: string; credential?: string };

/**
 * The TURN REST API credential for a username: base64(HMAC-SHA1(secret, username)).
 * @param sharedSecret - coturn's static-auth-secret
 * @param username - `<unix expiry>:<user id>`
 */
export function turnCredentialFor(sharedSecret: string, username: string): string {
  return createHmac('sha1', sharedSecret).update(username, 'utf8').digest('base64');
}

/**
 * A TURN credential for one participant of one call, valid for ttlSeconds from now: username
 * `<floor(now / 1000) + ttl>:<userId>`, credential base64(HMAC-SHA1(secret, username)).
 * @param input - the shared secret, the participant's id (no ':' and not empty: it must read back as
 *   one id after coturn splits at the first separator), the TTL in seconds, and the current time
 */
export function issueTurnCredential(input: {
  sharedSecret: string;
  userId: string;
  ttlSeconds: number;
  now: Date;
}): TurnCredential {
  if (input.sharedSecret === '') {
    throw new Error('TURN shared secret is empty');
  }
  if (input.userId === '' || input.userId.includes(TURN_REST_SEPARATOR)) {
    throw new Error(`TURN user id must be non-empty and must not contain '${TURN_REST_SEPARATOR}'`);
  }
  if (!isValidTurnTtl(input.ttlSeconds)) {
    throw new RangeError(`TURN credential ${TURN_TTL_PROBLEM}`);
  }
  const expiry = Math.floor(input.now.getTime() / 1000) + input.ttlSeconds;
  const username = `${expiry}${TURN_REST_SEPARATOR}${input.userId}`;
  return {
    username,
    credential: turnCredentialFor(input.sharedSecret, username),
    expiresAt: new Date(expiry * 1000),
  };
}

/**
 * The ICE servers for one participant of one call: the tenant's STUN URLs as they are, and its TURN
 * URLs with a fresh short-lived credential. Answers the list and the credential's expiry (null when
 * the tenant has no TURN server).
 * @param settings - the tenant's STUN and TURN settings
 * @param userId - the participant's id, bound into the TURN username
 * @param now - the current time
 */
export function iceServersFor(
  settings: VideoIceSettings,
  userId: string,
  now: Date,
): { iceServers: IceServer[]; expiresAt: Date | null } {
  const iceServers: IceServer[] = [];
  if (settings.stunUrls.length > 0) {
    iceServers.push({ urls: [...settings.stunUrls] });
  }
  if (settings.turnUrls.length === 0) {
    return { iceServers, expiresAt: null };
  }
  const turn = issueTurnCredential({
    sharedSecret: settings.sharedSecret,
    userId,
    ttlSeconds: settings.ttlSeconds,
    now,
  });
  iceServers.push({
    urls: [...settings.turnUrls],
    username: turn.username,
    credential: turn.credential,
  });
  return { iceServers, expiresAt: turn.expiresAt };
}
