/**
 * Every visible text of the patient's video call screens (spec doc 2 §2 Video consultation screens,
 * §8), character for character where the spec quotes it. The spec describes some texts without
 * quoting them (the prompt to allow the microphone and camera, the connecting and waiting messages,
 * the call history modal's words): those are ours and are marked so below.
 */

/** A device the call needs a permission for, in the order the spec names them ('<camera,microphone>'). */
export type CallDevice = 'camera' | 'microphone';

/** The devices in the spec's order: camera first, then microphone. */
export const CALL_DEVICES: readonly CallDevice[] = ['camera', 'microphone'];

export const VIDEO_CALL_TEXTS = {
  // Incoming call card (spec doc 2 §2).
  incomingCall: '{doctor} is calling...',
  joinNow: 'Join Now',
  // Ours: the spec asks for a 'prompt to allow microphone and camera' without quoting it.
  allowMediaPrompt: 'Allow access to your microphone and camera to join the call',
  permissionWarning: 'Please grant the permission to access {devices}',
  iphoneSafariOnly: 'iPhone video calls only available in Safari',

  // In call (spec doc 2 §2). The connecting and waiting messages are ours: the spec names them only.
  connecting: 'Connecting to the call...',
  waitingForPractitioner: 'Waiting for the practitioner to join...',
  // The spec names the buttons End Call and Minimize without quotes; the labels are those words.
  endCall: 'End Call',
  minimize: 'Minimize',
  // Ours: labels for the camera and mute toggles (icon buttons need an accessible name).
  cameraOff: 'Turn camera off',
  cameraOn: 'Turn camera on',
  mute: 'Mute',
  unmute: 'Unmute',

  // End confirm (spec doc 2 §2).
  endConfirm: 'Are you sure you want to end this call',
  notNow: 'Not now',
  end: 'End',

  // Minimized (spec doc 2 §2).
  callOngoing: 'Call ongoing',
  view: 'View',

  // Practitioner notices (spec doc 2 §2; 'micro phone' is the spec's spelling).
  practitionerCameraOff: 'Practitioner camera is off',
  practitionerMicrophoneOff: 'Practitioner micro phone is off',
  practitionerCameraAndMicrophoneOff: 'Practitioner camera and micro phone are off',

  // Error (spec doc 2 §2, §8: the error, then a Refresh button).
  refreshCall: 'Refresh the call',

  // Call history modal: ours, the spec says only that it lists connect and disconnect events.
  callHistory: 'Call History',
  callHistoryEmpty: 'No call events yet',
  historyConnected: 'Connected',
  historyDisconnected: 'Disconnected',
  historyPatient: 'Patient',
  historyPractitioner: 'Practitioner',
} as const;

/** A key of VIDEO_CALL_TEXTS. */
export type VideoCallTextKey = keyof typeof VIDEO_CALL_TEXTS;

/**
 * The incoming call card's title (spec doc 2 §2): '<doctor> is calling...'.
 * @param doctorName - the calling doctor's name as the appointment carries it (doctorName)
 */
export function incomingCallText(doctorName: string): string {
  return VIDEO_CALL_TEXTS.incomingCall.replace('{doctor}', doctorName);
}

/**
 * The warning for denied permissions (spec doc 2 §2): 'Please grant the permission to access
 * <camera,microphone>', the denied devices joined by a comma without a space, camera first, as the
 * spec writes them. Null when nothing is denied.
 * @param denied - the devices whose permission is denied, in any order; repeats count once
 */
export function permissionWarningText(denied: readonly CallDevice[]): string | null {
  const devices = CALL_DEVICES.filter((device) => denied.includes(device));
  if (devices.length === 0) {
    return null;
  }
  return VIDEO_CALL_TEXTS.permissionWarning.replace('{devices}', devices.join(','));
}
