import SchemaBuilder from '@pothos/core';
import { AppError } from '@careline/domain/errors';
import { Kind } from 'graphql';
import ScopeAuthPlugin, { AuthScopeFailureType } from '@pothos/plugin-scope-auth';
import {
  staffAccess,
  staffAccessError,
  type StaffAction,
} from '../modules/staff/staff.permissions.ts';
import type { GraphQLContext } from './context.ts';
import { patientAccessError } from './patient-auth.ts';

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
    // Fields set their own error (staffOperation, patientOperation); this is for a bare scope.
    unauthorizedError: (_parent, ctx, _info, result) =>
      result.failure.kind === AuthScopeFailureType.AuthScope && result.failure.scope === 'patient'
        ? patientAccessError(ctx)
        : staffAccessError(ctx),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

// ISO 8601: a date, or a date and time with an optional offset (T or a space between them).
const isoDateTime =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A bad DateTime is the client's mistake: a clear ARO-E2002, never ARO-E9999 (issue 6 §1). */
function parseDateTime(value: unknown): Date {
  const date = typeof value === 'string' && isoDateTime.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    const error = new AppError('ARO-E2002');
    error.message =
      'ARO-E2002:DateTime must be an ISO 8601 date and time, such as 2026-01-31T09:30:00+05:30';
    throw error;
  }
  return date;
}

builder.scalarType('DateTime', {
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : null),
});

builder.scalarType('JSON', {
  serialize: (value) => value,
  parseValue: (value) => value,
});
