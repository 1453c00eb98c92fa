import { AppError } from '@careline/domain/errors';
import {
  isStaffRole,
  staffChangePasswordInput,
  staffCreateUserInput,
  staffSetRolesInput,
  staffSignInInput,
  validateStaffPassword,
  type StaffRole,
} from '@careline/domain/staff';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { staffMemberships, staffUsers } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { addressKey } from '../auth/index.ts';
import {
  generateTemporaryPassword,
  hashStaffPassword,
  verifyStaffPassword,
} from './staff.passwords.ts';
import {
  countStaffSignInFailures,
  deleteStaffSignInFailure,
  existingOrganizationIds,
  findStaffUserByEmail,
  findStaffUserById,
  insertStaffSignInFailure,
  lockSignInAttempts,
  listStaffAt,
  organizationNames,
  practitionerWorksAt,
  replaceMembershipsAt,
  type MembershipInput,
  type StaffUserRow,
} from './staff.repo.ts';
import {
  createStaffAccessSession,
  revokeOtherStaffAccessSessions,
  revokeStaffAccessSession,
  type StaffViewer,
} from './staff.access-sessions.ts';
import { actingRole, requireStaffRole } from './staff.permissions.ts';
import { uniqueViolation } from '../../db/errors.ts';

// Sign-in limits (issue 31 §6.16; the arithmetic is in docs/security.md). A client is an address
// key: an IPv4 address, or the /64 of an IPv6 one (auth's addressKey, as patient sign-in counts).
/** Failed sign-ins per client are counted over this window. */
export const STAFF_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one email from one client in the window before that client is refused for that email. */
export const STAFF_MAX_FAILURES_PER_CLIENT = 5;
/** Failures per client in the window (all emails, all tenants): one desk, many guesses. */
export const STAFF_MAX_FAILURES_PER_ADDRESS = 30;
/** Failures of one email from all clients are counted over this longer window. */
export const STAFF_EMAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * Failures of one email from all clients in a day after which guessing it is slowed: each client
 * gets STAFF_SLOWED_FAILURES_PER_CLIENT in the window instead of STAFF_MAX_FAILURES_PER_CLIENT.
 * Never a lock: a client with no recent failure for the email may always try, so a stranger cannot
 * keep the member out.
 */
export const STAFF_SLOW_AFTER_FAILURES_PER_EMAIL = 50;
export const STAFF_SLOWED_FAILURES_PER_CLIENT = 1;

