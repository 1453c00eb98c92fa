import { describe, expect, it, vi } from 'vitest';
import { AUDIO_MAX_BITRATE, PATIENT_VIDEO_MAX_BITRATE } from '@careline/domain/video-call';
import type { CallRoomEvents, CallSignal, CallSignalInput } from './call-media.ts';
import { CALL_MEDIA_CONSTRAINTS, joinPeerRoom, sdpSessionId } from './peer-room.ts';

class FakeTrack {
  enabled = true;
  stopped = false;
  contentHint = '';
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
}

class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks() {
    return this.tracks;
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
}

class FakeSender {
  parameters: Record<string, unknown> = { encodings: [{}] };
  constructor(readonly track: FakeTrack) {}
  getParameters() {
    return structuredClone(this.parameters);
  }
  async setParameters(parameters: Record<string, unknown>) {
    this.parameters = parameters;
  }
}

class FakePeer {
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  senders: FakeSender[] = [];
  candidates: RTCIceCandidateInit[] = [];
  closed = false;
  connectionState: RTCPeerConnectionState = 'new';
  ontrack: ((event: unknown) => void) | null = null;
  onicecandidate: ((event: unknown) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly configuration: RTCConfiguration) {}
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
  }
  addTrack(track: FakeTrack) {
    this.senders.push(new FakeSender(track));
  }
  getSenders() {
    return this.senders;
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: 'v=0\r\no=- 99 2 IN IP4 127.0.0.1\r\na=answer\r\n' };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
  }
  async getStats() {
    return new Map();
  }
  setState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const offer = (session: string) => `v=0\r\no=- ${session} 2 IN IP4 127.0.0.1\r\ns=-\r\n`;

function signal(partial: Partial<CallSignal> & Pick<CallSignal, 'kind'>): CallSignal {
  return { from: 'practitioner', roomSid: 'room-1', sdp: null, candidate: null, camera: null, microphone: null, ...partial };
}

function setUp(options: { getUserMedia?: () => Promise<unknown> } = {}) {
  const sent: CallSignalInput[] = [];
  let deliver: (signal: CallSignal) => void = () => undefined;
  const unsubscribe = vi.fn();
  const peers: FakePeer[] = [];
  const tracks = [new FakeTrack('audio'), new FakeTrack('video')];
  const stream = new FakeStream(tracks);
  const getUserMedia = vi.fn(options.getUserMedia ?? (async () => stream));
  const events = {
    joined: vi.fn(),
    practitionerConnected: vi.fn(),
    practitionerDisconnected: vi.fn(),
    practitionerMedia: vi.fn(),
    practitionerEnded: vi.fn(),
    permissionDenied: vi.fn(),
    failed: vi.fn(),
    streams: vi.fn(),
  } satisfies CallRoomEvents;
  const room = joinPeerRoom(
    {
      getUserMedia: getUserMedia as unknown as (constraints: MediaStreamConstraints) => Promise<MediaStream>,
      createPeerConnection: (configuration) => {
        const peer = new FakePeer(configuration);
        peers.push(peer);
        return peer as unknown as RTCPeerConnection;
      },
    },
    {
      roomSid: 'room-1',
      camera: true,
      microphone: true,
      signalling: {
        iceServers: async () => [{ urls: ['turn:turn.example.org:3478'], username: '1700000000:acc', credential: 'c2VjcmV0' }],
        send: async (input) => {
          sent.push(input);
        },
        listen: (onSignal) => {
          deliver = onSignal;
          return unsubscribe;
        },
      },
    },
    events,
  );
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { room, events, sent, peers, tracks, stream, getUserMedia, unsubscribe, deliver: (s: CallSignal) => deliver(s), flush };
}

