import { graphql, type ResultOf } from '@careline/contract/graphql';

// The hospital's waiting-room displays (issue 32 §3.6): admins create the display tokens a TV opens
// the board with, see when each was last used, and revoke them.

export const staffDisplayTokensQuery = graphql(`
  query staffDisplayTokens($organizationId: ID!) {
    staffDisplayTokens(organizationId: $organizationId) {
      id
      name
      createdAt
      lastSeenAt
      revokedAt
    }
  }
`);

export const staffCreateDisplayTokenMutation = graphql(`
  mutation staffCreateDisplayToken($organizationId: ID!, $name: String!) {
    staffCreateDisplayToken(organizationId: $organizationId, name: $name) {
      display {
        id
        name
      }
      boardUrl
    }
  }
`);

export const staffRevokeDisplayTokenMutation = graphql(`
  mutation staffRevokeDisplayToken($organizationId: ID!, $displayTokenId: ID!) {
    staffRevokeDisplayToken(organizationId: $organizationId, displayTokenId: $displayTokenId) {
      id
      revokedAt
    }
  }
`);

/** A display as the list shows it. */
export type HospitalDisplay = ResultOf<typeof staffDisplayTokensQuery>['staffDisplayTokens'][number];
