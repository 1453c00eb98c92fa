import type { Locale } from '@careline/i18n/locales';

/** Sign-in operations shared by /login and the chat steps (spec doc 1 §7; docs/api-contract.md). */

export const initiateAuthenticationMutation = /* GraphQL */ `
  mutation initiateAuthentication($username: String!, $language: Language) {
    initiateAuthentication(username: $username, language: $language) {
      id
    }
  }
`;
export type InitiateAuthenticationData = { initiateAuthentication: { id: string } };
// language: the app's language, for the first SMS of a number without an account (issue 6 §5).
export type InitiateAuthenticationVariables = { username: string; language?: Locale };

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
  mutation initiateLinkAuthentication($token: String!, $language: Language) {
    initiateLinkAuthentication(token: $token, language: $language) {
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
export type InitiateLinkAuthenticationVariables = { token: string; language?: Locale };
