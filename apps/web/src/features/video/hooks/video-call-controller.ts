/**
 * Runs the patient's video call state machine (@careline/domain/video-call videoCallReducer) with real
 * effects: the call token (createTwilioToken), the appointment view, the room (CallMedia), the
 * communication report (sendCommunication) and the local camera and microphone. The rules all live
 * in the machine; this file only carries its effects out and feeds the outcomes back as events.
 */
import type { Client } from '@urql/core';
import { VIDEO_PARTICIPATION_MODE } from '@careline/domain/consultations';
import {
  INITIAL_VIDEO_CALL_STATE,
  isInCall,
  videoCallReducer,
  type CallAppointment,
  type MediaCheck,
  type VideoCallEffect,
  type VideoCallEvent,
  type VideoCallState,
  type VideoCommunicationReport,
} from '@careline/domain/video-call';
import { errorText } from '../../../lib/graphql';
import {
  callHistoryQuery,
  callIceServersQuery,
  communicationSubscription,
  createCallTokenMutation,
  sendCallSignalMutation,
  sendCommunicationMutation,
  type CallAppointmentData,
} from '../api/video-documents.ts';
import type { CallMedia, CallRoom, CallSignalling, CallStreams } from '../utils/call-media.ts';

export type VideoCallSnapshot = { state: VideoCallState; streams: CallStreams };

export type VideoCallControllerDeps = {
  media: CallMedia;
  client: Client;
  /** Opens a path in the app (join opens the appointment view). */
  navigate: (path: string) => void;
  now?: () => number;
};

export type VideoCallController = {
  getSnapshot: () => VideoCallSnapshot;
  subscribe: (listener: () => void) => () => void;
  dispatch: (event: VideoCallEvent) => void;
  /** The account's appointments as the server answered them; non-video ones are left out. */
  feedAppointments: (appointments: readonly CallAppointmentData[]) => void;
  /** Reads the camera and microphone permissions and device support again. */
  checkMedia: () => void;
  /** Starts watching the permissions; answers the stop (which also leaves any room). */
  start: () => () => void;
};

/**
 * What the call reads of an appointment.
 * @param appointment - the appointment as the server answered it
 */
export function toCallAppointment(appointment: CallAppointmentData): CallAppointment {
  return {
    id: appointment.id,
    sessionId: appointment.sessionId,
    patientId: appointment.patientId,
    doctorName: appointment.doctorName,
    appointmentStatus: appointment.appointmentStatus,
    remoteCommunicationLink: appointment.remoteCommunicationLink ?? null,
    participantStatus: appointment.communication?.participantStatus ?? null,
    ringing: appointment.communication?.ringing ?? false,
  };
}

function graphqlSignalling(client: Client, appointmentId: string, token: string): CallSignalling {
  return {
    async iceServers() {
      const result = await client
        .query(callIceServersQuery, { appointmentId, token }, { requestPolicy: 'network-only' })
        .toPromise();
      if (!result.data) {
        throw new Error(errorText(result.error));
      }
      return result.data.callIceServers.iceServers.map((server) => ({
        urls: [...server.urls],
        ...(server.username ? { username: server.username } : {}),
        ...(server.credential ? { credential: server.credential } : {}),
      }));
    },
    async send(signal) {
      const result = await client.mutation(sendCallSignalMutation, { appointmentId, token, signal }).toPromise();
      if (result.error) {
        throw result.error;
      }
    },
    listen(onSignal) {
      const subscription = client.subscription(communicationSubscription, { appointmentId }).subscribe((result) => {
        const signal = result.data?.subscribeCommunication?.signal;
        if (signal) {
          onSignal(signal);
        }
      });
      return () => subscription.unsubscribe();
    },
  };
}

/**
 * A video call of the signed-in account, driven by the domain's machine.
 * @param deps - the media, the GraphQL client, navigation and the clock
 */
