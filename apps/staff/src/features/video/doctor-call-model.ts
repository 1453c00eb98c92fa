/**
 * The doctor's call as the console sees it (issue 13 Build 1 and 4; spec doc 2 §4 Video call): the
 * signalling and media shapes the call talks through, its snapshot and statuses, and the pure rules
 * on them. The call itself (the peer connection and its signalling) is ./doctor-call.ts.
 */
import type { CallSignal, CallSignalInput, CallSignalKind } from '@careline/domain/video-call';

// The signalling messages are the domain's, shared with the patient app.
export type { CallSignal, CallSignalInput, CallSignalKind };

/** One entry of RTCConfiguration.iceServers as the server hands it out. */
export type CallIceServer = { urls: string[]; username?: string; credential?: string };

/** A connect or disconnect line of the call history. */
export type CallHistoryLine = { timestamp: string; participantReference: string; participantStatus: string };

/** The appointment's VIDEOCONF communication, as far as the call reads it. */
export type CallCommunication = {
  roomSid: string | null;
  participantStatus: string | null;
  videoCallHistory: CallHistoryLine[];
  /**
   * Whether the patient's phone rings now, and while it does the milliseconds until the ring runs
   * out, as the server answers them from the domain's callRing (issue 29 §2.7). Absent: the
   * communication says nothing of the ring.
   */
  ringing?: boolean;
  ringRemainingMs?: number | null;
};


/** The call's server side: Call, hang-up, signalling and the live channel of the call. */
export type CallTransport = {
  placeCall: (appointmentId: string) => Promise<{ roomSid: string; iceServers: CallIceServer[]; communication: CallCommunication }>;
  hangUp: (appointmentId: string) => Promise<void>;
  sendSignal: (appointmentId: string, signal: CallSignalInput) => Promise<void>;
  /** Listens to the call's live channel; answers the stop. */
  listen: (
    appointmentId: string,
    handlers: { communication: (communication: CallCommunication) => void; signal: (signal: CallSignal) => void; error: (error: unknown) => void },
  ) => () => void;
};

/** The browser parts a call uses; tests pass fakes. */
export type CallMediaDevices = {
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  createPeerConnection: (configuration: RTCConfiguration) => RTCPeerConnection;
  /** 'relay' forces TURN (the relay-only browser test); 'all' by default. */
  iceTransportPolicy?: RTCIceTransportPolicy;
};

/**
 * Where the call is:
 * - idle: no call yet (Call shows);
 * - starting: the camera and microphone are being opened and the call placed;
 * - ringing: the patient's phone rings;
 * - connecting: the patient joined, the media path is being set up;
 * - connected: the two see and hear each other (the timer runs);
 * - reconnecting: the media path dropped for a moment;
 * - connectionLost: the media path failed; the patient may rejoin;
 * - patientLeft: the patient hung up or left; they may rejoin while the call rings;
 * - ending: the hang-up is on its way;
 * - noAnswer: the ring ran out without an answer (the domain's CALL_RING_TIMEOUT_MS); the call
 *   was hung up; Call again and Close show;
 * - ended: the call is over (Call shows again);
 * - failed: the call could not be placed (the camera or microphone, or the server refused).
 */
export type DoctorCallStatus =
  | 'idle'
  | 'starting'
  | 'ringing'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'connectionLost'
  | 'patientLeft'
  | 'ending'
  | 'noAnswer'
  | 'ended'
  | 'failed';

/** Why the camera and microphone did not open. */
export type MediaProblem = 'denied' | 'unavailable';

/** What the screen shows of the call. */
export type DoctorCallSnapshot = {
  status: DoctorCallStatus;
  roomSid: string | null;
  /** When the media path first connected in this call (epoch ms), for the mm:ss timer. */
  connectedAt: number | null;
  /** The doctor's own camera and microphone (the toggles). */
  camera: boolean;
  microphone: boolean;
  /** The patient's camera and microphone from its last media message; null before any. */
  patientMedia: { camera: boolean; microphone: boolean } | null;
  mediaProblem: MediaProblem | null;
  /** A server error (Call or hang-up refused), for the error text. */
  error: unknown;
  local: MediaStream | null;
  remote: MediaStream | null;
};

export const INITIAL_DOCTOR_CALL: DoctorCallSnapshot = {
  status: 'idle',
  roomSid: null,
  connectedAt: null,
  camera: true,
  microphone: true,
  patientMedia: null,
  mediaProblem: null,
  error: null,
  local: null,
  remote: null,
};

/** A desk camera at up to 720p; echo cancellation for a consulting room's speakers. */
export const DOCTOR_MEDIA_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 24, max: 30 } },
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

/** How long a dropped media path may stay down before the doctor restarts ICE. */
export const ICE_RESTART_AFTER_MS = 3_000;

/** The statuses in which a call is placed and not yet over. */
export const ACTIVE_CALL_STATUSES: readonly DoctorCallStatus[] = ['ringing', 'connecting', 'connected', 'reconnecting', 'connectionLost', 'patientLeft'];

/** The statuses in which the patient's phone rings (placed and nobody in, or the patient left). */
export const RINGING_CALL_STATUSES: readonly DoctorCallStatus[] = ['ringing', 'patientLeft'];

/**
 * Whether a call is on (placed and not ended): the in-call view shows.
 * @param status - the call's status
 */
export function isCallOn(status: DoctorCallStatus): boolean {
  return status === 'starting' || status === 'ending' || ACTIVE_CALL_STATUSES.includes(status);
}

/** Whether Call may be pressed. */
export function canPlaceCall(status: DoctorCallStatus): boolean {
  return status === 'idle' || status === 'ended' || status === 'failed' || status === 'noAnswer';
}

/**
 * The patient's presence in the current call from the communication's history: the patient's
 * connects after the last connect of a staff member (the current call), and whether the last of the
 * patient's lines there is a connect.
 * @param history - the call history, oldest first
 */
export function patientPresence(history: readonly CallHistoryLine[]): { joins: number; present: boolean | null } {
  let start = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const line = history[i];
    if (line && !line.participantReference.startsWith('Patient/') && line.participantStatus === 'connected') {
      start = i + 1;
      break;
    }
  }
  let joins = 0;
  let present: boolean | null = null;
  for (const line of history.slice(start)) {
    if (!line.participantReference.startsWith('Patient/')) {
      continue;
    }
    if (line.participantStatus === 'connected') {
      joins += 1;
      present = true;
    } else if (line.participantStatus === 'disconnected') {
      present = false;
    }
  }
  return { joins, present };
}
