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

/** Field options for staff operations of one's own account (me, sign-out, password change). */
export const staffSelfOperation = {
  authScopes: { staffSignedIn: true },
  unauthorizedError: (_parent: unknown, _args: unknown, ctx: GraphQLContext) =>
    staffAccessError(ctx),
  extensions: { staffAction: 'self' },
} as const;
