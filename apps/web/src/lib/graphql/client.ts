import {
  setUpGraphQLClient,
  type GraphQLClient,
  type GraphQLClientSetup,
  type LiveSocketOptions,
} from '@careline/ui/graphql';
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

/** The patient app's client settings: its token, the network bars, the sign-out of spec doc 1 §8. */
export const patientClientSetup: GraphQLClientSetup = {
  getAccessToken,
  onAuthError: (action, notice) => performAuthAction(action, window.location, notice),
  // A socket error sets the WS_ERROR bar; a fresh connection clears the slow bar as data would.
  onSocketEvent: reportNetworkEvent,
};

/**
 * Builds the patient app's GraphQL client (packages/ui) with {@link patientClientSetup}.
 * @param options - endpoints and hooks in place of the defaults (tests)
 */
export function createGraphQLClient(options: GraphQLClientOptions = {}): GraphQLClient {
  return setUpGraphQLClient({ ...patientClientSetup, ...options });
}
