import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_MAX_BITRATE, BANDWIDTH_SAMPLE_MS, CALL_RING_TIMEOUT_MS, DOCTOR_VIDEO_START_BITRATE } from '@careline/domain/video-call';
import { canPlaceCall, DoctorCall, ICE_RESTART_AFTER_MS, isCallOn, patientPresence } from './doctor-call.ts';
import { fakeDevices, fakeTransport, line, ROOM, settle } from './fake-call.ts';

function setUp(now = () => 1_000) {
  const devices = fakeDevices();
  const server = fakeTransport();
  const call = new DoctorCall('a1', server.transport, devices.devices, now);
  return { devices, server, call };
}

/** Placed, the patient joined, answered, and the media path is up. */
async function connected(now?: () => number) {
  const setup = setUp(now);
  await setup.call.call();
  setup.server.patientJoins();
  await settle();
  setup.server.patientSignal({ kind: 'answer', sdp: 'v=0\r\nanswer' });
  await settle();
  setup.devices.lastPeer()?.setConnectionState('connected');
  await settle();
  return setup;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('patientPresence', () => {
  it('counts the patient’s joins after the current call’s connect and whether the patient is in', () => {
    expect(patientPresence([])).toEqual({ joins: 0, present: null });
    expect(patientPresence([line('Practitioner/d1', 'connected')])).toEqual({ joins: 0, present: null });
    // An earlier call's lines do not count.
    expect(
      patientPresence([
        line('Practitioner/d1', 'connected'),
        line('Patient/p1', 'connected'),
        line('Practitioner/d1', 'disconnected'),
        line('User/u2', 'connected'),
        line('Patient/p1', 'connected'),
        line('Patient/p1', 'disconnected'),
      ]),
    ).toEqual({ joins: 1, present: false });
    expect(patientPresence([line('Practitioner/d1', 'connected'), line('Patient/p1', 'connected'), line('Patient/p1', 'disconnected'), line('Patient/p1', 'connected')])).toEqual({
      joins: 2,
      present: true,
    });
  });

  it('tells when a call is on and when Call may be pressed', () => {
    expect(isCallOn('ringing')).toBe(true);
    expect(isCallOn('ended')).toBe(false);
    expect(canPlaceCall('ended')).toBe(true);
    expect(canPlaceCall('connected')).toBe(false);
  });
});

describe('DoctorCall', () => {
  it('opens the camera and microphone, listens before it rings, and rings the patient', async () => {
    const { devices, server, call } = setUp();
    const seen: string[] = [];
    call.subscribe(() => seen.push(call.getSnapshot().status));
    await call.call();
    expect(devices.devices.getUserMedia).toHaveBeenCalledTimes(1);
    expect(server.order).toEqual(['listen', 'placeCall']);
    expect(seen).toEqual(['starting', 'starting', 'ringing']);
    expect(call.getSnapshot()).toMatchObject({ status: 'ringing', roomSid: ROOM, local: devices.local });
    // Nobody is in the room yet: no offer.
    expect(devices.peers).toHaveLength(0);
  });

  it('offers on a fresh peer connection when the patient joins, with the ICE servers of the call, audio first', async () => {
    const { devices, server, call } = setUp();
    await call.call();
    server.patientJoins();
    await settle();
    expect(devices.peers).toHaveLength(1);
    const peer = devices.lastPeer()!;
    expect(peer.configuration).toMatchObject({
      iceServers: [{ urls: ['turn:turn.example:3478'], username: '1900000000:u1', credential: 'secret' }],
      iceTransportPolicy: 'all',
    });
    expect(peer.transceivers.map((t) => [t.track.kind, t.init.sendEncodings[0]])).toEqual([
      ['audio', { maxBitrate: AUDIO_MAX_BITRATE, priority: 'high', networkPriority: 'high' }],
      ['video', { maxBitrate: DOCTOR_VIDEO_START_BITRATE, scaleResolutionDownBy: 1, priority: 'low', networkPriority: 'low' }],
    ]);
    expect(server.sent).toEqual([{ kind: 'offer', sdp: peer.localDescription?.sdp }]);
    expect(call.getSnapshot().status).toBe('connecting');
    expect(call.getSnapshot().patientMedia).toEqual({ camera: true, microphone: true });
  });

  it('takes the answer, trickles candidates both ways (the early ones wait for the answer), and connects', async () => {
    const { devices, server, call } = setUp(() => 5_000);
    await call.call();
    server.patientJoins();
    await settle();
    const peer = devices.lastPeer()!;
    server.patientSignal({ kind: 'candidate', candidate: JSON.stringify({ candidate: 'candidate:1', sdpMid: '0' }) });
    await settle();
    expect(peer.added).toEqual([]);
    server.patientSignal({ kind: 'answer', sdp: 'v=0\r\nanswer' });
    await settle();
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0\r\nanswer' });
    expect(peer.added).toEqual([{ candidate: 'candidate:1', sdpMid: '0' }]);
    server.patientSignal({ kind: 'candidate', candidate: JSON.stringify({ candidate: 'candidate:2', sdpMid: '0' }) });
    // The end of the patient's candidates needs nothing.
    server.patientSignal({ kind: 'candidate' });
    await settle();
    expect(peer.added).toHaveLength(2);

    peer.emitCandidate({ candidate: 'candidate:9', sdpMid: '0', sdpMLineIndex: 0 });
    expect(server.sent.at(-1)).toEqual({ kind: 'candidate', candidate: JSON.stringify({ candidate: 'candidate:9', sdpMid: '0', sdpMLineIndex: 0 }) });

    peer.emitTrack();
    expect(call.getSnapshot().remote).not.toBeNull();
    peer.setConnectionState('connected');
    await settle();
    expect(call.getSnapshot()).toMatchObject({ status: 'connected', connectedAt: 5_000 });
    // The patient's practitioner notices start from the doctor's media state.
    expect(server.sent.at(-1)).toEqual({ kind: 'media', camera: true, microphone: true });
    call.dispose();
  });

  it('ignores signals of another room, from itself, and a second answer', async () => {
    const { devices, server, call } = setUp();
    await call.call();
    server.patientSignal({ kind: 'media', camera: true, microphone: true, roomSid: 'room-old' });
    server.patientSignal({ kind: 'media', camera: true, microphone: true, from: 'practitioner' });
    await settle();
    expect(devices.peers).toHaveLength(0);
    server.patientJoins();
    await settle();
    server.patientSignal({ kind: 'answer', sdp: 'v=0\r\nfirst' });
    server.patientSignal({ kind: 'answer', sdp: 'v=0\r\nsecond' });
    await settle();
    expect(devices.lastPeer()?.remoteDescription?.sdp).toBe('v=0\r\nfirst');
  });

  it('mutes and turns the camera off on the tracks and tells the patient', async () => {
    const { devices, server, call } = await connected();
    call.toggleMicrophone();
    expect(devices.local.getAudioTracks()[0]?.enabled).toBe(false);
    expect(server.sent.at(-1)).toEqual({ kind: 'media', camera: true, microphone: false });
    call.toggleCamera();
    expect(devices.local.getVideoTracks()[0]?.enabled).toBe(false);
    expect(server.sent.at(-1)).toEqual({ kind: 'media', camera: false, microphone: false });
    expect(call.getSnapshot()).toMatchObject({ camera: false, microphone: false });
    call.toggleMicrophone();
    expect(server.sent.at(-1)).toEqual({ kind: 'media', camera: false, microphone: true });
    call.dispose();
  });

  it('shows the patient’s camera and microphone state', async () => {
    const { server, call } = await connected();
    server.patientSignal({ kind: 'media', camera: false, microphone: true });
    await settle();
    expect(call.getSnapshot().patientMedia).toEqual({ camera: false, microphone: true });
    call.dispose();
  });

  it('says the patient left on their hang-up, and offers afresh when they join again', async () => {
    const { devices, server, call } = await connected();
    const first = devices.lastPeer()!;
    server.patientSignal({ kind: 'hangup' });
    await settle();
    expect(first.closed).toBe(true);
    expect(call.getSnapshot()).toMatchObject({ status: 'patientLeft', remote: null, patientMedia: null });
    server.patientJoins(2);
    await settle();
    expect(devices.peers).toHaveLength(2);
    expect(server.sent.filter((s) => s.kind === 'offer')).toHaveLength(2);
    expect(call.getSnapshot().status).toBe('connecting');
    // The timer keeps counting from the call's first connect.
    expect(call.getSnapshot().connectedAt).toBe(1_000);
    call.dispose();
  });

  it('says the patient left on their disconnected report', async () => {
    const { server, call } = await connected();
    server.communication({
      roomSid: ROOM,
      participantStatus: 'connected',
      videoCallHistory: [line('Practitioner/d1', 'connected'), line('Patient/p1', 'connected', 1), line('Patient/p1', 'disconnected', 2)],
    });
    expect(call.getSnapshot().status).toBe('patientLeft');
    call.dispose();
  });

  it('offers again when the patient joins anew without leaving first (their page reloaded)', async () => {
    const { devices, server, call } = await connected();
    server.patientSignal({ kind: 'media', camera: true, microphone: true });
    await settle();
    expect(devices.peers).toHaveLength(1);
    server.communication({
      roomSid: ROOM,
      participantStatus: 'connected',
      videoCallHistory: [line('Practitioner/d1', 'connected'), line('Patient/p1', 'connected', 1), line('Patient/p1', 'connected', 2)],
    });
    await settle();
    expect(devices.peers).toHaveLength(2);
    expect(devices.peers[0]?.closed).toBe(true);
    call.dispose();
  });

  it('goes reconnecting on a dropped media path and connection lost on a failed one', async () => {
    const { devices, call } = await connected();
    devices.lastPeer()?.setConnectionState('disconnected');
    expect(call.getSnapshot().status).toBe('reconnecting');
    devices.lastPeer()?.setConnectionState('connected');
    expect(call.getSnapshot().status).toBe('connected');
    devices.lastPeer()?.setConnectionState('failed');
    expect(call.getSnapshot()).toMatchObject({ status: 'connectionLost', remote: null });
    expect(devices.lastPeer()?.closed).toBe(true);
    call.dispose();
  });

  it('restarts ICE on the same connection when the media path stays down', async () => {
    vi.useFakeTimers();
    const { devices, server, call } = await connected();
    const peer = devices.lastPeer()!;
    peer.setConnectionState('disconnected');
    await vi.advanceTimersByTimeAsync(ICE_RESTART_AFTER_MS);
    expect(devices.peers).toHaveLength(1);
    expect(peer.offers.at(-1)).toEqual({ iceRestart: true });
    expect(server.sent.filter((s) => s.kind === 'offer')).toHaveLength(2);
    server.patientSignal({ kind: 'answer', sdp: 'v=0\r\nrestarted' });
    await vi.advanceTimersByTimeAsync(0);
    expect(peer.remoteDescription?.sdp).toBe('v=0\r\nrestarted');
    peer.setConnectionState('connected');
    expect(call.getSnapshot().status).toBe('connected');
    // Back before the wait is over: no restart.
    peer.setConnectionState('disconnected');
    peer.setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(ICE_RESTART_AFTER_MS);
    expect(server.sent.filter((s) => s.kind === 'offer')).toHaveLength(2);
    call.dispose();
  });

  it('ends: leaves the media path, stops the camera, stops listening and hangs up', async () => {
    const { devices, server, call } = await connected();
    await call.end();
    expect(server.transport.hangUp).toHaveBeenCalledWith('a1');
    expect(devices.lastPeer()?.closed).toBe(true);
    expect(devices.local.getTracks().every((track) => track.stopped)).toBe(true);
    expect(server.stop).toHaveBeenCalled();
    expect(call.getSnapshot()).toMatchObject({ status: 'ended', local: null, remote: null });
    // Call again.
    await call.call();
    expect(server.transport.placeCall).toHaveBeenCalledTimes(2);
    expect(call.getSnapshot().status).toBe('ringing');
    call.dispose();
  });

  it('a refused hang-up still ends the call here and shows the error', async () => {
    const { server, call } = await connected();
    server.transport.hangUp.mockRejectedValueOnce(new Error('ARO-E8052:There is no call on this appointment now'));
    await call.end();
    expect(call.getSnapshot().status).toBe('ended');
    expect(String(call.getSnapshot().error)).toContain('ARO-E8052');
  });

  it('ends when the call was ended elsewhere', async () => {
    const { devices, server, call } = await connected();
    server.communication({ roomSid: ROOM, participantStatus: 'disconnected', videoCallHistory: [] });
    expect(call.getSnapshot().status).toBe('ended');
    expect(devices.lastPeer()?.closed).toBe(true);
    expect(server.transport.hangUp).not.toHaveBeenCalled();
  });

  it('does not ring when the camera and microphone are refused', async () => {
    const { devices, server, call } = setUp();
    devices.devices.getUserMedia.mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    await call.call();
    expect(call.getSnapshot()).toMatchObject({ status: 'failed', mediaProblem: 'denied' });
    expect(server.transport.placeCall).not.toHaveBeenCalled();
    devices.devices.getUserMedia.mockRejectedValueOnce(Object.assign(new Error('busy'), { name: 'NotReadableError' }));
    await call.call();
    expect(call.getSnapshot()).toMatchObject({ status: 'failed', mediaProblem: 'unavailable' });
  });

  it('a refused Call stops the camera and the listening and shows the error', async () => {
    const { devices, server, call } = setUp();
    server.transport.placeCall.mockRejectedValueOnce(new Error('ARO-E8051:This appointment is booked'));
    await call.call();
    expect(call.getSnapshot()).toMatchObject({ status: 'failed', mediaProblem: null });
    expect(String(call.getSnapshot().error)).toContain('ARO-E8051');
    expect(devices.local.getTracks().every((track) => track.stopped)).toBe(true);
    expect(server.stop).toHaveBeenCalled();
  });

  it('leaving the screen while ringing hangs up', async () => {
    const { server, call } = setUp();
    await call.call();
    call.dispose();
    await settle();
    expect(server.transport.hangUp).toHaveBeenCalledTimes(1);
  });

  it('leaving the screen while the camera opens rings nobody', async () => {
    const { devices, server, call } = setUp();
    let open: (stream: MediaStream) => void = () => undefined;
    devices.devices.getUserMedia.mockReturnValueOnce(new Promise((resolve) => (open = resolve)));
    const placing = call.call();
    call.dispose();
    open(devices.local as unknown as MediaStream);
    await placing;
    expect(server.transport.placeCall).not.toHaveBeenCalled();
    expect(devices.local.getTracks().every((track) => track.stopped)).toBe(true);
  });

  it('forces relayed connections when the devices ask for it', async () => {
    const devices = fakeDevices();
    const server = fakeTransport();
    const call = new DoctorCall('a1', server.transport, { ...devices.devices, iceTransportPolicy: 'relay' });
    await call.call();
    server.patientJoins();
    await settle();
    expect(devices.lastPeer()?.configuration.iceTransportPolicy).toBe('relay');
    call.dispose();
  });

  it('adapts the video to the link: lower and smaller on a weak one, audio untouched', async () => {
    vi.useFakeTimers();
    const { devices, call } = await connected();
    const peer = devices.lastPeer()!;
    const [audio, video] = peer.senders;
    peer.stats = [{ type: 'candidate-pair', nominated: true, availableOutgoingBitrate: 250_000 }];
    await vi.advanceTimersByTimeAsync(BANDWIDTH_SAMPLE_MS);
    expect(call.videoBitrateCeiling).toBe(Math.round((250_000 - AUDIO_MAX_BITRATE) * 0.85));
    expect(video?.parameters.encodings[0]).toMatchObject({ maxBitrate: call.videoBitrateCeiling, scaleResolutionDownBy: 4 });
    expect(video?.parameters.degradationPreference).toBe('maintain-framerate');
    expect(audio?.setParameters).not.toHaveBeenCalled();
    call.dispose();
  });
});

describe('DoctorCall: the ring runs out (issue 29 §2.7)', () => {
  it('a call nobody answers becomes no answer at exactly the ring’s end and hangs up once', async () => {
    vi.useFakeTimers();
    const { devices, server, call } = setUp();
    await call.call();
    expect(call.getSnapshot().status).toBe('ringing');
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS - 1);
    expect(call.getSnapshot().status).toBe('ringing');
    expect(server.transport.hangUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(call.getSnapshot()).toMatchObject({ status: 'noAnswer', local: null, remote: null, error: null });
    expect(server.transport.hangUp).toHaveBeenCalledTimes(1);
    expect(server.transport.hangUp).toHaveBeenCalledWith('a1');
    expect(devices.local.getTracks().every((track) => track.stopped)).toBe(true);
    expect(server.stop).toHaveBeenCalled();
    // Nothing more happens later, and leaving the screen hangs up no second time.
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS * 2);
    call.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.transport.hangUp).toHaveBeenCalledTimes(1);
    expect(call.getSnapshot().status).toBe('noAnswer');
  });

  it('an answer before the ring’s end never hangs up', async () => {
    vi.useFakeTimers();
    const { server, call } = setUp();
    await call.call();
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS - 1);
    server.patientJoins();
    await vi.advanceTimersByTimeAsync(0);
    expect(call.getSnapshot().status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS * 3);
    expect(call.getSnapshot().status).toBe('connecting');
    expect(server.transport.hangUp).not.toHaveBeenCalled();
    call.dispose();
  });

  it('a patient who leaves rings again for a whole ring: a rejoin in it connects, no rejoin is no answer', async () => {
    vi.useFakeTimers();
    const { devices, server, call } = setUp();
    await call.call();
    server.patientJoins();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS - 1_000);
    server.patientLeaves();
    expect(call.getSnapshot().status).toBe('patientLeft');
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS - 1);
    expect(call.getSnapshot().status).toBe('patientLeft');
    server.patientJoins(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(call.getSnapshot().status).toBe('connecting');
    expect(devices.peers).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS);
    expect(server.transport.hangUp).not.toHaveBeenCalled();

    server.patientLeaves();
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS);
    expect(call.getSnapshot().status).toBe('noAnswer');
    expect(server.transport.hangUp).toHaveBeenCalledTimes(1);
  });

  it('a communication that says the ring is over without an answer is no answer at once', async () => {
    const { server, call } = setUp();
    await call.call();
    server.communication({ roomSid: ROOM, participantStatus: 'connected', videoCallHistory: [line('Practitioner/d1', 'connected')], ringing: false, ringRemainingMs: null });
    await settle();
    expect(call.getSnapshot().status).toBe('noAnswer');
    expect(server.transport.hangUp).toHaveBeenCalledTimes(1);
  });

  it('after no answer: Call again places a new call, Close goes back to Call', async () => {
    vi.useFakeTimers();
    const { server, call } = setUp();
    await call.call();
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS);
    expect(canPlaceCall(call.getSnapshot().status)).toBe(true);
    expect(isCallOn(call.getSnapshot().status)).toBe(false);
    await call.call();
    expect(server.transport.placeCall).toHaveBeenCalledTimes(2);
    expect(call.getSnapshot().status).toBe('ringing');
    // The new call's ring is a whole one again.
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS - 1);
    expect(call.getSnapshot().status).toBe('ringing');
    await vi.advanceTimersByTimeAsync(1);
    expect(call.getSnapshot().status).toBe('noAnswer');
    expect(server.transport.hangUp).toHaveBeenCalledTimes(2);
    call.close();
    expect(call.getSnapshot().status).toBe('idle');
  });

  it('a refused hang-up after no answer keeps the no answer and shows the error', async () => {
    vi.useFakeTimers();
    const { server, call } = setUp();
    server.transport.hangUp.mockRejectedValueOnce(new Error('ARO-E8052:There is no call on this appointment now'));
    await call.call();
    await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS);
    expect(call.getSnapshot().status).toBe('noAnswer');
    expect(String(call.getSnapshot().error)).toContain('ARO-E8052');
  });
});
