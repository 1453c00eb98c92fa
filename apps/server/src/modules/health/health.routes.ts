import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { BlobStoreReadiness } from '../../providers/blob-storage/blob-store.ts';
import type { LiveChannelCounters } from '../../providers/pubsub/live-publisher.ts';
import type { PubSubHealth } from '../../providers/pubsub/pubsub.ts';

/** What the probes read besides the database. */
export type HealthChecks = {
  /** The Redis pub/sub connections' state, when REDIS_URL is set. */
  liveUpdates?: PubSubHealth;
  /** The live publisher: its counters and why its last hand-over failed, if it did. */
  liveChannel?: { counters: Readonly<LiveChannelCounters>; failure: () => string | null };
  /** How long a blob store answer is reused, so probes every few seconds do not each reach S3. */
  blobCheckCacheMs?: number;
};

/** A part of the service that can be degraded without taking the instance out. */
type PartState = { ready: true } | { ready: false; reason: string };

const BLOB_CHECK_CACHE_MS = 5000;

/**
 * A check answered from its last result for `ttlMs`, and run once for all probes that ask while it
 * runs (single flight).
 * @param check - the check
 * @param ttlMs - how long an answer is reused
 */
function cached(check: () => Promise<BlobStoreReadiness>, ttlMs: number): () => Promise<BlobStoreReadiness> {
  let last: { at: number; answer: BlobStoreReadiness } | null = null;
  let running: Promise<BlobStoreReadiness> | null = null;
  return () => {
    if (last && Date.now() - last.at < ttlMs) {
      return Promise.resolve(last.answer);
    }
    running ??= check()
      .catch((): BlobStoreReadiness => ({ ready: false, reason: 'blob storage check failed' }))
      .then((answer) => {
        last = { at: Date.now(), answer };
        running = null;
        return answer;
      });
    return running;
  };
}

/**
 * The probes, each answering JSON:
 * - GET /livez: 200 while the process answers (a liveness probe restarts the process only when this fails).
 * - GET /readyz: 200 when the instance can serve traffic: the database answers (the migrations ran
 *   before the server listened). A shared part being down does not take the instance out, since
 *   every instance shares it and draining them all would stop bookings too: it answers 200 with
 *   status 'degraded' and the reasons. Those parts are live updates (Redis: bookings go on, screens
 *   read again when it returns) and blob storage (S3 or the blob folder: uploads and downloads fail,
 *   bookings, sign-in and the live queue do not). 503 only when the database is unreachable.
 * - GET /healthz (kept for probes already set on it): the same decision as /readyz in its older
 *   shape (issue 31 §2.6: it answered 503 while Redis was down, so a load balancer on it drained
 *   every instance while the database was fine).
 * @param app - the Fastify app
 * @param deps - the app's dependencies (the database, the blob store)
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

  const blobCheck = cached(() => deps.providers.blobStore.ready(), checks.blobCheckCacheMs ?? BLOB_CHECK_CACHE_MS);
  // Logged when blob storage goes and comes back, not on every probe.
  let blobDown = false;
  const blobStorage = async (): Promise<PartState> => {
    const answer = await blobCheck();
    if (!answer.ready && !blobDown) {
      app.log.error({ reason: answer.reason }, `blob storage (${deps.providers.blobStore.kind}) is unavailable: uploads and downloads fail, /readyz answers 'degraded'`);
    } else if (answer.ready && blobDown) {
      app.log.info(`blob storage (${deps.providers.blobStore.kind}) is available again`);
    }
    blobDown = !answer.ready;
    return answer;
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
  const parts = async (): Promise<{ live: PartState | null; blobs: PartState; reasons: string[] }> => {
    const live = liveUpdates();
    const blobs = await blobStorage();
    const reasons = [live, blobs].flatMap((part) => (part && !part.ready ? [part.reason] : []));
    return { live, blobs, reasons };
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
    const { live, blobs, reasons } = await parts();
    return {
      status: reasons.length > 0 ? 'degraded' : 'ok',
      database: 'ready',
      liveUpdates: live ? (live.ready ? 'ready' : 'degraded') : 'in-process',
      ...liveCounts(),
      blobStorage: blobs.ready ? 'ready' : 'unavailable',
      ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
    };
  });

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    if (!(await databaseAnswers())) {
      return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable' });
    }
    const { live, blobs, reasons } = await parts();
    return {
      status: reasons.length > 0 ? 'degraded' : 'ok',
      database: deps.database.kind,
      ...(live ? { redis: live.ready ? 'ready' : 'degraded' } : {}),
      blobStorage: blobs.ready ? 'ready' : 'unavailable',
      ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
    };
  });
}
