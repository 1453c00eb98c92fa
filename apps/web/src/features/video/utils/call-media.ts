/**
 * What the call needs of the browser's media and of the peer connection, behind one small interface
 * so that screens and the call hook can be tested with a fake (issue 13 Build 1 and 2). The real one
 * is ./browser-call-media.ts (getUserMedia, RTCPeerConnection, the Permissions API, WebAudio).
 */
import type { CallSignal, CallSignalInput, CallSignalKind, MediaCheck, PractitionerMedia } from '@careline/domain/video-call';

// The signalling messages are the domain's, shared with the staff console.
export type { CallSignal, CallSignalInput, CallSignalKind };


/** The call's signalling over our GraphQL (bound to one appointment and its call token). */
export type CallSignalling = {
  /** callIceServers(appointmentId, token): STUN and TURN with a per-call credential. */
  iceServers: () => Promise<RTCIceServer[]>;
  /** sendCallSignal(appointmentId, token, signal). */
  send: (signal: CallSignalInput) => Promise<void>;
  /** subscribeCommunication(appointmentId): the practitioner's signals; answers the unsubscribe. */
  listen: (onSignal: (signal: CallSignal) => void) => () => void;
};

/** The local and remote media of a call, for the video elements. */
export type CallStreams = { local: MediaStream | null; remote: MediaStream | null };

/** What the room tells the call (the hook turns each into a machine event of its join attempt). */
export type CallRoomEvents = {
  /** In the room: media on, peer ready, listening for the practitioner's offer. */
  joined: () => void;
  /** The media path to the practitioner is up. */
  practitionerConnected: () => void;
  /** The media path dropped without a hang-up. */
  practitionerDisconnected: () => void;
  /** The practitioner's camera and microphone notice (a media signal). */
  practitionerMedia: (media: PractitionerMedia) => void;
  /** The practitioner hung up (a hangup signal). */
  practitionerEnded: () => void;
  /** The camera or microphone was refused at the browser's prompt. */
  permissionDenied: () => void;
  /** The call cannot go on: CALL_CONNECTION_FAILED or a server message. */
  failed: (error: string) => void;
  streams: (streams: CallStreams) => void;
};

/** The room joined: switch the local camera or microphone, or leave (telling the practitioner). */
export type CallRoom = {
  setLocalMedia: (camera: boolean, microphone: boolean) => void;
  leave: () => void;
};

export type JoinRoomOptions = {
  roomSid: string;
  camera: boolean;
  microphone: boolean;
  signalling: CallSignalling;
};

/** The browser's side of a call. */
export type CallMedia = {
  /** The camera and microphone permissions and whether the device can make the call. */
  checkMedia: () => Promise<MediaCheck>;
  /** Calls back when a permission changes; answers the unsubscribe. */
  watchPermissions: (onChange: () => void) => () => void;
  joinRoom: (options: JoinRoomOptions, events: CallRoomEvents) => CallRoom;
  /** Starts the ring of the incoming card; answers the stop. */
  ring: () => () => void;
};

/** The error of a media path that could not be set up or failed (shown as 'video.ui.connectionFailed'). */
export const CALL_CONNECTION_FAILED = 'connection-failed';
