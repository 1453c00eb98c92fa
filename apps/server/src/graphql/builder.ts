import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { GraphQLContext } from './context.ts';
import { staffAccess, staffAccessError, type StaffAction } from './staff-auth.ts';

/** The one Pothos builder; each module adds its types in `<module>.schema.ts`. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
  // Authorization as scopes on the schema (issue 7 point 2); policies live in <module>.policy.ts.
  AuthScopes: {
    /** A signed-in patient account of this tenant. */
    patient: boolean;
    /** A signed-in staff member, even one who still has to change a temporary password. */
    staffSignedIn: boolean;
    /** A staff member whose role in the hospital allows the action (policy table). */
    staffAction: { action: StaffAction; organizationId: string };
  };
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin],
  scopeAuth: {
    authScopes: (ctx) => ({
      patient: ctx.viewer !== null && ctx.viewer.tenantId === ctx.tenant.id,
      staffSignedIn: ctx.staff !== null && ctx.staff.tenantId === ctx.tenant.id,
      staffAction: ({ action, organizationId }) =>
        ctx.staff !== null &&
        ctx.staff.tenantId === ctx.tenant.id &&
        !ctx.staff.mustChangePassword &&
        staffAccess(ctx.staff, action, organizationId) === 'allowed',
    }),
    unauthorizedError: (_parent, ctx) => staffAccessError(ctx),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

builder.scalarType('DateTime', {
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) {
      throw new TypeError('DateTime must be an ISO 8601 string');
    }
    return date;
  },
});

builder.scalarType('JSON', {
  serialize: (value) => value,
  parseValue: (value) => value,
});
