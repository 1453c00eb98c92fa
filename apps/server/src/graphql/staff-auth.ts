import { AppError } from '@careline/domain/errors';
import type { StaffRole } from '@careline/domain/staff';
import { auditPolicy } from '../modules/audit/audit.policy.ts';
import { profilesStaffPolicy } from '../modules/profiles/profiles.policy.ts';
import { staffPolicy } from '../modules/staff/staff.policy.ts';
import type { StaffViewer } from '../modules/staff/staff.access-sessions.ts';
import type { GraphQLContext } from './context.ts';

/**
 * Every staff operation's policy, gathered from each module's `<module>.policy.ts`: the roles that may
 * run it in a hospital where they hold the role (issue 7 point 2).
 */
export const staffPolicies = {
  ...staffPolicy,
  ...auditPolicy,
  ...profilesStaffPolicy,
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffAction = keyof typeof staffPolicies;

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
 * @param ctx - the request context
 * @param check - the action and hospital, for operations scoped to one
 */
export function staffAccessError(
  ctx: Pick<GraphQLContext, 'staff' | 'rejectedToken'>,
  check?: { action: StaffAction; organizationId: string },
): AppError {
  const staff = ctx.staff;
  if (!staff) {
    return new AppError(ctx.rejectedToken ? 'ARO-E1022' : 'ARO-E1023');
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
 * Field options for a staff operation scoped to one hospital through its `organizationId` argument:
 * the scope check (run before the resolver), its error, and the `staffAction` extension by which the
 * policy-matrix test finds every staff operation in the schema.
 * @param action - the operation's policy key
 */
export function staffOperation(action: StaffAction) {
  return {
    authScopes: (_parent: unknown, args: { organizationId: string | number }) => ({
      staffAction: { action, organizationId: String(args.organizationId) },
    }),
    unauthorizedError: (
      _parent: unknown,
      args: { organizationId: string | number },
      ctx: GraphQLContext,
    ) => staffAccessError(ctx, { action, organizationId: String(args.organizationId) }),
    extensions: { staffAction: action },
  };
}

/** Field options for staff operations of one's own account (me, sign-out, password change). */
export const staffSelfOperation = {
  authScopes: { staffSignedIn: true },
  unauthorizedError: (_parent: unknown, _args: unknown, ctx: GraphQLContext) =>
    staffAccessError(ctx),
  extensions: { staffAction: 'self' },
} as const;
