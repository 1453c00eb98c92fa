/**
 * The doctor's side of a video call (issue 13 Build 1 and 4; spec doc 2 §4 Video call): standard
 * WebRTC peer to peer with the patient's browser, signalled through the server (staffSendCallSignal,
 * staffSubscribeCommunication). The server never carries media.
 *
 * Who does what (as the server relays it and the patient's app expects, docs/api-contract.md
 * 'Video calls'): the doctor's Call rings the patient (staffVideoCall answers the room and the
 * doctor's ICE servers); the patient joins, reports 'connected' on the communication and sends its
 * media state; the doctor then offers on a fresh peer connection, and the patient answers. ICE
 * candidates trickle both ways. A patient who joins again (after an error, a reload) gets a fresh
 * offer. A patient's hang-up (or 'disconnected' report) leaves the call ringing for a rejoin until
 * the doctor ends it (staffVideoHangUp, which also tells the patient). A ring nobody answers runs out
 * when the server's ring does (its ringRemainingMs, the domain's callRing, issue 29 §2.7): the call
 * is then hung up and shows no answer.
 *
 * The browser's media and peer connection, and the GraphQL transport, come in through small
 * interfaces so tests can fake them (CallMediaDevices, CallTransport).
 */
import {
  BANDWIDTH_SAMPLE_MS,
  DOCTOR_VIDEO_MAX_BITRATE,
  DOCTOR_VIDEO_START_BITRATE,
  linkSample,
  mediaEncoding,
  nextVideoBitrate,
  scaleDownFor,
  VIDEO_DEGRADATION_PREFERENCE,
  worthRetuning,
} from '@careline/domain/video-call';
import {
  ACTIVE_CALL_STATUSES as ACTIVE, type CallIceServer, type CallCommunication, type CallSignal, type CallSignalInput,
  type CallTransport, type CallMediaDevices, type DoctorCallSnapshot, INITIAL_DOCTOR_CALL, DOCTOR_MEDIA_CONSTRAINTS,
  ICE_RESTART_AFTER_MS, RINGING_CALL_STATUSES as RINGING, canPlaceCall, patientPresence
} from './doctor-call-model.ts';

// The model's names, for the console's screens and the call's transport.
export {
  type CallIceServer, type CallHistoryLine, type CallCommunication, type CallSignalKind, type CallSignal, type CallSignalInput,
  type CallTransport, type CallMediaDevices, type DoctorCallStatus, type MediaProblem, type DoctorCallSnapshot,
  INITIAL_DOCTOR_CALL, DOCTOR_MEDIA_CONSTRAINTS, ICE_RESTART_AFTER_MS, isCallOn, canPlaceCall, patientPresence
} from './doctor-call-model.ts';

function isPermissionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('name' in error)) {
    return false;
  }
  const { name } = error;
  return name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError';
}

// The sender settings the DOM typings leave out.
type TunedEncoding = RTCRtpEncodingParameters & { priority?: string; networkPriority?: string };
type TunedParameters = RTCRtpSendParameters & { degradationPreference?: string };

/**
 * One call from the doctor's console to the patient of an appointment. Subscribe for snapshots;
 * call(), end(), toggleMicrophone(), toggleCamera(); dispose() when the screen goes (a call still on
 * is ended).
 */
