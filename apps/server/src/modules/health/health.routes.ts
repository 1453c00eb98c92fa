import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { LiveChannelCounters } from '../../providers/pubsub/live-publisher.ts';
import type { PubSubHealth } from '../../providers/pubsub/pubsub.ts';

/** What the probes read besides the database. */
export type HealthChecks = {
  /** The Redis pub/sub connections' state, when REDIS_URL is set. */
  liveUpdates?: PubSubHealth;
  /** The live publisher: its counters and why its last hand-over failed, if it did. */
  liveChannel?: { counters: Readonly<LiveChannelCounters>; failure: () => string | null };
};

/** A part of the service that can be degraded without taking the instance out. */
type PartState = { ready: true } | { ready: false; reason: string };

/**
 * The probes, each answering JSON:
 * - GET /livez: 200 while the process answers (a liveness probe restarts the process only when this fails).
 * - GET /readyz: 200 when the instance can serve traffic: the database answers (the migrations ran
 *   before the server listened). Live updates through Redis being down do not take the instance out,
 *   since every instance shares Redis and draining them all would stop bookings too: it answers 200
 *   with status 'degraded' and the reason (bookings go on, screens read again when it returns). 503
 *   only when the database is unreachable.
 * - GET /healthz (kept for probes already set on it): the same decision as /readyz in its older
 *   shape (issue 31 §2.6: it answered 503 while Redis was down, so a load balancer on it drained
 *   every instance while the database was fine).
 * @param app - the Fastify app
 * @param deps - the app's dependencies (the database)
 * @param checks - the live-update channel's state, when it has one
 */
export async function registerHealthRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  checks: HealthChecks = {},
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

  const liveUpdates = (): PartState | null => {
    const redis = checks.liveUpdates?.();
    if (!redis) {
      return null;
    }
    if (!redis.ready) {
      return redis;
    }
    const failure = checks.liveChannel?.failure();
    return failure ? { ready: false, reason: `redis: publish failing (${failure})` } : redis;
  };

  /** The parts that may be degraded, and the reasons of those that are. */
  const parts = (): { live: PartState | null; reasons: string[] } => {
    const live = liveUpdates();
    const reasons = [live].flatMap((part) => (part && !part.ready ? [part.reason] : []));
    return { live, reasons };
  };

  const liveCounts = (): Record<string, number> => {
    const counters = checks.liveChannel?.counters;
    return checks.liveUpdates && counters
      ? { liveUpdatesBuffered: counters.buffered, liveUpdatesDropped: counters.dropped }
      : {};
  };

  app.get('/livez', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    if (!(await databaseAnswers())) {
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
    const { live, reasons } = parts();
    return {
      status: reasons.length > 0 ? 'degraded' : 'ok',
      database: 'ready',
      liveUpdates: live ? (live.ready ? 'ready' : 'degraded') : 'in-process',
      ...liveCounts(),
      ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
    };
  });

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    if (!(await databaseAnswers())) {
      return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable' });
    }
    const { live, reasons } = parts();
    return {
      status: reasons.length > 0 ? 'degraded' : 'ok',
      database: deps.database.kind,
      ...(live ? { redis: live.ready ? 'ready' : 'degraded' } : {}),
      ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
    };
  });
}
