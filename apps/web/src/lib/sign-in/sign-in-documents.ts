/** Sign-in operations shared by /login and the chat steps (spec doc 1 §7; docs/api-contract.md), typed from schema.graphql. */
import { graphql, type ResultOf } from '../graphql/lazy-graphql.ts';

export const initiateAuthenticationMutation = graphql(`
  mutation initiateAuthentication($username: String!, $language: Language) {
    initiateAuthentication(username: $username, language: $language) {
      id
    }
  }
`);

export const completeAuthenticationMutation = graphql(`
  mutation completeAuthentication($id: ID!, $verificationCode: Int!) {
    completeAuthentication(id: $id, verificationCode: $verificationCode) {
      id
      accessToken
      outcome
    }
  }
`);

export const initiateLinkAuthenticationMutation = graphql(`
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
`);

/** The target a verified sign-in link names, as initiateLinkAuthentication returns it. */
export type LinkTarget = ResultOf<
  typeof initiateLinkAuthenticationMutation
>['initiateLinkAuthentication']['target'];
