/**
 * The reserve (pay later) path's documents (spec doc 2 §4 Booking step 4, §7 createAppointment with
 * booking type temporary), typed from schema.graphql by gql.tada.
 */
import { graphql } from '../../../lib/graphql/lazy-graphql.ts';

/** Whether the session can be reserved: the tenant's reserve flag, a total above 0, no paid appointments. */
export const reserveAvailableQuery = graphql(`
  query reserveAvailable($sessionId: ID!) {
    reserveAvailable(sessionId: $sessionId)
  }
`);

/** Reserves for an existing profile (booking type reserve), or confirms a temporary appointment for it. */
export const reserveAppointmentMutation = graphql(`
  mutation reserveAppointment(
    $patientId: ID!
    $sessionId: ID!
    $idempotencyKey: String
    $appointmentBookingType: String!
    $temporaryAppointmentId: ID
  ) {
    createAppointment(
      patientId: $patientId
      sessionId: $sessionId
      idempotencyKey: $idempotencyKey
      appointmentBookingType: $appointmentBookingType
      temporaryAppointmentId: $temporaryAppointmentId
    ) {
      id
      sessionId
      tokenNo
    }
  }
`);

/** Holds a number while the patient's profile is created (a temporary appointment). */
export const createTemporaryAppointmentMutation = graphql(`
  mutation createTemporaryAppointment($sessionId: ID!, $idempotencyKey: String) {
    createTemporaryAppointment(sessionId: $sessionId, idempotencyKey: $idempotencyKey) {
      id
      sessionId
      tokenNo
      status
      holdExpiresAt
    }
  }
`);
