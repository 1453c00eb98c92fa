import { describe, expect, it } from 'vitest';
import {
  INITIAL_VIDEO_CALL_STATE,
  VIDEO_CALL_CONNECTION,
  appointmentViewPath,
  isCallRinging,
  isInCall,
  videoCallReducer,
  type CallAppointment,
  type VideoCallEffect,
  type VideoCallEvent,
  type VideoCallState,
} from './machine.ts';

function appointment(overrides: Partial<CallAppointment> = {}): CallAppointment {
  return {
    id: 'a1',
    sessionId: 's1',
    patientId: 'p1',
    doctorName: 'Dr. Nimal Perera',
    appointmentStatus: 'arrived',
    remoteCommunicationLink: 'room-1',
    participantStatus: 'connected',
    ringing: true,
    ...overrides,
  };
}

/** Runs events from a state; answers the last state and every effect in order. */
function run(
  state: VideoCallState,
  events: VideoCallEvent[],
): { state: VideoCallState; effects: VideoCallEffect[] } {
  const effects: VideoCallEffect[] = [];
  let current = state;
  for (const event of events) {
    const step = videoCallReducer(current, event);
    current = step.state;
    effects.push(...step.effects);
  }
  return { state: current, effects };
}

const changed = (overrides: Partial<CallAppointment> = {}): VideoCallEvent => ({
  type: 'appointmentChanged',
  appointment: appointment(overrides),
});
const GRANTED = {
  deviceSupported: true,
  permissions: { camera: 'granted', microphone: 'granted' },
} as const;
const CONNECTED_REPORT = {
  type: 'reportCommunication',
  report: {
    medium: 'VIDEOCONF',
    appointmentId: 'a1',
    participantStatus: 'connected',
    permissions: { camera: 'granted', microphone: 'granted' },
    deviceSupport: true,
    participantReference: 'Patient/p1',
  },
} as const;
const DISCONNECTED_REPORT = {
  ...CONNECTED_REPORT,
  report: { ...CONNECTED_REPORT.report, participantStatus: 'disconnected' },
} as const;

const ringingState = run(INITIAL_VIDEO_CALL_STATE, [
  { type: 'mediaChecked', media: GRANTED },
  changed(),
]).state;
const joiningState = run(ringingState, [{ type: 'join' }]).state;
const withTokenState = run(joiningState, [
  { type: 'tokenCreated', attempt: joiningState.attempt, token: 'tok-1' },
]).state;
const waitingState = run(withTokenState, [
  { type: 'roomJoined', attempt: joiningState.attempt },
]).state;
const CONNECTED_AT = Date.parse('2026-11-24T10:00:00.000Z');
const connectedState = run(waitingState, [
  { type: 'practitionerConnected', attempt: joiningState.attempt, at: CONNECTED_AT },
]).state;
const errorState = run(connectedState, [
  { type: 'connectionFailed', attempt: joiningState.attempt, error: 'ICE failed' },
]).state;

describe('connection states (spec doc 2 §4 Video call)', () => {
  it('are 0 idle, 1 connecting or waiting, 2 connected, 3 error', () => {
    expect(VIDEO_CALL_CONNECTION).toEqual({ IDLE: 0, CONNECTING: 1, CONNECTED: 2, ERROR: 3 });
  });

  it('start idle with no token and nothing ringing', () => {
    expect(INITIAL_VIDEO_CALL_STATE).toMatchObject({
      connection: 0,
      token: null,
      incoming: false,
      appointment: null,
    });
    expect(isInCall(INITIAL_VIDEO_CALL_STATE)).toBe(false);
  });
});

