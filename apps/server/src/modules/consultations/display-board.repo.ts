import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consultationSessions, displayTokens, organizations, practitioners } from '../../db/schema/index.ts';

/** A display token as the console lists it: never its secret. */
export type DisplayTokenView = {
  id: string;
  organizationId: string;
  name: string;
  createdAt: Date;
  lastSeenAt: Date | null;
  revokedAt: Date | null;
};

const tokenColumns = {
  id: displayTokens.id,
  organizationId: displayTokens.organizationId,
  name: displayTokens.name,
  createdAt: displayTokens.createdAt,
  lastSeenAt: displayTokens.lastSeenAt,
  revokedAt: displayTokens.revokedAt,
};

/**
 * A hospital's display tokens, newest first (revoked ones too, for the list's history).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 */
export async function listDisplayTokens(db: DbOrTx, scope: { tenantId: string; organizationId: string }): Promise<DisplayTokenView[]> {
  return db
    .select(tokenColumns)
    .from(displayTokens)
    .where(and(eq(displayTokens.tenantId, scope.tenantId), eq(displayTokens.organizationId, scope.organizationId)))
    .orderBy(desc(displayTokens.createdAt), desc(displayTokens.id))
    .limit(200);
}

/**
 * How many displays of the hospital are not revoked.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 */
export async function countLiveDisplayTokens(db: DbOrTx, scope: { tenantId: string; organizationId: string }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(displayTokens)
    .where(
      and(
        eq(displayTokens.tenantId, scope.tenantId),
        eq(displayTokens.organizationId, scope.organizationId),
        isNull(displayTokens.revokedAt),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Stores a new display token (its secret's hash only).
 * @param db - the transaction
 * @param row - tenant, hospital, name, hash of the secret, who created it
 */
export async function insertDisplayToken(
  db: DbOrTx,
  row: { tenantId: string; organizationId: string; name: string; secretHash: string; createdBy: string },
): Promise<DisplayTokenView> {
  const [inserted] = await db.insert(displayTokens).values(row).returning(tokenColumns);
  if (!inserted) {
    throw new Error('display token not inserted');
  }
  return inserted;
}

/**
 * Revokes a display of the hospital; null when there is none (another hospital's is as missing).
 * Revoking a revoked one again keeps its first revocation.
 * @param db - the transaction
 * @param scope - tenant and hospital
 * @param id - the display token
 * @param by - the staff member
 * @param now - the clock
 */
export async function revokeDisplayTokenRow(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  id: string,
  by: string,
  now: Date,
): Promise<{ view: DisplayTokenView; revokedNow: boolean } | null> {
  const where = and(
    eq(displayTokens.id, id),
    eq(displayTokens.tenantId, scope.tenantId),
    eq(displayTokens.organizationId, scope.organizationId),
  );
  const [revoked] = await db
    .update(displayTokens)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(where, isNull(displayTokens.revokedAt)))
    .returning(tokenColumns);
  if (revoked) {
    return { view: revoked, revokedNow: true };
  }
  const [kept] = await db.select(tokenColumns).from(displayTokens).where(where);
  return kept ? { view: kept, revokedNow: false } : null;
}

/**
 * The live (not revoked) display token of a hospital with this secret hash, or null.
 * @param db - database
 * @param scope - tenant and hospital
 * @param secretHash - SHA-256 of the secret sent
 */
export async function findLiveDisplayToken(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  secretHash: string,
): Promise<{ id: string; lastSeenAt: Date | null } | null> {
  const [row] = await db
    .select({ id: displayTokens.id, lastSeenAt: displayTokens.lastSeenAt })
    .from(displayTokens)
    .where(
      and(
        eq(displayTokens.secretHash, secretHash),
        eq(displayTokens.tenantId, scope.tenantId),
        eq(displayTokens.organizationId, scope.organizationId),
        isNull(displayTokens.revokedAt),
      ),
    );
  return row ?? null;
}

/**
 * Marks when a display last read the board, unless it did so since `staleBefore`.
 * @param db - database
 * @param id - the display token
 * @param now - the clock
 * @param staleBefore - a last read before this is updated
 */
export async function touchDisplayToken(db: DbOrTx, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(displayTokens)
    .set({ lastSeenAt: now })
    .where(and(eq(displayTokens.id, id), or(isNull(displayTokens.lastSeenAt), lt(displayTokens.lastSeenAt, staleBefore))));
}

/** A session as the board shows it: no patient data. */
export type BoardSessionRow = {
  id: string;
  practitionerId: string;
  practitionerName: string;
  specialty: string;
  room: string | null;
  status: string;
  startTime: Date;
  endTime: Date;
  sessionStartedTime: Date | null;
  sessionCompletedTime: Date | null;
  delayMinutes: number | null;
  /** When the row last changed: for a cancelled session its cancel, or later (a place given back), never before. */
  updatedAt: Date;
};

/**
 * A hospital's sessions that start within [from, to) and are not over (scheduled or started), those
 * that ended (completed) since `endedSince`, and those cancelled (practitioner_canceled) whose planned
 * end is after `now` or that were cancelled since `endedSince`, earliest first.
 * @param db - database
 * @param scope - tenant and hospital
 * @param range - from (inclusive) and to (exclusive), the oldest end or cancel still shown, and the clock
 */
export async function listBoardSessions(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  range: { from: Date; to: Date; endedSince: Date; now: Date },
): Promise<BoardSessionRow[]> {
  return db
    .select({
      id: consultationSessions.id,
      practitionerId: consultationSessions.practitionerId,
      practitionerName: practitioners.text,
      specialty: consultationSessions.practitionerRoleDisplay,
      room: consultationSessions.locationName,
      status: consultationSessions.status,
      startTime: consultationSessions.startTime,
      endTime: consultationSessions.endTime,
      sessionStartedTime: consultationSessions.sessionStartedTime,
      sessionCompletedTime: consultationSessions.sessionCompletedTime,
      delayMinutes: consultationSessions.delayMinutes,
      updatedAt: consultationSessions.updatedAt,
    })
    .from(consultationSessions)
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .where(
      and(
        eq(consultationSessions.tenantId, scope.tenantId),
        eq(consultationSessions.organizationId, scope.organizationId),
        gte(consultationSessions.startTime, range.from),
        lt(consultationSessions.startTime, range.to),
        or(
          inArray(consultationSessions.status, ['scheduled', 'started']),
          and(eq(consultationSessions.status, 'completed'), gte(consultationSessions.sessionCompletedTime, range.endedSince)),
          and(
            eq(consultationSessions.status, 'practitioner_canceled'),
            or(gt(consultationSessions.endTime, range.now), gte(consultationSessions.updatedAt, range.endedSince)),
          ),
        ),
      ),
    )
    .orderBy(asc(consultationSessions.startTime), asc(consultationSessions.id))
    .limit(100);
}

/**
 * The hospital of a session, or null: whether a session event concerns a board.
 * @param db - database
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function sessionHospital(db: DbOrTx, tenantId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ organizationId: consultationSessions.organizationId })
    .from(consultationSessions)
    .where(and(eq(consultationSessions.id, sessionId), eq(consultationSessions.tenantId, tenantId)));
  return row?.organizationId ?? null;
}

/**
 * The hospital's name, or null for no hospital of the tenant.
 * @param db - database
 * @param scope - tenant and hospital
 */
export async function boardHospitalName(db: DbOrTx, scope: { tenantId: string; organizationId: string }): Promise<string | null> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, scope.organizationId), eq(organizations.tenantId, scope.tenantId)));
  return row?.name ?? null;
}
