import { and, asc, count, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, authChallenges, authEvents, authNumbers } from '../../db/schema/index.ts';

/** Kinds of auth_events rows; each limit counts one kind in its window. */
export type AuthEventKind = 'initiate_ip' | 'verify_ip' | 'sms_send' | 'verify_guess';

export type ChallengeRow = {
  id: string;
  mobileNo: string;
  codeHash: string;
  failedAttempts: number;
  consumedAt: Date | null;
  expiresAt: Date;
  lastSentAt: Date;
};

const challengeColumns = {
  id: authChallenges.id,
  mobileNo: authChallenges.mobileNo,
  codeHash: authChallenges.codeHash,
  failedAttempts: authChallenges.failedAttempts,
  consumedAt: authChallenges.consumedAt,
  expiresAt: authChallenges.expiresAt,
  lastSentAt: authChallenges.lastSentAt,
};

/** Records one event and returns its id (a reservation the caller may take back). */
export async function insertAuthEvent(
  db: DbOrTx,
  event: {
    tenantId: string;
    kind: AuthEventKind;
    mobileNo?: string | null;
    clientIp?: string | null;
    at: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(authEvents)
    .values({
      tenantId: event.tenantId,
      kind: event.kind,
      mobileNo: event.mobileNo ?? null,
      clientIp: event.clientIp ?? null,
      at: event.at,
    })
    .returning({ id: authEvents.id });
  if (!row) {
    throw new Error('auth event insert returned no row');
  }
  return row.id;
}

/** Takes back a reservation that did not happen (refused by its limit, or not a guess after all). */
export async function deleteAuthEvent(db: DbOrTx, id: string): Promise<void> {
  await db.delete(authEvents).where(eq(authEvents.id, id));
}

/** Which events a limit counts: a number's (within its tenant), optionally from one address key, or an address's. */
export type AuthEventFilter = { kind: AuthEventKind; since: Date } & (
  | { tenantId: string; mobileNo: string; clientIp?: string }
  | { tenantId?: undefined; clientIp: string; mobileNo?: undefined }
);

function eventConditions(filter: AuthEventFilter) {
  return and(
    filter.mobileNo !== undefined ? eq(authEvents.tenantId, filter.tenantId) : undefined,
    eq(authEvents.kind, filter.kind),
    filter.mobileNo !== undefined ? eq(authEvents.mobileNo, filter.mobileNo) : undefined,
    filter.clientIp !== undefined ? eq(authEvents.clientIp, filter.clientIp) : undefined,
    gt(authEvents.at, filter.since),
  );
}

/**
 * Events of one kind for a number (within its tenant), for a number from one address key, or for an
 * address after `since`. An address alone is counted across tenants: switching the Host header must
 * not multiply its budget.
 */
export async function countAuthEvents(db: DbOrTx, filter: AuthEventFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(authEvents).where(eventConditions(filter));
  return row?.n ?? 0;
}

/**
 * The time of the event at `offset` (0 = the oldest) among those a filter counts, or null: with a
 * window of W and a cap of C, a full window of N events frees a place at the (N - C)th one's time + W.
 */
export async function eventTimeAt(db: DbOrTx, filter: AuthEventFilter, offset: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: authEvents.at })
    .from(authEvents)
    .where(eventConditions(filter))
    .orderBy(asc(authEvents.at))
    .offset(Math.max(0, offset))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Claims the number's send slot: true for exactly one of any requests arriving together, and only
 * when the last send was at or before `notAfter` (one statement, so the database serialises them).
 */
export async function claimSendSlot(
  db: DbOrTx,
  slot: { tenantId: string; mobileNo: string; now: Date; notAfter: Date },
): Promise<boolean> {
  const rows = await db
    .insert(authNumbers)
    .values({ tenantId: slot.tenantId, mobileNo: slot.mobileNo, lastSentAt: slot.now })
    .onConflictDoUpdate({
      target: [authNumbers.tenantId, authNumbers.mobileNo],
      set: { lastSentAt: slot.now, previousSentAt: sql`${authNumbers.lastSentAt}` },
      setWhere: lte(authNumbers.lastSentAt, slot.notAfter),
    })
    .returning({ id: authNumbers.id });
  return rows.length === 1;
}