describe('the incoming card: arrived, a remote link and participantStatus connected (spec doc 2 §4)', () => {
  it.each<[string, Partial<CallAppointment>, boolean]>([
    ['all three', {}, true],
    ['booked', { appointmentStatus: 'booked' }, false],
    ['fulfilled', { appointmentStatus: 'fulfilled' }, false],
    ['no link', { remoteCommunicationLink: null }, false],
    ['a blank link', { remoteCommunicationLink: '  ' }, false],
    ['practitioner not connected', { participantStatus: 'disconnected' }, false],
    ['no communication', { participantStatus: null }, false],
  ])('%s → rings %s', (_name, overrides, rings) => {
    expect(isCallRinging(appointment(overrides))).toBe(rings);
    const { state, effects } = videoCallReducer(INITIAL_VIDEO_CALL_STATE, changed(overrides));
    expect(state.incoming).toBe(rings);
    expect(state.connection).toBe(0);
    expect(effects).toEqual([]);
  });

  it('shows no card while the server says the call does not ring: answered elsewhere or timed out (issue 29 §2.7)', () => {
    expect(isCallRinging(appointment({ ringing: false }))).toBe(false);
    expect(videoCallReducer(INITIAL_VIDEO_CALL_STATE, changed({ ringing: false })).state.incoming).toBe(false);
    expect(run(ringingState, [changed({ ringing: false })]).state.incoming).toBe(false);
    // A reload starts from the server's answer: a call that no longer rings brings no card back.
    expect(run(INITIAL_VIDEO_CALL_STATE, [changed({ ringing: false })]).state).toMatchObject({ incoming: false, connection: 0 });
  });

  it('a call in progress goes on when its ring ends (answered here); the hang-up still ends it', () => {
    const answered = videoCallReducer(connectedState, changed({ ringing: false }));
    expect(answered.state.connection).toBe(VIDEO_CALL_CONNECTION.CONNECTED);
    expect(answered.effects).toEqual([]);
    const hungUp = videoCallReducer(answered.state, changed({ ringing: false, participantStatus: 'disconnected' }));
    expect(hungUp.state).toMatchObject({ connection: 0, incoming: false });
  });

  it("a call the patient ended does not ring again here while its ring pauses and restarts", () => {
    const ended = run(connectedState, [{ type: 'endRequested' }, { type: 'endConfirmed' }]).state;
    expect(ended.incoming).toBe(false);
    // The server: answered (not ringing), then the patient's leave rings for a rejoin on other devices.
    const later = run(ended, [changed({ ringing: false }), changed({ ringing: true })]).state;
    expect(later.incoming).toBe(false);
  });

  it('stops ringing when the practitioner stops calling', () => {
    expect(run(ringingState, [changed({ participantStatus: 'disconnected' })]).state.incoming).toBe(
      false,
    );
  });

  it('waits while another appointment rings; another that is not calling changes nothing', () => {
    const other = videoCallReducer(
      ringingState,
      changed({ id: 'a2', remoteCommunicationLink: 'room-2' }),
    );
    expect(other.state).toBe(ringingState);
    const idleOther = run(INITIAL_VIDEO_CALL_STATE, [
      changed({ participantStatus: null }),
      changed({ id: 'a2', appointmentStatus: 'booked' }),
    ]);
    expect(idleOther.state.appointment?.id).toBe('a1');
  });

  it('an idle app takes a ringing appointment from the account', () => {
    const state = run(INITIAL_VIDEO_CALL_STATE, [
      changed({ participantStatus: null }),
      changed({ id: 'a2', remoteCommunicationLink: 'room-2' }),
    ]).state;
    expect(state.appointment?.id).toBe('a2');
    expect(state.incoming).toBe(true);
  });
});

describe("join ('Join Now') creates the token and opens the appointment view (spec doc 2 §4)", () => {
  it('moves to 1 connecting and asks for createTwilioToken(roomSid, appointmentId)', () => {
    const { state, effects } = videoCallReducer(ringingState, { type: 'join' });
    expect(state).toMatchObject({
      connection: 1,
      phase: 'connecting',
      incoming: false,
      roomLink: 'room-1',
      token: null,
    });
    expect(effects).toEqual([
      { type: 'createToken', attempt: state.attempt, roomSid: 'room-1', appointmentId: 'a1' },
      { type: 'openAppointmentView', path: '/view/appointment?sessionId=s1&appointmentId=a1' },
    ]);
  });

  it('is refused with a denied permission or an unsupported device, or when nothing rings', () => {
    const denied = run(ringingState, [
      {
        type: 'mediaChecked',
        media: { deviceSupported: true, permissions: { camera: 'granted', microphone: 'denied' } },
      },
    ]).state;
    expect(videoCallReducer(denied, { type: 'join' })).toEqual({ state: denied, effects: [] });
    const unsupported = run(ringingState, [
      { type: 'mediaChecked', media: { ...GRANTED, deviceSupported: false } },
    ]).state;
    expect(videoCallReducer(unsupported, { type: 'join' })).toEqual({
      state: unsupported,
      effects: [],
    });
    expect(videoCallReducer(INITIAL_VIDEO_CALL_STATE, { type: 'join' }).effects).toEqual([]);
    expect(videoCallReducer(joiningState, { type: 'join' }).state).toBe(joiningState);
  });

  it('builds the appointment view path with encoded ids', () => {
    expect(appointmentViewPath({ id: 'a 1', sessionId: 's&1' })).toBe(
      '/view/appointment?sessionId=s%261&appointmentId=a%201',
    );
  });
});