export type StaffDeps = {
  db: Db;
  tenantId: string;
  correlationId: string;
  clientIp: string;
  /** Where a slowed email is reported (an operator's alert: someone is guessing from many addresses). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

export type StaffMembershipView = {
  organizationId: string;
  organizationName: string;
  role: StaffRole;
  practitionerId: string | null;
};

export type StaffUserView = {
  id: string;
  email: string;
  displayName: string;
  mustChangePassword: boolean;
  disabled: boolean;
  memberships: StaffMembershipView[];
};

function invalid(): AppError {
  return new AppError('ARO-E2002');
}

async function userView(
  db: Db,
  tenantId: string,
  user: StaffUserRow,
  memberships: { organizationId: string; role: string; practitionerId: string | null }[],
  names?: Map<string, string>,
): Promise<StaffUserView> {
  names ??= await organizationNames(db, tenantId);
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    mustChangePassword: user.mustChangePassword,
    disabled: user.disabledAt !== null,
    memberships: memberships
      .filter((m): m is typeof m & { role: StaffRole } => isStaffRole(m.role))
      .map((m) => ({ ...m, organizationName: names.get(m.organizationId) ?? '' })),
  };
}

async function membershipsOf(db: Db, staffUserId: string) {
  return db
    .select({
      organizationId: staffMemberships.organizationId,
      role: staffMemberships.role,
      practitionerId: staffMemberships.practitionerId,
    })
    .from(staffMemberships)
    .where(eq(staffMemberships.staffUserId, staffUserId));
}

/**
 * Counts an attempt before its password is checked, refusing it when this client is at its limit
 * for the email (lower while the email is slowed) or at its limit for all emails. Count and record
 * happen under per-email and per-address locks in one transaction, so parallel guesses queue behind
 * each other instead of all passing the check; the caller deletes the record when the password was
 * right.
 * @returns the recorded attempt's id
 */
async function reserveSignInAttempt(deps: StaffDeps, email: string, now: Date): Promise<string> {
  const clientIp = addressKey(deps.clientIp);
  return deps.db.transaction(async (tx) => {
    await lockSignInAttempts(tx, [`staff-sign-in:email:${deps.tenantId}:${email}`, `staff-sign-in:address:${clientIp}`]);
    const counts = await countStaffSignInFailures(tx, {
      tenantId: deps.tenantId,
      email,
      clientIp,
      since: new Date(now.getTime() - STAFF_FAILURE_WINDOW_MS),
      emailSince: new Date(now.getTime() - STAFF_EMAIL_WINDOW_MS),
    });
    const clientCap =
      counts.forEmail >= STAFF_SLOW_AFTER_FAILURES_PER_EMAIL ? STAFF_SLOWED_FAILURES_PER_CLIENT : STAFF_MAX_FAILURES_PER_CLIENT;
    if (counts.forClient >= clientCap || counts.forAddress >= STAFF_MAX_FAILURES_PER_ADDRESS) {
      throw new AppError('ARO-E1100');
    }
    const id = await insertStaffSignInFailure(tx, { tenantId: deps.tenantId, email, clientIp, at: now });
    if (counts.forEmail + 1 === STAFF_SLOW_AFTER_FAILURES_PER_EMAIL) {
      deps.log?.warn(
        { tenantId: deps.tenantId, email, failures: STAFF_SLOW_AFTER_FAILURES_PER_EMAIL },
        'staff sign-in: an email reached its daily failure cap; guessing it is slowed',
      );
    }
    return id;
  });
}

/**
 * Signs a staff member in with email and password (issue 7 point 1). Limited per email and client,
 * per client, and slowed per email (issue 31 §6.16) before any hash is checked; an unknown email
 * costs the same hash time as a known one.
 * @param deps - database, tenant, correlation id and client address
 * @param input - email and password as sent
 */
export async function staffSignIn(
  deps: StaffDeps,
  input: { email: string; password: string },
  now: Date = new Date(),
): Promise<{ token: string; staff: StaffUserView }> {
  const parsed = staffSignInInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError('ARO-E1200');
  }
  const { email, password } = parsed.data;
  const attempt = await reserveSignInAttempt(deps, email, now);
  const user = await findStaffUserByEmail(deps.db, deps.tenantId, email);
  const ok = await verifyStaffPassword(user?.passwordHash ?? null, password);
  if (!user || !ok || user.disabledAt !== null) {
    // The reserved attempt stays recorded as the failure.
    throw new AppError('ARO-E1200');
  }
  const token = await deps.db.transaction(async (tx) => {
    await deleteStaffSignInFailure(tx, attempt);
    const session = await createStaffAccessSession(tx, deps.tenantId, user.id, now);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: { kind: 'staff', staffUserId: user.id, role: null, organizationId: null },
      action: 'staff.sign-in',
      correlationId: deps.correlationId,
    });
    return session.token;
  });
  return {
    token,
    staff: await userView(deps.db, deps.tenantId, user, await membershipsOf(deps.db, user.id)),
  };
}

/**
 * Ends the current staff session.
 * @param deps - database
 * @param staff - the signed-in staff member
 */
export async function staffSignOut(deps: StaffDeps, staff: StaffViewer): Promise<void> {
  await revokeStaffAccessSession(deps.db, staff.accessSessionId);
}

/**
 * The signed-in staff member with the names of their hospitals.
 * @param deps - database and tenant
 * @param staff - the signed-in staff member
 */
export async function staffMe(deps: StaffDeps, staff: StaffViewer): Promise<StaffUserView> {
  const user = await findStaffUserById(deps.db, deps.tenantId, staff.staffUserId);
  if (!user) {
    throw new AppError('ARO-E1022');
  }
  return userView(deps.db, deps.tenantId, user, staff.memberships);
}

