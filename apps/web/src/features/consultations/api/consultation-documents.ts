/**
 * Consultation queries, mutations and subscriptions (spec doc 2 §7; docs/api-contract.md), typed
 * from schema.graphql by gql.tada. Each document lists its fields itself (no fragments), so that
 * every one validates on its own against the schema.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

// The /doctor screen's documents live in doctor-documents.ts (issue 29 §4.15); the other screens take them from here too.
export {
  organizationsQuery,
  searchDoctorsQuery,
  searchSessionSubscription,
  searchSpecialtiesQuery,
  sessionsQuery,
  type DoctorOption,
  type OrganizationOption,
  type SessionCardData,
  type SpecialtyOption,
} from './doctor-documents.ts';

/** spec doc 2 §7 queryAppointment: one appointment of the account's own profiles, or nothing. */
export const appointmentQuery = graphql(`
  query consultationAppointment($id: ID) {
    queryAppointment(id: $id, limit: 1) {
      id
      sessionId
      patientId
      patientDisplayName
      patientRelationship
      tokenNo
      start
      end
      expectedCallAt
      journeyMinutes
      leaveHome {
        messageNo
        kind
        expectedCallAt
      }
      appointmentStatus
      practitionerStatus
      paymentStatus
      paymentRefundStatus
      sessionCancelRefund {
        status
        wayBack
        amount
        currency
      }
      appointmentRescheduleStatus
      appointmentRescheduledFor
      feedbackRating
      feedbackComment
      lateNoticeAt
      doctorId
      doctorName
      doctorRole
      organizationId
      organizationName
      session {
        id
        status
        startTime
        endTime
        sessionStartedTime
        delayMinutes
        appointmentCount
        appointmentMaxAllowed
        participationMode
        chargingSchemeId
        practitioner {
          id
          text
        }
        practitionerRole {
          code
          display
        }
        organization {
          id
          orgName
        }
        location {
          hospitalId
          locationName
        }
      }
    }
  }
`);

export type AppointmentData = ResultOf<typeof appointmentQuery>['queryAppointment'][number];

/** The session's tokens for the queue display (spec doc 2 §4 Numbered slot display). */
export const sessionTokensQuery = graphql(`
  query consultationSessionTokens($sessionId: ID!) {
    querySessionTokens(sessionId: $sessionId) {
      tokenNo
      appointmentStatus
      paymentStatus
    }
  }
`);

/** spec doc 2 §4 Booking (pay at hospital) and Reschedule (appointmentRescheduledFor). */
export const createAppointmentMutation = graphql(`
  mutation bookAppointment(
    $patientId: ID!
    $sessionId: ID!
    $idempotencyKey: String
    $appointmentRescheduledFor: ID
  ) {
    createAppointment(
      patientId: $patientId
      sessionId: $sessionId
      idempotencyKey: $idempotencyKey
      appointmentRescheduledFor: $appointmentRescheduledFor
    ) {
      id
      sessionId
      tokenNo
    }
  }
`);

/**
 * issue 29 §1.1: the appointment that holds a place for one of the account's own profiles in a
 * session (the one a second booking is refused for, ARO-E4003), or null; never another account's.
 */
export const myAppointmentInSessionQuery = graphql(`
  query myAppointmentInSession($sessionId: ID!, $patientId: ID!) {
    myAppointmentInSession(sessionId: $sessionId, patientId: $patientId) {
      id
      sessionId
      tokenNo
    }
  }
`);

/** spec doc 2 §4 Cancel. */
export const cancelAppointmentMutation = graphql(`
  mutation cancelAppointment($id: ID!) {
    patchAppointment(id: $id, status: "cancelled") {
      id
      appointmentStatus
    }
  }
`);

/** spec doc 2 §9: the last-seen heartbeat, every 60 s while the appointment is open. */
/** issue 32 §1.3: the journey to the hospital, for 'Leave home now' (minutes, or null for none). */
export const journeyTimeMutation = graphql(`
  mutation appointmentJourneyTime($id: ID!, $minutes: Int) {
    setAppointmentJourneyTime(id: $id, minutes: $minutes) {
      id
      journeyMinutes
      leaveHome {
        messageNo
        kind
        expectedCallAt
      }
    }
  }
`);

export const appointmentHeartbeatMutation = graphql(`
  mutation appointmentHeartbeat($id: ID!) {
    patchAppointment(id: $id, heartbeatLinkSeen: true, timeStampKey: "heartbeatLastSeen") {
      id
    }
  }
`);

/** spec doc 2 §4 Live updates: the session changed (status, counts). */
export const sessionChangedSubscription = graphql(`
  subscription consultationSessionChanged($id: ID!) {
    subscribeSession(id: $id)
  }
`);

/** spec doc 2 §4 Live updates: appointments of the account's profiles in one session. */
export const appointmentChangedSubscription = graphql(`
  subscription consultationAppointmentChanged($patientId: [ID!]!, $sessionId: ID!) {
    subscribeAppointment(patientId: $patientId, sessionId: $sessionId) {
      id
      appointmentStatus
      paymentStatus
    }
  }
`);

/** spec doc 2 §4 Live updates: appointment tokens by sessionId. */
export const sessionTokensSubscription = graphql(`
  subscription consultationSessionTokens($sessionId: ID!) {
    subscribeSessionTokens(sessionId: $sessionId) {
      tokenNo
      appointmentStatus
      paymentStatus
    }
  }
`);
