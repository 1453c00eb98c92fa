import { createClient, type Client, type ClientOptions } from 'graphql-ws';
import { displayBoardSubscription, type DisplayBoardView } from '../api/display-board.ts';

/*
 * The waiting-room board's live connection (issue 32 §3.6). A TV runs it for days: it reconnects by
 * itself with a growing wait (up to 30 s), subscribes again on every new connection, whose first
 * delivery is the whole board (so a reconnect reads the board again), and notices a connection that
 * went silent (a ping without its pong) and drops it to reconnect. A display that was revoked is
 * refused with ARO-E4062: then it stops for good.
 */

/** The longest wait between two connection attempts. */
export const BOARD_RETRY_MAX_MS = 30_000;
/**
 * How often the board is read afresh with no change in between: the expected times move with the
 * clock (never before now), and a quiet queue sends no events.
 */
export const BOARD_REFRESH_MS = 60_000;
/** How often the board pings the server. */
const PING_EVERY_MS = 10_000;
/** A pong later than this after its ping: the connection is gone. */
const PONG_WITHIN_MS = 5_000;

/** The wait before connection attempt `retries` (0 first): 1 s, 2 s, 4 s… up to BOARD_RETRY_MAX_MS, with a little jitter. */
export function boardRetryWaitMs(retries: number, jitter: number = Math.random()): number {
  return Math.min(BOARD_RETRY_MAX_MS, 1000 * 2 ** Math.max(0, retries)) + Math.floor(jitter * 500);
}

export type BoardConnectionEvents = {
  /** A fresh board (on each connection and after every change). */
  board: (board: DisplayBoardView) => void;
  /** The connection is up (true) or lost and being retried (false). */
  online: (online: boolean) => void;
  /** The display is refused (revoked, unknown): the 'CODE:message' text. The connection has stopped. */
  refused: (message: string) => void;
};

type ErrorList = readonly { message: string }[];

function refusal(errors: ErrorList | undefined): string | null {
  const found = errors?.find((error) => error.message.startsWith('ARO-E4062:'));
  return found ? found.message : null;
}

/**
 * Opens the board's connection; the answer closes it.
 * @param options - the websocket address, hospital, secret, the callbacks; createWsClient for tests
 */
export function connectBoard(options: {
  url: string;
  hospitalId: string;
  secret: string;
  on: BoardConnectionEvents;
  createWsClient?: (options: ClientOptions) => Client;
}): () => void {
  const make = options.createWsClient ?? createClient;
  let stopped = false;
  // Subscriptions refused or ended for another reason in a row: each waits longer before the next.
  let failures = 0;
  let again: ReturnType<typeof setTimeout> | null = null;
  let pongTimer: ReturnType<typeof setTimeout> | null = null;
  const clearPong = () => {
    if (pongTimer) {
      clearTimeout(pongTimer);
      pongTimer = null;
    }
  };
  const client = make({
    url: options.url,
    lazy: false,
    keepAlive: PING_EVERY_MS,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => !stopped,
    retryWait: async (retries) => {
      await new Promise((resolve) => setTimeout(resolve, boardRetryWaitMs(retries)));
    },
    on: {
      connected: () => options.on.online(true),
      closed: () => {
        clearPong();
        if (!stopped) {
          options.on.online(false);
        }
      },
      ping: (received) => {
        if (!received) {
          clearPong();
          pongTimer = setTimeout(() => {
            // No pong: the socket is dead without having closed (a cable pulled, a sleeping router).
            client.terminate();
          }, PONG_WITHIN_MS);
        }
      },
      pong: (received) => {
        if (received) {
          clearPong();
        }
      },
    },
  });
  // Each subscription's number: the callbacks of one replaced by a refresh are ignored.
  let generation = 0;
  const stop = () => {
    stopped = true;
    clearInterval(refresh);
    clearPong();
    if (again) {
      clearTimeout(again);
    }
    unsubscribe();
    void client.dispose();
  };
  const subscribe = (): (() => void) => {
    generation += 1;
    const mine = generation;
    const current = () => mine === generation && !stopped;
    return client.subscribe<{ subscribeDisplayBoard: DisplayBoardView }>(
      { query: displayBoardSubscription, variables: { hospitalId: options.hospitalId, secret: options.secret } },
      {
        next: (result) => {
          if (!current()) {
            return;
          }
          const refused = refusal(result.errors);
          if (refused) {
            stop();
            options.on.refused(refused);
            return;
          }
          if (result.data) {
            failures = 0;
            options.on.board(result.data.subscribeDisplayBoard);
          }
        },
        error: (error) => {
          if (!current()) {
            return;
          }
          const refused = Array.isArray(error) ? refusal(error as ErrorList) : null;
          if (refused) {
            stop();
            options.on.refused(refused);
            return;
          }
          // Anything else (the database down for a while): start over while the board is open.
          resubscribe();
        },
        // The server ends the board only when the display is revoked, and the refusal came first.
        complete: () => {
          if (current()) {
            resubscribe();
          }
        },
      },
    );
  };
  const resubscribe = () => {
    if (!stopped) {
      again = setTimeout(() => {
        again = null;
        if (!stopped) {
          unsubscribe = subscribe();
        }
      }, boardRetryWaitMs(failures));
      failures += 1;
    }
  };
  let unsubscribe = subscribe();
  const refresh = setInterval(() => {
    if (!stopped && again === null) {
      const previous = unsubscribe;
      unsubscribe = subscribe();
      previous();
    }
  }, BOARD_REFRESH_MS);
  return stop;
}
