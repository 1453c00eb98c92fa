import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_OUTCOME_SUCCEEDED,
  formatVerificationCode,
  isInvalidLinkMobile,
  normaliseMobileNo,
  OTP_LENGTH,
  type SignInLinkTarget,
} from '@careline/domain/auth';
import { mobileNoInput, verificationCodeValue } from '@careline/domain/auth/schemas';
import { AppError } from '@careline/domain/errors';
import { isLocale, type Locale } from '@careline/i18n/locales';
import { renderMessage } from '@careline/i18n/server';
import type { Db } from '../../db/client.ts';
import type { Viewer } from './auth.viewer.ts';
import type { SmsSender } from '../../providers/sms/sms.ts';
import type { ServerTenant } from '../tenants/index.ts';
import {
  consumeChallenge,
  countAuthEvents,
  deleteAuthEvent,
  eventTimeAt,
  deleteChallenge,
  findChallenge,
  findLiveChallenge,
  findAccountLanguage,
  findOrCreateAccount,
  insertAuthEvent,
  claimSendSlot,
  insertChallenge,
  releaseSendSlot,
  replaceChallengeCode,
  resetSendSlot,
  reserveChallengeTry,
  restoreChallengeCode,
  updateAccountLanguage,
  type AuthEventKind,
} from './auth.repo.ts';
import { verifySignInLink } from './auth.links.ts';
import { createAccessSession, revokeAccessSession } from './auth.access-sessions.ts';
import { recordAudit } from '../audit/index.ts';
import { UUID_PATTERN as uuidPattern } from '@careline/domain/ids';

/** Limits on sign-in (issue "Sign-in" points 1-2). Tests may loosen one to reach the one under test. */
export type AuthLimits = {
  /** A code is valid this long after it was sent. */
  codeTtlMs: number;
  /** Wrong codes that end a challenge. */
  failuresPerChallenge: number;
  /** spec doc 1 §9: resend countdown of 1 minute. */
  resendSpacingMs: number;
  smsPerNumber: number;
  smsPerNumberWindowMs: number;
  /** Wrong codes for a number from one client address (key) in the window: a stranger's budget. */
  failuresPerClient: number;
  /** Wrong codes for a number from all clients in the window: caps the chance of a guess (docs/security.md). */
  failuresPerNumber: number;
  failuresPerNumberWindowMs: number;
  initiationsPerAddress: number;
  completionsPerAddress: number;
  addressWindowMs: number;
};

export const defaultAuthLimits: AuthLimits = {
  codeTtlMs: 5 * 60_000,
  failuresPerChallenge: 5,
  resendSpacingMs: 60_000,
  smsPerNumber: 5,
  smsPerNumberWindowMs: 60 * 60_000,
  // docs/security.md: 50 compared codes per number per day, each a 1-in-10,000 chance: <= 0.5%.
  failuresPerClient: 10,
  failuresPerNumber: 50,
  failuresPerNumberWindowMs: 24 * 60 * 60_000,
  initiationsPerAddress: 30,
  completionsPerAddress: 60,
  addressWindowMs: 10 * 60_000,
};

/** What the sign-in service needs from a request. */
export type AuthDeps = {
  db: Db;
  tenant: ServerTenant;
  sms: SmsSender;
  appSecret: Buffer;
  clientIp: string;
  /** The request's correlation id, written into the audit trail. */
  correlationId: string;
  log?: FastifyBaseLogger;
  /** The clock; tests move it instead of sleeping. */
  now?: Date;
  limits?: Partial<AuthLimits>;
};

export type AuthResult = { id: string; accessToken: string | null; outcome: string };

export type LinkAuthentication = {
  id: string | null;
  alreadySignedIn: boolean;
  target: SignInLinkTarget;
};

// Challenges known to be over for good (used, used up, or expired — a resend never revives an
// expired one), so that a flood of guesses at them costs no query. Per process and bounded; only
// permanent facts go in, so instances need not share it. Value: the time from which the challenge is
// dead, and whether its tries are used up (the user is told to ask for a new code).
const deadChallenges = new Map<string, { fromMs: number; usedUp: boolean }>();
const DEAD_CHALLENGES_MAX = 50_000;

