/** Sign-in operations shared by /login and the chat steps (spec doc 1 §7; docs/api-contract.md). */

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

export const initiateLinkAuthenticationMutation = /* GraphQL */ `
  mutation initiateLinkAuthentication($token: String!) {
    initiateLinkAuthentication(token: $token) {
      id
      alreadySignedIn
      target {
        kind
        mobileNo
        patientIndex
        sessionId
        appointmentId
        orderId
      }
    }
  }
`;
export type LinkTargetData = {
  kind: string;
  mobileNo: string;
  patientIndex: number | null;
  sessionId: string | null;
  appointmentId: string | null;
  orderId: string | null;
};
export type InitiateLinkAuthenticationData = {
  initiateLinkAuthentication: { id: string | null; alreadySignedIn: boolean; target: LinkTargetData };
};
export type InitiateLinkAuthenticationVariables = { token: string };