/**
 * A staff member's account as it is now, memberships read afresh (for live updates, where the
 * socket's member was resolved when it connected).
 * @param deps - database, tenant
 * @param staffUserId - the member
 */
export async function staffAccountNow(deps: StaffDeps, staffUserId: string): Promise<StaffUserView> {
  const user = await findStaffUserById(deps.db, deps.tenantId, staffUserId);
  if (!user) {
    throw new AppError('ARO-E1022');
  }
  return userView(deps.db, deps.tenantId, user, await membershipsOf(deps.db, user.id));
}

/**
 * Changes the signed-in member's password: the current one must be right (and is limited like a
 * sign-in), the new one must pass the domain rule and differ. Clears the temporary-password flag and
 * ends the member's other sessions.
 * @param deps - database, tenant, correlation id, address
 * @param staff - the signed-in staff member
 * @param input - current and new password
 */
export async function staffChangePassword(
  deps: StaffDeps,
  staff: StaffViewer,
  input: { currentPassword: string; newPassword: string },
  now: Date = new Date(),
): Promise<StaffUserView> {
  const parsed = staffChangePasswordInput.safeParse(input);
  if (!parsed.success) {
    throw invalid();
  }
  const user = await findStaffUserById(deps.db, deps.tenantId, staff.staffUserId);
  if (!user) {
    throw new AppError('ARO-E1022');
  }
  const attempt = await reserveSignInAttempt(deps, user.email, now);
  if (!(await verifyStaffPassword(user.passwordHash, parsed.data.currentPassword))) {
    throw new AppError('ARO-E1204');
  }
  await deleteStaffSignInFailure(deps.db, attempt);
  const reason =
    parsed.data.newPassword === parsed.data.currentPassword
      ? 'The new password must differ from the current one'
      : validateStaffPassword(parsed.data.newPassword, user.email);
  if (reason) {
    throw new AppError('ARO-E1202', { reason });
  }
  const passwordHash = await hashStaffPassword(parsed.data.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now, updatedAt: now })
      .where(eq(staffUsers.id, user.id));
    await revokeOtherStaffAccessSessions(tx, user.id, staff.accessSessionId);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: { kind: 'staff', staffUserId: user.id, role: null, organizationId: null },
      action: 'staff.password-change',
      correlationId: deps.correlationId,
    });
  });
  return userView(
    deps.db,
    deps.tenantId,
    { ...user, mustChangePassword: false },
    staff.memberships,
  );
}

async function checkMemberships(deps: StaffDeps, memberships: MembershipInput[]): Promise<void> {
  const known = await existingOrganizationIds(
    deps.db,
    deps.tenantId,
    memberships.map((m) => m.organizationId),
  );
  for (const m of memberships) {
    if (!known.has(m.organizationId)) {
      throw new AppError('ARO-E2001');
    }
    if (m.role === 'doctor') {
      // A doctor account is the practitioner who sees the queue and calls the patients.
      if (
        !m.practitionerId ||
        !(await practitionerWorksAt(deps.db, deps.tenantId, m.practitionerId, m.organizationId))
      ) {
        throw invalid();
      }
    } else if (m.practitionerId) {
      throw invalid();
    }
  }
}

/**
 * An admin creates a staff user with roles in a hospital the admin administers, and a temporary
 * password that must be changed at first sign-in (issue 7 point 1). The password is returned once.
 * @param deps - database, tenant, correlation id
 * @param admin - the signed-in admin
 * @param organizationId - the hospital
 * @param input - email, name and roles there
 */
