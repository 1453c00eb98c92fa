/**
 * Stand-ins for the browser's media and peer connection and for the server, for the video call's
 * unit tests: they record what the call did and let a test play the patient's side.
 */
import { CALL_RING_TIMEOUT_MS } from '@careline/domain/video-call';
import { vi } from 'vitest';
import type { CallCommunication, CallMediaDevices, CallSignal, CallSignalInput, CallTransport } from './doctor-call.ts';

export class FakeTrack {
  enabled = true;
  stopped = false;
  contentHint = '';
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

type Encoding = Record<string, unknown>;

export class FakeSender {
  parameters: { encodings: Encoding[]; degradationPreference?: string };
  constructor(
    readonly track: FakeTrack,
    encodings: Encoding[],
  ) {
    this.parameters = { encodings: encodings.map((encoding) => ({ ...encoding })) };
  }
  getParameters() {
    return structuredClone(this.parameters);
  }
  setParameters = vi.fn((parameters: { encodings: Encoding[]; degradationPreference?: string }) => {
    this.parameters = structuredClone(parameters);
    return Promise.resolve();
  });
}

let peerCount = 0;

export class FakePeer {
  readonly number = ++peerCount;
  onicecandidate: ((event: { candidate: { toJSON: () => RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack; streams: FakeStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  readonly senders: FakeSender[] = [];
  readonly transceivers: { track: FakeTrack; init: { direction: string; sendEncodings: Encoding[] } }[] = [];
  readonly added: RTCIceCandidateInit[] = [];
  closed = false;
  stats: Record<string, unknown>[] = [];

  constructor(readonly configuration: RTCConfiguration) {}

  addTransceiver(track: FakeTrack, init: { direction: string; streams: unknown[]; sendEncodings: Encoding[] }) {
    this.transceivers.push({ track, init });
    this.senders.push(new FakeSender(track, init.sendEncodings));
  }
  getSenders() {
    return this.senders;
  }
  readonly offers: (RTCOfferOptions | undefined)[] = [];
  createOffer(options?: RTCOfferOptions) {
    this.offers.push(options);
    return Promise.resolve({ type: 'offer', sdp: `v=0\r\no=- ${this.number} ${this.offers.length + 1} IN IP4 127.0.0.1\r\n` });
  }
  setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
    return Promise.resolve();
  }
  setRemoteDescription(description: { type: string; sdp: string }) {
    this.remoteDescription = description;
    this.signalingState = description.type === 'answer' ? 'stable' : 'have-remote-offer';
    return Promise.resolve();
  }
  addIceCandidate(candidate: RTCIceCandidateInit) {
    this.added.push(candidate);
    return Promise.resolve();
  }
  getStats() {
    return Promise.resolve(new Map(this.stats.map((stat, index) => [String(index), stat])));
  }
  close() {
    this.closed = true;
  }
  /** The browser found a local candidate. */
  emitCandidate(candidate: RTCIceCandidateInit) {
    this.onicecandidate?.({ candidate: { toJSON: () => candidate } });
  }
  /** The media path changed. */
  setConnectionState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  /** The patient's media arrived. */
  emitTrack() {
    const track = new FakeTrack('video');
    this.ontrack?.({ track, streams: [new FakeStream([track])] });
  }
}

/** Fake browser devices: every peer connection made, the local stream, and a getUserMedia to replace. */
export function fakeDevices() {
  const peers: FakePeer[] = [];
  const local = new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);
  const devices = {
    getUserMedia: vi.fn((_constraints: MediaStreamConstraints) => Promise.resolve(local as unknown as MediaStream)),
    createPeerConnection: vi.fn((configuration: RTCConfiguration) => {
      const peer = new FakePeer(configuration);
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    }),
  } satisfies CallMediaDevices;
  return { devices, peers, local, lastPeer: () => peers[peers.length - 1] };
}

export const ROOM = 'room-1';

/** A history line. */
export function line(reference: string, status: 'connected' | 'disconnected', second = 0) {
  return { timestamp: new Date(Date.UTC(2030, 0, 1, 9, 0, second)).toISOString(), participantReference: reference, participantStatus: status };
}

/** Fake server side: records every call and lets the test deliver communications and patient signals. */
export function fakeTransport() {
  let handlers: Parameters<CallTransport['listen']>[1] | null = null;
  const sent: CallSignalInput[] = [];
  const order: string[] = [];
  const stop = vi.fn(() => {
    handlers = null;
  });
  const transport = {
    placeCall: vi.fn((_appointmentId: string) => {
      order.push('placeCall');
      return Promise.resolve({
        roomSid: ROOM,
        iceServers: [{ urls: ['turn:turn.example:3478'], username: '1900000000:u1', credential: 'secret' }],
        // The server's ring as it answers it at the Call (issue 29 §2.7).
        communication: {
          roomSid: ROOM,
          participantStatus: 'connected',
          videoCallHistory: [line('Practitioner/d1', 'connected')],
          ringing: true,
          ringRemainingMs: CALL_RING_TIMEOUT_MS,
        },
      });
    }),
    hangUp: vi.fn((_appointmentId: string) => Promise.resolve()),
    sendSignal: vi.fn((_appointmentId: string, signal: CallSignalInput) => {
      sent.push(signal);
      return Promise.resolve();
    }),
    listen: vi.fn((_appointmentId: string, next: Parameters<CallTransport['listen']>[1]) => {
      order.push('listen');
      handlers = next;
      return stop;
    }),
  } satisfies CallTransport;
  const patientSignal = (signal: Partial<CallSignal> & Pick<CallSignal, 'kind'>) =>
    handlers?.signal({ from: 'patient', roomSid: ROOM, sdp: null, candidate: null, camera: null, microphone: null, ...signal });
  return {
    transport,
    sent,
    order,
    stop,
    listening: () => handlers !== null,
    communication: (communication: CallCommunication) => handlers?.communication(communication),
    patientSignal,
    /** The patient joins: its 'connected' report and its media message. */
    patientJoins: (joins = 1) => {
      const history = [line('Practitioner/d1', 'connected')];
      for (let i = 0; i < joins; i++) {
        history.push(line('Patient/p1', 'connected', i + 1));
      }
      handlers?.communication({ roomSid: ROOM, participantStatus: 'connected', videoCallHistory: history, ringing: false, ringRemainingMs: null });
      patientSignal({ kind: 'media', camera: true, microphone: true });
    },
    /** The patient leaves after joining: their 'disconnected' report rings the phone again for a rejoin, for a whole ring. */
    patientLeaves: () =>
      handlers?.communication({
        roomSid: ROOM,
        participantStatus: 'connected',
        videoCallHistory: [line('Practitioner/d1', 'connected'), line('Patient/p1', 'connected', 1), line('Patient/p1', 'disconnected', 2)],
        ringing: true,
        ringRemainingMs: CALL_RING_TIMEOUT_MS,
      }),
  };
}

/** Lets queued promise work run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await Promise.resolve();
  }
}
