import { graphql, type ResultOf } from '@careline/contract/graphql';

// A session's queue and the actions on it, typed from schema.graphql (gql.tada).

export const staffSessionQueueQuery = graphql(`
  query staffSessionQueue($organizationId: ID!, $sessionId: ID!) {
    staffSessionQueue(organizationId: $organizationId, sessionId: $sessionId) {
      session {
        id practitionerName practitionerRoleDisplay locationName status startTime endTime
        appointmentMaxAllowed liveAppointments
        participationMode delayMinutes
      }
      appointments { id tokenNo patientId patientName appointmentStatus paymentStatus paymentRefundStatus appointmentOriginChannel appointmentArrivedTime }
    }
  }
`);

/** The same queue, live: at once, then after every change of the session (bookings, calls, status). */
export const staffSessionQueueSubscription = graphql(`
  subscription staffSubscribeSessionQueue($organizationId: ID!, $sessionId: ID!) {
    staffSubscribeSessionQueue(organizationId: $organizationId, sessionId: $sessionId) {
      session {
        id practitionerName practitionerRoleDisplay locationName status startTime endTime
        appointmentMaxAllowed liveAppointments
        participationMode delayMinutes
      }
      appointments { id tokenNo patientId patientName appointmentStatus paymentStatus paymentRefundStatus appointmentOriginChannel appointmentArrivedTime }
    }
  }
`);

export type SessionQueue = ResultOf<typeof staffSessionQueueQuery>['staffSessionQueue'];
export type QueueAppointment = SessionQueue['appointments'][number];

export const staffStartSessionMutation = graphql(`
  mutation staffStartSession($organizationId: ID!, $sessionId: ID!) {
    staffStartSession(organizationId: $organizationId, sessionId: $sessionId) { id status }
  }
`);

export const staffCallNextMutation = graphql(`
  mutation staffCallNext($organizationId: ID!, $sessionId: ID!) {
    staffCallNext(organizationId: $organizationId, sessionId: $sessionId) {
      appointments { id tokenNo patientName appointmentStatus }
    }
  }
`);

export const staffEndSessionMutation = graphql(`
  mutation staffEndSession($organizationId: ID!, $sessionId: ID!) {
    staffEndSession(organizationId: $organizationId, sessionId: $sessionId) { id status }
  }
`);

export const staffSetAppointmentStatusMutation = graphql(`
  mutation staffSetAppointmentStatus($organizationId: ID!, $appointmentId: ID!, $status: StaffAppointmentStatus!) {
    staffSetAppointmentStatus(organizationId: $organizationId, appointmentId: $appointmentId, status: $status) {
      id appointmentStatus
    }
  }
`);

export const staffBookAppointmentMutation = graphql(`
  mutation staffBookAppointment($organizationId: ID!, $sessionId: ID!, $patientId: ID!, $idempotencyKey: String) {
    staffBookAppointment(organizationId: $organizationId, sessionId: $sessionId, patientId: $patientId, idempotencyKey: $idempotencyKey) {
      id tokenNo
    }
  }
`);

/** issue 32 §1.4: the doctor delayed by N minutes (5 to 240); the waiting patients are told once. */
export const staffMarkSessionDelayMutation = graphql(`
  mutation staffMarkSessionDelay($organizationId: ID!, $sessionId: ID!, $delayMinutes: Int!) {
    staffMarkSessionDelay(organizationId: $organizationId, sessionId: $sessionId, delayMinutes: $delayMinutes) { id delayMinutes }
  }
`);