function rememberDead(tenantId: string, id: string, fromMs: number, usedUp = false): void {
  const key = `${tenantId}:${id}`;
  deadChallenges.delete(key);
  deadChallenges.set(key, { fromMs, usedUp });
  if (deadChallenges.size > DEAD_CHALLENGES_MAX) {
    const oldest = deadChallenges.keys().next().value;
    if (oldest !== undefined) {
      deadChallenges.delete(oldest);
    }
  }
}

function knownDead(tenantId: string, id: string, now: Date): { usedUp: boolean } | null {
  const dead = deadChallenges.get(`${tenantId}:${id}`);
  return dead !== undefined && now.getTime() >= dead.fromMs ? dead : null;
}

function limitsOf(deps: AuthDeps): AuthLimits {
  return { ...defaultAuthLimits, ...deps.limits };
}

/** HMAC of the code bound to its challenge and number: a leaked table row reveals no code. */
function codeHash(appSecret: Buffer, challengeId: string, mobileNo: string, code: string): string {
  return createHmac('sha256', appSecret)
    .update(`${challengeId}:${mobileNo}:${code}`, 'utf8')
    .digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * The text of the code SMS, naming the tenant's hospital, from the catalogue (issue 6 §5).
 * @param hospitalName - the tenant's branding name
 * @param code - the 4-digit code
 * @param ttlMs - how long the code stays valid
 * @param language - 'en', 'si' or 'ta'; anything else gives English
 */
export function verificationSmsText(
  hospitalName: string,
  code: string,
  ttlMs: number,
  language: string | null = null,
): string {
  const minutes = Math.round(ttlMs / 60_000);
  return renderMessage(language, 'sms.verificationCode', { hospital: hospitalName, code, minutes });
}

/**
 * Counts one event against a limit, refusing it when the window is full. The event is written
 * before counting, so requests arriving together each see the others: at most `cap` pass.
 * `counted` is the window's count when the caller has just read it.
 */
async function takeFromLimit(
  deps: AuthDeps,
  now: Date,
  limit: { kind: AuthEventKind; cap: number; windowMs: number; counted?: number } & (
    { mobileNo: string; clientIp?: undefined } | { clientIp: string; mobileNo?: undefined }
  ),
): Promise<string | null> {
  if (!Number.isFinite(limit.cap)) {
    return null;
  }
  const since = new Date(now.getTime() - limit.windowMs);
  const filter =
    limit.mobileNo !== undefined
      ? { tenantId: deps.tenant.id, kind: limit.kind, since, mobileNo: limit.mobileNo }
      : { kind: limit.kind, since, clientIp: limit.clientIp };
  // A full window is refused without writing: a flood of attempts costs one read each.
  if ((limit.counted ?? (await countAuthEvents(deps.db, filter))) >= limit.cap) {
    return 'refused';
  }
  const id = await insertAuthEvent(deps.db, {
    tenantId: deps.tenant.id,
    kind: limit.kind,
    mobileNo: limit.mobileNo ?? null,
    clientIp: limit.clientIp ?? (limit.mobileNo ? deps.clientIp : null),
    at: now,
  });
  const used = await countAuthEvents(deps.db, filter);
  if (used > limit.cap) {
    // Refused requests do not count, so the limit lifts once the window has passed.
    await deleteAuthEvent(deps.db, id);
    return 'refused';
  }
  return id;
}

/**
 * The key an address is limited by: IPv4 as is, IPv6 by its /64 (one subscriber usually holds a
 * whole /64, so single addresses would give an attacker billions of budgets).
 * @param ip - the client address as Fastify reports it
 */
export function addressKey(ip: string): string {
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (mapped?.[1]) {
    return mapped[1];
  }
  if (!lower.includes(':')) {
    return lower;
  }
  const [head = '', tail] = (lower.split('%')[0] ?? '').split('::');
  const headParts = head === '' ? [] : head.split(':');
  const tailParts = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? headParts
      : [
          ...headParts,
          ...Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill('0'),
          ...tailParts,
        ];
  const prefix = groups
    .slice(0, 4)
    .map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? group.replace(/^0+(?=.)/, '') : '0'));
  while (prefix.length < 4) {
    prefix.push('0');
  }
  return `${prefix.join(':')}::/64`;
}

