import type { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import mqemitterRedis from 'mqemitter-redis';
import type { Env } from '../../config/env.ts';

/** The Redis-backed emitter behind live subscriptions when REDIS_URL is set. */
export type PubSubEmitter = ReturnType<typeof mqemitterRedis>;

/** Where the emitter's connections stand, for /readyz and /healthz: a reason while live updates cannot flow. */
export type PubSubHealth = () => { ready: true } | { ready: false; reason: string };

/**
 * Told once when Redis becomes unreachable and once when it is back (never once per retry), and
 * asked to make clients read again once this instance's subscriptions listen again (resync).
 */
export type PubSubLog = {
  down: (message: string, error: unknown) => void;
  up: (message: string) => void;
  /** The subscriber connection was lost and listens again: what was published meanwhile never came. */
  resync?: () => void;
};

// The two ioredis connections mqemitter-redis opens (missing from its types).
type RedisConnection = EventEmitter & { status: string; disconnect: () => void };
type EmitterInternals = { state: EventEmitter; subConn: RedisConnection; pubConn: RedisConnection };

/**
 * The subscriber connection's options. ioredis writes a SUBSCRIBE issued while it is still in its
 * 'connect' state straight away, and its INFO ready check that follows is then refused in
 * subscriber mode: ioredis drops the connection and resubscribes later, and whatever was published
 * meanwhile is lost (ioredis#2037, the cross-instance flake of app.redis.int). A subscriber needs no
 * ready check (every command it sends is a (un)subscribe, which Redis takes while loading), nor the
 * CLIENT SETINFO handshake, which is refused in subscriber mode as well.
 */
export const subscriberOptions = { enableReadyCheck: false, disableClientInfo: true } as const;

/**
 * More of the subscriber's options (issue 31 §2.6). A SUBSCRIBE made while Redis is away waits until
 * it is back (no retry limit): with ioredis's default of 20 retries it failed after about 10 s, and
 * mqemitter-redis, which ignores that error, counted the topic as subscribed for good, so that
 * subscription never heard anything again.
 */
const subscriberWaits = { maxRetriesPerRequest: null } as const;

/**
 * The publisher connection's options (issue 31 §2.6): a PUBLISH never waits for Redis. It is refused
 * at once while the connection is not ready (no offline queue), fails as soon as the connection drops
 * (no retries) and after PUBLISH_TIMEOUT_MS without an answer; the live publisher keeps the update
 * in its buffer and tries again when the connection is ready.
 */
export const PUBLISH_TIMEOUT_MS = 2000;
const publisherOptions = {
  disableClientInfo: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: PUBLISH_TIMEOUT_MS,
} as const;

/** host:port of a Redis URL, without its password, for log lines. */
export function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

/** The Redis pub/sub of live updates. */
export type RedisPubSub = {
  emitter: PubSubEmitter;
  health: PubSubHealth;
  /** Whether a PUBLISH can go out now (the publisher connection is ready). */
  canPublish: () => boolean;
  /** Called each time the publisher connection becomes ready (the live publisher drains its buffer). */
  onPublisherReady: (listener: () => void) => void;
  close: () => Promise<void>;
};

/**
 * The emitter behind live subscriptions: in-process by default (undefined lets Mercurius use
 * its own), Redis when REDIS_URL is set so every instance sees every publish.
 * The caller must close() it when the app closes (its Redis connections keep the process alive).
 * While Redis is unreachable ioredis keeps reconnecting; health() says so, and the log gets one
 * line when it goes and one when it comes back (issue 6 §2).
 * @param env - validated environment
 * @param log - told when Redis goes away and comes back
 */
export function createPubSubEmitter(
  env: Pick<Env, 'REDIS_URL'>,
  log: PubSubLog,
): RedisPubSub | undefined {
  if (!env.REDIS_URL) {
    return undefined;
  }
  const address = redisAddress(env.REDIS_URL);
  const emitter = mqemitterRedis({
    connectionString: env.REDIS_URL,
    subConn: new Redis(env.REDIS_URL, { ...subscriberOptions, ...subscriberWaits }),
    pubConn: new Redis(env.REDIS_URL, publisherOptions),
  });
  const internals = emitter as unknown as EmitterInternals;
  const connections = [internals.subConn, internals.pubConn];
  let everReady = false;
  let unreachable = false;
  let lastError = 'connecting';

  const onError = (error: unknown): void => {
    lastError = (error as { code?: string }).code ?? (error instanceof Error ? error.message : 'error');
    if (!unreachable) {
      unreachable = true;
      log.down(
        `Redis at ${address} is unreachable (${lastError}): live updates are paused (bookings are not), /readyz answers 'degraded', reconnecting`,
        error,
      );
    }
  };
  // mqemitter-redis reports connection errors as 'error' on its `state` emitter; an 'error' event
  // nobody listens to would crash the process.
  internals.state.on('error', onError);
  // The subscriber lost its connection after it had listened: once it listens again, its clients
  // are asked to read again what they show (ioredis resubscribes on 'ready'; a PING answered after
  // those SUBSCRIBEs proves Redis has taken them).
  let subscriberLost = false;
  internals.subConn.on('close', () => {
    subscriberLost = subscriberLost || everReady;
  });
  internals.subConn.on('ready', () => {
    if (!subscriberLost) {
      return;
    }
    subscriberLost = false;
    (internals.subConn as unknown as { ping: () => Promise<unknown> })
      .ping()
      .then(() => log.resync?.())
      .catch(() => undefined);
  });
  for (const connection of connections) {
    connection.on('close', () => {
      if (everReady) {
        onError(new Error('connection closed'));
      }
    });
    connection.on('ready', () => {
      if (connections.every((c) => c.status === 'ready')) {
        everReady = true;
        if (unreachable) {
          unreachable = false;
          log.up(`Redis at ${address} is reachable again: live updates resume`);
        }
      }
    });
  }
  const health: PubSubHealth = () =>
    connections.every((c) => c.status === 'ready')
      ? { ready: true }
      : { ready: false, reason: `redis: ${everReady || unreachable ? lastError : 'connecting'}` };
  // mqemitter-redis closes with QUIT, which waits in the offline queue for ever while Redis is away.
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      if (connections.every((c) => c.status === 'ready')) {
        emitter.close(() => resolve());
        return;
      }
      for (const connection of connections) {
        connection.disconnect();
      }
      resolve();
    });
  return {
    emitter,
    health,
    canPublish: () => internals.pubConn.status === 'ready',
    onPublisherReady: (listener) => {
      internals.pubConn.on('ready', listener);
    },
    close,
  };
}
