import { parseErrorString } from '@careline/domain/errors';
import { setUpGraphQLClient, type GraphQLClient } from '@careline/ui/graphql';
import { readStaffToken, writeStaffToken } from './staff-token.ts';

// A token that no longer resolves (expired, revoked, signed out elsewhere) ends the console session.
const signedOutCodes = new Set(['ARO-E1022', 'ARO-E1024']);

/**
 * Whether an operation's errors say the staff token is no longer valid.
 * @param messages - 'CODE:message' errors
 */
export function endsStaffSession(messages: readonly string[]): boolean {
  return messages.some((message) => {
    const code = parseErrorString(message).code;
    return code !== null && signedOutCodes.has(code);
  });
}

/**
 * The console's GraphQL client (packages/ui): the staff token on every request and on the live
 * socket (graphql-ws on the same /graphql endpoint).
 * @param onSignedOut - called when the server rejects the token
 */
export function createStaffGraphQLClient(onSignedOut: () => void): GraphQLClient {
  return setUpGraphQLClient({
    getAccessToken: readStaffToken,
    onErrors: (messages) => {
      if (readStaffToken() !== null && endsStaffSession(messages)) {
        writeStaffToken(null);
        onSignedOut();
      }
    },
    onSocketEvent: () => undefined,
  });
}
