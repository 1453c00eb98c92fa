import { describe, expect, it } from 'vitest';
import { setUpGraphQLClient } from './client.ts';
import { answerKey, offlineAnswersExchange, offlineSavedAt, type AnswerStore, type SavedAnswer } from './offline-answers.ts';

/** A Map in place of IndexedDB, with the store's rule: a put drops every other owner's answers. */
function mapStore(): AnswerStore & { saved: Map<string, SavedAnswer> } {
  const saved = new Map<string, SavedAnswer>();
  return {
    saved,
    get: async (key) => saved.get(key),
    put: async (answer) => {
      for (const [key, other] of saved) {
        if (other.owner !== answer.owner) {
          saved.delete(key);
        }
      }
      saved.set(answer.key, answer);
    },
  };
}

type Network = 'online' | 'offline' | 'server-error';

function setup() {
  const store = mapStore();
  const state: { network: Network; owner: string | null; asked: number } = { network: 'online', owner: 'owner-a', asked: 0 };
  const { client } = setUpGraphQLClient({
    url: 'http://localhost/graphql',
    socketUrl: 'ws://localhost/graphql',
    getAccessToken: () => null,
    onAuthError: () => undefined,
    onSocketEvent: () => undefined,
    createWsClient: () => ({
      on: () => () => undefined,
      subscribe: () => () => undefined,
      iterate: () => {
        throw new Error('not used');
      },
      dispose: () => undefined,
      terminate: () => undefined,
    }),
    exchanges: [
      offlineAnswersExchange({
        kept: new Set(['visitPass']),
        keptReads: new Set(['invoiceShown']),
        owner: () => state.owner,
        store: () => store,
        now: () => new Date('2026-12-03T10:42:00Z'),
      }),
    ],
    fetch: async () => {
      state.asked += 1;
      if (state.network === 'offline') {
        throw new TypeError('Failed to fetch');
      }
      if (state.network === 'server-error') {
        return new Response(JSON.stringify({ errors: [{ message: 'ARO-E4001:Appointment not found' }] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ data: { token: state.asked } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const ask = (name: string, id = 'a1', kind: 'query' | 'mutation' = 'query') =>
    kind === 'query'
      ? client.query(`query ${name}($id: ID) { token }`, { id }).toPromise()
      : client.mutation(`mutation ${name}($id: ID) { token }`, { id }).toPromise();
  return { store, state, ask };
}

// issue 32 §4.7: the visit pass's queries are kept per account and read from the device offline.
describe('offline answers', () => {
  const cases: {
    name: string;
    // What happens before the read that is checked.
    before: (s: ReturnType<typeof setup>) => Promise<unknown>;
    network: Network;
    query?: string;
    kind?: 'query' | 'mutation';
    owner?: string | null;
    expected: { data: unknown; savedAt: string | null; error: boolean };
  }[] = [
    {
      name: 'online: the fresh answer, not marked',
      before: async () => undefined,
      network: 'online',
      expected: { data: { token: 1 }, savedAt: null, error: false },
    },
    {
      name: 'offline after a good answer: that answer, with when it was saved',
      before: async (s) => s.ask('visitPass'),
      network: 'offline',
      expected: { data: { token: 1 }, savedAt: '2026-12-03T10:42:00.000Z', error: false },
    },
    {
      name: 'offline, never answered: the network error',
      before: async () => undefined,
      network: 'offline',
      expected: { data: undefined, savedAt: null, error: true },
    },
    {
      name: 'offline, a query not kept: the network error',
      before: async (s) => s.ask('otherScreen'),
      network: 'offline',
      query: 'otherScreen',
      expected: { data: undefined, savedAt: null, error: true },
    },
    {
      name: 'offline after a kept mutation (the invoice worked out): its last answer, with when it was saved',
      before: async (s) => s.ask('invoiceShown', 'a1', 'mutation'),
      network: 'offline',
      query: 'invoiceShown',
      kind: 'mutation',
      expected: { data: { token: 1 }, savedAt: '2026-12-03T10:42:00.000Z', error: false },
    },
    {
      name: 'offline, a mutation not kept: the network error, nothing replayed',
      before: async (s) => s.ask('bookAppointment', 'a1', 'mutation'),
      network: 'offline',
      query: 'bookAppointment',
      kind: 'mutation',
      expected: { data: undefined, savedAt: null, error: true },
    },
    {
      name: 'offline, a mutation named as a kept query: not kept',
      before: async (s) => s.ask('visitPass', 'a1', 'mutation'),
      network: 'offline',
      query: 'visitPass',
      kind: 'mutation',
      expected: { data: undefined, savedAt: null, error: true },
    },
    {
      name: "offline, another account signed in: not the first account's answer",
      before: async (s) => s.ask('visitPass'),
      network: 'offline',
      owner: 'owner-b',
      expected: { data: undefined, savedAt: null, error: true },
    },
    {
      name: 'offline, signed out: nothing read',
      before: async (s) => s.ask('visitPass'),
      network: 'offline',
      owner: null,
      expected: { data: undefined, savedAt: null, error: true },
    },
    {
      name: "the server's own error is shown, not a saved answer",
      before: async (s) => s.ask('visitPass'),
      network: 'server-error',
      expected: { data: undefined, savedAt: null, error: true },
    },
  ];

  it.each(cases)('$name', async ({ before, network, query, kind, owner, expected }) => {
    const s = setup();
    await before(s);
    s.state.network = network;
    if (owner !== undefined) {
      s.state.owner = owner;
    }
    const result = await s.ask(query ?? 'visitPass', 'a1', kind);
    expect(result.data ?? undefined).toEqual(expected.data);
    expect(offlineSavedAt(result.extensions)?.toISOString() ?? null).toBe(expected.savedAt);
    expect(Boolean(result.error)).toBe(expected.error);
  });

  it('keeps one answer per variables, and only answers of the account signed in last', async () => {
    const s = setup();
    await s.ask('visitPass', 'a1');
    await s.ask('visitPass', 'a2');
    expect([...s.store.saved.keys()].sort()).toEqual([
      answerKey('owner-a', 'visitPass', { id: 'a1' }),
      answerKey('owner-a', 'visitPass', { id: 'a2' }),
    ]);
    s.state.owner = 'owner-b';
    await s.ask('visitPass', 'a1');
    expect([...s.store.saved.values()].map((answer) => answer.owner)).toEqual(['owner-b']);
  });
});
