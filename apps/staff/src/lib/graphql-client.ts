import { setUpGraphQLClient, type GraphQLClient, type GraphQLClientSetup } from '@careline/ui/graphql';
import { reportLiveSocket } from './live-status.ts';
import { readStaffToken, writeStaffToken } from './staff-token.ts';

/**
 * The console's GraphQL client (packages/ui): the staff token on every request and on the live
 * socket (graphql-ws on the same /graphql endpoint). A token the server no longer accepts (expired,
 * revoked, signed out elsewhere) ends the console session, once.
 * @param onSignedOut - called when the server rejects the token
 * @param overrides - for tests: stand-ins for fetch and the websocket client
 */
export function createStaffGraphQLClient(
  onSignedOut: () => void,
  overrides: Pick<GraphQLClientSetup, 'fetch' | 'createWsClient'> = {},
): GraphQLClient {
  return setUpGraphQLClient({
    getAccessToken: readStaffToken,
    onAuthError: () => {
      if (readStaffToken() !== null) {
        writeStaffToken(null);
        onSignedOut();
      }
    },
    // Screens with live data show whether the socket is up (lib/live-status.ts).
    onSocketEvent: reportLiveSocket,
    ...overrides,
  });
}
