import { Client, fetchExchange, mapExchange, subscriptionExchange, type ExecutionResult } from '@urql/core';
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

/**
 * Builds a GraphQL client: urql over HTTP, always fetching fresh (spec doc 1 §7), live subscriptions
 * over graphql-ws on a socket that carries the token, and every error handed to the app.
 * @param setup - endpoints, token and hooks
 */
export function setUpGraphQLClient(setup: GraphQLClientSetup): GraphQLClient {
  const { getAccessToken: readToken, onAuthError } = setup;
  const socketBase = setup.socketUrl ?? defaultSocketUrl();

  const liveSocket = createLiveSocket({
    // onSocketEvent and createWsClient as set up.
    ...setup,
    url: () => socketUrlWithToken(socketBase, readToken()),
    accessToken: readToken,
  });

  const client = new Client({
    url: setup.url ?? '/graphql',
    // spec doc 1 §7: queries and mutations are always fetched fresh.
    requestPolicy: 'network-only',
    preferGetMethod: false,
    fetch: setup.fetch,
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