export function createVideoCallController(deps: VideoCallControllerDeps): VideoCallController {
  const now = deps.now ?? (() => Date.now());
  let snapshot: VideoCallSnapshot = { state: INITIAL_VIDEO_CALL_STATE, streams: { local: null, remote: null } };
  const listeners = new Set<() => void>();
  let room: CallRoom | null = null;
  const appointments = new Map<string, CallAppointment>();
  const communicationIds = new Map<string, string>();

  const publish = (next: VideoCallSnapshot) => {
    snapshot = next;
    listeners.forEach((listener) => listener());
  };

  function dispatch(event: VideoCallEvent) {
    const before = snapshot.state;
    const step = videoCallReducer(before, event);
    if (step.state !== before) {
      publish({ ...snapshot, state: step.state });
    }
    for (const effect of step.effects) {
      run(effect);
    }
    // The machine drops other appointments while one rings or is in a call: feed them again once idle.
    const busyBefore = isInCall(before) || before.incoming;
    const busyNow = isInCall(step.state) || step.state.incoming;
    if (busyBefore && !busyNow) {
      for (const appointment of appointments.values()) {
        dispatch({ type: 'appointmentChanged', appointment });
      }
    }
  }

  function leaveRoom() {
    room?.leave();
    room = null;
    if (snapshot.streams.local || snapshot.streams.remote) {
      publish({ ...snapshot, streams: { local: null, remote: null } });
    }
  }

  async function createToken(attempt: number, roomSid: string, appointmentId: string) {
    const result = await deps.client.mutation(createCallTokenMutation, { roomSid, appointmentId }).toPromise();
    const token = result.data?.createTwilioToken;
    if (token) {
      dispatch({ type: 'tokenCreated', attempt, token });
    } else {
      dispatch({ type: 'tokenFailed', attempt, error: errorText(result.error) });
    }
  }

  async function communicationId(appointmentId: string): Promise<string | null> {
    const known = communicationIds.get(appointmentId);
    if (known) {
      return known;
    }
    const result = await deps.client
      .query(callHistoryQuery, { appointmentId }, { requestPolicy: 'network-only' })
      .toPromise();
    const id = result.data?.queryCommunication?.id ?? null;
    if (id) {
      communicationIds.set(appointmentId, id);
    }
    return id;
  }

  async function report(value: VideoCommunicationReport) {
    const id = await communicationId(value.appointmentId);
    if (id) {
      // A lost report only leaves a line out of the call history; the call goes on.
      await deps.client.mutation(sendCommunicationMutation, { id, data: JSON.stringify(value) }).toPromise();
    }
  }

  function connectRoom(effect: Extract<VideoCallEffect, { type: 'connectRoom' }>) {
    const appointment = snapshot.state.appointment;
    if (!appointment) {
      return;
    }
    leaveRoom();
    const { attempt } = effect;
    const current = () => room !== null && snapshot.state.attempt === attempt;
    const joined: CallRoom = deps.media.joinRoom(
      {
        roomSid: effect.roomSid,
        camera: effect.camera,
        microphone: effect.microphone,
        signalling: graphqlSignalling(deps.client, appointment.id, effect.token),
      },
      {
        joined: () => dispatch({ type: 'roomJoined', attempt }),
        practitionerConnected: () => dispatch({ type: 'practitionerConnected', attempt, at: now() }),
        practitionerDisconnected: () => dispatch({ type: 'practitionerDisconnected', attempt }),
        practitionerMedia: (media) => dispatch({ type: 'practitionerMediaChanged', attempt, media }),
        practitionerEnded: () => dispatch({ type: 'practitionerEnded', attempt }),
        failed: (error) => dispatch({ type: 'connectionFailed', attempt, error }),
        permissionDenied: () => void mediaDenied(),
        streams: (streams) => {
          if (current()) {
            publish({ ...snapshot, streams });
          }
        },
      },
    );
    room = joined;
  }

  async function mediaDenied() {
    const check = await deps.media.checkMedia();
    const anyDenied = check.permissions.camera === 'denied' || check.permissions.microphone === 'denied';
    // The browser refused without saying which device: both are taken as denied.
    const media: MediaCheck = anyDenied
      ? check
      : { ...check, permissions: { camera: 'denied', microphone: 'denied' } };
    dispatch({ type: 'mediaChecked', media });
  }

  function run(effect: VideoCallEffect) {
    switch (effect.type) {
      case 'createToken':
        void createToken(effect.attempt, effect.roomSid, effect.appointmentId);
        break;
      case 'openAppointmentView':
        deps.navigate(effect.path);
        break;
      case 'connectRoom':
        connectRoom(effect);
        break;
      case 'disconnectRoom':
        leaveRoom();
        break;
      case 'reportCommunication':
        void report(effect.report).catch(() => undefined);
        break;
      case 'setLocalMedia':
        room?.setLocalMedia(effect.camera, effect.microphone);
        break;
    }
  }

  function checkMedia() {
    void deps.media.checkMedia().then(
      (media) => dispatch({ type: 'mediaChecked', media }),
      () => undefined,
    );
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch,
    feedAppointments(list) {
      for (const data of list) {
        if (data.session.participationMode !== VIDEO_PARTICIPATION_MODE) {
          continue;
        }
        if (data.communication?.id) {
          communicationIds.set(data.id, data.communication.id);
        }
        const appointment = toCallAppointment(data);
        appointments.set(appointment.id, appointment);
        dispatch({ type: 'appointmentChanged', appointment });
      }
    },
    checkMedia,
    start() {
      checkMedia();
      const stopWatching = deps.media.watchPermissions(checkMedia);
      return () => {
        stopWatching();
        leaveRoom();
      };
    },
  };
}
