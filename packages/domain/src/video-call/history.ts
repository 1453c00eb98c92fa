/**
 * The video communication and its call history (spec doc 2 §2: 'A call history modal lists connect
 * and disconnect events from the latest video-conference communication'; §3 Video communication and
 * the appointment's communication fields; §4 Video call: the patient's permissions, device support
 * and participant reference are reported to the server as a communication).
 */
import type { DevicePermissions } from './devices.ts';

/** The communication medium of a video consultation (spec doc 2 §3, §4 Live updates: only VIDEOCONF is used). */
export const VIDEOCONF = 'VIDEOCONF';

/** A participant's status in a call. The spec shows 'connected'; 'disconnected' is its counterpart. */
export type ParticipantStatus = 'connected' | 'disconnected';

/** One line of a communication's videoCallHistory (spec doc 2 §3). */
export type VideoCallHistoryEntry = {
  /** ISO 8601. */
  timestamp: string;
  /** Patient/{id} or Practitioner/{id}. */
  participantReference: string;
  participantStatus: string;
};

/** A communication as the app reads it for the history (spec doc 2 §3). */
export type CallCommunication = {
  id: string;
  /** The medium code; only VIDEOCONF is a video communication. */
  medium: string;
  /** When the communication was created or last sent (ISO 8601); orders the communications. */
  sent: string;
  videoCallHistory: readonly VideoCallHistoryEntry[];
};

/** Who a history line is about. */
export type CallParticipantKind = 'patient' | 'practitioner' | 'other';

/** A connect or disconnect event, ready for the call history modal. */
export type CallHistoryEvent = {
  at: string;
  participantReference: string;
  participant: CallParticipantKind;
  status: ParticipantStatus;
};

/**
 * Who a participant reference names: Patient/{id} the patient, Practitioner/{id} the doctor.
 * @param reference - the participantReference
 */
export function participantKind(reference: string): CallParticipantKind {
  if (reference.startsWith('Patient/')) {
    return 'patient';
  }
  if (reference.startsWith('Practitioner/')) {
    return 'practitioner';
  }
  return 'other';
}

/**
 * The latest video-conference communication: the VIDEOCONF one sent last (the later in the list on a
 * tie), or null when there is none.
 * @param communications - the appointment's communications, any medium
 */
export function latestVideoCommunication<T extends CallCommunication>(
  communications: readonly T[],
): T | null {
  let latest: T | null = null;
  for (const communication of communications) {
    if (communication.medium !== VIDEOCONF) {
      continue;
    }
    if (latest === null || Date.parse(communication.sent) >= Date.parse(latest.sent)) {
      latest = communication;
    }
  }
  return latest;
}

function isParticipantStatus(status: string): status is ParticipantStatus {
  return status === 'connected' || status === 'disconnected';
}

/**
 * The call history modal's lines (spec doc 2 §2): the connect and disconnect events of the latest
 * video-conference communication, oldest first. Lines with another status are left out.
 * @param communications - the appointment's communications, any medium
 */
export function callHistoryEvents(
  communications: readonly CallCommunication[],
): CallHistoryEvent[] {
  const latest = latestVideoCommunication(communications);
  if (latest === null) {
    return [];
  }
  const events: CallHistoryEvent[] = [];
  for (const entry of latest.videoCallHistory) {
    if (isParticipantStatus(entry.participantStatus)) {
      events.push({
        at: entry.timestamp,
        participantReference: entry.participantReference,
        participant: participantKind(entry.participantReference),
        status: entry.participantStatus,
      });
    }
  }
  // A stable sort keeps same-instant lines in their recorded order.
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * A history line to record when a participant connects or disconnects (the server appends it to the
 * appointment's communication; issue 13 Build 4).
 * @param participantReference - Patient/{id} or Practitioner/{id}
 * @param status - connected or disconnected
 * @param at - when it happened
 */
export function callHistoryEntry(
  participantReference: string,
  status: ParticipantStatus,
  at: Date,
): VideoCallHistoryEntry {
  return { timestamp: at.toISOString(), participantReference, participantStatus: status };
}

/** What the patient's app reports to the server about itself in a call (spec doc 2 §3, §4). */
export type VideoCommunicationReport = {
  medium: typeof VIDEOCONF;
  appointmentId: string;
  participantStatus: ParticipantStatus;
  permissions: DevicePermissions;
  deviceSupport: boolean;
  /** Patient/{id}. */
  participantReference: string;
};

/**
 * The communication the patient's app reports (spec doc 2 §4 Video call): its camera and microphone
 * permissions, device support and participant reference Patient/{id}, medium VIDEOCONF.
 * @param input - the appointment, the patient, the status and the device check
 */
export function videoCommunicationReport(input: {
  appointmentId: string;
  patientId: string;
  participantStatus: ParticipantStatus;
  permissions: DevicePermissions;
  deviceSupported: boolean;
}): VideoCommunicationReport {
  return {
    medium: VIDEOCONF,
    appointmentId: input.appointmentId,
    participantStatus: input.participantStatus,
    permissions: { camera: input.permissions.camera, microphone: input.permissions.microphone },
    deviceSupport: input.deviceSupported,
    participantReference: `Patient/${input.patientId}`,
  };
}
