/**
 * The patient's side of a call over standard WebRTC (issue 13 Build 1): peer to peer with the doctor's
 * browser, signalled through our GraphQL. The doctor is the offerer (the server relays the staff
 * offer; docs/api-contract.md 'Video calls'): the patient joins, turns the camera and microphone on,
 * tells the doctor it is in the room, and answers each offer. The server never carries media.
 */
import {
  BANDWIDTH_SAMPLE_MS,
  linkSample,
  mediaEncoding,
  nextVideoBitrate,
  PATIENT_VIDEO_MAX_BITRATE,
  VIDEO_DEGRADATION_PREFERENCE,
  worthRetuning,
} from '@careline/domain/video-call';
import {
  CALL_CONNECTION_FAILED,
  type CallRoom,
  type CallRoomEvents,
  type CallSignal,
  type CallSignalInput,
  type JoinRoomOptions,
} from './call-media.ts';

/** The browser parts a room uses; tests pass fakes. */
export type PeerRoomDeps = {
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  createPeerConnection: (configuration: RTCConfiguration) => RTCPeerConnection;
  /** 'relay' forces TURN (the relay-only browser test); 'all' by default. */
  iceTransportPolicy?: RTCIceTransportPolicy;
};

/** A phone's front camera at a size that survives a weak link; echo cancellation for speakerphone use. */
export const CALL_MEDIA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 24, max: 30 } },
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

// The sender settings the DOM typings leave out (priority, networkPriority, degradationPreference).
type TunedEncoding = RTCRtpEncodingParameters & { priority?: string; networkPriority?: string; maxFramerate?: number };
type TunedParameters = RTCRtpSendParameters & { degradationPreference?: string };

/**
 * The session id of an SDP's o= line: a new one means the doctor started a new peer connection,
 * the same one a renegotiation of the current.
 * @param sdp - a session description
 */
export function sdpSessionId(sdp: string): string | null {
  const match = /^o=\S+ (\S+) /m.exec(sdp);
  return match?.[1] ?? null;
}

function isPermissionError(error: unknown): boolean {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? (error as { name: string }).name : '';
  return name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError';
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : CALL_CONNECTION_FAILED;
}

/**
 * Joins a call's room: media, the peer connection, the answer to the doctor's offers, ICE
 * candidates both ways, media state signals, bandwidth adaptation and hang-up.
 * @param deps - getUserMedia and RTCPeerConnection (or fakes)
 * @param options - the room, the starting camera and microphone, the signalling
 * @param events - what the room tells the call
 */
