import type { Env } from '../../config/env.ts';
import mqemitterRedis from 'mqemitter-redis';

type Emitter = ReturnType<typeof mqemitterRedis>;

/**
 * The emitter behind live subscriptions: in-process by default (undefined lets Mercurius use
 * its own), Redis when REDIS_URL is set so every instance sees every publish.
 * @param env - validated environment
 */
export function createPubSubEmitter(env: Env): Emitter | undefined {
  if (!env.REDIS_URL) {
    return undefined;
  }
  return mqemitterRedis({ connectionString: env.REDIS_URL });
}
