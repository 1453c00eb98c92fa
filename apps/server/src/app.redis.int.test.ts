import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { buildApp } from './app.ts';
import { consultationSessionTopic } from './modules/consultations/consultations.schema.ts';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  console.warn(
    '[app.redis.int.test] REDIS_URL is not set: skipping the cross-instance pub/sub test (CI sets it).',
  );
}

describe('live updates across instances through Redis (REDIS_URL)', () => {
  let a: TestApp | undefined;
  let b: FastifyInstance | undefined;

  beforeAll(async () => {
    if (!redisUrl) {
      return;
    }
    a = await createTestApp({ REDIS_URL: redisUrl });
    // Instance B: a second app on the same database and Redis, as behind a load balancer.
    b = await buildApp({
      env: a.env,
      database: a.database,
      tenants: a.tenants,
      providers: a.providers,
    });
    await b.ready();
    await a.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // Closing both apps closes both Redis emitters; a hang here means an emitter was left open.
    await b?.close();
    await a?.close();
  });

  it.runIf(Boolean(redisUrl))(
    'a subscriber on instance A receives what instance B publishes (skipped without REDIS_URL)',
    async () => {
      if (!a || !b) {
        throw new Error('apps not built');
      }
      const instanceB = b;
      const port = (a.app.server.address() as AddressInfo).port;
      const client = createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
      });
      // A fresh id per run: the Redis server may be shared with other test runs.
      const sessionId = randomUUID();
      try {
        const events = client.iterate<{ subscribeSession: { from: string } }>({
          query: 'subscription ($id: ID!) { subscribeSession(id: $id) }',
          variables: { id: sessionId },
        });
        const next = events.next();
        let received = false;
        void next.then(() => {
          received = true;
        });
        // Subscribing reaches Redis asynchronously: publish until the subscriber hears one.
        for (let attempt = 0; attempt < 200 && !received; attempt++) {
          await new Promise<void>((resolve) => {
            instanceB.graphql.pubsub.publish(
              {
                topic: consultationSessionTopic('careline-demo', sessionId),
                payload: { from: 'instance B', attempt },
              },
              resolve,
            );
          });
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        if (!received) {
          throw new Error('the subscriber heard none of 200 publishes');
        }
        const result = await next;
        expect(result.done).toBe(false);
        expect(result.value).toMatchObject({ data: { subscribeSession: { from: 'instance B' } } });
        await events.return?.(undefined);
      } finally {
        await client.dispose();
      }
    },
  );
});