/** Gives the slot back when the SMS was not sent, so the user may try again at once. */
export async function releaseSendSlot(
  db: DbOrTx,
  slot: { tenantId: string; mobileNo: string; now: Date },
): Promise<void> {
  await db
    .update(authNumbers)
    .set({ lastSentAt: sql`coalesce(${authNumbers.previousSentAt}, 'epoch'::timestamptz)` })
    .where(
      and(
        eq(authNumbers.tenantId, slot.tenantId),
        eq(authNumbers.mobileNo, slot.mobileNo),
        eq(authNumbers.lastSentAt, slot.now),
      ),
    );
}

/** Frees the number's send slot after a sign-in: the right code proves the sender holds the phone. */
export async function resetSendSlot(db: DbOrTx, tenantId: string, mobileNo: string): Promise<void> {
  await db
    .update(authNumbers)
    .set({ lastSentAt: sql`'epoch'::timestamptz`, previousSentAt: null })
    .where(and(eq(authNumbers.tenantId, tenantId), eq(authNumbers.mobileNo, mobileNo)));
}

/**
 * The newest challenge for a number that can still be answered at `now`, among those the same client
 * address started: a challenge, its id and its tries belong to the client that asked for it, so a
 * stranger asking for a code for the number never gets (and never uses up) the owner's challenge.
 */
export async function findLiveChallenge(
  db: DbOrTx,
  tenantId: string,
  mobileNo: string,
  clientIp: string,
  now: Date,
  maxFailures: number,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select(challengeColumns)
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tenantId, tenantId),
        eq(authChallenges.mobileNo, mobileNo),
        eq(authChallenges.clientIp, clientIp),
        isNull(authChallenges.consumedAt),
        gt(authChallenges.expiresAt, now),
        lt(authChallenges.failedAttempts, maxFailures),
      ),
    )
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * A challenge by id, with the number's failed guesses since `guessesSince`, in all and from the
 * address key `clientKey` (one round trip: under a flood of guesses for a locked number this is the
 * only query).
 */
export async function findChallenge(
  db: DbOrTx,
  tenantId: string,
  id: string,
  guessesSince: Date,
  clientKey = '',
): Promise<(ChallengeRow & { recentGuesses: number; recentClientGuesses: number }) | null> {
  const [row] = await db
    .select({
      ...challengeColumns,
      // Written out with table names: drizzle leaves columns unqualified in a single-table select.
      recentGuesses: sql<number>`(
        SELECT count(*)::int FROM auth_events e
        WHERE e.tenant_id = auth_challenges.tenant_id
          AND e.kind = 'verify_guess'
          AND e.mobile_no = auth_challenges.mobile_no
          AND e.at > ${guessesSince.toISOString()}::timestamptz
      )`,
      recentClientGuesses: sql<number>`(
        SELECT count(*)::int FROM auth_events e
        WHERE e.tenant_id = auth_challenges.tenant_id
          AND e.kind = 'verify_guess'
          AND e.mobile_no = auth_challenges.mobile_no
          AND e.client_ip = ${clientKey}
          AND e.at > ${guessesSince.toISOString()}::timestamptz
      )`,
    })
    .from(authChallenges)
    .where(and(eq(authChallenges.id, id), eq(authChallenges.tenantId, tenantId)))
    .limit(1);
  return row
    ? { ...row, recentGuesses: Number(row.recentGuesses), recentClientGuesses: Number(row.recentClientGuesses) }
    : null;
}

export async function insertChallenge(
  db: DbOrTx,
  values: {
    id: string;
    tenantId: string;
    mobileNo: string;
    codeHash: string;
    expiresAt: Date;
    now: Date;
    clientIp: string;
    purpose: 'sms' | 'link';
  },
): Promise<void> {
  await db.insert(authChallenges).values({
    id: values.id,
    tenantId: values.tenantId,
    mobileNo: values.mobileNo,
    codeHash: values.codeHash,
    expiresAt: values.expiresAt,
    lastSentAt: values.now,
    createdAt: values.now,
    clientIp: values.clientIp,
    purpose: values.purpose,
  });
}

export async function deleteChallenge(db: DbOrTx, id: string): Promise<void> {
  await db.delete(authChallenges).where(eq(authChallenges.id, id));
}

/**
 * Puts a new code on a live challenge, only if nobody else did since `previous` was read
 * (so two resends at once cannot both pass the spacing check) and it is still live: a resend never
 * revives an expired or locked challenge. The failure count is kept.
 */