describe('connecting, waiting and connected', () => {
  it('keeps the token and connects the room with the current camera and microphone', () => {
    const { state, effects } = videoCallReducer(joiningState, {
      type: 'tokenCreated',
      attempt: joiningState.attempt,
      token: 'tok-1',
    });
    expect(state).toMatchObject({ connection: 1, phase: 'connecting', token: 'tok-1' });
    expect(effects).toEqual([
      {
        type: 'connectRoom',
        attempt: joiningState.attempt,
        roomSid: 'room-1',
        token: 'tok-1',
        camera: true,
        microphone: true,
      },
    ]);
  });

  it('waits for the practitioner once in the room, and reports the communication (spec doc 2 §4)', () => {
    const { state, effects } = videoCallReducer(withTokenState, {
      type: 'roomJoined',
      attempt: joiningState.attempt,
    });
    expect(state).toMatchObject({ connection: 1, phase: 'waiting', reportedConnected: true });
    expect(effects).toEqual([CONNECTED_REPORT]);
  });

  it('is connected (2) when the practitioner connects, and the timer starts then', () => {
    expect(connectedState).toMatchObject({
      connection: 2,
      phase: null,
      connectedAt: CONNECTED_AT,
      token: 'tok-1',
    });
  });

  it('goes back to waiting when the practitioner drops, keeping the timer start', () => {
    const { state } = videoCallReducer(connectedState, {
      type: 'practitionerDisconnected',
      attempt: joiningState.attempt,
    });
    expect(state).toMatchObject({ connection: 1, phase: 'waiting', connectedAt: CONNECTED_AT });
    const again = videoCallReducer(state, {
      type: 'practitionerConnected',
      attempt: joiningState.attempt,
      at: CONNECTED_AT + 60_000,
    }).state;
    expect(again).toMatchObject({ connection: 2, connectedAt: CONNECTED_AT });
  });

  it('keeps the practitioner camera and microphone for the notices', () => {
    const { state } = videoCallReducer(connectedState, {
      type: 'practitionerMediaChanged',
      attempt: joiningState.attempt,
      media: { camera: false, microphone: true },
    });
    expect(state.practitionerMedia).toEqual({ camera: false, microphone: true });
  });

  it.each<VideoCallEvent>([
    { type: 'tokenCreated', attempt: 0, token: 'old' },
    { type: 'tokenFailed', attempt: 0, error: 'old' },
    { type: 'roomJoined', attempt: 0 },
    { type: 'practitionerConnected', attempt: 0, at: 0 },
    { type: 'practitionerDisconnected', attempt: 0 },
    { type: 'practitionerMediaChanged', attempt: 0, media: { camera: false, microphone: false } },
    { type: 'practitionerEnded', attempt: 0 },
    { type: 'connectionFailed', attempt: 0, error: 'old' },
  ])('ignores %j from an earlier attempt', (event) => {
    expect(videoCallReducer(connectedState, event)).toEqual({ state: connectedState, effects: [] });
    expect(videoCallReducer(joiningState, event)).toEqual({ state: joiningState, effects: [] });
  });

  it('ignores outcomes out of order', () => {
    // roomJoined before the token, a second token, the practitioner before the patient is in the room
    expect(
      videoCallReducer(joiningState, { type: 'roomJoined', attempt: joiningState.attempt }).state,
    ).toBe(joiningState);
    expect(
      videoCallReducer(withTokenState, {
        type: 'tokenCreated',
        attempt: joiningState.attempt,
        token: 'tok-2',
      }).state,
    ).toBe(withTokenState);
    expect(
      videoCallReducer(withTokenState, {
        type: 'practitionerConnected',
        attempt: joiningState.attempt,
        at: 0,
      }).state,
    ).toBe(withTokenState);
    expect(
      videoCallReducer(waitingState, {
        type: 'practitionerDisconnected',
        attempt: joiningState.attempt,
      }).state,
    ).toBe(waitingState);
    expect(
      videoCallReducer(INITIAL_VIDEO_CALL_STATE, { type: 'tokenCreated', attempt: 0, token: 't' })
        .state,
    ).toBe(INITIAL_VIDEO_CALL_STATE);
  });
});

