import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { PubSubHealth } from '../../providers/pubsub/pubsub.ts';

/**
 * The probes, each answering JSON:
 * - GET /livez: 200 while the process answers (a liveness probe restarts the process only when this fails).
 * - GET /readyz: 200 when the instance can serve traffic: the database answers (the migrations ran
 *   before the server listened). Live updates through Redis being down do not take the instance out:
 *   it answers 200 with status 'degraded' and the reason; 503 only when the database is unreachable.
 * - GET /healthz (kept for probes already set on it): 200 once the database answers and, with
 *   REDIS_URL, Redis is connected; 503 with a reason otherwise.
 * @param app - the Fastify app
 * @param deps - the app's dependencies (the database)
 * @param liveUpdates - the Redis pub/sub connection's state, when REDIS_URL is set
 */
export async function registerHealthRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  liveUpdates?: PubSubHealth,
): Promise<void> {
  const databaseAnswers = async (): Promise<boolean> => {
    try {
      await deps.database.ping();
      return true;
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return false;
    }
  };

  app.get('/livez', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    if (!(await databaseAnswers())) {
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
    const redis = liveUpdates?.();
    if (redis && !redis.ready) {
      return { status: 'degraded', database: 'ready', liveUpdates: 'degraded', reason: redis.reason };
    }
    return { status: 'ok', database: 'ready', liveUpdates: redis ? 'ready' : 'in-process' };
  });

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    if (!(await databaseAnswers())) {
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