describe('the patient side of a WebRTC call (issue 13 Build 1)', () => {
  it("joins with the call's ICE servers, camera and microphone, and tells the doctor its media state", async () => {
    const call = setUp();
    await call.flush();
    expect(call.getUserMedia).toHaveBeenCalledWith(CALL_MEDIA_CONSTRAINTS);
    expect(call.peers).toHaveLength(1);
    expect(call.peers[0]?.configuration).toMatchObject({
      iceServers: [{ urls: ['turn:turn.example.org:3478'], username: '1700000000:acc', credential: 'c2VjcmV0' }],
      bundlePolicy: 'max-bundle',
      iceTransportPolicy: 'all',
    });
    expect(call.events.joined).toHaveBeenCalledTimes(1);
    expect(call.events.streams).toHaveBeenLastCalledWith({ local: call.stream, remote: null });
    expect(call.sent).toEqual([{ kind: 'media', camera: true, microphone: true }]);
  });

  it("answers the doctor's offer with its tracks, adds candidates in order, and limits bitrates with audio first", async () => {
    const call = setUp();
    // A candidate that arrives before the offer waits for it.
    call.deliver(signal({ kind: 'candidate', candidate: JSON.stringify({ candidate: 'candidate:1', sdpMid: '0' }) }));
    await call.flush();
    call.deliver(signal({ kind: 'offer', sdp: offer('111') }));
    call.deliver(signal({ kind: 'candidate', candidate: JSON.stringify({ candidate: 'candidate:2', sdpMid: '0' }) }));
    await vi.waitFor(() => expect(call.peers[0]?.candidates).toHaveLength(2));
    const peer = call.peers[0]!;
    expect(peer.remoteDescription).toEqual({ type: 'offer', sdp: offer('111') });
    expect(peer.senders.map((sender) => sender.track)).toEqual(call.tracks);
    expect(call.sent).toContainEqual({ kind: 'answer', sdp: 'v=0\r\no=- 99 2 IN IP4 127.0.0.1\r\na=answer\r\n' });
    expect(peer.candidates.map((candidate) => candidate.candidate)).toEqual(['candidate:1', 'candidate:2']);
    const [audio, video] = peer.senders;
    expect(audio?.parameters).toMatchObject({ encodings: [{ maxBitrate: AUDIO_MAX_BITRATE, priority: 'high', networkPriority: 'high' }] });
    expect(video?.parameters).toMatchObject({
      encodings: [{ maxBitrate: PATIENT_VIDEO_MAX_BITRATE, priority: 'low' }],
      degradationPreference: 'maintain-framerate',
    });
  });

  it('sends its own ICE candidates and follows the connection state', async () => {
    const call = setUp();
    await call.flush();
    const peer = call.peers[0]!;
    peer.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: 'candidate:9', sdpMid: '0', sdpMLineIndex: 0 }) } });
    await call.flush();
    expect(call.sent).toContainEqual({
      kind: 'candidate',
      candidate: JSON.stringify({ candidate: 'candidate:9', sdpMid: '0', sdpMLineIndex: 0 }),
    });
    peer.setState('connected');
    expect(call.events.practitionerConnected).toHaveBeenCalledTimes(1);
    peer.setState('disconnected');
    expect(call.events.practitionerDisconnected).toHaveBeenCalledTimes(1);
    peer.setState('failed');
    expect(call.events.failed).toHaveBeenCalledWith('connection-failed');
    call.room.leave();
  });

  it("relays the doctor's media state and hang-up; a hung-up call is left without a hang-up back", async () => {
    const call = setUp();
    await call.flush();
    call.deliver(signal({ kind: 'media', camera: false, microphone: true }));
    await vi.waitFor(() => expect(call.events.practitionerMedia).toHaveBeenCalledWith({ camera: false, microphone: true }));
    call.deliver(signal({ kind: 'hangup' }));
    await vi.waitFor(() => expect(call.events.practitionerEnded).toHaveBeenCalledTimes(1));
    call.room.leave();
    expect(call.sent.filter((input) => input.kind === 'hangup')).toEqual([]);
    expect(call.peers[0]?.closed).toBe(true);
    expect(call.tracks.every((track) => track.stopped)).toBe(true);
    expect(call.unsubscribe).toHaveBeenCalled();
  });

  it('ignores signals of another room or from the patient side', async () => {
    const call = setUp();
    await call.flush();
    call.deliver(signal({ kind: 'hangup', roomSid: 'room-2' }));
    call.deliver(signal({ kind: 'hangup', from: 'patient' }));
    await call.flush();
    expect(call.events.practitionerEnded).not.toHaveBeenCalled();
  });

  it('leaving tells the doctor (hangup), closes the peer and stops the camera and microphone', async () => {
    const call = setUp();
    await call.flush();
    call.room.leave();
    await call.flush();
    expect(call.sent).toContainEqual({ kind: 'hangup' });
    expect(call.peers[0]?.closed).toBe(true);
    expect(call.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('mute and camera switch the tracks and tell the doctor', async () => {
    const call = setUp();
    await call.flush();
    call.room.setLocalMedia(false, true);
    expect(call.tracks.find((track) => track.kind === 'video')?.enabled).toBe(false);
    expect(call.tracks.find((track) => track.kind === 'audio')?.enabled).toBe(true);
    call.room.setLocalMedia(false, false);
    expect(call.tracks.find((track) => track.kind === 'audio')?.enabled).toBe(false);
    await call.flush();
    expect(call.sent.at(-1)).toEqual({ kind: 'media', camera: false, microphone: false });
  });

  it('a refused camera or microphone is reported as a denied permission, not as a failure', async () => {
    const call = setUp({
      getUserMedia: async () => {
        throw Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
      },
    });
    await call.flush();
    await call.flush();
    expect(call.events.permissionDenied).toHaveBeenCalledTimes(1);
    expect(call.events.failed).not.toHaveBeenCalled();
    expect(call.events.joined).not.toHaveBeenCalled();
  });

  it('an offer from a new peer connection of the doctor starts a fresh one here; a renegotiation does not', async () => {
    const call = setUp();
    await call.flush();
    call.deliver(signal({ kind: 'offer', sdp: offer('111') }));
    await vi.waitFor(() => expect(call.peers[0]?.localDescription).not.toBeNull());
    call.deliver(signal({ kind: 'offer', sdp: offer('111').replace(' 2 IN', ' 3 IN') }));
    await call.flush();
    await call.flush();
    expect(call.peers).toHaveLength(1);
    call.deliver(signal({ kind: 'offer', sdp: offer('222') }));
    await vi.waitFor(() => expect(call.peers).toHaveLength(2));
    expect(call.peers[0]?.closed).toBe(true);
    await vi.waitFor(() => expect(call.peers[1]?.remoteDescription).toEqual({ type: 'offer', sdp: offer('222') }));
  });

  it('reads the session id of an SDP', () => {
    expect(sdpSessionId(offer('4611731400430051336'))).toBe('4611731400430051336');
    expect(sdpSessionId('v=0\r\n')).toBeNull();
  });
});
