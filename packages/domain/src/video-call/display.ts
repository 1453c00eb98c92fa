/**
 * What the patient's call screens show for a call state (spec doc 2 §2 Video consultation screens;
 * doc 1 §2 Bars: the main bottom bar is hidden during a connected video call).
 */
import {
  deniedDevices,
  joinBlock,
  shouldPromptForMedia,
  isIphoneOutsideSafari,
} from './devices.ts';
import {
  VIDEO_CALL_CONNECTION,
  type PractitionerMedia,
  type VideoCallConnection,
  type VideoCallState,
} from './machine.ts';
import { callTimerText } from './timer.ts';
import { incomingCallText, permissionWarningText, VIDEO_CALL_TEXTS } from './texts.ts';

/** The minimized call modal's size (spec doc 2 §2: height 110 px, width 480 px). */
export const MINIMIZED_CALL_MODAL = { heightPx: 110, widthPx: 480 } as const;

/**
 * The practitioner notice (spec doc 2 §2): 'Practitioner camera is off', 'Practitioner micro phone is
 * off', or 'Practitioner camera and micro phone are off'; null when both are on.
 * @param media - whether the practitioner's camera and microphone are on
 */
export function practitionerMediaNotice(media: PractitionerMedia): string | null {
  if (!media.camera && !media.microphone) {
    return VIDEO_CALL_TEXTS.practitionerCameraAndMicrophoneOff;
  }
  if (!media.camera) {
    return VIDEO_CALL_TEXTS.practitionerCameraOff;
  }
  if (!media.microphone) {
    return VIDEO_CALL_TEXTS.practitionerMicrophoneOff;
  }
  return null;
}

/**
 * The connecting or waiting message of state 1 (spec doc 2 §2, §4), or null in other states.
 * @param state - the call
 */
export function callProgressMessage(
  state: Pick<VideoCallState, 'connection' | 'phase'>,
): string | null {
  if (state.connection !== VIDEO_CALL_CONNECTION.CONNECTING) {
    return null;
  }
  return state.phase === 'waiting'
    ? VIDEO_CALL_TEXTS.waitingForPractitioner
    : VIDEO_CALL_TEXTS.connecting;
}

/** The incoming call card, ready to draw. */
export type IncomingCallCard = {
  /** '<doctor> is calling...' */
  title: string;
  /** 'Join Now' shows only when the device is supported and no permission is denied. */
  showJoinNow: boolean;
  /** The prompt to allow the microphone and camera, when some permission is still to be asked. */
  mediaPrompt: string | null;
  /** 'Please grant the permission to access <camera,microphone>' for the denied devices. */
  permissionWarning: string | null;
  /** 'iPhone video calls only available in Safari' on an iPhone browser other than Safari. */
  iphoneNote: string | null;
};

/**
 * The incoming call card (spec doc 2 §2), or null when nothing is calling.
 * @param state - the call
 * @param userAgent - navigator.userAgent, for the iPhone note
 */
export function incomingCallCard(
  state: VideoCallState,
  userAgent: string,
): IncomingCallCard | null {
  if (
    !state.incoming ||
    state.appointment === null ||
    state.connection !== VIDEO_CALL_CONNECTION.IDLE
  ) {
    return null;
  }
  const permissions = state.media.permissions;
  return {
    title: incomingCallText(state.appointment.doctorName),
    showJoinNow: joinBlock(state.media) === null,
    mediaPrompt: shouldPromptForMedia(permissions) ? VIDEO_CALL_TEXTS.allowMediaPrompt : null,
    permissionWarning: permissionWarningText(deniedDevices(permissions)),
    iphoneNote: isIphoneOutsideSafari(userAgent) ? VIDEO_CALL_TEXTS.iphoneSafariOnly : null,
  };
}

/**
 * The in-call timer's text (spec doc 2 §2: mm:ss), shown only while connected with the practitioner.
 * @param state - the call
 * @param now - the current time (epoch ms)
 */
export function callTimer(
  state: Pick<VideoCallState, 'connection' | 'connectedAt'>,
  now: number,
): string | null {
  if (state.connection !== VIDEO_CALL_CONNECTION.CONNECTED || state.connectedAt === null) {
    return null;
  }
  return callTimerText(state.connectedAt, now);
}

/** What decides the main bottom bar (spec doc 1 §2 Bars). */
export type MainBottomBarContext = {
  /** The bar shows only when the user has a mobile number. */
  hasMobileNumber: boolean;
  /** Doctor search with a filter set hides it. */
  doctorSearchFilterSet: boolean;
  /** A connected video call hides it, minimized or not. */
  callConnection: VideoCallConnection;
};

/**
 * Whether the main bottom bar (Doctor, Home, Account) is hidden (spec doc 1 §2, doc 2 §2): without a
 * mobile number, during doctor search with a filter set, and during a connected video call (state 2).
 * @param context - the user, the doctor search and the call
 */
export function mainBottomBarHidden(context: MainBottomBarContext): boolean {
  return (
    !context.hasMobileNumber ||
    context.doctorSearchFilterSet ||
    context.callConnection === VIDEO_CALL_CONNECTION.CONNECTED
  );
}
