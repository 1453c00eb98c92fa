import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';
import mqemitter from 'mqemitter';
import { describe, expect, it } from 'vitest';
import { createSharedLive } from './shared-live.ts';

// The CommonJS copy, as shared-live.ts and Mercurius use it.
const graphql = createRequire(import.meta.url)('graphql') as typeof GraphQL;

type Context = {
  id: string;
  liveSocket: FakeSocket;
  tenant: { id: string };
  signedIn: boolean;
  accept?: (payload: unknown) => boolean;
};

class FakeSocket {
  readonly sent: unknown[] = [];
  readyState = 1;
  constructor(readonly protocol: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
}

function setUp() {
  const emitter = mqemitter();
  const shared = createSharedLive({
    emitter: emitter,
    formatErrors: (result) => ({
      data: null,
      errors: result.errors.map((error) => ({ message: `formatted: ${error.message}` })),
    }),
    onError: (error) => {
      throw error;
    },
  });
  const counts = { executions: 0 };
  const Item = new graphql.GraphQLObjectType({
    name: 'Item',
    fields: {
      n: { type: new graphql.GraphQLNonNull(graphql.GraphQLInt) },
      label: { type: graphql.GraphQLString },
    },
  });
  const schema = new graphql.GraphQLSchema({
    query: new graphql.GraphQLObjectType({
      name: 'Query',
      fields: { x: { type: graphql.GraphQLInt } },
    }),
    subscription: new graphql.GraphQLObjectType({
      name: 'Subscription',
      fields: {
        items: {
          type: new graphql.GraphQLList(Item),
          args: { room: { type: new graphql.GraphQLNonNull(graphql.GraphQLString) } },
          subscribe: (_root, args: { room: string }, context: Context, info) =>
            shared.subscribe(context, info, `room:${args.room}`, { accept: context.accept }),
          resolve: (
            payload: { items: unknown[]; gate?: Promise<void> },
            _args,
            context: Context,
          ) => {
            counts.executions++;
            if (!context.signedIn) {
              throw new Error('signed out');
            }
            return payload.gate ? payload.gate.then(() => payload.items) : payload.items;
          },
        },
      },
    }),
  });

  const join = async (
    query: string,
    variables: Record<string, unknown>,
    context: Context,
  ): Promise<AsyncIterableIterator<unknown>> => {
    const result = await graphql.subscribe({
      schema,
      document: graphql.parse(query),
      contextValue: context,
      variableValues: variables,
    });
    if (!(Symbol.asyncIterator in result)) {
      throw new Error(JSON.stringify(result.errors));
    }
    // As Mercurius does: it waits on the source, which yields nothing and ends when left.
    const iterator = result as AsyncIterableIterator<unknown>;
    void iterator.next();
    return iterator;
  };
  const publish = (topic: string, payload: unknown): Promise<void> =>
    new Promise((resolve) => {
      emitter.emit({ topic, payload }, () => resolve());
    });
  const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));
  const member = (id: string, protocol = 'graphql-transport-ws', signedIn = true): Context => ({
    id,
    liveSocket: new FakeSocket(protocol),
    tenant: { id: 'careline-demo' },
    signedIn,
  });
  return { shared, counts, join, publish, settled, member };
}

const QUERY = 'subscription ($room: String!) { items(room: $room) { n } }';