export async function createStaffUser(
  deps: StaffDeps,
  admin: StaffViewer,
  organizationId: string,
  input: unknown,
): Promise<{ user: StaffUserView; temporaryPassword: string }> {
  const actorRole = requireStaffRole(admin, 'staff.users.create', organizationId);
  const parsed = staffCreateUserInput.safeParse(input);
  if (!parsed.success) {
    throw invalid();
  }
  const { email, displayName } = parsed.data;
  const memberships = parsed.data.roles.map((r) => ({ organizationId, ...r }));
  await checkMemberships(deps, memberships);
  if (await findStaffUserByEmail(deps.db, deps.tenantId, email)) {
    throw new AppError('ARO-E1203');
  }
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashStaffPassword(temporaryPassword);
  const user = await deps.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(staffUsers)
        .values({
          tenantId: deps.tenantId,
          email,
          displayName,
          passwordHash,
          mustChangePassword: true,
          createdByStaffUserId: admin.staffUserId,
        })
        .returning();
      if (!created) {
        throw new Error('staff user insert returned no row');
      }
      await replaceMembershipsAt(tx, deps.tenantId, created.id, organizationId, memberships);
      await recordAudit(tx, {
        tenantId: deps.tenantId,
        actor: { kind: 'staff', staffUserId: admin.staffUserId, role: actorRole, organizationId },
        action: 'staff.create',
        correlationId: deps.correlationId,
        details: { staffUserId: created.id, email, roles: memberships.map((m) => m.role) },
      });
      return created;
    })
    .catch((error: unknown) => {
      // Two admins creating the same email at once: the unique index decides.
      if (uniqueViolation(error) !== null) {
        throw new AppError('ARO-E1203');
      }
      throw error;
    });
  return {
    user: await userView(deps.db, deps.tenantId, user, await membershipsOf(deps.db, user.id)),
    temporaryPassword,
  };
}

/**
 * An admin sets the roles a staff user holds in one hospital (an empty list removes them there).
 * The user must already hold a role in a hospital this admin administers, so ids of other hospitals'
 * staff reveal nothing; an admin cannot remove their own admin role.
 * @param deps - database, tenant, correlation id
 * @param admin - the signed-in admin
 * @param organizationId - the hospital
 * @param staffUserId - the user
 * @param input - the roles there from now on
 */
export async function setStaffRoles(
  deps: StaffDeps,
  admin: StaffViewer,
  organizationId: string,
  staffUserId: string,
  input: unknown,
): Promise<StaffUserView> {
  const actorRole = requireStaffRole(admin, 'staff.users.setRoles', organizationId);
  const parsed = staffSetRolesInput.safeParse(input);
  if (!parsed.success) {
    throw invalid();
  }
  const memberships = parsed.data.roles.map((r) => ({ organizationId, ...r }));
  const target = await findStaffUserById(deps.db, deps.tenantId, staffUserId);
  const current = target ? await membershipsOf(deps.db, target.id) : [];
  const visible = current.some(
    (m) => actingRole(admin, 'staff.users.setRoles', m.organizationId) !== null,
  );
  if (!target || !visible) {
    throw new AppError('ARO-E2001');
  }
  if (target.id === admin.staffUserId && !memberships.some((m) => m.role === 'admin')) {
    throw new AppError('ARO-E1205');
  }
  await checkMemberships(deps, memberships);
  await deps.db.transaction(async (tx) => {
    await replaceMembershipsAt(tx, deps.tenantId, target.id, organizationId, memberships);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: { kind: 'staff', staffUserId: admin.staffUserId, role: actorRole, organizationId },
      action: 'staff.roles',
      correlationId: deps.correlationId,
      details: { staffUserId: target.id, roles: memberships.map((m) => m.role) },
    });
  });
  const after = await membershipsOf(deps.db, target.id);
  return userView(
    deps.db,
    deps.tenantId,
    target,
    after.filter((m) => m.organizationId === organizationId),
  );
}

/**
 * The staff of one hospital with their roles there.
 * @param deps - database and tenant
 * @param admin - the signed-in admin
 * @param organizationId - the hospital
 */
export async function listStaff(
  deps: StaffDeps,
  admin: StaffViewer,
  organizationId: string,
): Promise<StaffUserView[]> {
  requireStaffRole(admin, 'staff.users.list', organizationId);
  const rows = await listStaffAt(deps.db, deps.tenantId, organizationId);
  const names = await organizationNames(deps.db, deps.tenantId);
  return Promise.all(
    rows.map((row) => userView(deps.db, deps.tenantId, row.user, row.memberships, names)),
  );
}
