import { Client, fetchExchange, mapExchange, subscriptionExchange, type ExecutionResult } from '@urql/core';
import { getAccessToken } from '../session/session-storage.ts';
import { reportNetworkEvent } from '../network/network-status.ts';
import { newCorrelationId } from './correlation-id.ts';
import { errorMessages } from './errors.ts';
import { authActionFor, performAuthAction, type AuthErrorAction } from './auth-errors.ts';
import { createLiveSocket, type LiveSocket, type LiveSocketOptions } from './live-socket.ts';

export type GraphQLClientOptions = {
  /** HTTP endpoint; '/graphql' on the page's own host. */
  url?: string;
  /** Websocket endpoint without the token; derived from the page's address when omitted. */
  socketUrl?: string;
  getAccessToken?: () => string | null;
  onAuthError?: (action: AuthErrorAction, notice: string | null) => void;
  /** For tests: a stand-in for graphql-ws createClient. */
  createWsClient?: LiveSocketOptions['createWsClient'];
  /** For tests: a stand-in for fetch. */
  fetch?: typeof fetch;
};

export type GraphQLClient = { client: Client; liveSocket: LiveSocket };

/** ws(s)://<host>/graphql for the page being shown. */
export function defaultSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/graphql`;
}

/** Adds the access token as the access_token query parameter (spec doc 1 §4). */
export function socketUrlWithToken(base: string, token: string | null): string {
  if (!token) {
    return base;
  }
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}access_token=${encodeURIComponent(token)}`;
}

/** Headers of every HTTP call: the stored token and a fresh correlation id (spec doc 1 §7). */
export function requestHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'X-Correlation-Id': newCorrelationId() };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

/**
 * Builds the app's GraphQL client: urql over HTTP, always fetching fresh (spec doc 1 §7), live
 * subscriptions over graphql-ws, and the catalogue's authentication error handling (spec doc 1 §8).
 * @param options - endpoints and hooks; defaults suit the browser
 */
export function createGraphQLClient(options: GraphQLClientOptions = {}): GraphQLClient {
  const readToken = options.getAccessToken ?? getAccessToken;
  const onAuthError =
    options.onAuthError ??
    ((action: AuthErrorAction, notice: string | null) => performAuthAction(action, window.location, notice));
  const socketBase = options.socketUrl ?? defaultSocketUrl();

  const liveSocket = createLiveSocket({
    url: () => socketUrlWithToken(socketBase, readToken()),
    accessToken: readToken,
    onSocketError: () => {
      reportNetworkEvent('socket-error');
    },
    // A fresh connection works again: clear the slow bar as data arriving would.
    onConnected: () => {
      reportNetworkEvent('socket-data');
    },
    createWsClient: options.createWsClient,
  });

  const client = new Client({
    url: options.url ?? '/graphql',
    // spec doc 1 §7: queries and mutations are always fetched fresh.
    requestPolicy: 'network-only',
    preferGetMethod: false,
    fetch: options.fetch,
    fetchOptions: () => ({ headers: requestHeaders(readToken()) }),
    exchanges: [
      mapExchange({
        onError: (error, operation) => {
          const picked = authActionFor(errorMessages(error), operation.kind);
          if (picked) {
            onAuthError(picked.action, picked.text);
          }
        },
      }),
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

  return { client, liveSocket };
}
