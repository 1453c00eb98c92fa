import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { StaffRole } from '@careline/domain/staff';
import type { DbOrTx } from '../../db/client.ts';
import { staffMemberships, staffAccessSessions, staffUsers } from '../../db/schema/index.ts';
import { hashToken } from '../auth/index.ts';

/** A staff session ends after this long without use: a console left open at a shared desk. */
export const STAFF_ACCESS_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** A staff session ends this long after sign-in whatever its use: one shift. */
export const STAFF_ACCESS_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * Staff tokens carry this prefix so a request's token is looked up in one table only: a patient token
 * can never resolve to a staff member, nor a staff token to a patient account (issue 7 point 1).
 */
export const STAFF_TOKEN_PREFIX = 'stf_';

/** One role in one hospital. */
export type StaffMembership = {
  organizationId: string;
  role: StaffRole;
  practitionerId: string | null;
};

/** The signed-in staff member behind a request's staff token. */
export type StaffViewer = {
  staffUserId: string;
  accessSessionId: string;
  tenantId: string;
  email: string;
  displayName: string;
  mustChangePassword: boolean;
  memberships: StaffMembership[];
};

/**
 * Whether a bearer token is a staff token (by its prefix; it still has to resolve).
 * @param token - the raw token
 */
export function isStaffToken(token: string): boolean {
  return token.startsWith(STAFF_TOKEN_PREFIX);
}

/**
 * Starts a staff session and returns its token.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param staffUserId - the staff member
 */
export async function createStaffAccessSession(
  db: DbOrTx,
  tenantId: string,
  staffUserId: string,
  now: Date = new Date(),
): Promise<{ token: string; accessSessionId: string }> {
  const token = STAFF_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(staffAccessSessions)
    .values({
      tenantId,
      staffUserId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + STAFF_ACCESS_SESSION_ABSOLUTE_MS),
    })
    .returning({ id: staffAccessSessions.id });
  if (!row) {
    throw new Error('staff session insert returned no row');
  }
  return { token, accessSessionId: row.id };
}

/**
 * The staff member behind a token, with their memberships; null when unknown, revoked, expired, idle
 * too long, of another tenant, or the user is disabled.
 * @param db - database
 * @param tenantId - the request's tenant (null only where it is checked afterwards)
 * @param token - the raw token
 */
export async function resolveStaffToken(
  db: DbOrTx,
  tenantId: string | null,
  token: string,
  now: Date = new Date(),
): Promise<StaffViewer | null> {
  if (!isStaffToken(token) || token.length < 24 || token.length > 200) {
    return null;
  }
  const [row] = await db
    .select({
      accessSessionId: staffAccessSessions.id,
      lastSeenAt: staffAccessSessions.lastSeenAt,
      tenantId: staffAccessSessions.tenantId,
      staffUserId: staffUsers.id,
      email: staffUsers.email,
      displayName: staffUsers.displayName,
      mustChangePassword: staffUsers.mustChangePassword,
    })
    .from(staffAccessSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffAccessSessions.staffUserId))
    .where(
      and(
        eq(staffAccessSessions.tokenHash, hashToken(token)),
        tenantId === null ? undefined : eq(staffAccessSessions.tenantId, tenantId),
        isNull(staffAccessSessions.revokedAt),
        isNull(staffUsers.disabledAt),
        gt(staffAccessSessions.expiresAt, now),
        gt(staffAccessSessions.lastSeenAt, new Date(now.getTime() - STAFF_ACCESS_SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!row) {
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(staffAccessSessions)
      .set({ lastSeenAt: now })
      .where(eq(staffAccessSessions.id, row.accessSessionId));
  }
  const memberships = await db
    .select({
      organizationId: staffMemberships.organizationId,
      role: staffMemberships.role,
      practitionerId: staffMemberships.practitionerId,
    })
    .from(staffMemberships)
    .where(eq(staffMemberships.staffUserId, row.staffUserId));
  return {
    staffUserId: row.staffUserId,
    accessSessionId: row.accessSessionId,
    tenantId: row.tenantId,
    email: row.email,
    displayName: row.displayName,
    mustChangePassword: row.mustChangePassword,
    memberships: memberships.map((m) => ({ ...m, role: m.role as StaffRole })),
  };
}

/**
 * Ends one staff session (sign-out).
 * @param db - database
 * @param accessSessionId - the sign-in session
 */
export async function revokeStaffAccessSession(db: DbOrTx, accessSessionId: string): Promise<void> {
  await db
    .update(staffAccessSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffAccessSessions.id, accessSessionId), isNull(staffAccessSessions.revokedAt)));
}

/**
 * Ends every other session of a staff member (after a password change).
 * @param db - database or transaction
 * @param staffUserId - the staff member
 * @param keepSessionId - the session that stays
 */
export async function revokeOtherStaffAccessSessions(
  db: DbOrTx,
  staffUserId: string,
  keepSessionId: string,
): Promise<void> {
  await db
    .update(staffAccessSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(staffAccessSessions.staffUserId, staffUserId),
        ne(staffAccessSessions.id, keepSessionId),
        isNull(staffAccessSessions.revokedAt),
      ),
    );
}

/**
 * Of some staff sessions, those still active: not revoked, not expired, not idle too long, and the
 * member not disabled.
 * @param db - database
 * @param ids - staff access session ids
 * @param now - the clock
 */
export async function activeStaffAccessSessionIds(db: DbOrTx, ids: string[], now: Date = new Date()): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: staffAccessSessions.id })
    .from(staffAccessSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffAccessSessions.staffUserId))
    .where(
      and(
        inArray(staffAccessSessions.id, ids),
        isNull(staffAccessSessions.revokedAt),
        isNull(staffUsers.disabledAt),
        gt(staffAccessSessions.expiresAt, now),
        gt(staffAccessSessions.lastSeenAt, new Date(now.getTime() - STAFF_ACCESS_SESSION_IDLE_MS)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
