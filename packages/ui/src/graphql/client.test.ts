import { describe, expect, it, vi } from 'vitest';
import type { ClientOptions, Client as WsClient } from 'graphql-ws';
import { onLiveResync, setUpGraphQLClient } from './client.ts';

/** A graphql-ws stand-in that keeps the options, so a test can play the server's ping. */
function fakeWs() {
  let options: ClientOptions | null = null;
  const create = (given: ClientOptions): WsClient => {
    options = given;
    return {
      on: () => () => undefined,
      subscribe: () => () => undefined,
      iterate: () => {
        throw new Error('not used');
      },
      dispose: () => undefined,
      terminate: () => undefined,
    };
  };
  return { create, options: () => options };
}

function setup() {
  const ws = fakeWs();
  const asked: string[] = [];
  const { client } = setUpGraphQLClient({
    url: 'http://localhost/graphql',
    socketUrl: 'ws://localhost/graphql',
    getAccessToken: () => null,
    onAuthError: () => undefined,
    onSocketEvent: () => undefined,
    createWsClient: ws.create,
    fetch: async (_input, init) => {
      asked.push(String((JSON.parse(init?.body as string) as { operationName?: string }).operationName));
      return new Response(JSON.stringify({ data: { ok: true } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const serverPing = (payload: Record<string, unknown>) => ws.options()?.on?.ping?.(true, payload);
  return { client, asked, serverPing };
}

// issue 31 §2.6: when live updates may have been missed, every query on screen is read again.
describe('resync of the queries on screen', () => {
  it("reads again the queries a screen holds when the server's ping asks, and not those it let go", async () => {
    const { client, asked, serverPing } = setup();
    const shown = client.query('query queue { ok }', {}).subscribe(() => undefined);
    const gone = client.query('query gone { ok }', {}).subscribe(() => undefined);
    await vi.waitFor(() => expect([...asked].sort()).toEqual(['gone', 'queue']));
    gone.unsubscribe();
    serverPing({ resync: true, withinMs: 0 });
    await vi.waitFor(() => expect(asked.filter((name) => name === 'queue')).toHaveLength(2));
    expect(asked.filter((name) => name === 'gone')).toHaveLength(1);
    shown.unsubscribe();
  });

  it('reads once for asks that overlap', async () => {
    vi.useFakeTimers();
    try {
      const { client, asked, serverPing } = setup();
      const shown = client.query('query queue { ok }', {}).subscribe(() => undefined);
      await vi.waitFor(() => expect(asked).toEqual(['queue']));
      serverPing({ resync: true, withinMs: 5000 });
      serverPing({ resync: true, withinMs: 5000 });
      await vi.advanceTimersByTimeAsync(5000);
      await vi.waitFor(() => expect(asked).toEqual(['queue', 'queue']));
      shown.unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the screens that read by hand (client.query), until they stop listening', async () => {
    const { client, serverPing } = setup();
    const readAgain = vi.fn();
    const stop = onLiveResync(client, readAgain);
    serverPing({ resync: true, withinMs: 0 });
    await vi.waitFor(() => expect(readAgain).toHaveBeenCalledTimes(1));
    stop();
    serverPing({ resync: true, withinMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(readAgain).toHaveBeenCalledTimes(1);
  });
});