async function limitAddress(
  deps: AuthDeps,
  now: Date,
  kind: 'initiate_ip' | 'verify_ip',
): Promise<void> {
  const limits = limitsOf(deps);
  const taken = await takeFromLimit(deps, now, {
    kind,
    cap: kind === 'initiate_ip' ? limits.initiationsPerAddress : limits.completionsPerAddress,
    windowMs: limits.addressWindowMs,
    clientIp: addressKey(deps.clientIp),
  });
  if (taken === 'refused') {
    throw new AppError('ARO-E1100');
  }
}

/**
 * The guess limits of a number as seen from the request's client (issue 6 §4.5): failures per
 * number and client address key, under a higher cap per number (docs/security.md).
 */
function guessLimits(deps: AuthDeps, now: Date, mobileNo: string) {
  const limits = limitsOf(deps);
  const since = new Date(now.getTime() - limits.failuresPerNumberWindowMs);
  const number = { tenantId: deps.tenant.id, kind: 'verify_guess' as const, since, mobileNo };
  return [
    { filter: { ...number, clientIp: addressKey(deps.clientIp) }, cap: limits.failuresPerClient },
    { filter: number, cap: limits.failuresPerNumber },
  ];
}

/**
 * ARO-E1103 with the time from which the request's client may try the number again: when the
 * oldest failures that fill each full window are a window old.
 * @param counts - the failures each guess limit counts now, in guessLimits' order
 */
async function lockedError(deps: AuthDeps, now: Date, mobileNo: string, counts: number[]): Promise<AppError> {
  const windowMs = limitsOf(deps).failuresPerNumberWindowMs;
  let untilMs = now.getTime();
  for (const [i, limit] of guessLimits(deps, now, mobileNo).entries()) {
    const counted = counts[i] ?? 0;
    if (Number.isFinite(limit.cap) && counted >= limit.cap) {
      const at = await eventTimeAt(deps.db, limit.filter, counted - limit.cap);
      untilMs = Math.max(untilMs, (at?.getTime() ?? now.getTime()) + windowMs);
    }
  }
  return new AppError('ARO-E1103', { until: new Date(untilMs).toISOString() });
}

/** Whether any guess limit is full at these counts (in guessLimits' order). */
function guessesFull(deps: AuthDeps, now: Date, mobileNo: string, counts: number[]): boolean {
  return guessLimits(deps, now, mobileNo).some((limit, i) => (counts[i] ?? 0) >= limit.cap);
}

/** The failures each guess limit counts now, in guessLimits' order. */
async function countGuesses(deps: AuthDeps, now: Date, mobileNo: string): Promise<number[]> {
  return Promise.all(guessLimits(deps, now, mobileNo).map((limit) => countAuthEvents(deps.db, limit.filter)));
}

/**
 * Takes one guess from the number's limits before a code is compared: written first, then counted,
 * so that guesses arriving together each see the others and neither cap is ever passed. A refused
 * guess is taken back and answered with ARO-E1103; a right code gives its guess back later.
 */
async function takeGuess(
  deps: AuthDeps,
  now: Date,
  mobileNo: string,
  counted: number[],
): Promise<string> {
  if (guessesFull(deps, now, mobileNo, counted)) {
    // A full window is refused without writing: a flood of guesses costs one read each.
    throw await lockedError(deps, now, mobileNo, counted);
  }
  const id = await insertAuthEvent(deps.db, {
    tenantId: deps.tenant.id,
    kind: 'verify_guess',
    mobileNo,
    clientIp: addressKey(deps.clientIp),
    at: now,
  });
  const counts = await countGuesses(deps, now, mobileNo);
  if (guessLimits(deps, now, mobileNo).some((limit, i) => (counts[i] ?? 0) > limit.cap)) {
    // Refused guesses do not count, so the lock lifts once the window has passed.
    await deleteAuthEvent(deps.db, id);
    throw await lockedError(deps, now, mobileNo, counts.map((n) => n - 1));
  }
  return id;
}

/**
 * Sends a code to a number: a new challenge, or a new code on the live one (a resend keeps the
 * challenge id and its failure count). Nothing stays usable when the SMS could not be sent.
 */