export function joinPeerRoom(deps: PeerRoomDeps, options: JoinRoomOptions, events: CallRoomEvents): CallRoom {
  let closed = false;
  let ready = false;
  let practitionerHungUp = false;
  let camera = options.camera;
  let microphone = options.microphone;
  let local: MediaStream | null = null;
  let remote: MediaStream | null = null;
  let peer: RTCPeerConnection | null = null;
  let configuration: RTCConfiguration = {};
  let offerSession: string | null = null;
  let pendingCandidates: RTCIceCandidateInit[] = [];
  let videoBitrate = PATIENT_VIDEO_MAX_BITRATE;
  let sampler: ReturnType<typeof setInterval> | null = null;
  const early: CallSignal[] = [];
  // Signals are handled one at a time: a candidate must wait for the offer before it.
  let chain: Promise<void> = Promise.resolve();

  const send = (signal: CallSignalInput) => options.signalling.send(signal).catch(() => undefined);
  const fail = (error: unknown) => {
    if (!closed) {
      events.failed(errorMessage(error));
    }
  };

  const stopListening = options.signalling.listen((signal) => {
    if (closed || signal.from !== 'practitioner' || signal.roomSid !== options.roomSid) {
      return;
    }
    if (!ready) {
      early.push(signal);
      return;
    }
    chain = chain.then(() => handle(signal)).catch(fail);
  });

  function applyTrackState() {
    for (const track of local?.getVideoTracks() ?? []) {
      track.enabled = camera;
    }
    for (const track of local?.getAudioTracks() ?? []) {
      track.enabled = microphone;
    }
  }

  function stopSampling() {
    if (sampler !== null) {
      clearInterval(sampler);
      sampler = null;
    }
  }

  async function tuneSenders(connection: RTCPeerConnection) {
    for (const sender of connection.getSenders()) {
      const kind = sender.track?.kind;
      if (kind !== 'audio' && kind !== 'video') {
        continue;
      }
      const parameters = sender.getParameters() as TunedParameters;
      const encodings: TunedEncoding[] = parameters.encodings?.length ? parameters.encodings : [{}];
      for (const encoding of encodings) {
        // Audio first: a steady voice at high priority; video takes what is left and may shrink.
        Object.assign(encoding, mediaEncoding(kind, videoBitrate));
      }
      parameters.encodings = encodings;
      if (kind === 'video') {
        parameters.degradationPreference = VIDEO_DEGRADATION_PREFERENCE;
      }
      try {
        await sender.setParameters(parameters);
      } catch {
        // Some browsers refuse degradationPreference or priorities: keep at least the bitrate limits.
        delete parameters.degradationPreference;
        for (const encoding of encodings) {
          delete encoding.priority;
          delete encoding.networkPriority;
        }
        await sender.setParameters(parameters).catch(() => undefined);
      }
    }
  }

  function startSampling(connection: RTCPeerConnection) {
    stopSampling();
    sampler = setInterval(() => {
      if (closed || connection !== peer) {
        stopSampling();
        return;
      }
      void connection
        .getStats()
        .then(async (report) => {
          const next = nextVideoBitrate(videoBitrate, linkSample(report), PATIENT_VIDEO_MAX_BITRATE);
          if (worthRetuning(videoBitrate, next)) {
            videoBitrate = next;
            await tuneSenders(connection);
          }
        })
        .catch(() => undefined);
    }, BANDWIDTH_SAMPLE_MS);
  }

  function newPeer(): RTCPeerConnection {
    const connection = deps.createPeerConnection(configuration);
    remote = null;
    connection.ontrack = (event) => {
      if (connection !== peer || closed) {
        return;
      }
      const stream = event.streams[0] ?? remote ?? new MediaStream();
      if (!event.streams[0] && !stream.getTracks().includes(event.track)) {
        stream.addTrack(event.track);
      }
      remote = stream;
      events.streams({ local, remote });
    };
    connection.onicecandidate = (event) => {
      if (connection === peer && !closed && event.candidate) {
        void send({ kind: 'candidate', candidate: JSON.stringify(event.candidate.toJSON()) });
      }
    };
    connection.onconnectionstatechange = () => {
      if (connection !== peer || closed) {
        return;
      }
      switch (connection.connectionState) {
        case 'connected':
          events.practitionerConnected();
          startSampling(connection);
          break;
        case 'disconnected':
          events.practitionerDisconnected();
          break;
        case 'failed':
          stopSampling();
          events.failed(CALL_CONNECTION_FAILED);
          break;
        case 'new':
        case 'connecting':
        case 'closed':
          break;
      }
    };
    return connection;
  }

  async function answerOffer(sdp: string) {
    const session = sdpSessionId(sdp);
    // A new peer connection on the doctor's side (the doctor reloaded): start a fresh one here too.
    if (peer && peer.remoteDescription && session !== offerSession) {
      peer.close();
      stopSampling();
      peer = newPeer();
      pendingCandidates = [];
      events.streams({ local, remote: null });
    }
    offerSession = session;
    const connection = peer ?? (peer = newPeer());
    await connection.setRemoteDescription({ type: 'offer', sdp });
    const sending = new Set(connection.getSenders().map((sender) => sender.track));
    for (const track of local?.getTracks() ?? []) {
      if (!sending.has(track) && local) {
        connection.addTrack(track, local);
      }
    }
    const answer = await connection.createAnswer();
    await connection.setLocalDescription(answer);
    await send({ kind: 'answer', sdp: connection.localDescription?.sdp ?? answer.sdp ?? '' });
    for (const candidate of pendingCandidates.splice(0)) {
      await connection.addIceCandidate(candidate).catch(() => undefined);
    }
    await tuneSenders(connection);
  }

  async function handle(signal: CallSignal) {
    if (closed) {
      return;
    }
    switch (signal.kind) {
      case 'offer':
        if (signal.sdp) {
          await answerOffer(signal.sdp);
        }
        break;
      case 'candidate': {
        // The end of candidates needs nothing: the browser gathers on.
        if (!signal.candidate || !peer) {
          break;
        }
        const candidate = JSON.parse(signal.candidate) as RTCIceCandidateInit;
        if (peer.remoteDescription) {
          await peer.addIceCandidate(candidate).catch(() => undefined);
        } else {
          pendingCandidates.push(candidate);
        }
        break;
      }
      case 'hangup':
        practitionerHungUp = true;
        events.practitionerEnded();
        break;
      case 'media':
        events.practitionerMedia({ camera: signal.camera ?? true, microphone: signal.microphone ?? true });
        break;
      case 'answer':
        // The patient never offers.
        break;
    }
  }

  async function start() {
    const iceServers = await options.signalling.iceServers();
    if (closed) {
      return;
    }
    try {
      local = await deps.getUserMedia(CALL_MEDIA_CONSTRAINTS);
    } catch (error) {
      if (!closed && isPermissionError(error)) {
        events.permissionDenied();
        return;
      }
      throw error;
    }
    if (closed) {
      local.getTracks().forEach((track) => track.stop());
      return;
    }
    for (const track of local.getVideoTracks()) {
      // A face: smooth motion matters more than sharp detail.
      track.contentHint = 'motion';
    }
    applyTrackState();
    configuration = { iceServers, bundlePolicy: 'max-bundle', iceTransportPolicy: deps.iceTransportPolicy ?? 'all' };
    peer = newPeer();
    ready = true;
    events.streams({ local, remote: null });
    events.joined();
    // Tells the doctor the patient's camera and microphone, and that the patient is listening.
    void send({ kind: 'media', camera, microphone });
    for (const signal of early.splice(0)) {
      chain = chain.then(() => handle(signal)).catch(fail);
    }
  }

  start().catch(fail);

  return {
    setLocalMedia(nextCamera, nextMicrophone) {
      camera = nextCamera;
      microphone = nextMicrophone;
      if (closed) {
        return;
      }
      applyTrackState();
      if (ready) {
        void send({ kind: 'media', camera, microphone });
      }
    },
    leave() {
      if (closed) {
        return;
      }
      closed = true;
      stopListening();
      stopSampling();
      if (ready && !practitionerHungUp) {
        void send({ kind: 'hangup' });
      }
      peer?.close();
      peer = null;
      local?.getTracks().forEach((track) => track.stop());
      local = null;
      remote = null;
    },
  };
}
