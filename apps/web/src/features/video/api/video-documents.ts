/**
 * The patient's video call operations (spec doc 2 §4 Video call, §7 createTwilioToken,
 * sendCommunication, subscribeCommunication; docs/api-contract.md 'Video calls'), typed from
 * schema.graphql by gql.tada. Each document lists its fields itself (no fragments).
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** The account's upcoming appointments with what a call reads of them (the ring is on the appointment). */
export const callAppointmentsQuery = graphql(`
  query videoCallAppointments($patientIds: [ID!]) {
    queryUpcomingAppointments(patientIds: $patientIds) {
      id
      sessionId
      patientId
      doctorName
      appointmentStatus
      remoteCommunicationLink
      communication {
        id
        participantStatus
        ringing
        ringRemainingMs
      }
      session {
        id
        participationMode
      }
    }
  }
`);

/** spec doc 2 §4 Live updates: the ring arrives as a change of the appointment, by session. */
export const callAppointmentsSubscription = graphql(`
  subscription videoCallAppointmentChanged($patientId: [ID!]!, $sessionId: ID!) {
    subscribeAppointment(patientId: $patientId, sessionId: $sessionId) {
      id
      sessionId
      patientId
      doctorName
      appointmentStatus
      remoteCommunicationLink
      communication {
        id
        participantStatus
        ringing
        ringRemainingMs
      }
      session {
        id
        participationMode
      }
    }
  }
`);

/** A call appointment as the two documents above answer it. */
export type CallAppointmentData = ResultOf<typeof callAppointmentsQuery>['queryUpcomingAppointments'][number];

/** spec doc 2 §7: createTwilioToken(roomSid, appointmentId) answers the call token. */
export const createCallTokenMutation = graphql(`
  mutation createTwilioToken($roomSid: String!, $appointmentId: ID!) {
    createTwilioToken(roomSid: $roomSid, appointmentId: $appointmentId)
  }
`);

/** The ICE servers of the call (STUN, TURN with a per-call credential); needs the call token. */
export const callIceServersQuery = graphql(`
  query callIceServers($appointmentId: ID!, $token: String!) {
    callIceServers(appointmentId: $appointmentId, token: $token) {
      iceServers {
        urls
        username
        credential
      }
      expiresAt
    }
  }
`);

/** An answer, ICE candidate, hang-up or media state to the practitioner of the call. */
export const sendCallSignalMutation = graphql(`
  mutation sendCallSignal($appointmentId: ID!, $token: String!, $signal: CallSignalInput!) {
    sendCallSignal(appointmentId: $appointmentId, token: $token, signal: $signal)
  }
`);

/** spec doc 2 §4, §7: the patient's report (permissions, device support, Patient/{id}, connect or disconnect). */
export const sendCommunicationMutation = graphql(`
  mutation sendCommunication($id: ID!, $data: String!) {
    sendCommunication(id: $id, contentAttachment: { contentType: "application/json", data: $data }) {
      id
    }
  }
`);

/** spec doc 2 §7 subscribeCommunication: the communication after each change and the practitioner's signals. */
export const communicationSubscription = graphql(`
  subscription subscribeCommunication($appointmentId: ID!) {
    subscribeCommunication(appointmentId: $appointmentId) {
      communication {
        id
        participantStatus
      }
      signal {
        kind
        from
        roomSid
        sdp
        candidate
        camera
        microphone
      }
    }
  }
`);

/** spec doc 2 §2: the call history modal reads the latest VIDEOCONF communication. */
export const callHistoryQuery = graphql(`
  query queryCommunication($appointmentId: ID!) {
    queryCommunication(appointmentId: $appointmentId) {
      id
      medium
      sent
      videoCallHistory {
        timestamp
        participantReference
        participantStatus
      }
    }
  }
`);
