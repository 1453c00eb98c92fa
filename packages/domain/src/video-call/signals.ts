/**
 * The call's signalling messages, as both sides send and receive them (docs/api-contract.md 'Video
 * calls': CallSignalKind, the CallSignal that subscriptions deliver, the CallSignalInput that
 * sendCallSignal and staffSendCallSignal take). One definition for the patient app and the console.
 */

/** The signal kinds of the call (CallSignalKind). */
export type CallSignalKind = 'offer' | 'answer' | 'candidate' | 'hangup' | 'media';

/** A signalling message from the other party, as the live channel delivers it. */
export type CallSignal = {
  kind: CallSignalKind;
  /** patient or practitioner */
  from: string;
  roomSid: string;
  sdp: string | null;
  /** RTCIceCandidateInit as JSON; null ends the candidates. */
  candidate: string | null;
  camera: boolean | null;
  microphone: boolean | null;
};

/** A signalling message to the other party (CallSignalInput). */
export type CallSignalInput = {
  kind: CallSignalKind;
  sdp?: string;
  candidate?: string;
  camera?: boolean;
  microphone?: boolean;
};