describe("errors and 'Refresh the call' (spec doc 2 §2, §8)", () => {
  it('a failed token is state 3 with the error', () => {
    const { state, effects } = videoCallReducer(joiningState, {
      type: 'tokenFailed',
      attempt: joiningState.attempt,
      error: 'No room',
    });
    expect(state).toMatchObject({ connection: 3, error: 'No room', token: null, phase: null });
    expect(effects).toEqual([{ type: 'disconnectRoom' }]);
  });

  it('a failed connection is state 3: the room is left and the server told, the token cleared, the call restored', () => {
    const minimized = run(connectedState, [{ type: 'minimize' }]).state;
    const { state, effects } = videoCallReducer(minimized, {
      type: 'connectionFailed',
      attempt: joiningState.attempt,
      error: 'ICE failed',
    });
    expect(state).toMatchObject({
      connection: 3,
      error: 'ICE failed',
      token: null,
      minimized: false,
      reportedConnected: false,
    });
    expect(effects).toEqual([{ type: 'disconnectRoom' }, DISCONNECTED_REPORT]);
  });

  it('refresh joins again with a new token', () => {
    const { state, effects } = videoCallReducer(errorState, { type: 'refresh' });
    expect(state).toMatchObject({
      connection: 1,
      phase: 'connecting',
      error: null,
      token: null,
      attempt: errorState.attempt + 1,
    });
    expect(effects).toEqual([
      {
        type: 'createToken',
        attempt: errorState.attempt + 1,
        roomSid: 'room-1',
        appointmentId: 'a1',
      },
    ]);
  });

  it('refresh does nothing outside the error', () => {
    expect(videoCallReducer(connectedState, { type: 'refresh' }).state).toBe(connectedState);
    expect(videoCallReducer(INITIAL_VIDEO_CALL_STATE, { type: 'refresh' }).state).toBe(
      INITIAL_VIDEO_CALL_STATE,
    );
  });
});

describe('a change of room link rejoins (spec doc 2 §4)', () => {
  it.each([
    ['connected', connectedState, [{ type: 'disconnectRoom' }, DISCONNECTED_REPORT]],
    ['waiting', waitingState, [{ type: 'disconnectRoom' }, DISCONNECTED_REPORT]],
    ['connecting', joiningState, [{ type: 'disconnectRoom' }]],
  ] as const)('while %s: leaves, then creates a token for the new room', (_name, from, leave) => {
    const { state, effects } = videoCallReducer(
      from,
      changed({ remoteCommunicationLink: 'room-2' }),
    );
    expect(state).toMatchObject({
      connection: 1,
      phase: 'connecting',
      roomLink: 'room-2',
      token: null,
      attempt: from.attempt + 1,
    });
    expect(effects).toEqual([
      ...leave,
      { type: 'createToken', attempt: from.attempt + 1, roomSid: 'room-2', appointmentId: 'a1' },
    ]);
  });

  it('in error, keeps the new room for Refresh', () => {
    const { state, effects } = videoCallReducer(
      errorState,
      changed({ remoteCommunicationLink: 'room-2' }),
    );
    expect(state).toMatchObject({ connection: 3, roomLink: 'room-2' });
    expect(effects).toEqual([]);
    expect(videoCallReducer(state, { type: 'refresh' }).effects).toEqual([
      { type: 'createToken', attempt: state.attempt + 1, roomSid: 'room-2', appointmentId: 'a1' },
    ]);
  });

  it('the same link changes nothing', () => {
    const { state, effects } = videoCallReducer(
      connectedState,
      changed({ doctorName: 'Dr. N. Perera' }),
    );
    expect(state).toMatchObject({ connection: 2, token: 'tok-1', attempt: connectedState.attempt });
    expect(state.appointment?.doctorName).toBe('Dr. N. Perera');
    expect(effects).toEqual([]);
  });

  it("another appointment's update does not touch the call", () => {
    expect(
      videoCallReducer(connectedState, changed({ id: 'a2', remoteCommunicationLink: 'room-9' }))
        .state,
    ).toBe(connectedState);
  });
});

