import { AppError } from '@careline/domain/errors';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { Viewer } from './auth.viewer.ts';

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
