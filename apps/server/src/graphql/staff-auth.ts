import type { GraphQLContext } from './context.ts';
import {
  staffAccessError,
  type StaffAction,
} from '../modules/staff/staff.permissions.ts';

// The policy tables and the decisions over them live in the staff module (services use them too);
// this file turns them into field options of the schema.
export {
  actingRole,
  staffAccess,
  staffAccessError,
  staffPolicies,
  type StaffAction,
} from '../modules/staff/staff.permissions.ts';

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

/**
 * What every staff service call in one hospital starts from: the database, tenant, the signed-in staff
 * member, the hospital, the correlation id and the live-update publisher. Refuses without a staff
 * member (the same error as the scope check), so resolvers can spread it into their module's deps.
 * @param ctx - the request's context
 * @param action - the operation's policy key, for the refusal
 * @param organizationId - the hospital the operation names
 */
export function staffHospitalRequest(ctx: GraphQLContext, action: StaffAction, organizationId: string | number) {
  const staff = ctx.staff;
  if (!staff) {
    throw staffAccessError(ctx, { action, organizationId: String(organizationId) });
  }
  return {
    db: ctx.database.db,
    tenantId: ctx.tenant.id,
    staff,
    organizationId: String(organizationId),
    correlationId: ctx.correlationId,
    publish: ctx.publish,
  };
}

/** Field options for staff operations of one's own account (me, sign-out, password change). */
export const staffSelfOperation = {
  authScopes: { staffSignedIn: true },
  unauthorizedError: (_parent: unknown, _args: unknown, ctx: GraphQLContext) =>
    staffAccessError(ctx),
  extensions: { staffAction: 'self' },
} as const;
