/**
 * The patient's video call as a pure reducer over events (spec doc 2 §4 Video call; issue 13 Build 3).
 * videoCallReducer(state, event) answers the next state and the effects the app must run (create a
 * token, open the appointment view, connect or leave the room, report the communication, switch the
 * local camera or microphone). The app feeds what happened back in as events; events about an
 * earlier join attempt are ignored, so a late answer for a room already left changes nothing.
 */
import { canJoinNow, type MediaCheck } from './devices.ts';
import { videoCommunicationReport, type ParticipantStatus } from './history.ts';
import {
  INITIAL_VIDEO_CALL_STATE,
  VIDEO_CALL_CONNECTION,
  type CallAppointment,
  type EndedCall,
  type VideoCallEffect,
  type VideoCallEvent,
  type VideoCallState,
  type VideoCallStep,
} from './call-state.ts';

// The state, events and effects, with the reducer that reads them.
export * from './call-state.ts';

function roomOf(appointment: CallAppointment): string | null {
  const link = appointment.remoteCommunicationLink?.trim() ?? '';
  return link === '' ? null : link;
}

/**
 * Whether the practitioner's call is on (spec doc 2 §4 Video call): the appointment has arrived, has
 * a remote link, and its communication's participantStatus is connected. A call in progress lasts
 * as long as this.
 * @param appointment - the appointment
 */
export function isCallOn(appointment: CallAppointment): boolean {
  return (
    appointment.appointmentStatus === 'arrived' &&
    roomOf(appointment) !== null &&
    appointment.participantStatus === 'connected'
  );
}

/**
 * Whether the incoming card shows for an appointment: its call is on and the server says it rings
 * (not answered on another device, not timed out; issue 29 §2.7).
 * @param appointment - the appointment
 */
export function isCallRinging(appointment: CallAppointment): boolean {
  return isCallOn(appointment) && appointment.ringing;
}

/**
 * The appointment view a join opens (spec doc 2 §2 routes, §4).
 * @param appointment - the appointment of the call
 */
export function appointmentViewPath(
  appointment: Pick<CallAppointment, 'id' | 'sessionId'>,
): string {
  return `/view/appointment?sessionId=${encodeURIComponent(appointment.sessionId)}&appointmentId=${encodeURIComponent(appointment.id)}`;
}

/**
 * Whether the patient is in a call: connecting, waiting, connected or showing its error.
 * @param state - the call
 */
export function isInCall(state: VideoCallState): boolean {
  return state.connection !== VIDEO_CALL_CONNECTION.IDLE;
}

function isJoining(state: VideoCallState): boolean {
  return (
    state.connection === VIDEO_CALL_CONNECTION.CONNECTING ||
    state.connection === VIDEO_CALL_CONNECTION.CONNECTED
  );
}

function unchanged(state: VideoCallState): VideoCallStep {
  return { state, effects: [] };
}

function report(state: VideoCallState, status: ParticipantStatus): VideoCallEffect[] {
  if (state.appointment === null) {
    return [];
  }
  return [
    {
      type: 'reportCommunication',
      report: videoCommunicationReport({
        appointmentId: state.appointment.id,
        patientId: state.appointment.patientId,
        participantStatus: status,
        permissions: state.media.permissions,
        deviceSupported: state.media.deviceSupported,
      }),
    },
  ];
}

/** Leave the room: tell the server 'disconnected' when it was told 'connected'. */
function leaveRoom(state: VideoCallState): VideoCallEffect[] {
  return [
    { type: 'disconnectRoom' },
    ...(state.reportedConnected ? report(state, 'disconnected') : []),
  ];
}

/** Start a join of the appointment's room as a new attempt: a new token is created (spec doc 2 §4). */
function startJoin(
  state: VideoCallState,
  appointment: CallAppointment,
  roomLink: string,
): VideoCallStep {
  const attempt = state.attempt + 1;
  return {
    state: {
      ...state,
      connection: VIDEO_CALL_CONNECTION.CONNECTING,
      phase: 'connecting',
      appointment,
      incoming: false,
      roomLink,
      token: null,
      attempt,
      practitionerMedia: { camera: true, microphone: true },
      confirmingEnd: false,
      error: null,
      reportedConnected: false,
    },
    effects: [{ type: 'createToken', attempt, roomSid: roomLink, appointmentId: appointment.id }],
  };
}

function isEnded(ended: EndedCall | null, appointment: CallAppointment): boolean {
  return (
    ended !== null &&
    ended.appointmentId === appointment.id &&
    ended.roomLink === roomOf(appointment)
  );
}

