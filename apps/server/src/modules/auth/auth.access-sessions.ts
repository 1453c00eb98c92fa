import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { coalescedRead } from '../../db/coalesce.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { accessSessions, accounts } from '../../db/schema/index.ts';
import type { Viewer } from './auth.viewer.ts';

/** A session ends after this long without use (issue 3 point 3). */
export const ACCESS_SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in whatever its use. */
export const ACCESS_SESSION_ABSOLUTE_MS = 180 * 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn reads into writes; once a minute is enough.
const TOUCH_EVERY_MS = 60 * 1000;

/** SHA-256 of a token, hex: the only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Starts a new access session for an account and returns its token (256 random bits).
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param accountId - the signed-in account
 */
export async function createAccessSession(
  db: DbOrTx,
  tenantId: string,
  accountId: string,
  now: Date = new Date(),
): Promise<{ token: string; accessSessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(accessSessions)
    .values({
      tenantId,
      accountId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ACCESS_SESSION_ABSOLUTE_MS),
    })
    .returning({ id: accessSessions.id });
  if (!row) {
    throw new Error('access session insert returned no row');
  }
  return { token, accessSessionId: row.id };
}

type AccessSessionRow = { accessSessionId: string; accountId: string; lastSeenAt: Date; expiresAt: Date; mobileNo: string; tenantId: string };

/**
 * Every signed-in request asks this: one prepared statement (db/prepared.ts) for the tokens of all
 * the requests that arrive while one is in flight (db/coalesce.ts). A hash is unique, so each ask
 * gets the one row of its hash or nothing; revoked sessions never come back.
 */
const accessSessionByTokenHash = coalescedRead<string, AccessSessionRow | null>({
  maxBatch: 100,
  read: async (db, hashes) => {
    const statement = preparedStatement(db, 'access_tokens', (name) =>
      db
        .select({
          accessSessionId: accessSessions.id,
          accountId: accessSessions.accountId,
          lastSeenAt: accessSessions.lastSeenAt,
          expiresAt: accessSessions.expiresAt,
          mobileNo: accounts.mobileNo,
          tenantId: accessSessions.tenantId,
          tokenHash: accessSessions.tokenHash,
        })
        .from(accessSessions)
        .innerJoin(accounts, eq(accounts.id, accessSessions.accountId))
        .where(and(sql`${accessSessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`, isNull(accessSessions.revokedAt)))
        .prepare(name),
    );
    const rows = await statement.execute({ hashes });
    const byHash = new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
    return hashes.map((hash) => byHash.get(hash) ?? null);
  },
});

/**
 * The viewer behind an access token, or null when it is unknown, revoked or expired.
 * @param db - database
 * @param tenantId - the tenant the request came to (a token of another tenant is not valid here);
 *   null only where the tenant is checked afterwards (websocket connection-init)
 * @param token - the raw token
 */
export async function resolveAccessToken(
  db: DbOrTx,
  tenantId: string | null,
  token: string,
  now: Date = new Date(),
): Promise<Viewer | null> {
  if (token.length < 20 || token.length > 200) {
    return null;
  }
  const found = await accessSessionByTokenHash(db, hashToken(token));
  // The token's tenant, expiry and idle time are checked here, for this request's clock.
  const row =
    found &&
    (tenantId === null || found.tenantId === tenantId) &&
    found.expiresAt.getTime() > now.getTime() &&
    found.lastSeenAt.getTime() > now.getTime() - ACCESS_SESSION_IDLE_MS
      ? found
      : null;
  if (!row) {
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(accessSessions)
      .set({ lastSeenAt: now })
      .where(eq(accessSessions.id, row.accessSessionId));
  }
  return {
    accountId: row.accountId,
    accessSessionId: row.accessSessionId,
    mobileNo: row.mobileNo,
    tenantId: row.tenantId,
  };
}

/**
 * Revokes one access session (logout); false when it was already revoked.
 * @param db - database
 * @param accessSessionId - the sign-in session to end
 */
export async function revokeAccessSession(db: DbOrTx, accessSessionId: string): Promise<boolean> {
  const rows = await db
    .update(accessSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessSessions.id, accessSessionId), isNull(accessSessions.revokedAt)))
    .returning({ id: accessSessions.id });
  return rows.length > 0;
}

/**
 * Of some access sessions, those still active: not revoked, not expired, not idle too long.
 * @param db - database
 * @param ids - access session ids
 * @param now - the clock
 */
export async function activeAccessSessionIds(db: DbOrTx, ids: string[], now: Date = new Date()): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: accessSessions.id })
    .from(accessSessions)
    .where(
      and(
        inArray(accessSessions.id, ids),
        isNull(accessSessions.revokedAt),
        gt(accessSessions.expiresAt, now),
        gt(accessSessions.lastSeenAt, new Date(now.getTime() - ACCESS_SESSION_IDLE_MS)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