describe('shared live delivery (issue 8 fan-out)', () => {
  it('executes an event once for every subscriber of the same operation and sends each its own message', async () => {
    const t = setUp();
    const a = t.member('1');
    const b = t.member('7');
    const legacy = t.member('1', 'graphql-ws');
    await t.join(QUERY, { room: 'r1' }, a);
    await t.join(QUERY, { room: 'r1' }, b);
    await t.join(QUERY, { room: 'r1' }, legacy);
    expect(t.shared.groupCount()).toBe(1);

    await t.publish('room:r1', { items: [{ n: 1, label: 'x' }, { n: 2 }] });
    await t.settled();

    expect(t.counts.executions).toBe(1);
    const data = { data: { items: [{ n: 1 }, { n: 2 }] } };
    expect(a.liveSocket.sent).toEqual([{ type: 'next', id: '1', payload: data }]);
    expect(b.liveSocket.sent).toEqual([{ type: 'next', id: '7', payload: data }]);
    // subscriptions-transport-ws (Mercurius's 'graphql-ws' subprotocol) calls it 'data'.
    expect(legacy.liveSocket.sent).toEqual([{ type: 'data', id: '1', payload: data }]);
  });

  it('keeps operations with another selection or other variables apart', async () => {
    const t = setUp();
    const plain = t.member('1');
    const labelled = t.member('1');
    const otherRoom = t.member('1');
    await t.join(QUERY, { room: 'r1' }, plain);
    await t.join(
      'subscription ($room: String!) { items(room: $room) { n label } }',
      { room: 'r1' },
      labelled,
    );
    await t.join(QUERY, { room: 'r2' }, otherRoom);
    expect(t.shared.groupCount()).toBe(3);

    await t.publish('room:r1', { items: [{ n: 1, label: 'x' }] });
    await t.settled();

    expect(plain.liveSocket.sent).toEqual([
      { type: 'next', id: '1', payload: { data: { items: [{ n: 1 }] } } },
    ]);
    expect(labelled.liveSocket.sent).toEqual([
      { type: 'next', id: '1', payload: { data: { items: [{ n: 1, label: 'x' }] } } },
    ]);
    expect(otherRoom.liveSocket.sent).toEqual([]);
  });

  it('stops sending to a subscriber that left or whose socket closed, and lets go of the topic with the last one', async () => {
    const t = setUp();
    const a = t.member('1');
    const b = t.member('1');
    const c = t.member('1');
    const left = await t.join(QUERY, { room: 'r1' }, a);
    const stays = await t.join(QUERY, { room: 'r1' }, b);
    const closed = await t.join(QUERY, { room: 'r1' }, c);
    await left.return?.();
    c.liveSocket.readyState = 3;

    await t.publish('room:r1', { items: [{ n: 1 }] });
    await t.settled();
    expect(a.liveSocket.sent).toEqual([]);
    expect(b.liveSocket.sent).toHaveLength(1);
    expect(c.liveSocket.sent).toEqual([]);

    // Mercurius ends the sources of a closed socket too; with the last one the topic is let go.
    await stays.return?.();
    expect(t.shared.groupCount()).toBe(1);
    await closed.return?.();
    expect(t.shared.groupCount()).toBe(0);
    await t.publish('room:r1', { items: [{ n: 2 }] });
    await t.settled();
    expect(t.counts.executions).toBe(1);
  });

  it('answers each subscriber with its own execution when the shared one failed', async () => {
    const t = setUp();
    const signedOut = t.member('1', 'graphql-transport-ws', false);
    const signedIn = t.member('2');
    await t.join(QUERY, { room: 'r1' }, signedOut);
    await t.join(QUERY, { room: 'r1' }, signedIn);

    await t.publish('room:r1', { items: [{ n: 3 }] });
    await t.settled();

    expect(signedOut.liveSocket.sent).toEqual([
      {
        type: 'next',
        id: '1',
        payload: { data: null, errors: [{ message: 'formatted: signed out' }] },
      },
    ]);
    expect(signedIn.liveSocket.sent).toEqual([
      { type: 'next', id: '2', payload: { data: { items: [{ n: 3 }] } } },
    ]);
  });

  it('delivers events in the order they were published', async () => {
    const t = setUp();
    const a = t.member('1');
    await t.join(QUERY, { room: 'r1' }, a);
    await t.publish('room:r1', { items: [{ n: 1 }] });
    await t.publish('room:r1', { items: [{ n: 2 }] });
    await t.publish('room:r1', { items: [{ n: 3 }] });
    await t.settled();
    expect(
      a.liveSocket.sent.map(
        (message) =>
          (message as { payload: { data: { items: { n: number }[] } } }).payload.data.items[0]?.n,
      ),
    ).toEqual([1, 2, 3]);
  });

  it('decides once per group and event which events are delivered', async () => {
    const t = setUp();
    const asked: unknown[] = [];
    const accept = (payload: unknown): boolean => {
      asked.push(payload);
      return (payload as { items: { n: number }[] }).items[0]?.n !== 2;
    };
    const a = { ...t.member('1'), accept };
    const b = { ...t.member('2'), accept };
    await t.join(QUERY, { room: 'r1' }, a);
    await t.join(QUERY, { room: 'r1' }, b);
    await t.publish('room:r1', { items: [{ n: 1 }] });
    await t.publish('room:r1', { items: [{ n: 2 }] });
    await t.settled();
    expect(asked).toHaveLength(2);
    expect(t.counts.executions).toBe(1);
    expect(a.liveSocket.sent).toEqual([
      { type: 'next', id: '1', payload: { data: { items: [{ n: 1 }] } } },
    ]);
    expect(b.liveSocket.sent).toEqual([
      { type: 'next', id: '2', payload: { data: { items: [{ n: 1 }] } } },
    ]);
  });

  it('sends nothing more to a subscriber that completed while the event was executing', async () => {
    const t = setUp();
    const stays = t.member('1');
    const leaves = t.member('2');
    await t.join(QUERY, { room: 'r1' }, stays);
    const leaving = await t.join(QUERY, { room: 'r1' }, leaves);
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    await t.publish('room:r1', { items: [{ n: 1 }], gate });
    await t.settled();
    await leaving.return?.();
    open();
    await t.settled();
    expect(stays.liveSocket.sent).toHaveLength(1);
    expect(leaves.liveSocket.sent).toEqual([]);
  });
});
