import type { Client, ClientOptions, Sink } from 'graphql-ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOARD_REFRESH_MS, BOARD_RETRY_MAX_MS, boardRetryWaitMs, connectBoard } from './board-connection.ts';

type Result = { data?: unknown; errors?: { message: string }[] };

/** A stand-in graphql-ws client: records the options and the subscriptions, lets a test deliver to them. */
function fakeClient() {
  const made: { options: ClientOptions | null; sinks: Sink<Result>[]; disposed: boolean } = { options: null, sinks: [], disposed: false };
  const create = (options: ClientOptions): Client => {
    made.options = options;
    return {
      subscribe: (_payload: unknown, sink: Sink<Result>) => {
        made.sinks.push(sink);
        return () => {};
      },
      dispose: () => {
        made.disposed = true;
      },
      terminate: () => {},
      on: () => () => {},
      iterate: () => {
        throw new Error('not used');
      },
    } as unknown as Client;
  };
  return { made, create };
}

const board = { hospitalName: 'Colombo', updatedAt: '2026-11-24T10:00:00Z', sessions: [] };

afterEach(() => {
  vi.useRealTimers();
});

describe('the wait between connection attempts', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [3, 8000],
    [5, BOARD_RETRY_MAX_MS],
    [40, BOARD_RETRY_MAX_MS],
  ])('attempt %i waits %i ms (no jitter)', (retries, wait) => {
    expect(boardRetryWaitMs(retries, 0)).toBe(wait);
  });
});

describe('the board connection', () => {
  it('retries for good, forwards each board and the connection state, and stops at a refusal', () => {
    const { made, create } = fakeClient();
    const events: string[] = [];
    connectBoard({
      url: 'ws://localhost/graphql',
      hospitalId: 'h',
      secret: 's',
      createWsClient: create,
      on: {
        board: (b) => events.push(`board ${b.hospitalName}`),
        online: (online) => events.push(online ? 'online' : 'offline'),
        refused: (message) => events.push(`refused ${message}`),
      },
    });
    expect(made.options?.retryAttempts).toBe(Number.POSITIVE_INFINITY);
    expect(made.options?.lazy).toBe(false);
    made.options?.on?.connected?.({}, {}, false);
    made.sinks[0]?.next({ data: { subscribeDisplayBoard: board } });
    made.options?.on?.closed?.({});
    made.sinks[0]?.next({ errors: [{ message: 'ARO-E4062:This display is not allowed to show the board' }] });
    expect(events).toEqual(['online', 'board Colombo', 'offline', 'refused ARO-E4062:This display is not allowed to show the board']);
    expect(made.disposed).toBe(true);
    expect((made.options?.shouldRetry as () => boolean)()).toBe(false);
  });

  it('subscribes again after a while when the subscription ends for another reason', () => {
    vi.useFakeTimers();
    const { made, create } = fakeClient();
    connectBoard({
      url: 'ws://localhost/graphql',
      hospitalId: 'h',
      secret: 's',
      createWsClient: create,
      on: { board: () => {}, online: () => {}, refused: () => {} },
    });
    made.sinks[0]?.error([{ message: 'ARO-E9999:Something went wrong' }]);
    expect(made.sinks).toHaveLength(1);
    vi.advanceTimersByTime(BOARD_RETRY_MAX_MS);
    expect(made.sinks).toHaveLength(2);
    made.sinks[1]?.error([{ message: 'ARO-E4062:refused' }]);
    vi.advanceTimersByTime(BOARD_RETRY_MAX_MS);
    expect(made.sinks).toHaveLength(2);
    expect(made.disposed).toBe(true);
  });

  it('reads the board afresh every minute, ignoring the replaced subscription', () => {
    vi.useFakeTimers();
    const { made, create } = fakeClient();
    const boards: string[] = [];
    const stop = connectBoard({
      url: 'ws://localhost/graphql',
      hospitalId: 'h',
      secret: 's',
      createWsClient: create,
      on: { board: (b) => boards.push(b.updatedAt), online: () => {}, refused: () => {} },
    });
    vi.advanceTimersByTime(BOARD_REFRESH_MS);
    expect(made.sinks).toHaveLength(2);
    made.sinks[0]?.complete();
    made.sinks[0]?.next({ data: { subscribeDisplayBoard: { ...board, updatedAt: 'old' } } });
    made.sinks[1]?.next({ data: { subscribeDisplayBoard: { ...board, updatedAt: 'new' } } });
    vi.advanceTimersByTime(BOARD_RETRY_MAX_MS);
    expect(made.sinks).toHaveLength(2);
    expect(boards).toEqual(['new']);
    stop();
  });
});
