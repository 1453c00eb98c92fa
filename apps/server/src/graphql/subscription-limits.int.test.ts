import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { consultationSessionTopic } from '../modules/consultations/consultations.schema.ts';

type Outcome = { data?: unknown; errors?: readonly { message: string }[] };

function wsClient(url: string): Client {
  return createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
}

/**
 * Subscribes and resolves with the first event or the refusal; while waiting, publishes to the
 * session's topic (subscribing is async, so one publish could come too early).
 */
function firstOutcome(
  t: TestApp,
  client: Client,
  query: string,
  sessionId: string,
): { outcome: Promise<Outcome>; stop: () => void } {
  let stop = (): void => undefined;
  const outcome = new Promise<Outcome>((resolve) => {
    let done = false;
    const finish = (value: Outcome): void => {
      done = true;
      resolve(value);
    };
    stop = client.subscribe(
      { query },
      {
        next: (value) => finish({ data: value.data }),
        error: (error) => finish({ errors: error as readonly { message: string }[] }),
        complete: () => undefined,
      },
    );
    void (async () => {
      for (let attempt = 0; attempt < 200 && !done; attempt++) {
        await new Promise((wait) => setTimeout(wait, 25));
        t.app.graphql.pubsub.publish({
          topic: consultationSessionTopic('careline-demo', sessionId),
          payload: { status: 'started', attempt },
        });
      }
      if (!done) {
        finish({ errors: [{ message: 'neither an event nor a refusal arrived' }] });
      }
    })();
  });
  return { outcome, stop: () => stop() };
}

/** Opens a raw websocket; resolves with 'open' or the HTTP status the upgrade was refused with. */
function openSocket(
  url: string,
  localAddress?: string,
): Promise<{ socket: WebSocket; status: number | 'open' }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', localAddress ? { localAddress } : {});
    socket.once('open', () => resolve({ socket, status: 'open' }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ socket, status: response.statusCode ?? 0 });
    });
    socket.once('error', reject);
  });
}

const subscription = (id: string): string => `subscription { subscribeSession(id: "${id}") }`;

describe('GraphQL over the websocket runs the same limits as HTTP (issue 6 §1)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({
      GRAPHQL_MAX_COST: '50',
      GRAPHQL_WS_MAX_SUBSCRIPTIONS: '2',
      GRAPHQL_WS_MAX_SOCKETS_PER_ADDRESS: '3',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('delivers an ordinary subscription', async () => {
    const client = wsClient(url);
    try {
      const { outcome } = firstOutcome(t, client, subscription('ok'), 'ok');
      expect(await outcome).toMatchObject({ data: { subscribeSession: { status: 'started' } } });
    } finally {
      await client.dispose();
    }
  });

  it('allows exactly one root field: 6000 aliases are refused and nothing is sent', async () => {
    const client = wsClient(url);
    try {
      const aliases = Array.from(
        { length: 6000 },
        (_, i) => `a${i}: subscribeSession(id: "many")`,
      ).join(' ');
      const { outcome } = firstOutcome(t, client, `subscription { ${aliases} }`, 'many');
      const result = await outcome;
      expect(result.data).toBeUndefined();
      expect(result.errors?.[0]?.message).toBe(
        'Anonymous Subscription must select only one top level field.',
      );
    } finally {
      await client.dispose();
    }
  });

  it('refuses a subscription over the cost limit (doubling fragments merge into one root field)', async () => {
    const fragments = ['fragment F0 on Subscription { subscribeSession(id: "costly") }'];
    for (let i = 1; i <= 10; i++) {
      fragments.push(`fragment F${i} on Subscription { ...F${i - 1} ...F${i - 1} }`);
    }
    const client = wsClient(url);
    try {
      const query = `subscription { ...F10 } ${fragments.join(' ')}`;
      const { outcome } = firstOutcome(t, client, query, 'costly');
      const result = await outcome;
      expect(result.data).toBeUndefined();
      expect(result.errors?.map((error) => error.message)).toEqual([
        'ARO-E9000:The request is too complex (more than 50 fields)',
      ]);
    } finally {
      await client.dispose();
    }
  });

  it('refuses operations that are not valid against the schema', async () => {
    const client = wsClient(url);
    try {
      const { outcome } = firstOutcome(t, client, 'subscription { subscribeSession }', 'x');
      const result = await outcome;
      expect(result.data).toBeUndefined();
      expect(result.errors?.[0]?.message).toContain('argument "id" of type "ID!" is required');
    } finally {
      await client.dispose();
    }
  });

  it('refuses a query sent as an object (a hand-made AST skips parsing and the rules)', async () => {
    const { socket, status } = await openSocket(url);
    expect(status).toBe('open');
    const messages: { type: string; payload?: unknown }[] = [];
    const errorArrived = new Promise<void>((resolve) => {
      socket.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString()) as { type: string; payload?: unknown };
        messages.push(message);
        if (message.type === 'connection_ack') {
          const aliases = Array.from({ length: 50 }, (_, i) => ({
            kind: 'Field',
            alias: { kind: 'Name', value: `a${i}` },
            name: { kind: 'Name', value: 'subscribeSession' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'id' },
                value: { kind: 'StringValue', value: 'ast' },
              },
            ],
          }));
          const document = {
            kind: 'Document',
            definitions: [
              {
                kind: 'OperationDefinition',
                operation: 'subscription',
                selectionSet: { kind: 'SelectionSet', selections: aliases },
              },
            ],
          };
          socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: document } }));
        }
        if (message.type === 'error' || message.type === 'next') {
          resolve();
        }
      });
    });
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await errorArrived;
    expect(messages.at(-1)).toMatchObject({
      type: 'error',
      payload: [
        { message: 'ARO-E2002:The request is not valid (the query is not a GraphQL document)' },
      ],
    });
    socket.close();
  });

  it('caps the subscriptions of one socket, and frees a place when one completes', async () => {
    const client = wsClient(url);
    try {
      const first = firstOutcome(t, client, subscription('cap-1'), 'cap-1');
      const second = firstOutcome(t, client, subscription('cap-2'), 'cap-2');
      expect(await first.outcome).toMatchObject({ data: { subscribeSession: {} } });
      expect(await second.outcome).toMatchObject({ data: { subscribeSession: {} } });

      const third = firstOutcome(t, client, subscription('cap-3'), 'cap-3');
      expect((await third.outcome).errors?.map((error) => error.message)).toEqual([
        'ARO-E9001:Too many live updates on one connection',
      ]);

      first.stop();
      // The client's 'complete' reaches the server before the next subscribe on the same socket.
      const fourth = firstOutcome(t, client, subscription('cap-4'), 'cap-4');
      expect(await fourth.outcome).toMatchObject({ data: { subscribeSession: {} } });
      second.stop();
      fourth.stop();
    } finally {
      await client.dispose();
    }
  });

  it('caps the sockets of one client address, while another address still connects', async () => {
    const open = await Promise.all([openSocket(url), openSocket(url), openSocket(url)]);
    expect(open.map((s) => s.status)).toEqual(['open', 'open', 'open']);
    const refused = await openSocket(url);
    expect(refused.status).toBe(429);

    // Another client address (Linux routes all of 127.0.0.0/8 to loopback).
    const other = await openSocket(url, '127.0.0.2');
    expect(other.status).toBe('open');

    const [closing] = open;
    await new Promise<void>((resolve) => {
      closing?.socket.once('close', () => resolve());
      closing?.socket.close();
    });
    // The server counts the socket as closed once its TCP connection ends.
    let again = await openSocket(url);
    for (let attempt = 0; attempt < 50 && again.status !== 'open'; attempt++) {
      await new Promise((wait) => setTimeout(wait, 20));
      again = await openSocket(url);
    }
    expect(again.status).toBe('open');
    for (const socket of [...open.slice(1), other, again]) {
      socket.socket.close();
    }
  });
});

