import { AppError } from '@careline/domain/errors';
import type { Viewer } from '../modules/auth/auth.viewer.ts';
import type { GraphQLContext } from './context.ts';

/**
 * The signed-in account of a request, for every protected resolver. Throws ARO-E1023 when no token
 * was sent and ARO-E1022 when a token was sent but is unknown, revoked or expired (spec doc 1 §8).
 * @param ctx - the request context
 */
export function requireViewer(ctx: Pick<GraphQLContext, 'viewer' | 'rejectedToken' | 'tenant'>): Viewer {
  const viewer = ctx.viewer;
  // A token of another tenant is never valid here, even if a caller built the context by hand.
  if (viewer && viewer.tenantId === ctx.tenant.id) {
    return viewer;
  }
  throw new AppError(ctx.rejectedToken || viewer ? 'ARO-E1022' : 'ARO-E1023');
}

/**
 * The error a refused patient-only operation answers with, the same as the resolvers' own check
 * (requireViewer): ARO-E1023 'Please login' when no patient token was sent (a staff token included),
 * ARO-E1022 when a token was sent but is unknown, revoked, expired or of another tenant.
 * @param ctx - the request context
 */
export function patientAccessError(
  ctx: Pick<GraphQLContext, 'viewer' | 'rejectedToken' | 'tenant'>,
): AppError {
  try {
    requireViewer(ctx);
  } catch (error) {
    if (error instanceof AppError) {
      return error;
    }
    throw error;
  }
  // The scope refused a viewer requireViewer accepts: the two rules drifted apart. Refuse anyway.
  return new AppError('ARO-E1023');
}

/**
 * Field options for an operation of the signed-in patient account (issue 7 point 1: a staff token
 * never reaches it): the `patient` scope, checked before the resolver, and its error. The
 * policy-matrix test requires this scope on every root field that is neither public nor staff.
 */
export const patientOperation = {
  authScopes: { patient: true },
  unauthorizedError: (_parent: unknown, _args: unknown, ctx: GraphQLContext) =>
    patientAccessError(ctx),
} as const;
