import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { StaffRole } from '@careline/domain/staff';
import type { DbOrTx } from '../../db/client.ts';
import {
  organizations,
  practitionerRoles,
  staffMemberships,
  staffSignInFailures,
  staffUsers,
} from '../../db/schema/index.ts';

export type StaffUserRow = typeof staffUsers.$inferSelect;

/**
 * A tenant's staff user by email.
 * @param db - database
 * @param tenantId - the tenant
 * @param email - normalised email
 */
export async function findStaffUserByEmail(
  db: DbOrTx,
  tenantId: string,
  email: string,
): Promise<StaffUserRow | null> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.email, email)))
    .limit(1);
  return row ?? null;
}

/**
 * A tenant's staff user by id.
 * @param db - database
 * @param tenantId - the tenant
 * @param id - the staff user id
 */
export async function findStaffUserById(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<StaffUserRow | null> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.id, id)))
    .limit(1);
  return row ?? null;
}

/** What the sign-in limits count (staff.service.ts reserveSignInAttempt). */
export type StaffSignInFailureCounts = {
  /** Failures of this email from this client address since `since`. */
  forClient: number;
  /** Failures of every email (of every tenant) from this client address since `since`. */
  forAddress: number;
  /** Failures of this email from every address since `emailSince`. */
  forEmail: number;
};

/**
 * Counts failed sign-ins for the limits: per email and client, per client, and per email.
 * @param db - database
 * @param filter - tenant, normalised email, the client's address key, and the two window starts
 */
export async function countStaffSignInFailures(
  db: DbOrTx,
  filter: { tenantId: string; email: string; clientIp: string; since: Date; emailSince: Date },
): Promise<StaffSignInFailureCounts> {
  const ofEmail = and(eq(staffSignInFailures.tenantId, filter.tenantId), eq(staffSignInFailures.email, filter.email));
  const [forClient] = await db
    .select({ n: count() })
    .from(staffSignInFailures)
    .where(and(ofEmail, eq(staffSignInFailures.clientIp, filter.clientIp), gt(staffSignInFailures.at, filter.since)));
  const [forAddress] = await db
    .select({ n: count() })
    .from(staffSignInFailures)
    .where(and(eq(staffSignInFailures.clientIp, filter.clientIp), gt(staffSignInFailures.at, filter.since)));
  const [forEmail] = await db
    .select({ n: count() })
    .from(staffSignInFailures)
    .where(and(ofEmail, gt(staffSignInFailures.at, filter.emailSince)));
  return { forClient: forClient?.n ?? 0, forAddress: forAddress?.n ?? 0, forEmail: forEmail?.n ?? 0 };
}

/**
 * Records a failed sign-in.
 * @param db - database
 * @param row - tenant, email and address
 */
export async function insertStaffSignInFailure(
  db: DbOrTx,
  row: { tenantId: string; email: string; clientIp: string; at?: Date },
): Promise<string> {
  const [inserted] = await db.insert(staffSignInFailures).values(row).returning({ id: staffSignInFailures.id });
  if (!inserted) {
    throw new Error('staff sign-in failure insert returned no row');
  }
  return inserted.id;
}

/**
 * Forgets a recorded attempt (the password was right after all).
 * @param db - database
 * @param id - the row insertStaffSignInFailure answered
 */
export async function deleteStaffSignInFailure(db: DbOrTx, id: string): Promise<void> {
  await db.delete(staffSignInFailures).where(eq(staffSignInFailures.id, id));
}

/**
 * Serialises sign-in attempts on one email and one address until the transaction ends, so that a
 * burst of parallel attempts cannot all pass the limit before any of them is counted.
 * @param tx - the attempt's transaction
 * @param keys - the email (with its tenant) and the client address
 */
export async function lockSignInAttempts(tx: DbOrTx, keys: string[]): Promise<void> {
  // A fixed order, so two attempts never wait for each other's second lock.
  for (const key of [...keys].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }
}

export type MembershipInput = {
  organizationId: string;
  role: StaffRole;
  practitionerId?: string | null;
};

/**
 * Which of these organizations exist in the tenant.
 * @param db - database
 * @param tenantId - the tenant
 * @param ids - organization ids
 */
export async function existingOrganizationIds(
  db: DbOrTx,
  tenantId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), inArray(organizations.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether a practitioner works at an organization of the tenant (for the doctor role).
 * @param db - database
 * @param tenantId - the tenant
 * @param practitionerId - the practitioner
 * @param organizationId - the hospital
 */
export async function practitionerWorksAt(
  db: DbOrTx,
  tenantId: string,
  practitionerId: string,
  organizationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: practitionerRoles.id })
    .from(practitionerRoles)
    .where(
      and(
        eq(practitionerRoles.tenantId, tenantId),
        eq(practitionerRoles.practitionerId, practitionerId),
        eq(practitionerRoles.organizationId, organizationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Replaces a user's roles in one hospital, leaving the other hospitals' roles alone.
 * @param db - the transaction
 * @param tenantId - the tenant
 * @param staffUserId - the staff user
 * @param organizationId - the hospital
 * @param memberships - the roles to hold there from now on
 */
export async function replaceMembershipsAt(
  db: DbOrTx,
  tenantId: string,
  staffUserId: string,
  organizationId: string,
  memberships: MembershipInput[],
): Promise<void> {
  await db
    .delete(staffMemberships)
    .where(
      and(
        eq(staffMemberships.staffUserId, staffUserId),
        eq(staffMemberships.organizationId, organizationId),
      ),
    );
  if (memberships.length > 0) {
    await db.insert(staffMemberships).values(
      memberships.map((m) => ({
        tenantId,
        staffUserId,
        organizationId,
        role: m.role,
        practitionerId: m.practitionerId ?? null,
      })),
    );
  }
}

export type StaffListRow = {
  user: StaffUserRow;
  memberships: { organizationId: string; role: string; practitionerId: string | null }[];
};

/**
 * The staff users who hold a role in a hospital, with their roles there (only there).
 * @param db - database
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export async function listStaffAt(
  db: DbOrTx,
  tenantId: string,
  organizationId: string,
): Promise<StaffListRow[]> {
  const rows = await db
    .select({ user: staffUsers, membership: staffMemberships })
    .from(staffMemberships)
    .innerJoin(staffUsers, eq(staffUsers.id, staffMemberships.staffUserId))
    .where(
      and(
        eq(staffMemberships.tenantId, tenantId),
        eq(staffMemberships.organizationId, organizationId),
      ),
    )
    .orderBy(asc(staffUsers.displayName), asc(staffUsers.id));
  const byUser = new Map<string, StaffListRow>();
  for (const row of rows) {
    const entry = byUser.get(row.user.id) ?? { user: row.user, memberships: [] };
    entry.memberships.push({
      organizationId: row.membership.organizationId,
      role: row.membership.role,
      practitionerId: row.membership.practitionerId,
    });
    byUser.set(row.user.id, entry);
  }
  return [...byUser.values()];
}

/**
 * The names of organizations, for showing memberships.
 * @param db - database
 * @param tenantId - the tenant
 */
export async function organizationNames(
  db: DbOrTx,
  tenantId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.tenantId, tenantId));
  return new Map(rows.map((row) => [row.id, row.name]));
}
