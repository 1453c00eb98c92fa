import { graphql, type ResultOf, type VariablesOf } from '@careline/contract/graphql';

// A hospital's sessions and their planning, typed from schema.graphql (gql.tada).

export const staffSessionsQuery = graphql(`
  query staffSessions($organizationId: ID!, $from: DateTime, $to: DateTime) {
    staffSessions(organizationId: $organizationId, from: $from, to: $to) {
      id practitionerId practitionerName practitionerRoleCode practitionerRoleDisplay locationName status
      startTime endTime appointmentMaxAllowed participationMode chargingSchemeId liveAppointments tokenCheck { restoredAt }
    }
  }
`);

export type ListedSession = ResultOf<typeof staffSessionsQuery>['staffSessions'][number];

export const sessionPractitionersQuery = graphql(`
  query staffSessionPractitioners {
    queryPractitioner {
      id
      name { text }
      roles { code display }
    }
  }
`);

export type SessionPractitioner = ResultOf<typeof sessionPractitionersQuery>['queryPractitioner'][number];

export const staffChargingSchemesQuery = graphql(`
  query staffChargingSchemes($organizationId: ID!) {
    staffChargingSchemes(organizationId: $organizationId) { id name practitionerId currency total }
  }
`);

export type ChargingScheme = ResultOf<typeof staffChargingSchemesQuery>['staffChargingSchemes'][number];

export const staffCreateSessionMutation = graphql(`
  mutation staffCreateSession($organizationId: ID!, $input: StaffSessionInput!) {
    staffCreateSession(organizationId: $organizationId, input: $input) { id }
  }
`);

export type SessionInput = VariablesOf<typeof staffCreateSessionMutation>['input'];

export const staffUpdateSessionMutation = graphql(`
  mutation staffUpdateSession($organizationId: ID!, $sessionId: ID!, $input: StaffSessionInput!) {
    staffUpdateSession(organizationId: $organizationId, sessionId: $sessionId, input: $input) { id }
  }
`);

export const staffCancelSessionMutation = graphql(`
  mutation staffCancelSession($organizationId: ID!, $sessionId: ID!) {
    staffCancelSession(organizationId: $organizationId, sessionId: $sessionId) { id status }
  }
`);

// After a restore from a backup (issue 31 §4.13): sessions paused until their highest token is confirmed.
export const staffSessionsAwaitingTokenCheckQuery = graphql(`
  query staffSessionsAwaitingTokenCheck($organizationId: ID!) {
    staffSessionsAwaitingTokenCheck(organizationId: $organizationId) {
      id practitionerName startTime endTime issuedTokens tokenCheck { restoredAt dataAsOf }
    }
  }
`);

export type SessionAwaitingTokenCheck = ResultOf<typeof staffSessionsAwaitingTokenCheckQuery>['staffSessionsAwaitingTokenCheck'][number];

export const staffConfirmSessionTokensMutation = graphql(`
  mutation staffConfirmSessionTokens($organizationId: ID!, $confirmations: [SessionTokenConfirmation!]!) {
    staffConfirmSessionTokens(organizationId: $organizationId, confirmations: $confirmations) { id issuedTokens }
  }
`);