/**
 * Hang up (spec doc 2 §4: hang up clears the token): back to idle, the room left. endedLink, when
 * given, keeps that room from ringing again at once: the patient or the practitioner ended the call
 * while the appointment may still show it as calling.
 */
function hangUp(state: VideoCallState, endedLink: string | null): VideoCallStep {
  const appointment = state.appointment;
  const ended =
    appointment !== null && endedLink !== null
      ? { appointmentId: appointment.id, roomLink: endedLink }
      : state.ended;
  return {
    state: {
      ...INITIAL_VIDEO_CALL_STATE,
      appointment,
      media: state.media,
      attempt: state.attempt + 1,
      ended,
      incoming: appointment !== null && isCallRinging(appointment) && !isEnded(ended, appointment),
    },
    effects: state.connection === VIDEO_CALL_CONNECTION.IDLE ? [] : leaveRoom(state),
  };
}

function onAppointmentChanged(state: VideoCallState, appointment: CallAppointment): VideoCallStep {
  const current = state.appointment;
  if (current !== null && current.id !== appointment.id) {
    // Busy with another appointment's call or ring: this update is dropped. The app feeds the
    // account's appointments again when the call goes idle, so a second call still rings then.
    if (isInCall(state) || state.incoming) {
      return unchanged(state);
    }
  }
  const same = current !== null && current.id === appointment.id ? current : null;
  const room = roomOf(appointment);

  if (!isInCall(state)) {
    const ringing = isCallRinging(appointment);
    // Another appointment that is not calling changes nothing on screen (the subscription brings
    // every appointment of the account).
    if (current !== null && same === null && !ringing) {
      return unchanged(state);
    }
    // An ended call's room rings again only after the practitioner stops calling in it, or calls in
    // another (not when its ring merely paused: the patient's own leave makes it ring again).
    const ended =
      state.ended !== null &&
      state.ended.appointmentId === appointment.id &&
      !(isCallOn(appointment) && isEnded(state.ended, appointment))
        ? null
        : state.ended;
    return unchanged({
      ...state,
      appointment,
      incoming: ringing && !isEnded(ended, appointment),
      ended,
    });
  }
  if (same === null) {
    return unchanged(state);
  }
  const updated: VideoCallState = { ...state, appointment };
  // spec doc 2 §4: a change of appointment status hangs up.
  if (appointment.appointmentStatus !== same.appointmentStatus) {
    return hangUp(updated, null);
  }
  // The practitioner stopped calling, or the room went away: the call is over (its ring ending,
  // answered here, does not end it).
  if (!isCallOn(appointment) || room === null) {
    return hangUp(updated, null);
  }
  if (room !== state.roomLink) {
    // spec doc 2 §4: a change of room link while connected rejoins; while still connecting or
    // waiting too, since the old room will never see the practitioner.
    if (isJoining(state)) {
      const left = leaveRoom(state);
      const joined = startJoin(updated, appointment, room);
      return { state: joined.state, effects: [...left, ...joined.effects] };
    }
    // In error 'Refresh the call' joins the new room.
    return unchanged({ ...updated, roomLink: room });
  }
  return unchanged(updated);
}

function onMediaChecked(state: VideoCallState, media: MediaCheck): VideoCallStep {
  const updated = { ...state, media };
  // A permission denied at the browser's prompt while joining: back to the card and its warning.
  if (
    state.connection === VIDEO_CALL_CONNECTION.CONNECTING &&
    state.phase === 'connecting' &&
    !canJoinNow(media)
  ) {
    return hangUp(updated, null);
  }
  return unchanged(updated);
}

function onJoin(state: VideoCallState): VideoCallStep {
  const appointment = state.appointment;
  if (
    state.connection !== VIDEO_CALL_CONNECTION.IDLE ||
    !state.incoming ||
    appointment === null ||
    !canJoinNow(state.media)
  ) {
    return unchanged(state);
  }
  const room = roomOf(appointment);
  if (room === null) {
    return unchanged(state);
  }
  const joined = startJoin(
    { ...state, camera: true, microphone: true, minimized: false, connectedAt: null },
    appointment,
    room,
  );
  return {
    state: joined.state,
    effects: [
      ...joined.effects,
      { type: 'openAppointmentView', path: appointmentViewPath(appointment) },
    ],
  };
}

/** Whether an event from the media layer belongs to the current join attempt. */
function isCurrent(state: VideoCallState, attempt: number): boolean {
  return attempt === state.attempt && isJoining(state);
}

