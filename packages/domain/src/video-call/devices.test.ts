import { describe, expect, it } from 'vitest';
import {
  UNCHECKED_MEDIA,
  canJoinNow,
  deniedDevices,
  isIphoneOutsideSafari,
  joinBlock,
  shouldPromptForMedia,
  videoDeviceSupported,
  type DevicePermission,
  type JoinBlock,
} from './devices.ts';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  iphoneEdge:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/126.2592.56 Mobile/15E148 Safari/605.1.15',
  iphoneFacebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.43.109;FBBV/123;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5]',
  iphoneInstagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 337.0.3.23.54 (iPhone15,2; iOS 17_5; en_US; en; scale=3.00; 1179x2556; 614016346)',
  iphoneGoogleApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/323.0.647062479 Mobile/15E148 Safari/604.1',
  ipodSafari:
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  ipadSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  ipadChrome:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
} as const;

describe("'iPhone video calls only available in Safari' (spec doc 2 §2, §8)", () => {
  it.each<[keyof typeof UA, boolean]>([
    ['iphoneSafari', false],
    ['iphoneChrome', true],
    ['iphoneFirefox', true],
    ['iphoneEdge', true],
    ['iphoneFacebook', true],
    ['iphoneInstagram', true],
    ['iphoneGoogleApp', true],
    ['ipodSafari', false],
    ['ipadSafari', false],
    ['ipadChrome', false],
    ['androidChrome', false],
    ['desktopChrome', false],
  ])('%s: outside Safari on an iPhone is %s', (name, outside) => {
    expect(isIphoneOutsideSafari(UA[name])).toBe(outside);
  });

  it('an empty user agent is not an iPhone', () => {
    expect(isIphoneOutsideSafari('')).toBe(false);
  });
});

describe('device support', () => {
  const full = { userAgent: UA.androidChrome, hasGetUserMedia: true, hasPeerConnection: true };

  it('needs getUserMedia and RTCPeerConnection', () => {
    expect(videoDeviceSupported(full)).toBe(true);
    expect(videoDeviceSupported({ ...full, hasGetUserMedia: false })).toBe(false);
    expect(videoDeviceSupported({ ...full, hasPeerConnection: false })).toBe(false);
  });

  it('an iPhone is supported only in Safari', () => {
    expect(videoDeviceSupported({ ...full, userAgent: UA.iphoneSafari })).toBe(true);
    expect(videoDeviceSupported({ ...full, userAgent: UA.iphoneChrome })).toBe(false);
  });
});

describe("'Join Now' only if the device is supported and no permission is denied (spec doc 2 §2)", () => {
  it.each<[boolean, DevicePermission, DevicePermission, JoinBlock | null]>([
    [true, 'granted', 'granted', null],
    [true, 'prompt', 'prompt', null],
    [true, 'granted', 'prompt', null],
    [true, 'denied', 'granted', 'permissionDenied'],
    [true, 'granted', 'denied', 'permissionDenied'],
    [true, 'denied', 'denied', 'permissionDenied'],
    [false, 'granted', 'granted', 'unsupported'],
    [false, 'denied', 'denied', 'unsupported'],
  ])(
    'supported %s, camera %s, microphone %s → %s',
    (deviceSupported, camera, microphone, block) => {
      const media = { deviceSupported, permissions: { camera, microphone } };
      expect(joinBlock(media)).toBe(block);
      expect(canJoinNow(media)).toBe(block === null);
    },
  );

  it('nothing checked yet lets the patient join (joining asks)', () => {
    expect(canJoinNow(UNCHECKED_MEDIA)).toBe(true);
  });
});

describe('the permission prompt and warning', () => {
  it.each<[DevicePermission, DevicePermission, string[], boolean]>([
    ['granted', 'granted', [], false],
    ['prompt', 'granted', [], true],
    ['granted', 'prompt', [], true],
    ['prompt', 'denied', ['microphone'], false],
    ['denied', 'granted', ['camera'], false],
    ['denied', 'denied', ['camera', 'microphone'], false],
  ])('camera %s, microphone %s: denied %j, prompt %s', (camera, microphone, denied, prompt) => {
    expect(deniedDevices({ camera, microphone })).toEqual(denied);
    expect(shouldPromptForMedia({ camera, microphone })).toBe(prompt);
  });
});