describe('a websocket that never sends connection_init is closed (issue 31 §6.18)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({
      GRAPHQL_WS_INIT_TIMEOUT_MS: '300',
      GRAPHQL_WS_MAX_SOCKETS_PER_ADDRESS: '3',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    await t.close();
  });

  const closed = (socket: WebSocket): Promise<{ code: number; reason: string }> =>
    new Promise((resolve) => {
      socket.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() }));
    });

  it('closes a silent socket with 4408, while one that initialised stays open and subscribes', async () => {
    const initialised = await openSocket(url, '127.0.0.3');
    expect(initialised.status).toBe('open');
    const acknowledged = new Promise<void>((resolve) => {
      initialised.socket.on('message', (raw: Buffer) => {
        if ((JSON.parse(raw.toString()) as { type: string }).type === 'connection_ack') {
          resolve();
        }
      });
    });
    initialised.socket.send(JSON.stringify({ type: 'connection_init' }));
    await acknowledged;

    // Opened after the initialised one: by the time it is closed, the other's wait is over too.
    const silent = await openSocket(url, '127.0.0.3');
    expect(silent.status).toBe('open');
    expect(await closed(silent.socket)).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });

    expect(initialised.socket.readyState).toBe(WebSocket.OPEN);
    const event = new Promise<unknown>((resolve) => {
      initialised.socket.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString()) as { type: string; payload?: unknown };
        if (message.type === 'next') {
          resolve(message.payload);
        }
      });
    });
    initialised.socket.send(
      JSON.stringify({ id: '1', type: 'subscribe', payload: { query: subscription('init-ok') } }),
    );
    const publishing = setInterval(() => {
      t.app.graphql.pubsub.publish({
        topic: consultationSessionTopic('careline-demo', 'init-ok'),
        payload: { status: 'started' },
      });
    }, 25);
    try {
      expect(await event).toMatchObject({ data: { subscribeSession: { status: 'started' } } });
    } finally {
      clearInterval(publishing);
    }
    expect(initialised.socket.readyState).toBe(WebSocket.OPEN);
    initialised.socket.close();
  });

  it('gives the places of silent sockets back to their address', async () => {
    const silent = await Promise.all([1, 2, 3].map(() => openSocket(url, '127.0.0.4')));
    expect(silent.map((s) => s.status)).toEqual(['open', 'open', 'open']);
    expect((await openSocket(url, '127.0.0.4')).status).toBe(429);
    const codes = await Promise.all(silent.map((s) => closed(s.socket)));
    expect(codes.map((c) => c.code)).toEqual([4408, 4408, 4408]);
    // The server counts a socket as closed once its TCP connection ends.
    let again = await openSocket(url, '127.0.0.4');
    for (let attempt = 0; attempt < 50 && again.status !== 'open'; attempt++) {
      await new Promise((wait) => setTimeout(wait, 20));
      again = await openSocket(url, '127.0.0.4');
    }
    expect(again.status).toBe('open');
    again.socket.close();
  });
});