describe('hang-up clears the token (spec doc 2 §4)', () => {
  it.each([
    ['fulfilled', { appointmentStatus: 'fulfilled' }],
    ['cancelled', { appointmentStatus: 'cancelled' }],
    ['noshow', { appointmentStatus: 'noshow' }],
  ] as const)('a change of appointment status to %s hangs up', (_name, overrides) => {
    for (const [from, leave] of [
      [connectedState, [{ type: 'disconnectRoom' }, DISCONNECTED_REPORT]],
      [joiningState, [{ type: 'disconnectRoom' }]],
      [errorState, [{ type: 'disconnectRoom' }]],
    ] as const) {
      const { state, effects } = videoCallReducer(from, changed(overrides));
      expect(state).toMatchObject({
        connection: 0,
        token: null,
        roomLink: null,
        incoming: false,
        connectedAt: null,
        error: null,
      });
      expect(effects).toEqual(leave);
    }
  });

  it('the practitioner no longer calling, or the link removed, hangs up; a later call rings', () => {
    const ended = videoCallReducer(connectedState, changed({ participantStatus: 'disconnected' }));
    expect(ended.state).toMatchObject({ connection: 0, token: null, incoming: false });
    expect(ended.effects).toEqual([{ type: 'disconnectRoom' }, DISCONNECTED_REPORT]);
    expect(videoCallReducer(ended.state, changed()).state.incoming).toBe(true);
    expect(
      videoCallReducer(connectedState, changed({ remoteCommunicationLink: null })).state.connection,
    ).toBe(0);
  });

  it('the practitioner ending the call hangs up, and the room does not ring again until a new call', () => {
    const { state, effects } = videoCallReducer(connectedState, {
      type: 'practitionerEnded',
      attempt: joiningState.attempt,
    });
    expect(state).toMatchObject({ connection: 0, token: null, incoming: false });
    expect(effects).toEqual([{ type: 'disconnectRoom' }, DISCONNECTED_REPORT]);
    expect(videoCallReducer(state, changed()).state.incoming).toBe(false);
    const calledAgain = run(state, [
      changed({ participantStatus: 'disconnected' }),
      changed(),
    ]).state;
    expect(calledAgain.incoming).toBe(true);
    expect(
      videoCallReducer(state, changed({ remoteCommunicationLink: 'room-2' })).state.incoming,
    ).toBe(true);
  });

  it("End Call asks 'Are you sure you want to end this call'; Not now goes back; End hangs up", () => {
    const asking = videoCallReducer(connectedState, { type: 'endRequested' });
    expect(asking.state.confirmingEnd).toBe(true);
    expect(asking.effects).toEqual([]);
    const back = videoCallReducer(asking.state, { type: 'endCancelled' });
    expect(back.state).toMatchObject({ connection: 2, confirmingEnd: false, token: 'tok-1' });
    const ended = videoCallReducer(asking.state, { type: 'endConfirmed' });
    expect(ended.state).toMatchObject({
      connection: 0,
      token: null,
      confirmingEnd: false,
      incoming: false,
    });
    expect(ended.effects).toEqual([{ type: 'disconnectRoom' }, DISCONNECTED_REPORT]);
    // The practitioner is still in the room: it does not ring again at once.
    expect(videoCallReducer(ended.state, changed()).state.incoming).toBe(false);
  });

  it('End without the confirm does nothing; End Call works while connecting and in error too', () => {
    expect(videoCallReducer(connectedState, { type: 'endConfirmed' }).state).toBe(connectedState);
    for (const from of [joiningState, waitingState, errorState]) {
      const ended = run(from, [{ type: 'endRequested' }, { type: 'endConfirmed' }]);
      expect(ended.state).toMatchObject({ connection: 0, token: null });
    }
    expect(videoCallReducer(INITIAL_VIDEO_CALL_STATE, { type: 'endRequested' }).state).toBe(
      INITIAL_VIDEO_CALL_STATE,
    );
  });

  it('outcomes of the ended call change nothing', () => {
    const ended = run(connectedState, [{ type: 'endRequested' }, { type: 'endConfirmed' }]).state;
    expect(
      videoCallReducer(ended, {
        type: 'practitionerConnected',
        attempt: joiningState.attempt,
        at: 0,
      }).state,
    ).toBe(ended);
    expect(
      videoCallReducer(ended, {
        type: 'connectionFailed',
        attempt: joiningState.attempt,
        error: 'x',
      }).state,
    ).toBe(ended);
  });

  it('a join after a hang-up starts a fresh call', () => {
    const ended = run(connectedState, [
      { type: 'endRequested' },
      { type: 'endConfirmed' },
      changed({ remoteCommunicationLink: 'room-2' }),
    ]).state;
    const { state } = videoCallReducer(ended, { type: 'join' });
    expect(state).toMatchObject({
      connection: 1,
      roomLink: 'room-2',
      connectedAt: null,
      camera: true,
      microphone: true,
      minimized: false,
    });
  });
});