async function sendCode(
  deps: AuthDeps,
  now: Date,
  mobileNo: string,
  purpose: 'sms' | 'link',
  language: string | null,
): Promise<string> {
  const limits = limitsOf(deps);
  const tenantId = deps.tenant.id;
  const slot = { tenantId, mobileNo, now };
  // A code this client may not try is not sent: the user is told until when (issue 6 §4.4).
  const guesses = await countGuesses(deps, now, mobileNo);
  if (guessesFull(deps, now, mobileNo, guesses)) {
    throw await lockedError(deps, now, mobileNo, guesses);
  }
  // spec doc 1 §4: the resend button waits 1:00; the server holds the same line per number, also
  // for concurrent requests and for a new challenge after a lockout: one atomic claim decides.
  const claimed = await claimSendSlot(deps.db, {
    ...slot,
    notAfter: new Date(now.getTime() - limits.resendSpacingMs),
  });
  if (!claimed) {
    throw new AppError('ARO-E1101');
  }
  try {
    return await sendClaimedCode(deps, now, mobileNo, purpose, language);
  } catch (error) {
    // Nothing was sent: the user may try again at once.
    await releaseSendSlot(deps.db, slot).catch((releaseError: unknown) =>
      deps.log?.error({ err: releaseError }, 'sms send slot release failed'),
    );
    throw error;
  }
}

async function sendClaimedCode(
  deps: AuthDeps,
  now: Date,
  mobileNo: string,
  purpose: 'sms' | 'link',
  clientLanguage: string | null,
): Promise<string> {
  const limits = limitsOf(deps);
  const tenantId = deps.tenant.id;
  const live = await findLiveChallenge(
    deps.db,
    tenantId,
    mobileNo,
    deps.clientIp,
    now,
    limits.failuresPerChallenge,
  );
  const sendEvent = await takeFromLimit(deps, now, {
    kind: 'sms_send',
    cap: limits.smsPerNumber,
    windowMs: limits.smsPerNumberWindowMs,
    mobileNo,
  });
  if (sendEvent === 'refused') {
    throw new AppError('ARO-E1100');
  }
  const code = newCode();
  const expiresAt = new Date(now.getTime() + limits.codeTtlMs);
  // issue 6 §5: the account's language; for a number without an account (or without a choice), the
  // language the client is showing, else English.
  const language = (await findAccountLanguage(deps.db, tenantId, mobileNo)) ?? clientLanguage;
  const message = {
    tenantId,
    to: mobileNo,
    body: verificationSmsText(
      deps.tenant.publicConfig.branding.hospitalName,
      code,
      limits.codeTtlMs,
      language,
    ),
  };

  if (live) {
    const hash = codeHash(deps.appSecret, live.id, mobileNo, code);
    const replaced = await replaceChallengeCode(deps.db, live, {
      codeHash: hash,
      now,
      expiresAt,
      maxFailures: limits.failuresPerChallenge,
    });
    if (!replaced) {
      // The challenge ended (used, locked, expired) or changed since it was read.
      if (sendEvent) {
        await deleteAuthEvent(deps.db, sendEvent);
      }
      throw new AppError('ARO-E1101');
    }
    try {
      await deps.sms.send(message);
    } catch (error) {
      deps.log?.warn({ err: error, challengeId: live.id }, 'verification code resend failed');
      await restoreChallengeCode(deps.db, live, hash);
      throw new AppError('ARO-E1001');
    }
    return live.id;
  }

  const id = randomUUID();
  await insertChallenge(deps.db, {
    id,
    tenantId,
    mobileNo,
    codeHash: codeHash(deps.appSecret, id, mobileNo, code),
    expiresAt,
    now,
    clientIp: deps.clientIp,
    purpose,
  });
  try {
    await deps.sms.send(message);
  } catch (error) {
    deps.log?.warn({ err: error, challengeId: id }, 'verification code send failed');
    await deleteChallenge(deps.db, id);
    throw new AppError('ARO-E1001');
  }
  return id;
}

/**
 * Starts sign-in: sends a 4-digit code by SMS to the number (spec doc 1 §4 Sign-in step 2).
 * Calling it again while the challenge lives is a resend: same id, new code, failures kept.
 * @param deps - database, tenant, SMS sender, secret, client address, clock
 * @param username - the mobile number in any accepted form
 */
export async function initiateAuthentication(
  deps: AuthDeps,
  username: string,
  language: string | null = null,
): Promise<{ id: string }> {
  const now = deps.now ?? new Date();
  await limitAddress(deps, now, 'initiate_ip');
  // The sign-in forms' rule (spec doc 1 §5 'Mobile number'), so the server accepts what they accept.
  const mobileNo = mobileNoInput.safeParse(username);
  if (!mobileNo.success) {
    throw new AppError('ARO-E1013');
  }
  return { id: await sendCode(deps, now, mobileNo.data, 'sms', language) };
}

