/**
 * Video consultations, the patient's side, as pure rules and texts (issue 13 Build 2 and 3; spec doc 2
 * §2 Video consultation screens, §3 Video communication and the appointment's communication fields,
 * §4 Video call, §7 createTwilioToken and subscribeCommunication, §8; doc 1 §2 Bars). Import from
 * '@careline/domain/video-call'.
 *
 * The state machine (./machine.ts)
 * --------------------------------
 * Connection: 0 idle, 1 connecting or waiting, 2 connected with the practitioner, 3 error (spec doc 2
 * §4). videoCallReducer(state, event) → { state, effects }: the app runs the effects (createToken,
 * openAppointmentView, connectRoom, disconnectRoom, reportCommunication, setLocalMedia) and feeds the
 * outcomes back as events carrying the join attempt they belong to; outcomes of an older attempt
 * (a room already left) change nothing.
 *
 *   0 idle ──appointmentChanged: arrived + remote link + participantStatus connected + ringing──▶ incoming card
 *   incoming ──join ('Join Now': device supported, nothing denied)──▶ 1 connecting
 *                 effects: createToken(roomSid = remoteCommunicationLink, appointmentId), openAppointmentView
 *   1 connecting ──tokenCreated──▶ (token kept) effect connectRoom
 *   1 connecting ──roomJoined──▶ 1 waiting, reportCommunication 'connected' (permissions, device
 *                 support, Patient/{id}, VIDEOCONF)
 *   1 waiting ──practitionerConnected──▶ 2 connected (the timer starts at the first connect of the call)
 *   2 ──practitionerDisconnected──▶ 1 waiting (the practitioner's media dropped, the call goes on)
 *   1, 2 ──tokenFailed / connectionFailed──▶ 3 error (token cleared, room left; 'Refresh the call')
 *   3 ──refresh──▶ 1 connecting with a new token
 *   1, 2 ──appointmentChanged with another room link──▶ rejoin: leave, new attempt, new token
 *   1, 2, 3 ──appointmentChanged with another status──▶ hang up (spec: a change of status hangs up)
 *   1, 2, 3 ──appointmentChanged no longer calling (participantStatus not connected, link gone)──▶ hang up
 *   1, 2 ──practitionerEnded──▶ hang up
 *   1, 2, 3 ──endRequested──▶ confirm 'Are you sure you want to end this call' ──endConfirmed ('End')──▶
 *                 hang up; ──endCancelled ('Not now')──▶ back
 *   1 connecting ──mediaChecked with a denied permission──▶ hang up, back to the card and its warning
 * Hang-up clears the token, leaves the room and, when the patient had reported 'connected', reports
 * 'disconnected'. A room the patient or the practitioner ended does not ring again until the
 * appointment shows the practitioner stopped calling in it or calls in another room.
 * While one appointment rings or is in a call, updates of the account's other appointments are
 * dropped: the app feeds the account's appointments again when the call goes idle.
 *
 * Our reading where the spec is silent: appointment.communication.participantStatus is the calling
 * side's status (the practitioner in the room), so the server sets it to connected on Call and moves
 * it away when the practitioner ends the call; the patient's own status travels in its reported
 * communication and the call history.
 *
 * How long the card lives (./ring.ts callRing, issue 29 §2.7): the server answers communication.ringing
 * from the Call until the hang-up, an answer on any of the patient's devices, or CALL_RING_TIMEOUT_MS
 * without one; a call in progress follows participantStatus alone (isCallOn), never the ring.
 *
 * Also here: the devices before a call, 'Join Now' and the iPhone-only-in-Safari rule (./devices.ts);
 * the mm:ss timer (./timer.ts); the video communication report and the call history modal
 * (./history.ts); what the screens show, the minimized modal's size and the main bottom bar
 * (./display.ts); every text (VIDEO_CALL_TEXTS, ./texts.ts); both sides' bandwidth and media rules:
 * the bitrate ceilings per side, the adaptation to the measured link, the senders' encodings
 * (./bandwidth.ts).
 */
export * from './texts.ts';
export * from './devices.ts';
export * from './timer.ts';
export * from './history.ts';
export * from './machine.ts';
export * from './display.ts';
export * from './bandwidth.ts';
export * from './signals.ts';
export * from './ring.ts';