export async function replaceChallengeCode(
  db: DbOrTx,
  previous: ChallengeRow,
  next: { codeHash: string; now: Date; expiresAt: Date; maxFailures: number },
): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({
      codeHash: next.codeHash,
      lastSentAt: next.now,
      expiresAt: next.expiresAt,
      sendCount: sql`${authChallenges.sendCount} + 1`,
    })
    .where(
      and(
        eq(authChallenges.id, previous.id),
        isNull(authChallenges.consumedAt),
        eq(authChallenges.lastSentAt, previous.lastSentAt),
        eq(authChallenges.codeHash, previous.codeHash),
        gt(authChallenges.expiresAt, next.now),
        lt(authChallenges.failedAttempts, next.maxFailures),
      ),
    )
    .returning({ id: authChallenges.id });
  return rows.length === 1;
}

/** Undoes replaceChallengeCode when the SMS could not be sent: the code the user holds stays valid. */
export async function restoreChallengeCode(
  db: DbOrTx,
  previous: ChallengeRow,
  replacedHash: string,
): Promise<void> {
  await db
    .update(authChallenges)
    .set({
      codeHash: previous.codeHash,
      lastSentAt: previous.lastSentAt,
      expiresAt: previous.expiresAt,
      sendCount: sql`${authChallenges.sendCount} - 1`,
    })
    .where(and(eq(authChallenges.id, previous.id), eq(authChallenges.codeHash, replacedHash)));
}

/**
 * Takes one try from a challenge before the code is compared, so that at most `maxFailures` codes
 * are ever compared against it, however many requests arrive at once. Null when none is left.
 */
export async function reserveChallengeTry(
  db: DbOrTx,
  tenantId: string,
  id: string,
  now: Date,
  maxFailures: number,
): Promise<{ mobileNo: string; codeHash: string; failedAttempts: number } | null> {
  const [row] = await db
    .update(authChallenges)
    .set({ failedAttempts: sql`${authChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(authChallenges.id, id),
        eq(authChallenges.tenantId, tenantId),
        isNull(authChallenges.consumedAt),
        gt(authChallenges.expiresAt, now),
        lt(authChallenges.failedAttempts, maxFailures),
      ),
    )
    .returning({
      mobileNo: authChallenges.mobileNo,
      codeHash: authChallenges.codeHash,
      failedAttempts: authChallenges.failedAttempts,
    });
  return row ?? null;
}

/**
 * Marks a challenge used, once: only the request whose code matched the current hash and that finds
 * it unused gets a row back. The try taken by reserveChallengeTry is given back (it was not a failure).
 * @returns what the challenge was started for ('sms' or 'link'), or null when it was not consumed
 */
export async function consumeChallenge(
  db: DbOrTx,
  id: string,
  codeHash: string,
  now: Date,
): Promise<{ purpose: string } | null> {
  const rows = await db
    .update(authChallenges)
    .set({ consumedAt: now, failedAttempts: sql`${authChallenges.failedAttempts} - 1` })
    .where(
      and(
        eq(authChallenges.id, id),
        isNull(authChallenges.consumedAt),
        eq(authChallenges.codeHash, codeHash),
      ),
    )
    .returning({ purpose: authChallenges.purpose });
  return rows[0] ?? null;
}

/**
 * The language an account chose for its texts and SMS, or null (no account, or no choice yet).
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param mobileNo - the normalised number
 */
export async function findAccountLanguage(db: DbOrTx, tenantId: string, mobileNo: string): Promise<string | null> {
  const [row] = await db
    .select({ language: accounts.preferredLanguage })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.mobileNo, mobileNo)))
    .limit(1);
  return row?.language ?? null;
}

/**
 * Sets the language an account chose for its texts and SMS.
 * @param db - the transaction of the change (its audit row goes in the same one)
 * @param owner - the tenant and the account
 * @param language - the chosen language
 * @returns false when the account is not there (of this tenant)
 */
export async function updateAccountLanguage(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  language: string,
): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ preferredLanguage: language, updatedAt: new Date() })
    .where(and(eq(accounts.id, owner.accountId), eq(accounts.tenantId, owner.tenantId)))
    .returning({ id: accounts.id });
  return rows.length === 1;
}

/** The account of a number, created on first sign-in; safe when two sign-ins race (unique index). */
export async function findOrCreateAccount(
  db: DbOrTx,
  tenantId: string,
  mobileNo: string,
): Promise<string> {
  await db.insert(accounts).values({ tenantId, mobileNo }).onConflictDoNothing();
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.mobileNo, mobileNo)))
    .limit(1);
  if (!row) {
    throw new Error('account missing after insert');
  }
  return row.id;
}
