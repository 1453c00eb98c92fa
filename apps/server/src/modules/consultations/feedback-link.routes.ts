import { AppError, errorString } from '@careline/domain/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { readLinkFeedback, saveLinkFeedback, verifyFeedbackLink } from './feedback-link.service.ts';

/** Requests one address may make to /feedback per minute (per instance). */
export const FEEDBACK_LINK_RATE = { cap: 30, windowMs: 60_000 } as const;

/** A fixed-window counter per client address; old windows are dropped as they pass. */
function addressLimiter(cap: number, windowMs: number): (address: string, now: number) => boolean {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return (address, now) => {
    if (now - windowStart >= windowMs) {
      windowStart = now;
      counts = new Map();
    }
    const count = (counts.get(address) ?? 0) + 1;
    counts.set(address, count);
    return count <= cap;
  };
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof AppError) {
    const status = error.code === 'ARO-E2001' ? 404 : 400;
    return reply.code(status).send({ error: error.message });
  }
  throw error;
}

/**
 * Feedback by link, without sign-in (spec doc 2 §7 Feedback by link): GET /feedback?{link query}
 * answers { start, organizationId, organizationName, appointmentStatus, feedbackRating, feedbackComment }; POST with JSON
 * { feedback, rating } stores it. The query must carry the appointment and our signature of it.
 * @param app - the server
 * @param deps - tenants, database and the signing key
 */
export async function registerFeedbackLinkRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const allowed = addressLimiter(FEEDBACK_LINK_RATE.cap, FEEDBACK_LINK_RATE.windowMs);
  const verified = (request: { hostname: string; query: unknown; ip: string }, reply: FastifyReply) => {
    if (!allowed(request.ip, Date.now())) {
      void reply.code(429).send({ error: errorString('ARO-E1100') });
      return null;
    }
    const tenant = deps.tenants.resolve(request.hostname);
    const appointmentId = verifyFeedbackLink(deps.providers.appSecret, tenant.id, (request.query ?? {}) as Record<string, unknown>);
    if (!appointmentId) {
      void reply.code(403).send({ error: errorString('ARO-E4018') });
      return null;
    }
    return { tenantId: tenant.id, appointmentId };
  };

  app.get('/feedback', async (request, reply) => {
    const link = verified(request, reply);
    if (!link) {
      return reply;
    }
    try {
      return await readLinkFeedback(deps.database.db, link.tenantId, link.appointmentId);
    } catch (error) {
      return sendError(reply, error);
    }
  });

  app.post('/feedback', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const link = verified(request, reply);
    if (!link) {
      return reply;
    }
    const body = (request.body ?? {}) as { feedback?: unknown; rating?: unknown };
    try {
      return await saveLinkFeedback(deps.database.db, {
        tenantId: link.tenantId,
        appointmentId: link.appointmentId,
        rating: body.rating,
        feedback: body.feedback,
        now: new Date(),
        correlationId: request.id,
      });
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
