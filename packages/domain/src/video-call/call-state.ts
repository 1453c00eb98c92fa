/**
 * The patient's video call's state, events and effects (spec doc 2 §4 Video call; issue 13 Build 3):
 * what videoCallReducer (./machine.ts) reads, is told and asks the app to run.
 */
import { UNCHECKED_MEDIA, type MediaCheck } from './devices.ts';
import type { VideoCommunicationReport } from './history.ts';

/** Connection states (spec doc 2 §4 Video call): 0 idle, 1 connecting or waiting, 2 connected with the practitioner, 3 error. */
export const VIDEO_CALL_CONNECTION = { IDLE: 0, CONNECTING: 1, CONNECTED: 2, ERROR: 3 } as const;
export type VideoCallConnection =
  (typeof VIDEO_CALL_CONNECTION)[keyof typeof VIDEO_CALL_CONNECTION];

/** Within state 1: joining the room, then waiting for the practitioner in it. */
export type CallPhase = 'connecting' | 'waiting';

/** What the call reads of an appointment (spec doc 2 §3 Appointment). */
export type CallAppointment = {
  id: string;
  sessionId: string;
  patientId: string;
  doctorName: string;
  appointmentStatus: string;
  /** The room of the call (remoteCommunicationLink); passed as roomSid to createTwilioToken. */
  remoteCommunicationLink: string | null;
  /** communication.participantStatus: 'connected' while the practitioner is calling in the room. */
  participantStatus: string | null;
  /**
   * communication.ringing: the server's answer whether the call rings now (./ring.ts callRing): not
   * once answered on another device, hung up or timed out (issue 29 §2.7).
   */
  ringing: boolean;
};

/** Whether the practitioner's media are on, for the notices (spec doc 2 §2). */
export type PractitionerMedia = { camera: boolean; microphone: boolean };

export type VideoCallState = {
  connection: VideoCallConnection;
  /** Set in state 1 only. */
  phase: CallPhase | null;
  /** The appointment the call is about: the one ringing or in the call. */
  appointment: CallAppointment | null;
  /** Whether the incoming card '<doctor> is calling...' shows (with its ring). */
  incoming: boolean;
  /** The room joined or being joined. */
  roomLink: string | null;
  /** The video token for the room; created by join, cleared by hang-up. */
  token: string | null;
  /** Counts joins; effects carry it and events must bring it back. */
  attempt: number;
  media: MediaCheck;
  /** The patient's own camera and microphone (the toggles). */
  camera: boolean;
  microphone: boolean;
  practitionerMedia: PractitionerMedia;
  minimized: boolean;
  /** Whether 'Are you sure you want to end this call' is open. */
  confirmingEnd: boolean;
  /** When the practitioner first connected in this call (epoch ms), for the timer. */
  connectedAt: number | null;
  /** The error shown with 'Refresh the call' in state 3. */
  error: string | null;
  /** Whether the patient told the server 'connected' and owes it a 'disconnected'. */
  reportedConnected: boolean;
  /** The call the patient (or the practitioner) ended; its room does not ring again until the practitioner calls anew. */
  ended: EndedCall | null;
};

/** An ended call: the appointment and the room it was in. */
export type EndedCall = { appointmentId: string; roomLink: string };

export type VideoCallEvent =
  /** An appointment arrived from the subscription (spec doc 2 §4 Live updates). */
  | { type: 'appointmentChanged'; appointment: CallAppointment }
  /** The camera and microphone permissions and device support were read. */
  | { type: 'mediaChecked'; media: MediaCheck }
  /** 'Join Now'. */
  | { type: 'join' }
  | { type: 'tokenCreated'; attempt: number; token: string }
  | { type: 'tokenFailed'; attempt: number; error: string }
  /** The patient is in the room. */
  | { type: 'roomJoined'; attempt: number }
  | { type: 'practitionerConnected'; attempt: number; at: number }
  /** The practitioner's media stopped (left or lost the connection) without ending the call. */
  | { type: 'practitionerDisconnected'; attempt: number }
  | { type: 'practitionerMediaChanged'; attempt: number; media: PractitionerMedia }
  /** The practitioner ended the call. */
  | { type: 'practitionerEnded'; attempt: number }
  | { type: 'connectionFailed'; attempt: number; error: string }
  /** 'Refresh the call'. */
  | { type: 'refresh' }
  | { type: 'toggleCamera' }
  | { type: 'toggleMicrophone' }
  /** Minimize, then 'View' to restore. */
  | { type: 'minimize' }
  | { type: 'restore' }
  /** End Call (or End on 'Call ongoing'): opens the confirm. */
  | { type: 'endRequested' }
  /** 'Not now'. */
  | { type: 'endCancelled' }
  /** 'End'. */
  | { type: 'endConfirmed' };

export type VideoCallEventType = VideoCallEvent['type'];

export type VideoCallEffect =
  /** createTwilioToken(roomSid, appointmentId) (spec doc 2 §7), then tokenCreated or tokenFailed. */
  | { type: 'createToken'; attempt: number; roomSid: string; appointmentId: string }
  /** Join opens the appointment view (spec doc 2 §4). */
  | { type: 'openAppointmentView'; path: string }
  /** Join the room with the token and the current camera and microphone; then roomJoined or connectionFailed. */
  | {
      type: 'connectRoom';
      attempt: number;
      roomSid: string;
      token: string;
      camera: boolean;
      microphone: boolean;
    }
  | { type: 'disconnectRoom' }
  /** Tell the server the patient's side of the call (spec doc 2 §4). */
  | { type: 'reportCommunication'; report: VideoCommunicationReport }
  | { type: 'setLocalMedia'; camera: boolean; microphone: boolean };

export type VideoCallStep = { state: VideoCallState; effects: VideoCallEffect[] };

/** No call: nothing ringing, nothing known about the devices yet. */
export const INITIAL_VIDEO_CALL_STATE: VideoCallState = {
  connection: VIDEO_CALL_CONNECTION.IDLE,
  phase: null,
  appointment: null,
  incoming: false,
  roomLink: null,
  token: null,
  attempt: 0,
  media: UNCHECKED_MEDIA,
  camera: true,
  microphone: true,
  practitionerMedia: { camera: true, microphone: true },
  minimized: false,
  confirmingEnd: false,
  connectedAt: null,
  error: null,
  reportedConnected: false,
  ended: null,
};
