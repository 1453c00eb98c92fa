import {
  Client,
  fetchExchange,
  makeOperation,
  mapExchange,
  subscriptionExchange,
  type Exchange,
  type ExecutionResult,
  type Operation,
} from '@urql/core';
import { pipe, tap } from 'wonka';
import type { AuthErrorAction } from '@careline/domain/shell';
import { authActionFor, type OperationKind } from './auth-action.ts';
import { newCorrelationId } from './correlation-id.ts';
import { errorMessages } from './errors.ts';
import { createLiveSocket, type LiveSocket, type LiveSocketOptions, type SocketEvent } from './live-socket.ts';

export type { SocketEvent, OperationKind };

export type GraphQLClientSetup = {
  /** HTTP endpoint; '/graphql' on the page's own host. */
  url?: string;
  /** Websocket endpoint without the token; the page's own host when omitted. */
  socketUrl?: string;
  /** The app's current token (a patient's or a staff member's), read at every request. */
  getAccessToken: () => string | null;
  /**
   * An authentication error's action (spec doc 1 §8: ARO-E1022 on a query reloads, ARO-E1023/E1024
   * sign out), with the text to show after it; carrying it out is the app's.
   */
  onAuthError: (action: AuthErrorAction, notice: string | null) => void;
  /** The live socket's health: 'socket-error' (an error or abnormal close), 'socket-data' (connected). */
  onSocketEvent: (event: SocketEvent) => void;
  /** For tests: a stand-in for graphql-ws createClient. */
  createWsClient?: LiveSocketOptions['createWsClient'];
  /** For tests: a stand-in for fetch. */
  fetch?: typeof fetch;
  /** Exchanges run just before the network (the patient app's offline answers, issue 32 §4.7). */
  exchanges?: Exchange[];
};

export type GraphQLClient = { client: Client; liveSocket: LiveSocket };

/**
 * ws(s)://<host>/graphql for the page being shown.
 * @param location - the page's location
 */
export function defaultSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/graphql`;
}

/**
 * Adds the access token as the access_token query parameter (spec doc 1 §4).
 * @param base - the websocket address
 * @param token - the token, if signed in
 */
export function socketUrlWithToken(base: string, token: string | null): string {
  if (!token) {
    return base;
  }
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}access_token=${encodeURIComponent(token)}`;
}

/**
 * Headers of every HTTP call: the token and a fresh correlation id (spec doc 1 §7).
 * @param token - the token, if signed in
 */
export function requestHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'X-Correlation-Id': newCorrelationId() };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

/** Re-executes the queries on screen, fresh from the network (see {@link resyncExchange}). */
export type Resync = {
  exchange: Exchange;
  /** Reads every query on screen again, at a random moment within `withinMs` (one read for asks that overlap). */
  readAgain: (withinMs: number) => void;
  /** Also tells a listener at that moment (screens that read by hand, client.query()); answers the stop. */
  listen: (listener: () => void) => () => void;
};

// Each client's resync, for screens that read by hand (useLiveResync in live-resync.ts).
const resyncs = new WeakMap<Client, Resync>();

/**
 * Tells `listener` whenever the client reads again what is on screen (issue 31 §2.6); answers the stop.
 * @param client - a client from setUpGraphQLClient (another client never tells)
 * @param listener - reads again what the screen read by hand
 */
export function onLiveResync(client: Client, listener: () => void): () => void {
  return resyncs.get(client)?.listen(listener) ?? (() => undefined);
}

/**
 * Keeps the queries the screens hold (a query until its teardown), so that they can all be read
 * again when live updates may have been missed (issue 31 §2.6): the socket came back after a
 * dropped connection or a hidden page, or the server asked (its live-update channel lost updates).
 * Every screen is caught up without knowing why; subscriptions resume by themselves.
 * @param reexecute - the client's reexecuteOperation (bound once the client exists)
 * @param random - for tests: a stand-in for Math.random
 */
export function resyncExchange(
  reexecute: (operation: Operation) => void,
  random: () => number = Math.random,
): Resync {
  const onScreen = new Map<number, Operation>();
  const listeners = new Set<() => void>();
  let pending: ReturnType<typeof setTimeout> | null = null;
  const readNow = (): void => {
    pending = null;
    onScreen.forEach((operation) =>
      reexecute(makeOperation(operation.kind, operation, { ...operation.context, requestPolicy: 'network-only' })),
    );
    listeners.forEach((listener) => listener());
  };
  return {
    exchange:
      ({ forward }) =>
      (operations$) =>
        forward(
          pipe(
            operations$,
            tap((operation) => {
              if (operation.kind === 'query') {
                onScreen.set(operation.key, operation);
              } else if (operation.kind === 'teardown') {
                onScreen.delete(operation.key);
              }
            }),
          ),
        ),
    readAgain: (withinMs) => {
      if (pending !== null) {
        return;
      }
      // Spread: thousands of phones asked at once by one server do not all read at the same moment.
      pending = setTimeout(readNow, Math.floor(random() * Math.max(0, withinMs)));
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Builds a GraphQL client: urql over HTTP, always fetching fresh (spec doc 1 §7), live subscriptions
 * over graphql-ws on a socket that carries the token, every error handed to the app, and the queries
 * on screen read again when live updates may have been missed (resyncExchange).
 * @param setup - endpoints, token and hooks
 */
export function setUpGraphQLClient(setup: GraphQLClientSetup): GraphQLClient {
  const { getAccessToken: readToken, onAuthError } = setup;
  const socketBase = setup.socketUrl ?? defaultSocketUrl();

  // The client is made below; the exchange reaches it only when a resync comes.
  let client: Client | null = null;
  const resync = resyncExchange((operation) => client?.reexecuteOperation(operation));
  const liveSocket = createLiveSocket({
    // onSocketEvent and createWsClient as set up.
    ...setup,
    url: () => socketUrlWithToken(socketBase, readToken()),
    accessToken: readToken,
    onResync: resync.readAgain,
  });

  client = new Client({
    url: setup.url ?? '/graphql',
    // spec doc 1 §7: queries and mutations are always fetched fresh.
    requestPolicy: 'network-only',
    preferGetMethod: false,
    fetch: setup.fetch,
    fetchOptions: () => ({ headers: requestHeaders(readToken()) }),
    exchanges: [
      resync.exchange,
      mapExchange({
        onError: (error, operation) => {
          const picked = authActionFor(errorMessages(error), operation.kind);
          if (picked) {
            onAuthError(picked.action, picked.text);
          }
        },
      }),
      ...(setup.exchanges ?? []),
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => {
            const stop = liveSocket.subscribe(
              { query: request.query ?? '', variables: request.variables ?? {}, operationName: request.operationName },
              {
                // graphql-ws hands over the wire form of a result, which is what urql reads.
                next: (value) => sink.next(value as ExecutionResult),
                error: (error) => sink.error(error),
                complete: () => sink.complete(),
              },
            );
            return { unsubscribe: stop };
          },
        }),
      }),
    ],
  });

  resyncs.set(client, resync);
  return { client, liveSocket };
}