export class DoctorCall {
  private snapshot: DoctorCallSnapshot = INITIAL_DOCTOR_CALL;
  private readonly listeners = new Set<() => void>();
  private stopListening: (() => void) | null = null;
  private peer: RTCPeerConnection | null = null;
  private iceServers: CallIceServer[] = [];
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private knownJoins = 0;
  /** The patient's join the current peer connection was offered for. */
  private offeredFor = 0;
  private videoBitrate = DOCTOR_VIDEO_START_BITRATE;
  private sampler: ReturnType<typeof setInterval> | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  /** Runs out with the server's ring (no answer). */
  private ringTimer: ReturnType<typeof setTimeout> | null = null;
  /** Counts calls: work of an earlier call (a late answer) changes nothing. */
  private generation = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly appointmentId: string,
    private readonly transport: CallTransport,
    private readonly devices: CallMediaDevices,
    private readonly now: () => number = Date.now,
  ) {}

  /** The call now. */
  getSnapshot = (): DoctorCallSnapshot => this.snapshot;

  /** Calls back on every change; answers the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(change: Partial<DoctorCallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    this.listeners.forEach((listener) => listener());
  }

  private send(signal: CallSignalInput): void {
    void this.transport.sendSignal(this.appointmentId, signal).catch(() => undefined);
  }

  /** Call: opens the camera and microphone, listens to the call's channel, and rings the patient. */
  async call(): Promise<void> {
    if (!canPlaceCall(this.snapshot.status)) {
      return;
    }
    this.generation += 1;
    const generation = this.generation;
    this.knownJoins = 0;
    this.offeredFor = 0;
    this.set({ ...INITIAL_DOCTOR_CALL, camera: this.snapshot.camera, microphone: this.snapshot.microphone, status: 'starting' });
    let local: MediaStream;
    try {
      local = await this.devices.getUserMedia(DOCTOR_MEDIA_CONSTRAINTS);
    } catch (error) {
      if (generation === this.generation) {
        this.set({ status: 'failed', mediaProblem: isPermissionError(error) ? 'denied' : 'unavailable' });
      }
      return;
    }
    if (generation !== this.generation) {
      local.getTracks().forEach((track) => track.stop());
      return;
    }
    for (const track of local.getVideoTracks()) {
      // A face: smooth motion matters more than sharp detail.
      track.contentHint = 'motion';
      track.enabled = this.snapshot.camera;
    }
    for (const track of local.getAudioTracks()) {
      track.enabled = this.snapshot.microphone;
    }
    this.set({ local });
    // Listening before the ring, so the patient's join cannot be missed.
    this.stopListening = this.transport.listen(this.appointmentId, {
      communication: (communication) => {
        if (generation === this.generation) {
          this.onCommunication(communication);
        }
      },
      signal: (signal) => {
        if (generation === this.generation) {
          this.chain = this.chain.then(() => this.onSignal(signal)).catch(() => undefined);
        }
      },
      // A dropped live channel is re-established by the client; the call goes on.
      error: () => undefined,
    });
    try {
      const placed = await this.transport.placeCall(this.appointmentId);
      if (generation !== this.generation) {
        return;
      }
      this.iceServers = placed.iceServers;
      this.set({ status: 'ringing', roomSid: placed.roomSid });
      this.onCommunication(placed.communication);
    } catch (error) {
      if (generation === this.generation) {
        this.teardown();
        this.set({ status: 'failed', error });
      }
    }
  }

  /** End: leaves the media path and hangs up (the patient is told by the server). */
  async end(): Promise<void> {
    const status = this.snapshot.status;
    if (!ACTIVE.includes(status) && status !== 'starting') {
      return;
    }
    const placed = this.snapshot.roomSid !== null;
    this.generation += 1;
    this.teardown();
    if (!placed) {
      this.set({ status: 'ended', remote: null, local: null });
      return;
    }
    this.set({ status: 'ending', remote: null, local: null });
    try {
      await this.transport.hangUp(this.appointmentId);
      this.set({ status: 'ended' });
    } catch (error) {
      // The call is over here either way; a refusal (no call on any more) is shown, not retried.
      this.set({ status: 'ended', error });
    }
  }

  /** Close after no answer: back to Call. */
  close(): void {
    if (this.snapshot.status === 'noAnswer') {
      this.set({ status: 'idle', error: null });
    }
  }

  /** Mute or unmute the microphone; the patient is told (their practitioner notices). */
  toggleMicrophone(): void {
    const microphone = !this.snapshot.microphone;
    for (const track of this.snapshot.local?.getAudioTracks() ?? []) {
      track.enabled = microphone;
    }
    this.set({ microphone });
    this.sendMediaState();
  }

  /** Turn the camera off or on; the patient is told. */
  toggleCamera(): void {
    const camera = !this.snapshot.camera;
    for (const track of this.snapshot.local?.getVideoTracks() ?? []) {
      track.enabled = camera;
    }
    this.set({ camera });
    this.sendMediaState();
  }

  /**
   * The screen goes: a call still on (or being placed) is ended. The object stays usable, so a
   * screen mounted again (React's StrictMode) may call anew.
   */
  dispose(): void {
    if (ACTIVE.includes(this.snapshot.status) || this.snapshot.status === 'starting') {
      void this.end();
    } else {
      this.teardown();
    }
  }

  private sendMediaState(): void {
    if (this.snapshot.roomSid !== null && ACTIVE.includes(this.snapshot.status)) {
      this.send({ kind: 'media', camera: this.snapshot.camera, microphone: this.snapshot.microphone });
    }
  }

  private teardown(): void {
    this.clearRing();
    this.stopListening?.();
    this.stopListening = null;
    this.closePeer();
    this.snapshot.local?.getTracks().forEach((track) => track.stop());
  }

  private clearRing(): void {
    if (this.ringTimer !== null) {
      clearTimeout(this.ringTimer);
      this.ringTimer = null;
    }
  }

  /**
   * Follows the server's ring: while it rings, no answer when it runs out; a communication that says
   * it rings no more while nobody is in is no answer at once. An answer stops the watch.
   */
  private watchRing(communication: CallCommunication): void {
    if (communication.ringing === undefined) {
      return;
    }
    this.clearRing();
    if (!RINGING.includes(this.snapshot.status)) {
      return;
    }
    if (communication.ringing) {
      if (communication.ringRemainingMs !== null && communication.ringRemainingMs !== undefined) {
        const generation = this.generation;
        this.ringTimer = setTimeout(() => {
          this.ringTimer = null;
          if (generation === this.generation) {
            void this.noAnswer();
          }
        }, Math.max(0, communication.ringRemainingMs));
      }
    } else if (patientPresence(communication.videoCallHistory).present !== true) {
      void this.noAnswer();
    }
  }

  /** The ring ran out without an answer: the call is hung up (the server and the history say it ended). */
  private async noAnswer(): Promise<void> {
    if (!RINGING.includes(this.snapshot.status)) {
      return;
    }
    this.generation += 1;
    const generation = this.generation;
    this.teardown();
    this.set({ status: 'noAnswer', remote: null, local: null, patientMedia: null });
    try {
      await this.transport.hangUp(this.appointmentId);
    } catch (error) {
      if (generation === this.generation) {
        this.set({ error });
      }
    }
  }

  private clearRestart(): void {
    if (this.restartTimer !== null) {
      clearTimeout(this.restartTimer);
      this.restartTimer = null;
    }
  }

  /** An ICE restart: a new offer on the same connection (the patient answers it on theirs). */
  private async restartIce(peer: RTCPeerConnection): Promise<void> {
    if (peer.signalingState !== 'stable') {
      return;
    }
    const offer = await peer.createOffer({ iceRestart: true });
    if (peer !== this.peer) {
      return;
    }
    await peer.setLocalDescription(offer);
    if (peer === this.peer) {
      this.send({ kind: 'offer', sdp: peer.localDescription?.sdp ?? offer.sdp ?? '' });
    }
  }

  private closePeer(): void {
    this.clearRestart();
    this.stopSampling();
    if (this.peer) {
      const peer = this.peer;
      this.peer = null;
      peer.onicecandidate = null;
      peer.ontrack = null;
      peer.onconnectionstatechange = null;
      peer.close();
    }
    this.pendingCandidates = [];
  }

  private onCommunication(communication: CallCommunication): void {
    if (!ACTIVE.includes(this.snapshot.status) || communication.roomSid !== this.snapshot.roomSid) {
      return;
    }
    if (communication.participantStatus === 'disconnected') {
      // The call was ended elsewhere (the member's other window).
      this.generation += 1;
      this.teardown();
      this.set({ status: 'ended', remote: null, local: null });
      return;
    }
    const presence = patientPresence(communication.videoCallHistory);
    if (presence.joins > this.knownJoins) {
      this.knownJoins = presence.joins;
      // The patient joined (again, after an error or a reload): a fresh offer, unless the one for this
      // join went out already (its media message came first).
      if (this.offeredFor < presence.joins) {
        this.offeredFor = presence.joins;
        void this.offer().catch(() => undefined);
      }
    } else if (presence.present === false && this.peer) {
      this.patientLeft();
    }
    this.watchRing(communication);
  }

  private patientLeft(): void {
    this.closePeer();
    this.set({ status: 'patientLeft', remote: null, patientMedia: null });
  }

  private async onSignal(signal: CallSignal): Promise<void> {
    if (signal.from !== 'patient' || signal.roomSid !== this.snapshot.roomSid || !ACTIVE.includes(this.snapshot.status)) {
      return;
    }
    switch (signal.kind) {
      case 'media':
        this.set({ patientMedia: { camera: signal.camera ?? true, microphone: signal.microphone ?? true } });
        // The patient says it is in the room: offer unless a media path is already being set up.
        if (!this.peer) {
          this.offeredFor = this.knownJoins + 1;
          await this.offer();
        }
        return;
      case 'answer': {
        const peer = this.peer;
        if (!peer || !signal.sdp || peer.signalingState !== 'have-local-offer') {
          return;
        }
        await peer.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        for (const candidate of this.pendingCandidates.splice(0)) {
          await peer.addIceCandidate(candidate).catch(() => undefined);
        }
        return;
      }
      case 'candidate': {
        if (!signal.candidate || !this.peer) {
          return;
        }
        const candidate = JSON.parse(signal.candidate) as RTCIceCandidateInit;
        if (this.peer.remoteDescription) {
          await this.peer.addIceCandidate(candidate).catch(() => undefined);
        } else {
          this.pendingCandidates.push(candidate);
        }
        return;
      }
      case 'offer':
        // The patient's app never offers (the doctor is the offerer); nothing to answer.
        return;
      case 'hangup':
        this.patientLeft();
        return;
    }
  }

  /** A fresh peer connection with the doctor's media, and its offer to the patient. */
  private async offer(): Promise<void> {
    const local = this.snapshot.local;
    if (!local || this.snapshot.roomSid === null) {
      return;
    }
    this.closePeer();
    const generation = this.generation;
    const peer = this.devices.createPeerConnection({
      iceServers: this.iceServers,
      bundlePolicy: 'max-bundle',
      iceTransportPolicy: this.devices.iceTransportPolicy ?? 'all',
    });
    this.peer = peer;
    this.videoBitrate = DOCTOR_VIDEO_START_BITRATE;
    const current = () => this.peer === peer && generation === this.generation;
    peer.ontrack = (event) => {
      if (!current()) {
        return;
      }
      const stream = event.streams[0] ?? this.snapshot.remote ?? new MediaStream();
      if (!event.streams[0] && !stream.getTracks().includes(event.track)) {
        stream.addTrack(event.track);
      }
      this.set({ remote: stream });
    };
    peer.onicecandidate = (event) => {
      if (current() && event.candidate) {
        this.send({ kind: 'candidate', candidate: JSON.stringify(event.candidate.toJSON()) });
      }
    };
    peer.onconnectionstatechange = () => {
      if (current()) {
        this.onConnectionState(peer);
      }
    };
    // Audio first: a steady voice at high priority; the video takes what is left and may shrink.
    for (const track of local.getAudioTracks()) {
      peer.addTransceiver(track, {
        direction: 'sendrecv',
        streams: [local],
        sendEncodings: [mediaEncoding('audio', this.videoBitrate)],
      });
    }
    for (const track of local.getVideoTracks()) {
      peer.addTransceiver(track, {
        direction: 'sendrecv',
        streams: [local],
        sendEncodings: [{ ...mediaEncoding('video', this.videoBitrate), scaleResolutionDownBy: scaleDownFor(this.videoBitrate) }],
      });
    }
    this.set({ status: 'connecting', remote: null });
    const offer = await peer.createOffer();
    if (!current()) {
      return;
    }
    await peer.setLocalDescription(offer);
    if (!current()) {
      return;
    }
    this.send({ kind: 'offer', sdp: peer.localDescription?.sdp ?? offer.sdp ?? '' });
  }

  private onConnectionState(peer: RTCPeerConnection): void {
    switch (peer.connectionState) {
      case 'connected':
        this.clearRestart();
        this.set({ status: 'connected', connectedAt: this.snapshot.connectedAt ?? this.now() });
        // The patient shows the practitioner notices from this.
        this.sendMediaState();
        void this.tuneVideo(peer);
        this.startSampling(peer);
        return;
      case 'disconnected':
        this.set({ status: 'reconnecting' });
        // Still down after a moment (a network change): new ICE paths on the same connection.
        this.clearRestart();
        this.restartTimer = setTimeout(() => {
          this.restartTimer = null;
          if (peer === this.peer && peer.connectionState === 'disconnected') {
            void this.restartIce(peer).catch(() => undefined);
          }
        }, ICE_RESTART_AFTER_MS);
        return;
      case 'failed':
        this.closePeer();
        this.set({ status: 'connectionLost', remote: null });
        return;
      case 'new':
      case 'connecting':
      case 'closed':
        return;
    }
  }

  private startSampling(peer: RTCPeerConnection): void {
    this.stopSampling();
    this.sampler = setInterval(() => {
      if (peer !== this.peer) {
        this.stopSampling();
        return;
      }
      void peer
        .getStats()
        .then(async (report) => {
          const next = nextVideoBitrate(this.videoBitrate, linkSample(report), DOCTOR_VIDEO_MAX_BITRATE);
          if (worthRetuning(this.videoBitrate, next)) {
            this.videoBitrate = next;
            await this.tuneVideo(peer);
          }
        })
        .catch(() => undefined);
    }, BANDWIDTH_SAMPLE_MS);
  }

  private stopSampling(): void {
    if (this.sampler !== null) {
      clearInterval(this.sampler);
      this.sampler = null;
    }
  }

  /** Applies the video ceiling (maxBitrate, a smaller picture when low) to the video sender. */
  private async tuneVideo(peer: RTCPeerConnection): Promise<void> {
    for (const sender of peer.getSenders()) {
      if (sender.track?.kind !== 'video') {
        continue;
      }
      const parameters = sender.getParameters() as TunedParameters;
      const encodings: TunedEncoding[] = parameters.encodings?.length ? parameters.encodings : [{}];
      for (const encoding of encodings) {
        encoding.maxBitrate = this.videoBitrate;
        encoding.scaleResolutionDownBy = scaleDownFor(this.videoBitrate);
      }
      parameters.encodings = encodings;
      parameters.degradationPreference = VIDEO_DEGRADATION_PREFERENCE;
      try {
        await sender.setParameters(parameters);
      } catch {
        // Some browsers refuse degradationPreference: keep at least the bitrate limit.
        delete parameters.degradationPreference;
        await sender.setParameters(parameters).catch(() => undefined);
      }
    }
  }

  /** The current video ceiling (bits/s), for tests and diagnostics. */
  get videoBitrateCeiling(): number {
    return this.videoBitrate;
  }
}
