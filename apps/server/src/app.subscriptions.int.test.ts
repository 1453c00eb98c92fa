import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { accounts } from './db/schema/index.ts';
import type { GraphQLContext } from './graphql/context.ts';
import type { Viewer } from './modules/auth/auth.viewer.ts';
import { createAccessSession } from './modules/auth/auth.access-sessions.ts';
import { consultationSessionTopic } from './modules/consultations/consultations.schema.ts';

type Received = { data?: { subscribeSession?: unknown } | null; errors?: unknown };

/** Subscribes and resolves with the first event, publishing until it arrives (subscribing is async). */
async function firstEvent(
  client: Client,
  sessionId: string,
  publish: (attempt: number) => Promise<void>,
): Promise<Received> {
  const events = client.iterate<{ subscribeSession: unknown }>({
    query: 'subscription ($id: ID!) { subscribeSession(id: $id) }',
    variables: { id: sessionId },
  });
  const next = events.next();
  let received = false;
  void next.then(() => {
    received = true;
  });
  for (let attempt = 0; attempt < 200 && !received; attempt++) {
    await publish(attempt);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!received) {
    throw new Error('the subscriber heard none of 200 publishes');
  }
  const result = await next;
  await events.return?.(undefined);
  return result.value as Received;
}

function wsClient(url: string, connectionParams?: Record<string, unknown>): Client {
  return createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
  });
}

describe('live subscriptions over graphql-ws (graphql-transport-ws on /graphql)', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let baseUrl: string;
  let token: string;
  let accountId: string;
  const viewersSeen: (Viewer | null)[] = [];
  const contextsSeen: GraphQLContext[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'trace' },
      { logStream: { write: (line: string) => void logLines.push(line) } },
    );
    const [row] = await t.database.db
      .insert(accounts)
      .values({ tenantId: 'careline-demo', mobileNo: '94771230001' })
      .returning({ id: accounts.id });
    accountId = row?.id ?? '';
    token = (await createAccessSession(t.database.db, 'careline-demo', accountId)).token;
    // Observe who the server thinks is subscribing (test-only hook, added after the app's own).
    t.app.graphql.addHook('preSubscriptionExecution', async (_schema, _document, context) => {
      viewersSeen.push((context as unknown as GraphQLContext).viewer);
      contextsSeen.push(context as unknown as GraphQLContext);
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    await t.close();
  });

  const publishTo = (sessionId: string, note: string) => async (attempt: number) => {
    await new Promise<void>((resolve) => {
      t.app.graphql.pubsub.publish(
        {
          topic: consultationSessionTopic('careline-demo', sessionId),
          payload: { status: 'started', note, attempt },
        },
        resolve,
      );
    });
  };

  it('delivers a publish to a subscriber that sent its token as ?access_token=', async () => {
    const client = wsClient(`${baseUrl}?access_token=${encodeURIComponent(token)}`);
    try {
      viewersSeen.length = 0;
      const event = await firstEvent(
        client,
        'session-query-token',
        publishTo('session-query-token', 'via query'),
      );
      expect(event.errors).toBeUndefined();
      expect(event.data?.subscribeSession).toMatchObject({ status: 'started', note: 'via query' });
      expect(viewersSeen.at(-1)).toMatchObject({ accountId, tenantId: 'careline-demo' });
    } finally {
      await client.dispose();
    }
  });

  it('delivers a publish to a subscriber that sent its token in the connection-init payload', async () => {
    const client = wsClient(baseUrl, { accessToken: token });
    try {
      viewersSeen.length = 0;
      const event = await firstEvent(
        client,
        'session-init-token',
        publishTo('session-init-token', 'via init'),
      );
      expect(event.data?.subscribeSession).toMatchObject({ status: 'started', note: 'via init' });
      expect(viewersSeen.at(-1)).toMatchObject({ accountId, tenantId: 'careline-demo' });
    } finally {
      await client.dispose();
    }
  });

  it("does not deliver another session's events", async () => {
    const client = wsClient(baseUrl, { accessToken: token });
    try {
      const event = await firstEvent(client, 'session-a', async (attempt) => {
        await publishTo('session-b', 'not yours')(attempt);
        await publishTo('session-a', 'yours')(attempt);
      });
      expect(event.data?.subscribeSession).toMatchObject({ note: 'yours' });
    } finally {
      await client.dispose();
    }
  });

  it('publishes through the resolver context helper (ctx.publish) too', async () => {
    const client = wsClient(baseUrl, { accessToken: token });
    try {
      contextsSeen.length = 0;
      const event = await firstEvent(client, 'session-ctx', async (attempt) => {
        // The same publish function every resolver gets, taken from this subscription's context.
        const context = contextsSeen.at(-1);
        await context?.publish(consultationSessionTopic('careline-demo', 'session-ctx'), {
          via: 'ctx.publish',
          attempt,
        });
      });
      expect(event.data?.subscribeSession).toMatchObject({ via: 'ctx.publish' });
    } finally {
      await client.dispose();
    }
  });

  it('never writes the access token into a log line', async () => {
    // Also through HTTP: the header and a token-looking query parameter.
    await t.app.inject({
      method: 'POST',
      url: `/graphql?access_token=${token}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: { query: '{ tenantConfig }' },
    });
    await t.app.inject({
      method: 'GET',
      url: `/blob/get/00000000-0000-4000-8000-000000000000?token=${token}`,
      headers: { authorization: token },
    });
    expect(logLines.length).toBeGreaterThan(0);
    // The websocket upgrade with ?access_token= was logged (redacted) by the earlier tests.
    expect(logLines.some((line) => line.includes('access_token=[redacted]'))).toBe(true);
    const leaking = logLines.filter((line) => line.includes(token));
    expect(leaking).toEqual([]);
  });
});