/**
 * Checks a code and signs in (spec doc 1 §4 Sign-in step 3). Wrong, expired, used and unknown
 * challenges get ARO-E1015; a challenge whose tries are used up gets ARO-E1102 (ask for a new code),
 * whatever the code; a number this client may not try any more gets ARO-E1103 with the time it may
 * try again (issue 6 §4.4, §4.5).
 * @param deps - database, tenant, SMS sender, secret, client address, clock
 * @param id - the challenge id from initiateAuthentication
 * @param verificationCode - the code as an integer (spec doc 1 §5)
 */
export async function completeAuthentication(
  deps: AuthDeps,
  id: string,
  verificationCode: number,
): Promise<AuthResult> {
  const now = deps.now ?? new Date();
  const limits = limitsOf(deps);
  const tenantId = deps.tenant.id;
  await limitAddress(deps, now, 'verify_ip');
  const invalid = new AppError('ARO-E1015');
  const usedUp = new AppError('ARO-E1102');
  // A code the form could not have sent (not 4 digits) is wrong without taking a try.
  if (!uuidPattern.test(id) || !verificationCodeValue.safeParse(verificationCode).success) {
    throw invalid;
  }
  const dead = knownDead(tenantId, id, now);
  if (dead) {
    throw dead.usedUp ? usedUp : invalid;
  }
  const guessesSince = new Date(now.getTime() - limits.failuresPerNumberWindowMs);
  const challenge = await findChallenge(deps.db, tenantId, id, guessesSince, addressKey(deps.clientIp));
  if (!challenge) {
    throw invalid;
  }
  if (challenge.consumedAt !== null) {
    rememberDead(tenantId, id, 0);
    throw invalid;
  }
  if (challenge.failedAttempts >= limits.failuresPerChallenge) {
    rememberDead(tenantId, id, 0, true);
    throw usedUp;
  }
  if (challenge.expiresAt.getTime() <= now.getTime()) {
    rememberDead(tenantId, id, challenge.expiresAt.getTime());
    throw invalid;
  }
  // Both tries are taken before the code is compared, so concurrent guesses cannot exceed any cap.
  const counted = [challenge.recentClientGuesses, challenge.recentGuesses];
  const guessEvent = await takeGuess(deps, now, challenge.mobileNo, counted);
  const reserved = await reserveChallengeTry(
    deps.db,
    tenantId,
    id,
    now,
    limits.failuresPerChallenge,
  );
  if (!reserved) {
    await deleteAuthEvent(deps.db, guessEvent);
    const after = await findChallenge(deps.db, tenantId, id, now);
    throw after && after.consumedAt === null && after.failedAttempts >= limits.failuresPerChallenge
      ? usedUp
      : invalid;
  }
  const candidate = codeHash(
    deps.appSecret,
    id,
    reserved.mobileNo,
    formatVerificationCode(verificationCode),
  );
  if (!sameHash(candidate, reserved.codeHash)) {
    // A wrong code: say so, or, when it was the last try this client has, what to do next.
    const counts = await countGuesses(deps, now, reserved.mobileNo);
    if (guessesFull(deps, now, reserved.mobileNo, counts)) {
      if (reserved.failedAttempts >= limits.failuresPerChallenge) {
        rememberDead(tenantId, id, 0, true);
      }
      throw await lockedError(deps, now, reserved.mobileNo, counts);
    }
    if (reserved.failedAttempts >= limits.failuresPerChallenge) {
      rememberDead(tenantId, id, 0, true);
      throw usedUp;
    }
    throw invalid;
  }
  const session = await deps.db.transaction(async (tx) => {
    const consumed = await consumeChallenge(tx, id, candidate, now);
    if (!consumed) {
      return null;
    }
    // A right code is not a failure: it does not count towards the number's caps.
    await deleteAuthEvent(tx, guessEvent);
    // Signed in: another device of the same person may ask for a code at once.
    await resetSendSlot(tx, tenantId, reserved.mobileNo);
    const accountId = await findOrCreateAccount(tx, tenantId, reserved.mobileNo);
    const created = await createAccessSession(tx, tenantId, accountId, now);
    // issue 7 point 3: every patient sign-in is audited, in the sign-in's own transaction.
    await recordAudit(tx, {
      tenantId,
      actor: { kind: 'patient', accountId },
      action: 'auth.sign-in',
      correlationId: deps.correlationId,
      details: {
        method: consumed.purpose === 'link' ? 'link' : 'sms',
        accessSessionId: created.accessSessionId,
        clientIp: deps.clientIp,
      },
    });
    return created;
  });
  if (!session) {
    // Either another request used it, or a concurrent resend changed the code (the challenge is
    // still live then): only a fact read back from the database marks it dead here.
    const after = await findChallenge(deps.db, tenantId, id, now);
    if (after && after.consumedAt !== null) {
      rememberDead(tenantId, id, 0);
    } else if (after && after.failedAttempts >= limits.failuresPerChallenge) {
      rememberDead(tenantId, id, 0, true);
    }
    throw invalid;
  }
  rememberDead(tenantId, id, 0);
  return { id, accessToken: session.token, outcome: AUTH_OUTCOME_SUCCEEDED };
}

