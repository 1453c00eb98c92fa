import { describe, expect, it } from 'vitest';
import {
  MINIMIZED_CALL_MODAL,
  callProgressMessage,
  callTimer,
  incomingCallCard,
  mainBottomBarHidden,
  practitionerMediaNotice,
} from './display.ts';
import {
  INITIAL_VIDEO_CALL_STATE,
  VIDEO_CALL_CONNECTION,
  type VideoCallConnection,
  type VideoCallState,
} from './machine.ts';

const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36';

function ringing(overrides: Partial<VideoCallState> = {}): VideoCallState {
  return {
    ...INITIAL_VIDEO_CALL_STATE,
    incoming: true,
    appointment: {
      id: 'a1',
      sessionId: 's1',
      patientId: 'p1',
      doctorName: 'Dr. Nimal Perera',
      appointmentStatus: 'arrived',
      remoteCommunicationLink: 'room-1',
      participantStatus: 'connected',
      ringing: true,
    },
    ...overrides,
  };
}

describe('practitioner notices (spec doc 2 §2)', () => {
  it.each([
    [true, true, null],
    [false, true, 'Practitioner camera is off'],
    [true, false, 'Practitioner micro phone is off'],
    [false, false, 'Practitioner camera and micro phone are off'],
  ])('camera %s, microphone %s → %j', (camera, microphone, notice) => {
    expect(practitionerMediaNotice({ camera, microphone })).toBe(notice);
  });
});

describe('connecting and waiting messages (spec doc 2 §2, §4)', () => {
  it('shows in state 1 only', () => {
    expect(
      callProgressMessage({ connection: VIDEO_CALL_CONNECTION.CONNECTING, phase: 'connecting' }),
    ).toBe('Connecting to the call...');
    expect(
      callProgressMessage({ connection: VIDEO_CALL_CONNECTION.CONNECTING, phase: 'waiting' }),
    ).toBe('Waiting for the practitioner to join...');
    expect(callProgressMessage({ connection: VIDEO_CALL_CONNECTION.IDLE, phase: null })).toBeNull();
    expect(
      callProgressMessage({ connection: VIDEO_CALL_CONNECTION.CONNECTED, phase: null }),
    ).toBeNull();
    expect(
      callProgressMessage({ connection: VIDEO_CALL_CONNECTION.ERROR, phase: null }),
    ).toBeNull();
  });
});

describe('the incoming call card (spec doc 2 §2)', () => {
  it("shows '<doctor> is calling...' with 'Join Now' and the prompt to allow media", () => {
    expect(incomingCallCard(ringing(), ANDROID_CHROME)).toEqual({
      title: 'Dr. Nimal Perera is calling...',
      showJoinNow: true,
      mediaPrompt: 'Allow access to your microphone and camera to join the call',
      permissionWarning: null,
      iphoneNote: null,
    });
  });

  it('hides Join Now and warns for a denied permission', () => {
    const state = ringing({
      media: { deviceSupported: true, permissions: { camera: 'denied', microphone: 'denied' } },
    });
    expect(incomingCallCard(state, ANDROID_CHROME)).toMatchObject({
      showJoinNow: false,
      mediaPrompt: null,
      permissionWarning: 'Please grant the permission to access camera,microphone',
    });
  });

  it('notes Safari on an iPhone browser other than Safari', () => {
    const state = ringing({
      media: { deviceSupported: false, permissions: { camera: 'granted', microphone: 'granted' } },
    });
    expect(incomingCallCard(state, IPHONE_CHROME)).toMatchObject({
      showJoinNow: false,
      mediaPrompt: null,
      iphoneNote: 'iPhone video calls only available in Safari',
    });
  });

  it('is absent when nothing rings or a call is on', () => {
    expect(incomingCallCard(INITIAL_VIDEO_CALL_STATE, ANDROID_CHROME)).toBeNull();
    expect(incomingCallCard(ringing({ incoming: false }), ANDROID_CHROME)).toBeNull();
    expect(
      incomingCallCard(ringing({ connection: VIDEO_CALL_CONNECTION.CONNECTING }), ANDROID_CHROME),
    ).toBeNull();
  });
});

describe('the timer shows while connected', () => {
  const connectedAt = Date.parse('2026-11-24T10:00:00.000Z');
  it.each<[VideoCallConnection, number | null, string | null]>([
    [VIDEO_CALL_CONNECTION.CONNECTED, connectedAt, '01:05'],
    [VIDEO_CALL_CONNECTION.CONNECTED, null, null],
    [VIDEO_CALL_CONNECTION.CONNECTING, connectedAt, null],
    [VIDEO_CALL_CONNECTION.ERROR, connectedAt, null],
  ])('state %d, connected at %s → %j', (connection, at, text) => {
    expect(callTimer({ connection, connectedAt: at }, connectedAt + 65_000)).toBe(text);
  });
});

describe('the minimized modal (spec doc 2 §2)', () => {
  it('is 110 px high and 480 px wide', () => {
    expect(MINIMIZED_CALL_MODAL).toEqual({ heightPx: 110, widthPx: 480 });
  });
});

describe('the main bottom bar (spec doc 1 §2, doc 2 §2)', () => {
  it.each<[boolean, boolean, VideoCallConnection, boolean]>([
    [true, false, VIDEO_CALL_CONNECTION.IDLE, false],
    [true, false, VIDEO_CALL_CONNECTION.CONNECTING, false],
    [true, false, VIDEO_CALL_CONNECTION.CONNECTED, true],
    [true, false, VIDEO_CALL_CONNECTION.ERROR, false],
    [true, true, VIDEO_CALL_CONNECTION.IDLE, true],
    [false, false, VIDEO_CALL_CONNECTION.IDLE, true],
  ])(
    'mobile number %s, search filter %s, call state %d → hidden %s',
    (hasMobileNumber, doctorSearchFilterSet, callConnection, hidden) => {
      expect(mainBottomBarHidden({ hasMobileNumber, doctorSearchFilterSet, callConnection })).toBe(
        hidden,
      );
    },
  );
});