describe('permissions during the join', () => {
  it('a permission denied at the prompt while connecting goes back to the card', () => {
    const denied = {
      deviceSupported: true,
      permissions: { camera: 'denied', microphone: 'granted' },
    } as const;
    const { state, effects } = videoCallReducer(joiningState, {
      type: 'mediaChecked',
      media: denied,
    });
    expect(state).toMatchObject({ connection: 0, token: null, incoming: true, media: denied });
    expect(effects).toEqual([{ type: 'disconnectRoom' }]);
  });

  it('in the call the check is kept and the call goes on', () => {
    const denied = {
      deviceSupported: true,
      permissions: { camera: 'denied', microphone: 'granted' },
    } as const;
    const { state, effects } = videoCallReducer(connectedState, {
      type: 'mediaChecked',
      media: denied,
    });
    expect(state).toMatchObject({ connection: 2, media: denied });
    expect(effects).toEqual([]);
  });
});

describe('camera and mute toggles, Minimize and View (spec doc 2 §2)', () => {
  it('toggles the camera and the microphone in the call', () => {
    const camera = videoCallReducer(connectedState, { type: 'toggleCamera' });
    expect(camera.state).toMatchObject({ camera: false, microphone: true });
    expect(camera.effects).toEqual([{ type: 'setLocalMedia', camera: false, microphone: true }]);
    const muted = videoCallReducer(camera.state, { type: 'toggleMicrophone' });
    expect(muted.effects).toEqual([{ type: 'setLocalMedia', camera: false, microphone: false }]);
    expect(videoCallReducer(muted.state, { type: 'toggleCamera' }).effects).toEqual([
      { type: 'setLocalMedia', camera: true, microphone: false },
    ]);
  });

  it('a muted patient joins a new room muted', () => {
    const muted = run(joiningState, [{ type: 'toggleMicrophone' }]).state;
    const { effects } = videoCallReducer(muted, {
      type: 'tokenCreated',
      attempt: muted.attempt,
      token: 't',
    });
    expect(effects).toEqual([
      {
        type: 'connectRoom',
        attempt: muted.attempt,
        roomSid: 'room-1',
        token: 't',
        camera: true,
        microphone: false,
      },
    ]);
  });

  it('toggles nothing outside a call', () => {
    expect(videoCallReducer(ringingState, { type: 'toggleCamera' }).state).toBe(ringingState);
    expect(videoCallReducer(errorState, { type: 'toggleMicrophone' }).state).toBe(errorState);
  });

  it("minimizes to 'Call ongoing' and restores with View", () => {
    const minimized = videoCallReducer(connectedState, { type: 'minimize' }).state;
    expect(minimized).toMatchObject({ minimized: true, connection: 2, token: 'tok-1' });
    expect(videoCallReducer(minimized, { type: 'restore' }).state.minimized).toBe(false);
    expect(videoCallReducer(INITIAL_VIDEO_CALL_STATE, { type: 'minimize' }).state).toBe(
      INITIAL_VIDEO_CALL_STATE,
    );
    expect(videoCallReducer(connectedState, { type: 'restore' }).state).toBe(connectedState);
  });

  it('End on the minimized call asks first, then hangs up', () => {
    const { state } = run(connectedState, [
      { type: 'minimize' },
      { type: 'endRequested' },
      { type: 'endConfirmed' },
    ]);
    expect(state).toMatchObject({ connection: 0, minimized: false, token: null });
  });
});

describe('purity', () => {
  function deepFreeze<T>(value: T): T {
    if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const inner of Object.values(value)) {
        deepFreeze(inner);
      }
    }
    return value;
  }

  it('never changes the state it is given', () => {
    const events: VideoCallEvent[] = [
      { type: 'mediaChecked', media: GRANTED },
      changed(),
      { type: 'join' },
      { type: 'tokenCreated', attempt: 1, token: 't' },
      { type: 'roomJoined', attempt: 1 },
      { type: 'practitionerConnected', attempt: 1, at: 0 },
      { type: 'toggleCamera' },
      { type: 'minimize' },
      changed({ remoteCommunicationLink: 'room-2' }),
      { type: 'connectionFailed', attempt: 2, error: 'x' },
      { type: 'refresh' },
      { type: 'endRequested' },
      { type: 'endConfirmed' },
    ];
    let state = deepFreeze(INITIAL_VIDEO_CALL_STATE);
    for (const event of events) {
      state = deepFreeze(videoCallReducer(state, deepFreeze(event)).state);
    }
    expect(state).toMatchObject({ connection: 0, token: null });
  });
});
