/**
 * The patient app's video call texts (spec doc 2 §2 Video consultation screens, §4 Video call, §8), a
 * separate catalogue loaded with the call screens so that /login does not carry them. Keys
 * 'video.text.<key>' are VIDEO_CALL_TEXTS of @careline/domain/video-call character for character;
 * 'video.device.*' name the devices in the permission warning; 'video.ui.*' are the words around
 * them (accessible names, the connection error). After editing run `npm run i18n:compile`.
 */
export const videoEn = {
  // The spec's own texts (VIDEO_CALL_TEXTS in @careline/domain/video-call).
  'video.text.incomingCall': '{doctor} is calling...',
  'video.text.joinNow': 'Join Now',
  'video.text.allowMediaPrompt': 'Allow access to your microphone and camera to join the call',
  'video.text.permissionWarning': 'Please grant the permission to access {devices}',
  'video.text.iphoneSafariOnly': 'iPhone video calls only available in Safari',
  'video.text.connecting': 'Connecting to the call...',
  'video.text.waitingForPractitioner': 'Waiting for the practitioner to join...',
  'video.text.endCall': 'End Call',
  'video.text.minimize': 'Minimize',
  'video.text.cameraOff': 'Turn camera off',
  'video.text.cameraOn': 'Turn camera on',
  'video.text.mute': 'Mute',
  'video.text.unmute': 'Unmute',
  'video.text.endConfirm': 'Are you sure you want to end this call',
  'video.text.notNow': 'Not now',
  'video.text.end': 'End',
  'video.text.callOngoing': 'Call ongoing',
  'video.text.view': 'View',
  'video.text.practitionerCameraOff': 'Practitioner camera is off',
  'video.text.practitionerMicrophoneOff': 'Practitioner micro phone is off',
  'video.text.practitionerCameraAndMicrophoneOff': 'Practitioner camera and micro phone are off',
  'video.text.refreshCall': 'Refresh the call',
  'video.text.callHistory': 'Call History',
  'video.text.callHistoryEmpty': 'No call events yet',
  'video.text.historyConnected': 'Connected',
  'video.text.historyDisconnected': 'Disconnected',
  'video.text.historyPatient': 'Patient',
  'video.text.historyPractitioner': 'Practitioner',

  // The devices of 'Please grant the permission to access {devices}' (spec doc 2 §2: <camera,microphone>).
  'video.device.camera': 'camera',
  'video.device.microphone': 'microphone',

  // Ours: the words around the spec's texts.
  'video.ui.incomingTitle': 'Incoming video call',
  'video.ui.callTitle': 'Video consultation with {doctor}',
  'video.ui.practitionerVideo': 'Video of {doctor}',
  'video.ui.ownVideo': 'Your video',
  'video.ui.ownCameraOff': 'Your camera is off',
  'video.ui.timerLabel': 'Call time',
  'video.ui.connectionFailed': 'The video call could not connect.',
  'video.ui.historyOther': 'Hospital staff',
  'video.ui.historyLoading': 'Loading the call history...',
  'video.ui.videoConsultation': 'Video consultation',
  'video.ui.videoConsultationHint': 'The doctor calls you here at the time of your appointment. Keep this app open.',
};

/** A key of the video call catalogue. */
export type VideoMessageId = keyof typeof videoEn;