function fail(state: VideoCallState, error: string): VideoCallStep {
  return {
    state: {
      ...state,
      connection: VIDEO_CALL_CONNECTION.ERROR,
      phase: null,
      token: null,
      minimized: false,
      confirmingEnd: false,
      error,
      reportedConnected: false,
    },
    effects: leaveRoom(state),
  };
}

/**
 * The next state of the patient's video call and the effects to run (spec doc 2 §4 Video call).
 * Events that do not apply in the current state change nothing.
 * @param state - the call now
 * @param event - what happened
 */
export function videoCallReducer(state: VideoCallState, event: VideoCallEvent): VideoCallStep {
  switch (event.type) {
    case 'appointmentChanged':
      return onAppointmentChanged(state, event.appointment);
    case 'mediaChecked':
      return onMediaChecked(state, event.media);
    case 'join':
      return onJoin(state);
    case 'tokenCreated':
      if (
        !isCurrent(state, event.attempt) ||
        state.phase !== 'connecting' ||
        state.token !== null ||
        state.roomLink === null
      ) {
        return unchanged(state);
      }
      return {
        state: { ...state, token: event.token },
        effects: [
          {
            type: 'connectRoom',
            attempt: state.attempt,
            roomSid: state.roomLink,
            token: event.token,
            camera: state.camera,
            microphone: state.microphone,
          },
        ],
      };
    case 'tokenFailed':
      return isCurrent(state, event.attempt) && state.phase === 'connecting'
        ? fail(state, event.error)
        : unchanged(state);
    case 'roomJoined':
      if (
        !isCurrent(state, event.attempt) ||
        state.phase !== 'connecting' ||
        state.token === null
      ) {
        return unchanged(state);
      }
      return {
        state: { ...state, phase: 'waiting', reportedConnected: true },
        effects: report(state, 'connected'),
      };
    case 'practitionerConnected':
      if (!isCurrent(state, event.attempt) || state.phase !== 'waiting') {
        return unchanged(state);
      }
      return unchanged({
        ...state,
        connection: VIDEO_CALL_CONNECTION.CONNECTED,
        phase: null,
        connectedAt: state.connectedAt ?? event.at,
      });
    case 'practitionerDisconnected':
      if (
        !isCurrent(state, event.attempt) ||
        state.connection !== VIDEO_CALL_CONNECTION.CONNECTED
      ) {
        return unchanged(state);
      }
      return unchanged({
        ...state,
        connection: VIDEO_CALL_CONNECTION.CONNECTING,
        phase: 'waiting',
        practitionerMedia: { camera: true, microphone: true },
      });
    case 'practitionerMediaChanged':
      return isCurrent(state, event.attempt)
        ? unchanged({ ...state, practitionerMedia: { ...event.media } })
        : unchanged(state);
    case 'practitionerEnded':
      return isCurrent(state, event.attempt) ? hangUp(state, state.roomLink) : unchanged(state);
    case 'connectionFailed':
      return isCurrent(state, event.attempt) ? fail(state, event.error) : unchanged(state);
    case 'refresh': {
      const appointment = state.appointment;
      const room = appointment === null ? null : roomOf(appointment);
      if (
        state.connection !== VIDEO_CALL_CONNECTION.ERROR ||
        appointment === null ||
        room === null
      ) {
        return unchanged(state);
      }
      return startJoin(state, appointment, room);
    }
    case 'toggleCamera':
    case 'toggleMicrophone': {
      if (!isJoining(state)) {
        return unchanged(state);
      }
      const camera = event.type === 'toggleCamera' ? !state.camera : state.camera;
      const microphone = event.type === 'toggleMicrophone' ? !state.microphone : state.microphone;
      return {
        state: { ...state, camera, microphone },
        effects: [{ type: 'setLocalMedia', camera, microphone }],
      };
    }
    case 'minimize':
      return isJoining(state) && !state.minimized
        ? unchanged({ ...state, minimized: true })
        : unchanged(state);
    case 'restore':
      return state.minimized ? unchanged({ ...state, minimized: false }) : unchanged(state);
    case 'endRequested':
      return isInCall(state) && !state.confirmingEnd
        ? unchanged({ ...state, confirmingEnd: true })
        : unchanged(state);
    case 'endCancelled':
      return state.confirmingEnd ? unchanged({ ...state, confirmingEnd: false }) : unchanged(state);
    case 'endConfirmed':
      if (!isInCall(state) || !state.confirmingEnd) {
        return unchanged(state);
      }
      return hangUp(
        state,
        state.roomLink ?? (state.appointment === null ? null : roomOf(state.appointment)),
      );
  }
}
