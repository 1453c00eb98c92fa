/**
 * The doctor's video call operations (issue 13 Build 4; spec doc 2 §4 Video call; docs/api-contract.md
 * 'Video calls'), typed from schema.graphql by gql.tada, and the call's transport over them: Call,
 * hang-up, signalling to the patient and the live channel of the call the member placed.
 */
import { graphql, type ResultOf } from '@careline/contract/graphql';
import type { Client } from 'urql';
import type { CallCommunication, CallSignalInput, CallTransport } from '../doctor-call.ts';

/** Call: rings the patient of an arrived appointment of a video session; answers the room and the caller's ICE servers. */
export const staffVideoCallMutation = graphql(`
  mutation staffVideoCall($organizationId: ID!, $appointmentId: ID!) {
    staffVideoCall(organizationId: $organizationId, appointmentId: $appointmentId) {
      roomSid
      iceServersExpireAt
      iceServers { urls username credential }
      communication { id roomSid participantStatus ringing ringRemainingMs videoCallHistory { timestamp participantReference participantStatus } }
    }
  }
`);

/** Ends the call the member placed (the patient receives a hang-up). */
export const staffVideoHangUpMutation = graphql(`
  mutation staffVideoHangUp($organizationId: ID!, $appointmentId: ID!) {
    staffVideoHangUp(organizationId: $organizationId, appointmentId: $appointmentId) { id participantStatus }
  }
`);

/** Relays an offer, ICE candidate, media state or hang-up to the patient of the call. */
export const staffSendCallSignalMutation = graphql(`
  mutation staffSendCallSignal($organizationId: ID!, $appointmentId: ID!, $signal: CallSignalInput!) {
    staffSendCallSignal(organizationId: $organizationId, appointmentId: $appointmentId, signal: $signal)
  }
`);

/** The call's live channel: its communication after each change and the patient's signals. */
export const staffCallLiveSubscription = graphql(`
  subscription staffSubscribeCommunication($organizationId: ID!, $appointmentId: ID!) {
    staffSubscribeCommunication(organizationId: $organizationId, appointmentId: $appointmentId) {
      communication { id roomSid participantStatus ringing ringRemainingMs videoCallHistory { timestamp participantReference participantStatus } }
      signal { kind from roomSid sdp candidate camera microphone }
    }
  }
`);

/** The questionnaire answers the patient gave for the appointment (issue 11), oldest first. */
export const staffAppointmentQuestionnaireQuery = graphql(`
  query staffVideoQuestionnaireResponses($organizationId: ID!, $appointmentId: ID!) {
    staffAppointmentQuestionnaireResponses(organizationId: $organizationId, appointmentId: $appointmentId) {
      appointmentId
      responses { id createdAt items { questionNumber question answer } }
    }
  }
`);

export type QuestionnaireResponses = ResultOf<
  typeof staffAppointmentQuestionnaireQuery
>['staffAppointmentQuestionnaireResponses']['responses'];

type Result<T> = { data?: T | null; error?: unknown };

function required<T>(result: Result<T>): T {
  if (result.error || !result.data) {
    // urql's CombinedError carries the server's 'CODE:message' texts for the error text.
    throw result.error instanceof Error ? result.error : new Error('no answer');
  }
  return result.data;
}

function communicationOf(raw: {
  roomSid: string | null;
  participantStatus: string | null;
  ringing: boolean;
  ringRemainingMs: number | null;
  videoCallHistory: { timestamp: unknown; participantReference: string; participantStatus: string }[];
}): CallCommunication {
  return {
    roomSid: raw.roomSid,
    participantStatus: raw.participantStatus,
    ringing: raw.ringing,
    ringRemainingMs: raw.ringRemainingMs,
    videoCallHistory: raw.videoCallHistory.map((entry) => ({
      timestamp: String(entry.timestamp),
      participantReference: entry.participantReference,
      participantStatus: entry.participantStatus,
    })),
  };
}

/**
 * The call's transport over the console's GraphQL client, for one hospital.
 * @param client - the urql client
 * @param organizationId - the hospital
 */
export function graphQLCallTransport(client: Client, organizationId: string): CallTransport {
  return {
    async placeCall(appointmentId) {
      const data = required(await client.mutation(staffVideoCallMutation, { organizationId, appointmentId }).toPromise());
      const call = data.staffVideoCall;
      return {
        roomSid: call.roomSid,
        iceServers: call.iceServers.map((server) => ({
          urls: [...server.urls],
          ...(server.username ? { username: server.username } : {}),
          ...(server.credential ? { credential: server.credential } : {}),
        })),
        communication: communicationOf(call.communication),
      };
    },
    async hangUp(appointmentId) {
      required(await client.mutation(staffVideoHangUpMutation, { organizationId, appointmentId }).toPromise());
    },
    async sendSignal(appointmentId, signal: CallSignalInput) {
      required(await client.mutation(staffSendCallSignalMutation, { organizationId, appointmentId, signal }).toPromise());
    },
    listen(appointmentId, handlers) {
      const subscription = client
        .subscription(staffCallLiveSubscription, { organizationId, appointmentId })
        .subscribe((result) => {
          if (result.error) {
            handlers.error(result.error);
            return;
          }
          const item = result.data?.staffSubscribeCommunication;
          if (item?.communication) {
            handlers.communication(communicationOf(item.communication));
          }
          if (item?.signal) {
            handlers.signal(item.signal);
          }
        });
      return () => subscription.unsubscribe();
    },
  };
}
