import { execFileSync } from 'node:child_process';
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

/** A failure's text for the message (graphql-ws rejects with close events and error lists too). */
function errorText(error: unknown): string {
  if (error instanceof Error) {
    return error.message;
  }
  const close = error as { code?: number; reason?: string };
  return close.code === undefined ? JSON.stringify(error) : `socket closed ${close.code} ${close.reason ?? ""}`;
}

/** How many connections Redis counts on a channel (redis-cli, for the failure message only). */
function redisSubscriberCount(channel: string): string {
  try {
    return execFileSync('redis-cli', ['-u', redisUrl ?? '', 'PUBSUB', 'NUMSUB', channel], { encoding: 'utf8' })
      .split('\n')[1]
      ?.trim() ?? '?';
  } catch {
    return '?';
  }
}

/** Where instance A's Redis emitter stands for a topic (for the failure message only). */
function emitterState(app: TestApp | undefined, topic: string): string {
  const emitter = (app?.app.graphql.pubsub as unknown as { emitter?: Record<string, unknown> } | undefined)?.emitter;
  const subConn = emitter?.subConn as
    | { status?: string; offlineQueue?: { length: number }; commandQueue?: { length: number }; condition?: { subscriber?: unknown } }
    | undefined;
  const topics = emitter?._topics as Record<string, number> | undefined;
  return JSON.stringify({
    listenedHere: topics?.[topic] ?? 0,
    topics: topics ? Object.keys(topics).length : null,
    status: subConn?.status,
    offline: subConn?.offlineQueue?.length,
    pending: subConn?.commandQueue?.length,
    subscriberMode: Boolean(subConn?.condition?.subscriber),
  });
}

/** What one subscriber on instance A saw while instance B published. */
type Listened = {
  heard: IteratorResult<unknown> | undefined;
  failed: unknown;
  publishes: number;
  publishErrors: string[];
  subscribers: string;
};

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

      /** One subscriber on A, and B publishing to its topic until it hears one or the window ends. */
      const listen = async (windowMs: number): Promise<Listened> => {
        const client = createClient({
          url: `ws://127.0.0.1:${port}/graphql`,
          webSocketImpl: WebSocket,
          retryAttempts: 0,
        });
        // A fresh id per try: the Redis server may be shared with other test runs.
        const sessionId = randomUUID();
        const topic = consultationSessionTopic('careline-demo', sessionId);
        const outcome: Listened = { heard: undefined, failed: undefined, publishes: 0, publishErrors: [], subscribers: '' };
        try {
          const events = client.iterate<{ subscribeSession: { from: string } }>({
            query: 'subscription ($id: ID!) { subscribeSession(id: $id) }',
            variables: { id: sessionId },
          });
          events.next().then(
            (result) => {
              outcome.heard = result;
            },
            (error: unknown) => {
              outcome.failed = error;
            },
          );
          // Subscribing reaches Redis asynchronously: publish until the subscriber hears one.
          const giveUpAt = Date.now() + windowMs;
          while (Date.now() < giveUpAt && !outcome.heard && outcome.failed === undefined) {
            await new Promise<void>((resolve) => {
              instanceB.graphql.pubsub.publish(
                { topic, payload: { from: 'instance B', attempt: outcome.publishes } },
                (error?: unknown) => {
                  if (error) {
                    outcome.publishErrors.push(errorText(error));
                  }
                  resolve();
                },
              );
            });
            outcome.publishes++;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          if (!outcome.heard) {
            // Whether A's SUBSCRIBE reached Redis tells a lost subscribe from a lost message.
            outcome.subscribers = `${redisSubscriberCount(topic)}; A's emitter: ${emitterState(a, topic)}`;
          }
          await events.return?.(undefined);
        } finally {
          await client.dispose();
        }
        return outcome;
      };
      const describeTry = (listened: Listened): string =>
        listened.failed === undefined
          ? `heard none of ${listened.publishes} publishes (${listened.publishErrors.length} failed${
              listened.publishErrors[0] ? `: ${listened.publishErrors[0]}` : ''
            }; Redis counts ${listened.subscribers} subscriber(s) on the topic)`
          : `the subscription failed after ${listened.publishes} publishes: ${errorText(listened.failed)}`;

      // A hang guard, not a speed limit. A subscription lost for good (ioredis#2037, fixed by the
      // subscriber's options in providers/pubsub) showed here as nothing heard for 45 s.
      const listened = await listen(45_000);
      if (!listened.heard) {
        throw new Error(`the subscriber on A ${describeTry(listened)}`);
      }
      expect(listened.heard.done).toBe(false);
      expect(listened.heard.value).toMatchObject({ data: { subscribeSession: { from: 'instance B' } } });
    },
  );
});
