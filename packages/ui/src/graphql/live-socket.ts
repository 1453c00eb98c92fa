import {
  createClient,
  type Client as WsClient,
  type ClientOptions,
  type FormattedExecutionResult,
  type Sink,
  type SubscribePayload,
} from 'graphql-ws';
import { SOCKET_CLOSE_NORMAL, isLiveResyncPing } from '@careline/domain/shell';

// graphql-ws's code for a socket we terminated ourselves (restart after a token change).
const terminatedCloseCode = 4499;

/** One live subscription as the app sees it: it outlives socket restarts and page hides. */
type LiveSubscription = {
  payload: SubscribePayload;
  sink: Sink<FormattedExecutionResult<Record<string, unknown>, unknown>>;
  /** Stops the current inner graphql-ws subscription; null while paused. */
  stop: (() => void) | null;
};

export type LiveSocket = {
  /** Subscribes; the returned function ends the subscription for good. */
  subscribe: (payload: SubscribePayload, sink: Sink<FormattedExecutionResult<Record<string, unknown>, unknown>>) => () => void;
  /** Ends every inner subscription, so the lazy socket closes with code 1000; keeps them to resume. */
  pause: () => void;
  /** Subscribes everything again on a fresh connection. */
  resume: () => void;
  /** Reconnects with the current token (after sign-in or sign-out). */
  restart: () => void;
  /** How many subscriptions the app holds (for tests and diagnostics). */
  size: () => number;
};

/** What the live socket reports about its connection. */
export type SocketEvent = 'socket-error' | 'socket-data';

export type LiveSocketOptions = {
  /** The websocket address, read at each connection so it carries the current token. */
  url: () => string;
  accessToken: () => string | null;
  /**
   * The socket's health: 'socket-error' for an error or abnormal close (spec doc 1 §4: the network
   * issue WS_ERROR), 'socket-data' when it (re)connected, which clears the bars as data arriving would.
   */
  onSocketEvent: (event: SocketEvent) => void;
  /**
   * What the page shows may be stale (issue 31 §2.6) and should be read again within `withinMs`:
   * the socket came back after a dropped connection or a hidden page (0: at once), or the server
   * asked by a resync ping because its live-update channel lost updates.
   */
  onResync?: (withinMs: number) => void;
  /** For tests: a stand-in for graphql-ws createClient. */
  createWsClient?: (options: ClientOptions) => WsClient;
};

const maxRetryWaitMs = 30_000;

/**
 * A graphql-ws client wrapper that can close its socket while the page is hidden and resubscribe
 * when it is visible again (spec doc 1 §4), without the app's subscriptions noticing.
 * @param options - address, token and network-issue callbacks
 */
export function createLiveSocket(options: LiveSocketOptions): LiveSocket {
  const makeClient = options.createWsClient ?? createClient;
  // Set when updates may have been missed: a connection lost (not our own close) or a hidden page.
  // A socket that closed because the last subscription ended (moving between screens) or for a
  // token change missed nothing the next screen has not just read.
  let missedUpdates = false;
  const client = makeClient({
    url: options.url,
    // spec doc 1 §4: the token goes as a query parameter; the init payload carries it too.
    connectionParams: () => {
      const accessToken = options.accessToken();
      return accessToken ? { accessToken } : {};
    },
    lazy: true,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      const wait = Math.min(maxRetryWaitMs, 1000 * 2 ** retries) + Math.floor(Math.random() * 1000);
      await new Promise((resolve) => setTimeout(resolve, wait));
    },
    on: {
      connected: () => {
        options.onSocketEvent('socket-data');
        if (missedUpdates) {
          missedUpdates = false;
          options.onResync?.(0);
        }
      },
      error: () => options.onSocketEvent('socket-error'),
      closed: (event) => {
        const code = (event as { code?: number } | undefined)?.code;
        // 1000 is our own normal close (page hidden, last subscription gone); 4499 is our restart.
        if (code !== SOCKET_CLOSE_NORMAL && code !== terminatedCloseCode) {
          missedUpdates = true;
          options.onSocketEvent('socket-error');
        }
      },
      // The server's ask to read again (its live-update channel lost updates), spread over withinMs.
      ping: (received, payload) => {
        if (received && isLiveResyncPing(payload)) {
          options.onResync?.(payload.withinMs);
        }
      },
    },
  });

  const active = new Set<LiveSubscription>();
  let paused = false;

  const start = (subscription: LiveSubscription): void => {
    let current = true;
    const stopInner = client.subscribe(subscription.payload, {
      next: (value) => {
        if (current) {
          subscription.sink.next(value);
        }
      },
      error: (error) => {
        if (current) {
          current = false;
          active.delete(subscription);
          subscription.sink.error(error);
        }
      },
      complete: () => {
        if (current) {
          current = false;
          active.delete(subscription);
          subscription.sink.complete();
        }
      },
    });
    subscription.stop = () => {
      // Completions of an inner subscription we stopped ourselves must not reach the app.
      current = false;
      stopInner();
    };
  };

  const stopAll = (): void => {
    active.forEach((subscription) => {
      subscription.stop?.();
      subscription.stop = null;
    });
  };

  return {
    subscribe: (payload, sink) => {
      const subscription: LiveSubscription = { payload, sink, stop: null };
      active.add(subscription);
      if (!paused) {
        start(subscription);
      }
      return () => {
        active.delete(subscription);
        subscription.stop?.();
        subscription.stop = null;
      };
    },
    pause: () => {
      if (paused) {
        return;
      }
      paused = true;
      missedUpdates = missedUpdates || active.size > 0;
      stopAll();
    },
    resume: () => {
      if (!paused) {
        return;
      }
      paused = false;
      active.forEach(start);
    },
    restart: () => {
      stopAll();
      // Close the socket at once so the next connection carries the new token.
      client.terminate();
      if (!paused) {
        active.forEach(start);
      }
    },
    size: () => active.size,
  };
}
