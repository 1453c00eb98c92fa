import { setUpGraphQLClient, type GraphQLClient, type LiveSocketOptions } from '@careline/ui/graphql';
import { getAccessToken } from '../session/session-storage.ts';
import { reportNetworkEvent } from '../network/network-status.ts';
import { performAuthAction, type AuthErrorAction } from './auth-errors.ts';

export { requestHeaders, socketUrlWithToken, type GraphQLClient } from '@careline/ui/graphql';

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

/**
 * Builds the patient app's GraphQL client (packages/ui) with the patient's token, the network bars
 * and the catalogue's authentication error handling (spec doc 1 §8).
 * @param options - endpoints and hooks; defaults suit the browser
 */
export function createGraphQLClient(options: GraphQLClientOptions = {}): GraphQLClient {
  return setUpGraphQLClient({
    getAccessToken,
    onAuthError: (action, notice) => performAuthAction(action, window.location, notice),
    // A socket error sets the WS_ERROR bar; a fresh connection clears the slow bar as data would.
    onSocketEvent: reportNetworkEvent,
    // url, socketUrl, getAccessToken, onAuthError, createWsClient and fetch as given.
    ...options,
  });
}
