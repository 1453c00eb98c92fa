/** Sign-in operations (spec doc 1 §7 'Sign-in and profile'; docs/api-contract.md). */

export const initiateAuthenticationMutation = /* GraphQL */ `
  mutation initiateAuthentication($username: String!) {
    initiateAuthentication(username: $username) {
      id
    }
  }
`;

export type InitiateAuthenticationData = { initiateAuthentication: { id: string } };
export type InitiateAuthenticationVariables = { username: string };

export const completeAuthenticationMutation = /* GraphQL */ `
  mutation completeAuthentication($id: ID!, $verificationCode: Int!) {
    completeAuthentication(id: $id, verificationCode: $verificationCode) {
      id
      accessToken
      outcome
    }
  }
`;

export type CompleteAuthenticationData = {
  completeAuthentication: { id: string; accessToken: string | null; outcome: string };
};
export type CompleteAuthenticationVariables = { id: string; verificationCode: number };
