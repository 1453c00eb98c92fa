import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { PubSubHealth } from '../../providers/pubsub/pubsub.ts';

/**
 * GET /healthz: 200 once the database answers and, with REDIS_URL, Redis is connected (live
 * updates flow); 503 with a reason otherwise, so a load balancer takes the instance out.
 * @param app - the Fastify app
 * @param deps - the app's dependencies (the database)
 * @param liveUpdates - the Redis pub/sub connection's state, when REDIS_URL is set
 */
export async function registerHealthRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  liveUpdates?: PubSubHealth,
): Promise<void> {
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await deps.database.ping();
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable' });
    }
    const redis = liveUpdates?.();
    if (redis && !redis.ready) {
      // Logged once by the pub/sub provider when Redis went away, not on every probe.
      return reply.code(503).send({ status: 'unavailable', reason: redis.reason });
    }
    return { status: 'ok', database: deps.database.kind, ...(redis ? { redis: 'ready' } : {}) };
  });
}
