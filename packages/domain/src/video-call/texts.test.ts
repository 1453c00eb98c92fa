import { describe, expect, it } from 'vitest';
import {
  CALL_DEVICES,
  VIDEO_CALL_TEXTS,
  incomingCallText,
  permissionWarningText,
  type CallDevice,
} from './texts.ts';

describe('video call texts (spec doc 2 §2, §8), character for character', () => {
  it.each([
    ['incomingCall', '{doctor} is calling...'],
    ['joinNow', 'Join Now'],
    ['permissionWarning', 'Please grant the permission to access {devices}'],
    ['iphoneSafariOnly', 'iPhone video calls only available in Safari'],
    ['endCall', 'End Call'],
    ['minimize', 'Minimize'],
    ['endConfirm', 'Are you sure you want to end this call'],
    ['notNow', 'Not now'],
    ['end', 'End'],
    ['callOngoing', 'Call ongoing'],
    ['view', 'View'],
    ['practitionerCameraOff', 'Practitioner camera is off'],
    ['practitionerMicrophoneOff', 'Practitioner micro phone is off'],
    ['practitionerCameraAndMicrophoneOff', 'Practitioner camera and micro phone are off'],
    ['refreshCall', 'Refresh the call'],
  ] as const)('%s is %j', (key, text) => {
    expect(VIDEO_CALL_TEXTS[key]).toBe(text);
  });

  it('has no empty text', () => {
    for (const text of Object.values(VIDEO_CALL_TEXTS)) {
      expect(text.trim()).not.toBe('');
    }
  });

  it("names the caller: '<doctor> is calling...'", () => {
    expect(incomingCallText('Dr. Nimal Perera')).toBe('Dr. Nimal Perera is calling...');
  });

  it('lists the devices camera first', () => {
    expect(CALL_DEVICES).toEqual(['camera', 'microphone']);
  });
});

describe("'Please grant the permission to access <camera,microphone>' (spec doc 2 §2)", () => {
  it.each<[CallDevice[], string | null]>([
    [['camera', 'microphone'], 'Please grant the permission to access camera,microphone'],
    [['microphone', 'camera'], 'Please grant the permission to access camera,microphone'],
    [['camera'], 'Please grant the permission to access camera'],
    [['microphone'], 'Please grant the permission to access microphone'],
    [['microphone', 'microphone'], 'Please grant the permission to access microphone'],
    [[], null],
  ])('denied %j reads %j', (denied, text) => {
    expect(permissionWarningText(denied)).toBe(text);
  });
});
