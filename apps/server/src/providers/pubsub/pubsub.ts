import type { EventEmitter } from 'node:events';
import mqemitterRedis from 'mqemitter-redis';
import type { Env } from '../../config/env.ts';

/** The Redis-backed emitter behind live subscriptions when REDIS_URL is set. */
export type PubSubEmitter = ReturnType<typeof mqemitterRedis>;

/**
 * The emitter behind live subscriptions: in-process by default (undefined lets Mercurius use
 * its own), Redis when REDIS_URL is set so every instance sees every publish.
 * The caller must close it when the app closes (its Redis connections keep the process alive).
 * @param env - validated environment
 * @param onError - told about Redis connection errors
 */
export function createPubSubEmitter(
  env: Pick<Env, 'REDIS_URL'>,
  onError: (error: unknown) => void,
): PubSubEmitter | undefined {
  if (!env.REDIS_URL) {
    return undefined;
  }
  const emitter = mqemitterRedis({ connectionString: env.REDIS_URL });
  // mqemitter-redis reports connection errors as 'error' on its `state` emitter (missing from its
  // types); an 'error' event nobody listens to would crash the process.
  (emitter as unknown as { state: EventEmitter }).state.on('error', onError);
  return emitter;
}