/**
 * Link sign-in (spec doc 1 §4 Link sign-in): verifies the signed token, then either says the user is
 * already signed in as that number, sends nothing for an 'INVALID' number, or sends a code.
 * @param deps - database, tenant, SMS sender, secret, client address, clock
 * @param viewer - the signed-in account of the request, if any
 * @param token - the link's access_token
 */
export async function initiateLinkAuthentication(
  deps: AuthDeps,
  viewer: Viewer | null,
  token: string,
  language: string | null = null,
): Promise<LinkAuthentication> {
  const now = deps.now ?? new Date();
  await limitAddress(deps, now, 'initiate_ip');
  const target = verifySignInLink(deps.appSecret, token);
  if (!target) {
    throw new AppError('ARO-E1014');
  }
  if (isInvalidLinkMobile(target.mobileNo)) {
    return { id: null, alreadySignedIn: false, target };
  }
  const mobileNo = normaliseMobileNo(target.mobileNo);
  if (!mobileNo) {
    throw new AppError('ARO-E1014');
  }
  const normalised = { ...target, mobileNo };
  if (viewer && viewer.tenantId === deps.tenant.id && viewer.mobileNo === mobileNo) {
    return { id: null, alreadySignedIn: true, target: normalised };
  }
  return {
    id: await sendCode(deps, now, mobileNo, 'link', language),
    alreadySignedIn: false,
    target: normalised,
  };
}

/**
 * Ends the viewer's access session (logout) and records the sign-out in the audit trail, in one
 * transaction.
 * @param db - database
 * @param viewer - the signed-in patient of the request
 * @param correlationId - the request's correlation id
 */
export async function signOut(db: Db, viewer: Viewer, correlationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeAccessSession(tx, viewer.accessSessionId))) {
      return;
    }
    await recordAudit(tx, {
      tenantId: viewer.tenantId,
      actor: { kind: 'patient', accountId: viewer.accountId },
      action: 'auth.sign-out',
      correlationId,
      details: { accessSessionId: viewer.accessSessionId },
    });
  });
}

/**
 * Stores the signed-in account's language: the web app's texts follow it on every device, and its
 * SMS use it (issue 6 §5). A patient's change of the account, so it is audited in the same
 * transaction (issue 7 point 3).
 * @param db - database
 * @param viewer - the signed-in patient of the request
 * @param language - 'en', 'si' or 'ta'
 * @param correlationId - the request's correlation id
 */
export async function setAccountLanguage(
  db: Db,
  viewer: Viewer,
  language: string,
  correlationId: string,
): Promise<Locale> {
  if (!isLocale(language)) {
    throw new AppError('ARO-E2002');
  }
  await db.transaction(async (tx) => {
    const owner = { tenantId: viewer.tenantId, accountId: viewer.accountId };
    if (!(await updateAccountLanguage(tx, owner, language))) {
      throw new AppError('ARO-E2002');
    }
    await recordAudit(tx, {
      tenantId: viewer.tenantId,
      actor: { kind: 'patient', accountId: viewer.accountId },
      action: 'account.language.set',
      correlationId,
      details: { language },
    });
  });
  return language;
}
