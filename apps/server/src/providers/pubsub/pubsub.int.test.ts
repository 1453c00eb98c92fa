import { describe, expect, it, vi } from 'vitest';
import { createPubSubEmitter } from './pubsub.ts';

const redisUrl = process.env.REDIS_URL;

// The emitter's internals the test reaches (missing from mqemitter-redis's types).
type Internals = {
  subConn: { once: (event: string, listener: () => void) => void };
  state: { on: (event: 'error', listener: (error: unknown) => void) => void };
};

const quietLog = { down: () => undefined, up: () => undefined };

describe('the Redis emitter (REDIS_URL)', () => {
  // ioredis#2037: a SUBSCRIBE sent while the subscriber connection is in its 'connect' state made
  // the INFO ready check fail in subscriber mode; ioredis reconnected and a publish made meanwhile
  // was lost. Subscribing on 'connect' hit it every time before the subscriber skipped the check.
  it.runIf(Boolean(redisUrl))('hears a publish made right after subscribing while it connects', async () => {
    const publisher = createPubSubEmitter({ REDIS_URL: redisUrl }, quietLog);
    if (!publisher) {
      throw new Error('REDIS_URL is set, an emitter was expected');
    }
    // The publisher is ready first, so its publish goes out at once and a lost subscription shows.
    await vi.waitFor(() => expect(publisher.health()).toEqual({ ready: true }));
    const subscriber = createPubSubEmitter({ REDIS_URL: redisUrl }, quietLog);
    if (!subscriber) {
      throw new Error('REDIS_URL is set, an emitter was expected');
    }
    const errors: unknown[] = [];
    const internals = subscriber.emitter as unknown as Internals;
    internals.state.on('error', (error) => errors.push(error));
    const topic = `pubsub-int-${crypto.randomUUID()}`;
    try {
      const heard = await new Promise<boolean>((resolve) => {
        const give = setTimeout(() => resolve(false), 5000);
        internals.subConn.once('connect', () => {
          subscriber.emitter.on(
            topic,
            (_message, done) => {
              done();
              clearTimeout(give);
              resolve(true);
            },
            () => publisher.emitter.emit({ topic }),
          );
        });
      });
      expect({ heard, errors }).toEqual({ heard: true, errors: [] });
    } finally {
      await Promise.all([publisher.close(), subscriber.close()]);
    }
  });
});
