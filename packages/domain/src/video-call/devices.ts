/**
 * The patient's devices before a call: camera and microphone permissions, device support, the
 * iPhone-only-in-Safari rule, and when 'Join Now' shows (spec doc 2 §2 Video consultation screens,
 * §8).
 */
import { CALL_DEVICES, type CallDevice } from './texts.ts';

/** A permission as the browser reports it (the Permissions API's PermissionState). */
export type DevicePermission = 'granted' | 'denied' | 'prompt';

/** The camera and microphone permissions. */
export type DevicePermissions = Record<CallDevice, DevicePermission>;

/** What the app found out about the device before a call. */
export type MediaCheck = {
  permissions: DevicePermissions;
  /** Whether this device and browser can make the call (see videoDeviceSupported). */
  deviceSupported: boolean;
};

/** Before anything is known: both permissions still to ask, the device taken as supported. */
export const UNCHECKED_MEDIA: MediaCheck = {
  permissions: { camera: 'prompt', microphone: 'prompt' },
  deviceSupported: true,
};

/**
 * The devices whose permission is denied, camera first.
 * @param permissions - the camera and microphone permissions
 */
export function deniedDevices(permissions: DevicePermissions): CallDevice[] {
  return CALL_DEVICES.filter((device) => permissions[device] === 'denied');
}

/**
 * Whether the prompt to allow the microphone and camera shows (spec doc 2 §2): some permission is
 * still to be asked and none is denied (a denied one shows the grant warning instead).
 * @param permissions - the camera and microphone permissions
 */
export function shouldPromptForMedia(permissions: DevicePermissions): boolean {
  return (
    deniedDevices(permissions).length === 0 &&
    CALL_DEVICES.some((device) => permissions[device] === 'prompt')
  );
}

/** Why 'Join Now' is not offered. */
export type JoinBlock = 'unsupported' | 'permissionDenied';

/**
 * Why 'Join Now' is hidden, or null when it shows (spec doc 2 §2: 'Join Now' only if the device is
 * supported and no permission is denied). A permission still to be asked does not block: joining asks.
 * @param media - the device check
 */
export function joinBlock(media: MediaCheck): JoinBlock | null {
  if (!media.deviceSupported) {
    return 'unsupported';
  }
  if (deniedDevices(media.permissions).length > 0) {
    return 'permissionDenied';
  }
  return null;
}

/**
 * Whether 'Join Now' shows (spec doc 2 §2).
 * @param media - the device check
 */
export function canJoinNow(media: MediaCheck): boolean {
  return joinBlock(media) === null;
}

// Browsers on iOS that are not Safari mark themselves in the user agent (Chrome CriOS, Firefox FxiOS,
// Edge EdgiOS, Opera OPiOS/OPT, Google app GSA, Yandex, DuckDuckGo) or are in-app web views without
// the 'Safari/' token (Facebook FBAN/FBAV, Instagram, LINE, WhatsApp and other WKWebViews).
const IOS_OTHER_BROWSER =
  /\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|GSA|YaBrowser|DuckDuckGo|FBAN|FBAV|Instagram|Line|WhatsApp)\//;

/**
 * Whether a user agent is an iPhone (or iPod touch) browser other than Safari, where the note
 * 'iPhone video calls only available in Safari' applies (spec doc 2 §2, §8).
 * @param userAgent - navigator.userAgent
 */
export function isIphoneOutsideSafari(userAgent: string): boolean {
  if (!/\b(iPhone|iPod)\b/.test(userAgent)) {
    return false;
  }
  const safari = /\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent);
  return !safari || IOS_OTHER_BROWSER.test(userAgent);
}

/** What the browser offers for a call, as the app reads it. */
export type BrowserMediaSupport = {
  /** navigator.userAgent */
  userAgent: string;
  /** Whether navigator.mediaDevices.getUserMedia exists (only on secure origins). */
  hasGetUserMedia: boolean;
  /** Whether RTCPeerConnection exists. */
  hasPeerConnection: boolean;
};

/**
 * Whether the device can make a video call: the browser has getUserMedia and RTCPeerConnection, and
 * it is not an iPhone browser other than Safari (spec doc 2 §8: iPhone video calls only work in Safari).
 * @param support - what the browser offers
 */
export function videoDeviceSupported(support: BrowserMediaSupport): boolean {
  return (
    support.hasGetUserMedia &&
    support.hasPeerConnection &&
    !isIphoneOutsideSafari(support.userAgent)
  );
}
