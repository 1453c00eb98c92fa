/**
 * A tenant's video call settings (issue 13 Build 1): which provider gives the call token, the ICE
 * servers (STUN and TURN) the browsers use, coturn's shared secret and the lifetimes of TURN
 * credentials and call tokens. Set under `video` in a TENANTS_FILE entry; the base has no ICE
 * servers at all, so two browsers on one machine (or one network) connect over their host
 * candidates, and a tenant on the internet lists its own STUN/TURN servers.
 */
import { z } from 'zod';

/** The shortest and longest credential lifetimes we hand out: a call's join, up to a long consultation. */
export const TURN_TTL_MIN_SECONDS = 60;
export const TURN_TTL_MAX_SECONDS = 24 * 60 * 60;

/** A tenant's STUN and TURN settings: the ICE servers its calls use, and the secret its coturn shares. */
export type VideoIceSettings = {
  /** STUN server URLs, e.g. 'stun:turn.hospital.example:3478'. Empty: no STUN entry. */
  stunUrls: string[];
  /**
   * TURN server URLs, e.g. 'turn:turn.hospital.example:3478?transport=udp',
   * 'turns:turn.hospital.example:5349?transport=tcp'. Empty: no TURN entry.
   */
  turnUrls: string[];
  /** coturn's static-auth-secret. Never leaves the server. */
  sharedSecret: string;
  /** How long a credential lives, in seconds (TURN_TTL_MIN_SECONDS to TURN_TTL_MAX_SECONDS). */
  ttlSeconds: number;
};

/**
 * Whether a TURN credential lifetime is a whole number of seconds in range.
 * @param ttlSeconds - the lifetime
 */
export function isValidTurnTtl(ttlSeconds: number): boolean {
  return (
    Number.isInteger(ttlSeconds) &&
    ttlSeconds >= TURN_TTL_MIN_SECONDS &&
    ttlSeconds <= TURN_TTL_MAX_SECONDS
  );
}

/** The problem named for a TURN lifetime out of range. */
export const TURN_TTL_PROBLEM = `ttlSeconds must be a whole number from ${TURN_TTL_MIN_SECONDS} to ${TURN_TTL_MAX_SECONDS}`;

/**
 * What is wrong with a tenant's STUN and TURN settings, for the config loader to name at start;
 * empty when they are usable. STUN URLs use stun: or stuns:, TURN URLs turn: or turns: (RFC 7064,
 * RFC 7065); TURN needs the shared secret and a TTL in range.
 * @param settings - the tenant's STUN and TURN settings
 */
export function videoIceSettingsProblems(settings: VideoIceSettings): string[] {
  const problems: string[] = [];
  for (const url of settings.stunUrls) {
    if (!/^stuns?:[^\s]+$/.test(url)) {
      problems.push(`stunUrls: '${url}' is not a stun: or stuns: URL`);
    }
  }
  for (const url of settings.turnUrls) {
    if (!/^turns?:[^\s]+$/.test(url)) {
      problems.push(`turnUrls: '${url}' is not a turn: or turns: URL`);
    }
  }
  if (settings.turnUrls.length > 0) {
    if (settings.sharedSecret === '') {
      problems.push('sharedSecret is empty while TURN URLs are set');
    }
    if (!isValidTurnTtl(settings.ttlSeconds)) {
      problems.push(TURN_TTL_PROBLEM);
    }
  }
  return problems;
}

/** Who gives the call token: 'careline' (our own signalling, the default) or Twilio Video (the seeds' provider). */
export type VideoProvider = 'careline' | 'twilio';

/** Twilio Video's keys: the account, and the API key whose secret signs access tokens. Empty: refused. */
export type TwilioVideoSettings = { accountSid: string; apiKeySid: string; apiKeySecret: string };

export type VideoSettings = {
  provider: VideoProvider;
  /** STUN and TURN: the ICE servers, coturn's static-auth-secret and the TURN credential lifetime. */
  ice: VideoIceSettings;
  /** How long a call token from createTwilioToken lives, in seconds. */
  callTokenTtlSeconds: number;
  twilio: TwilioVideoSettings;
};

/** The shortest and longest call token lifetimes: a join, up to a long consultation. */
export const CALL_TOKEN_TTL_MIN_SECONDS = 60;
export const CALL_TOKEN_TTL_MAX_SECONDS = 24 * 60 * 60;

/** The base every tenant's `video` overrides merge onto: our own signalling, no ICE servers. */
export function baseVideoSettings(): VideoSettings {
  return {
    provider: 'careline',
    ice: { stunUrls: [], turnUrls: [], sharedSecret: '', ttlSeconds: 3600 },
    callTokenTtlSeconds: 2 * 60 * 60,
    twilio: { accountSid: '', apiKeySid: '', apiKeySecret: '' },
  };
}

const videoSchema = z
  .object({
    provider: z.enum(['careline', 'twilio']),
    ice: z
      .object({
        stunUrls: z.array(z.string()),
        turnUrls: z.array(z.string()),
        sharedSecret: z.string(),
        ttlSeconds: z.number().int().min(TURN_TTL_MIN_SECONDS).max(TURN_TTL_MAX_SECONDS),
      })
      .strict(),
    callTokenTtlSeconds: z.number().int().min(CALL_TOKEN_TTL_MIN_SECONDS).max(CALL_TOKEN_TTL_MAX_SECONDS),
    twilio: z.object({ accountSid: z.string(), apiKeySid: z.string(), apiKeySecret: z.string() }).strict(),
  })
  .strict();

/**
 * What is wrong with a tenant's merged video settings, each line naming its key under `where`
 * (e.g. 'tenants[careline-demo].video'); empty when they are usable. Twilio keys may stay empty:
 * createTwilioToken then refuses with ARO-E8058 instead of stopping the start.
 * @param where - the prefix naming the tenant's settings
 * @param settings - the merged settings (unknown: a tenants file may hold anything)
 */
export function videoSettingsProblems(where: string, settings: unknown): string[] {
  const parsed = videoSchema.safeParse(settings);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `  ${where}.${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return videoIceSettingsProblems(parsed.data.ice).map((problem) => `  ${where}.ice.${problem}`);
}
