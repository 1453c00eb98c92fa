import { AppError } from '@careline/domain/errors';
import { staffPolicies, type StaffAction, type StaffRole } from '@careline/domain/staff';
import type { StaffViewer } from './staff.access-sessions.ts';

/*
 * What a staff member may do, decided from the policy tables alone (packages/domain staff/policies.ts:
 * data, so the staff console can read them too). Services and the GraphQL layer (graphql/staff-auth.ts,
 * the scopes on the schema) both ask here, so services never depend on GraphQL.
 */

export { staffPolicies, type StaffAction };

/** The part of a request that decides a staff refusal's answer. */
export type StaffRequest = { staff: StaffViewer | null; rejectedToken: boolean };

/**
 * Whether a staff member may run an action in a hospital, and if not, why.
 * @param staff - the signed-in staff member
 * @param action - the operation's policy key
 * @param organizationId - the hospital the operation concerns
 */
export function staffAccess(
  staff: StaffViewer,
  action: StaffAction,
  organizationId: string,
): 'allowed' | 'not-member' | 'role-denied' {
  const roles: readonly StaffRole[] = staffPolicies[action];
  const here = staff.memberships.filter((m) => m.organizationId === organizationId);
  if (here.length === 0) {
    return 'not-member';
  }
  return here.some((m) => roles.includes(m.role)) ? 'allowed' : 'role-denied';
}

/**
 * The role under which a staff member acts in a hospital for an action (for the audit row).
 * @param staff - the signed-in staff member
 * @param action - the operation's policy key
 * @param organizationId - the hospital
 */
export function actingRole(
  staff: StaffViewer,
  action: StaffAction,
  organizationId: string,
): StaffRole | null {
  const roles: readonly StaffRole[] = staffPolicies[action];
  return (
    staff.memberships.find((m) => m.organizationId === organizationId && roles.includes(m.role))
      ?.role ?? null
  );
}

/**
 * The error a refused staff operation answers with: not signed in as staff (E1023, or E1022 for a
 * token that did not resolve), temporary password not yet changed (E1201), a hospital the member does
 * not belong to (E2001, the same as a missing one, so ids of other hospitals reveal nothing), or a
 * role without the permission (E1210).
 * @param request - the staff member of the request, and whether a token was sent but not resolved
 * @param check - the action and hospital, for operations scoped to one
 */
export function staffAccessError(
  request: StaffRequest,
  check?: { action: StaffAction; organizationId: string },
): AppError {
  const staff = request.staff;
  if (!staff) {
    return new AppError(request.rejectedToken ? 'ARO-E1022' : 'ARO-E1023');
  }
  if (staff.mustChangePassword) {
    return new AppError('ARO-E1201');
  }
  if (check && staffAccess(staff, check.action, check.organizationId) === 'not-member') {
    return new AppError('ARO-E2001');
  }
  return new AppError('ARO-E1210');
}

/**
 * The role a staff member acts under for an action in a hospital; refuses with the policy's error
 * when there is none or the temporary password is not changed yet. Services call it as a second
 * line behind the scope on the schema.
 * @param staff - the signed-in staff member
 * @param action - the operation's policy key
 * @param organizationId - the hospital
 */
export function requireStaffRole(
  staff: StaffViewer,
  action: StaffAction,
  organizationId: string,
): StaffRole {
  const role = actingRole(staff, action, organizationId);
  if (!role || staff.mustChangePassword) {
    throw staffAccessError({ staff, rejectedToken: false }, { action, organizationId });
  }
  return role;
}
