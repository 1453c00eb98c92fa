/**
 * Video calls on the server (issue 13 Build 1, 4, 5; spec doc 2 §3 Video communication, §4 Video
 * call, §7 createTwilioToken, sendCommunication, subscribeCommunication).
 *
 * - The doctor of the session's hospital places a call on an arrived appointment of a video session
 *   (Call): the appointment's VIDEOCONF communication gets participantStatus connected and a fresh
 *   room link (also the appointment's remoteCommunicationLink), which rings the patient through the
 *   live appointment and communication updates. Hang-up sets participantStatus disconnected. Both are
 *   recorded in the call history (Practitioner/{id}, or User/{id} for a member without a
 *   practitioner) and audited.
 * - communication.participantStatus is the calling side's status (packages/domain video-call): the
 *   patient's report (sendCommunication) keeps its permissions, device support and participant
 *   reference on the communication and its connect or disconnect in the history, never the status.
 * - The patient's call token (createTwilioToken) binds the account, the appointment and the room and
 *   expires; it authorises the patient's signalling and TURN credentials. The staff side is
 *   authorised as the member who placed the current call.
 */
import { randomUUID } from 'node:crypto';
import { VIDEO_PARTICIPATION_MODE } from '@careline/domain/consultations';
import { AppError } from '@careline/domain/errors';
import { callRing, type CallRing } from '@careline/domain/video-call';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { publishSessionChanged } from '../consultations/index.ts';
import { requireId, requireStaffRole, type StaffViewer } from '../staff/index.ts';
import { callTokenKey, issueCallToken, twilioVideoAccessToken, verifyCallToken } from './call-token.ts';
import { iceServersFor, type IceServer } from './turn-credentials.ts';
import type { VideoSettings } from '../tenants/index.ts';
import { publishCallEvent, type CallLiveEvent, type CallSignal, type CallSignalKind } from './video.live.ts';
import {
  appendHistory,
  findCallAppointment,
  findCommunication,
  latestCommunication,
  readHistory,
  saveCommunication,
  setRoomLink,
  type CallAppointmentRow,
  type VideoCallHistoryRow,
  type VideoCommunicationRow,
} from './video.repo.ts';

/** The largest session description and ICE candidate relayed (a simulcast offer is a few kB). */
export const MAX_SDP_CHARS = 32_768;
export const MAX_CANDIDATE_CHARS = 2_048;

/** What both sides share: database, tenant, request id, the live publisher, the tenant's video settings. */
type CallDeps = {
  db: Db;
  tenantId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  log?: FastifyBaseLogger;
  video: VideoSettings;
  /** The server's signing key (providers.appSecret), for call tokens. */
  appSecret: Buffer;
};

export type StaffCallDeps = CallDeps & { staff: StaffViewer; organizationId: string };
export type PatientCallDeps = CallDeps & { accountId: string };

/** A communication with its history, as GraphQL shows it (spec doc 2 §3). */
export type VideoCommunicationView = VideoCommunicationRow & { videoCallHistory: VideoCallHistoryRow[] };

/** What the calling member gets: the communication, the room and their ICE servers. */
export type StaffCallView = {
  communication: VideoCommunicationView;
  roomSid: string;
  iceServers: IceServer[];
  iceServersExpireAt: Date | null;
};

/** What a subscriber receives per event: the communication now, or a signalling message. */
export type CallLiveItem = { communication: VideoCommunicationView | null; signal: CallSignal | null };

/**
 * How a staff member appears in a call's history and routing: Practitioner/{id} when their
 * membership in the hospital is linked to a practitioner, else User/{staff user id}.
 * @param staff - the staff member
 * @param organizationId - the hospital
 */
export function staffParticipantRef(staff: StaffViewer, organizationId: string): string {
  const practitionerId = staff.memberships.find(
    (m) => m.organizationId === organizationId && m.practitionerId !== null,
  )?.practitionerId;
  return practitionerId ? `Practitioner/${practitionerId}` : `User/${staff.staffUserId}`;
}

/**
 * The reference of the staff member in the communication's current call: the latest staff entry of
 * the history when it is a connect and the communication is still connected; null when no call is on.
 * @param communication - the communication
 * @param history - its history, oldest first
 */
export function currentCaller(
  communication: Pick<VideoCommunicationRow, 'participantStatus'> | null,
  history: readonly Pick<VideoCallHistoryRow, 'participantReference' | 'participantStatus'>[],
): string | null {
  if (!communication || communication.participantStatus !== 'connected') {
    return null;
  }
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    if (entry && !entry.participantReference.startsWith('Patient/')) {
      return entry.participantStatus === 'connected' ? entry.participantReference : null;
    }
  }
  return null;
}

/**
 * Whether the call rings now (issue 29 §2.7): from the practitioner's Call until the hang-up, an
 * answer on any device of the patient, or the ring's timeout (@careline/domain/video-call callRing).
 * The server answers it on every read, so a reload shows exactly what still rings.
 * @param communication - the communication with its history
 * @param now - the current time
 */
export function communicationRing(
  communication: Pick<VideoCommunicationView, 'participantStatus' | 'videoCallHistory'>,
  now: Date = new Date(),
): CallRing {
  return callRing(
    communication.participantStatus,
    communication.videoCallHistory.map((line) => ({
      participantReference: line.participantReference,
      participantStatus: line.participantStatus,
      at: line.timestamp.getTime(),
    })),
    now.getTime(),
  );
}

async function view(db: Db, communication: VideoCommunicationRow): Promise<VideoCommunicationView> {
  return { ...communication, videoCallHistory: await readHistory(db, communication.id) };
}

/**
 * The appointment's latest VIDEOCONF communication with its history, or null.
 * @param db - database
 * @param tenantId - the tenant
 * @param appointmentId - an appointment the caller may already see
 */
export async function appointmentCommunication(
  db: Db,
  tenantId: string,
  appointmentId: string,
): Promise<VideoCommunicationView | null> {
  const communication = await latestCommunication(db, tenantId, appointmentId);
  return communication ? view(db, communication) : null;
}

async function publishAfterCommit(deps: CallDeps, appointment: CallAppointmentRow, event: Omit<CallLiveEvent, 'appointmentId' | 'accountId'>): Promise<void> {
  await publishCallEvent(deps, deps.tenantId, { ...event, appointmentId: appointment.id, accountId: appointment.accountId });
}

async function publishAppointmentChanged(deps: CallDeps, appointment: CallAppointmentRow): Promise<void> {
  try {
    await publishSessionChanged(deps.publish, deps.tenantId, appointment.sessionId, 'appointments');
  } catch (error) {
    deps.log?.warn({ err: error, sessionId: appointment.sessionId }, 'session change not published');
  }
}

/** The hospital's appointment of a video session, or ARO-E2001 (also for another hospital's). */
async function staffAppointment(deps: StaffCallDeps, db: DbOrTx, appointmentId: string, lock: boolean): Promise<CallAppointmentRow> {
  const appointment = await findCallAppointment(db, deps.tenantId, requireId(appointmentId), lock);
  if (!appointment || appointment.organizationId !== deps.organizationId) {
    throw new AppError('ARO-E2001');
  }
  if (appointment.participationMode !== VIDEO_PARTICIPATION_MODE) {
    throw new AppError('ARO-E8050');
  }
  return appointment;
}

function staffIce(deps: StaffCallDeps, now: Date): { iceServers: IceServer[]; iceServersExpireAt: Date | null } {
  const ice = iceServersFor(deps.video.ice, deps.staff.staffUserId, now);
  return { iceServers: ice.iceServers, iceServersExpireAt: ice.expiresAt };
}

/**
 * Call (issue 13 Build 4): rings the patient of an arrived appointment of a video session. Creates or
 * updates the appointment's VIDEOCONF communication with participantStatus connected and a new room
 * (also set as the appointment's remoteCommunicationLink), records the connect in the history and the
 * audit, and publishes the change. A call placed while another member's call is on takes it over:
 * their disconnect is recorded and they receive nothing more.
 * @param deps - database, tenant, the doctor, the hospital, publisher, video settings
 * @param appointmentId - the appointment to call
 * @param now - the current time
 */
export async function placeCall(deps: StaffCallDeps, appointmentId: string, now: Date = new Date()): Promise<StaffCallView> {
  const role = requireStaffRole(deps.staff, 'video.call', deps.organizationId);
  const me = staffParticipantRef(deps.staff, deps.organizationId);
  const roomSid = `room-${randomUUID()}`;
  const { appointment, communication } = await deps.db.transaction(async (tx) => {
    const found = await staffAppointment(deps, tx, appointmentId, true);
    if (found.appointmentStatus !== 'arrived') {
      throw new AppError('ARO-E8051', { status: found.appointmentStatus });
    }
    const existing = await latestCommunication(tx, deps.tenantId, found.id);
    const previous = existing ? currentCaller(existing, await readHistory(tx, existing.id)) : null;
    const saved = await saveCommunication(tx, existing, {
      tenantId: deps.tenantId,
      accountId: found.accountId,
      patientId: found.patientId,
      appointmentId: found.id,
      set: { participantStatus: 'connected', roomSid },
    });
    await setRoomLink(tx, deps.tenantId, found.id, roomSid);
    if (previous !== null && previous !== me) {
      await appendHistory(tx, { tenantId: deps.tenantId, communicationId: saved.id, participantReference: previous, participantStatus: 'disconnected', at: now });
    }
    await appendHistory(tx, { tenantId: deps.tenantId, communicationId: saved.id, participantReference: me, participantStatus: 'connected', at: now });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: { kind: 'staff', staffUserId: deps.staff.staffUserId, role, organizationId: deps.organizationId },
      action: 'video.call.connect',
      correlationId: deps.correlationId,
      patientAccountId: found.accountId,
      patientId: found.patientId,
      details: { appointmentId: found.id, communicationId: saved.id, roomSid, participantReference: me },
    });
    return { appointment: { ...found, remoteCommunicationLink: roomSid }, communication: saved };
  });
  await publishAfterCommit(deps, appointment, { staffRef: me, to: 'both', communicationId: communication.id, signal: null });
  await publishAppointmentChanged(deps, appointment);
  return { communication: await view(deps.db, communication), roomSid, ...staffIce(deps, now) };
}

/**
 * Hang up (issue 13 Build 4): the member who placed the current call ends it. participantStatus
 * becomes disconnected; the disconnect is recorded and audited; the patient receives a hang-up.
 * ARO-E8052 when no call is on, ARO-E8059 when another member placed it.
 * @param deps - database, tenant, the doctor, the hospital, publisher, video settings
 * @param appointmentId - the appointment
 * @param now - the current time
 */
export async function hangUpCall(deps: StaffCallDeps, appointmentId: string, now: Date = new Date()): Promise<VideoCommunicationView> {
  const role = requireStaffRole(deps.staff, 'video.call', deps.organizationId);
  const me = staffParticipantRef(deps.staff, deps.organizationId);
  const { appointment, communication, roomSid } = await deps.db.transaction(async (tx) => {
    const found = await staffAppointment(deps, tx, appointmentId, true);
    const existing = await latestCommunication(tx, deps.tenantId, found.id);
    const caller = existing ? currentCaller(existing, await readHistory(tx, existing.id)) : null;
    if (!existing || caller === null) {
      throw new AppError('ARO-E8052');
    }
    if (caller !== me) {
      throw new AppError('ARO-E8059');
    }
    const saved = await saveCommunication(tx, existing, {
      tenantId: deps.tenantId,
      accountId: found.accountId,
      patientId: found.patientId,
      appointmentId: found.id,
      set: { participantStatus: 'disconnected' },
    });
    await appendHistory(tx, { tenantId: deps.tenantId, communicationId: saved.id, participantReference: me, participantStatus: 'disconnected', at: now });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: { kind: 'staff', staffUserId: deps.staff.staffUserId, role, organizationId: deps.organizationId },
      action: 'video.call.disconnect',
      correlationId: deps.correlationId,
      patientAccountId: found.accountId,
      patientId: found.patientId,
      details: { appointmentId: found.id, communicationId: saved.id, roomSid: saved.roomSid, participantReference: me },
    });
    return { appointment: found, communication: saved, roomSid: saved.roomSid ?? found.remoteCommunicationLink ?? '' };
  });
  await publishAfterCommit(deps, appointment, {
    staffRef: me,
    to: 'patient',
    communicationId: null,
    signal: { kind: 'hangup', from: 'practitioner', roomSid, sdp: null, candidate: null, camera: null, microphone: null },
  });
  await publishAfterCommit(deps, appointment, { staffRef: me, to: 'both', communicationId: communication.id, signal: null });
  await publishAppointmentChanged(deps, appointment);
  return view(deps.db, communication);
}

/** A signalling message as sent (GraphQL input). */
export type CallSignalInput = {
  kind: CallSignalKind;
  sdp?: string | null;
  candidate?: string | null;
  camera?: boolean | null;
  microphone?: boolean | null;
};

function signalProblem(problem: string): AppError {
  return new AppError('ARO-E8057', { problem });
}

/**
 * A signalling message checked and normalised: offer and answer carry an SDP, candidate an
 * RTCIceCandidateInit as JSON (or nothing: the end of candidates), media both booleans.
 * @param input - the message as sent
 * @param from - who sends it
 * @param roomSid - the room of the call
 */
export function checkSignal(input: CallSignalInput, from: CallSignal['from'], roomSid: string): CallSignal {
  const signal: CallSignal = { kind: input.kind, from, roomSid, sdp: null, candidate: null, camera: null, microphone: null };
  switch (input.kind) {
    case 'offer':
    case 'answer': {
      const sdp = input.sdp ?? '';
      if (!sdp.startsWith('v=0') || sdp.length > MAX_SDP_CHARS) {
        throw signalProblem(`an ${input.kind} needs a session description of at most ${MAX_SDP_CHARS} characters`);
      }
      signal.sdp = sdp;
      return signal;
    }
    case 'candidate': {
      const candidate = input.candidate ?? null;
      if (candidate !== null) {
        let parsed: unknown;
        try {
          parsed = candidate.length <= MAX_CANDIDATE_CHARS ? JSON.parse(candidate) : null;
        } catch {
          parsed = null;
        }
        if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { candidate?: unknown }).candidate !== 'string') {
          throw signalProblem(`a candidate is an RTCIceCandidateInit as JSON of at most ${MAX_CANDIDATE_CHARS} characters`);
        }
      }
      signal.candidate = candidate;
      return signal;
    }
    case 'media':
      if (typeof input.camera !== 'boolean' || typeof input.microphone !== 'boolean') {
        throw signalProblem('a media message says whether the camera and the microphone are on');
      }
      signal.camera = input.camera;
      signal.microphone = input.microphone;
      return signal;
    case 'hangup':
      return signal;
  }
}

/**
 * Relays the calling member's signalling message to the patient. ARO-E8052 when no call is on,
 * ARO-E8059 when another member placed it.
 * @param deps - database, tenant, the doctor, the hospital, publisher
 * @param appointmentId - the appointment
 * @param input - the message
 */
export async function sendStaffSignal(deps: StaffCallDeps, appointmentId: string, input: CallSignalInput): Promise<boolean> {
  requireStaffRole(deps.staff, 'video.call', deps.organizationId);
  const me = staffParticipantRef(deps.staff, deps.organizationId);
  const appointment = await staffAppointment(deps, deps.db, appointmentId, false);
  const communication = await latestCommunication(deps.db, deps.tenantId, appointment.id);
  const caller = communication ? currentCaller(communication, await readHistory(deps.db, communication.id)) : null;
  if (caller === null || appointment.remoteCommunicationLink === null) {
    throw new AppError('ARO-E8052');
  }
  if (caller !== me) {
    throw new AppError('ARO-E8059');
  }
  const signal = checkSignal(input, 'practitioner', appointment.remoteCommunicationLink);
  await publishAfterCommit(deps, appointment, { staffRef: me, to: 'patient', communicationId: null, signal });
  return true;
}

/**
 * What a staff subscription or read of a call starts from: the hospital's video appointment (else
 * ARO-E2001 or ARO-E8050) and the member's reference, which the live events must name.
 * @param deps - database, tenant, the member, the hospital
 * @param appointmentId - the appointment
 */
export async function staffCallAccess(
  deps: StaffCallDeps,
  appointmentId: string,
): Promise<{ appointment: CallAppointmentRow; staffRef: string }> {
  const role = requireStaffRole(deps.staff, 'video.call', deps.organizationId);
  const appointment = await staffAppointment(deps, deps.db, appointmentId, false);
  // The call's communication carries the patient's devices and participation: each read is audited.
  await recordAudit(deps.db, {
    tenantId: deps.tenantId,
    actor: { kind: 'staff', staffUserId: deps.staff.staffUserId, role, organizationId: deps.organizationId },
    action: 'video.communication.read',
    correlationId: deps.correlationId,
    patientAccountId: appointment.accountId,
    patientId: appointment.patientId,
    details: { appointmentId: appointment.id },
  });
  return { appointment, staffRef: staffParticipantRef(deps.staff, deps.organizationId) };
}

/** The patient's own appointment (else ARO-E2001, the same as a missing one). */
async function ownAppointment(deps: PatientCallDeps, appointmentId: string): Promise<CallAppointmentRow> {
  const appointment = await findCallAppointment(deps.db, deps.tenantId, requireId(appointmentId));
  if (!appointment || appointment.accountId !== deps.accountId) {
    throw new AppError('ARO-E2001');
  }
  return appointment;
}

/** The call on an appointment now: its communication and room, or ARO-E8053 when the room is not the one asked. */
async function activeCall(
  deps: CallDeps,
  appointment: CallAppointmentRow,
  roomSid: string,
): Promise<{ communication: VideoCommunicationRow; caller: string }> {
  const communication = await latestCommunication(deps.db, deps.tenantId, appointment.id);
  const caller = communication ? currentCaller(communication, await readHistory(deps.db, communication.id)) : null;
  if (!communication || caller === null || appointment.remoteCommunicationLink !== roomSid) {
    throw new AppError('ARO-E8053');
  }
  return { communication, caller };
}

/**
 * The patient's own appointment for a subscription (ARO-E2001 for another account's or a missing one).
 * @param deps - database, tenant, the account
 * @param appointmentId - the appointment
 */
export async function patientCallAccess(deps: PatientCallDeps, appointmentId: string): Promise<CallAppointmentRow> {
  return ownAppointment(deps, appointmentId);
}

/**
 * createTwilioToken(roomSid, appointmentId) (spec doc 2 §7): the token for the configured provider,
 * for the account's own appointment while the practitioner is calling in that room. 'careline': a
 * call token bound to the account, the appointment and the room, expiring after
 * video.callTokenTtlSeconds. 'twilio': a Twilio Video access token for the room (ARO-E8058 without
 * keys). ARO-E2001 for another account's appointment, ARO-E8053 when that room is not being called.
 * @param deps - database, tenant, the account, video settings, the server secret
 * @param roomSid - the room (the appointment's remoteCommunicationLink)
 * @param appointmentId - the appointment
 * @param now - the current time
 */
export async function createCallToken(deps: PatientCallDeps, roomSid: string, appointmentId: string, now: Date = new Date()): Promise<string> {
  const appointment = await ownAppointment(deps, appointmentId);
  await activeCall(deps, appointment, roomSid);
  const exp = Math.floor(now.getTime() / 1000) + deps.video.callTokenTtlSeconds;
  if (deps.video.provider === 'twilio') {
    const twilio = deps.video.twilio;
    if (!twilio.accountSid || !twilio.apiKeySid || !twilio.apiKeySecret) {
      throw new AppError('ARO-E8058');
    }
    return twilioVideoAccessToken(twilio, { identity: `Patient/${appointment.patientId}`, room: roomSid, exp, now });
  }
  return issueCallToken(callTokenKey(deps.appSecret), {
    tenantId: deps.tenantId,
    appointmentId: appointment.id,
    accountId: deps.accountId,
    roomSid,
    exp,
  });
}

/**
 * Checks a careline call token for this account and appointment: ARO-E8054 when it is not ours, was
 * altered or was made for another appointment, account or tenant; ARO-E8055 when it expired;
 * ARO-E8053 when its room is no longer being called.
 * @param deps - database, tenant, the account, the server secret
 * @param token - the token from createTwilioToken
 * @param appointmentId - the appointment the request names
 * @param now - the current time
 */
export async function requireCallToken(
  deps: PatientCallDeps,
  token: string,
  appointmentId: string,
  now: Date = new Date(),
): Promise<{ appointment: CallAppointmentRow; caller: string; roomSid: string }> {
  const checked = verifyCallToken(callTokenKey(deps.appSecret), token, now);
  if (!checked.ok) {
    throw new AppError(checked.reason === 'expired' ? 'ARO-E8055' : 'ARO-E8054');
  }
  const claims = checked.claims;
  if (claims.tenantId !== deps.tenantId || claims.accountId !== deps.accountId || claims.appointmentId !== appointmentId) {
    throw new AppError('ARO-E8054');
  }
  const appointment = await ownAppointment(deps, appointmentId);
  const { caller } = await activeCall(deps, appointment, claims.roomSid);
  return { appointment, caller, roomSid: claims.roomSid };
}

/**
 * The patient's ICE servers for a call: the tenant's STUN URLs and its TURN URLs with a fresh
 * credential for this account (turn-credentials.ts), for a valid call token only.
 * @param deps - database, tenant, the account, video settings, the server secret
 * @param appointmentId - the appointment
 * @param token - the call token
 * @param now - the current time
 */
export async function patientIceServers(
  deps: PatientCallDeps,
  appointmentId: string,
  token: string,
  now: Date = new Date(),
): Promise<{ iceServers: IceServer[]; expiresAt: Date | null }> {
  await requireCallToken(deps, token, appointmentId, now);
  return iceServersFor(deps.video.ice, deps.accountId, now);
}

/**
 * Relays the patient's signalling message to the member who placed the call, for a valid call token.
 * @param deps - database, tenant, the account, publisher, the server secret
 * @param token - the call token
 * @param appointmentId - the appointment
 * @param input - the message
 * @param now - the current time
 */
export async function sendPatientSignal(
  deps: PatientCallDeps,
  token: string,
  appointmentId: string,
  input: CallSignalInput,
  now: Date = new Date(),
): Promise<boolean> {
  const { appointment, caller, roomSid } = await requireCallToken(deps, token, requireId(appointmentId), now);
  const signal = checkSignal(input, 'patient', roomSid);
  await publishAfterCommit(deps, appointment, { staffRef: caller, to: 'staff', communicationId: null, signal });
  return true;
}

const permission = z.enum(['granted', 'denied', 'prompt']);

/** The patient's report (packages/domain video-call videoCommunicationReport), as contentAttachment data. */
const reportSchema = z
  .object({
    medium: z.literal('VIDEOCONF'),
    appointmentId: z.string(),
    participantStatus: z.enum(['connected', 'disconnected']),
    permissions: z.object({ camera: permission, microphone: permission }).strict(),
    deviceSupport: z.boolean(),
    participantReference: z.string(),
  })
  .strict();

/** The report's JSON: as text, or base64 of it (FHIR's contentAttachment.data is base64). */
function parseReportData(data: string): unknown {
  const text = data.trimStart().startsWith('{') ? data : Buffer.from(data, 'base64').toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('ARO-E8056', { problem: 'contentAttachment data is not JSON' });
  }
}

/**
 * sendCommunication(id, contentAttachment) (spec doc 2 §4, §7): the patient's report on their own
 * appointment's VIDEOCONF communication: camera and microphone permissions, device support and
 * participant reference Patient/{id} are kept on it, and the connect or disconnect is added to its
 * history (the call history modal) and audited. A connect needs the call to be on (ARO-E8052).
 * @param deps - database, tenant, the account, publisher
 * @param id - the communication
 * @param data - contentAttachment.data: the report as JSON (or base64 of it)
 * @param now - the current time
 */
export async function sendCommunicationReport(
  deps: PatientCallDeps,
  id: string,
  data: string,
  now: Date = new Date(),
): Promise<VideoCommunicationView> {
  const found = await findCommunication(deps.db, deps.tenantId, requireId(id));
  if (!found || found.accountId !== deps.accountId) {
    throw new AppError('ARO-E2001');
  }
  const parsed = reportSchema.safeParse(parseReportData(data));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('ARO-E8056', { problem: `${issue?.path.join('.') || 'report'}: ${issue?.message ?? 'invalid'}` });
  }
  const report = parsed.data;
  if (report.appointmentId !== found.appointmentId) {
    throw new AppError('ARO-E8056', { problem: 'appointmentId is not the appointment of this communication' });
  }
  if (report.participantReference !== `Patient/${found.patientId}`) {
    throw new AppError('ARO-E8056', { problem: 'participantReference is not the patient of this appointment' });
  }
  const appointment = await findCallAppointment(deps.db, deps.tenantId, found.appointmentId);
  if (!appointment) {
    throw new AppError('ARO-E2001');
  }
  const { communication, caller } = await deps.db.transaction(async (tx) => {
    // Serialised with Call and hang-up of the appointment.
    await findCallAppointment(tx, deps.tenantId, found.appointmentId, true);
    const current = await findCommunication(tx, deps.tenantId, found.id);
    const callerNow = current ? currentCaller(current, await readHistory(tx, current.id)) : null;
    if (report.participantStatus === 'connected' && callerNow === null) {
      throw new AppError('ARO-E8052');
    }
    const saved = await saveCommunication(tx, current, {
      tenantId: deps.tenantId,
      accountId: found.accountId,
      patientId: found.patientId,
      appointmentId: found.appointmentId,
      set: {
        permissions: report.permissions,
        deviceSupport: report.deviceSupport,
        participantReference: report.participantReference,
      },
    });
    await appendHistory(tx, {
      tenantId: deps.tenantId,
      communicationId: saved.id,
      participantReference: report.participantReference,
      participantStatus: report.participantStatus,
      at: now,
    });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: { kind: 'patient', accountId: deps.accountId },
      action: report.participantStatus === 'connected' ? 'video.patient.connect' : 'video.patient.disconnect',
      correlationId: deps.correlationId,
      patientId: found.patientId,
      organizationId: appointment.organizationId,
      details: {
        appointmentId: found.appointmentId,
        communicationId: saved.id,
        roomSid: saved.roomSid,
        permissions: report.permissions,
        deviceSupport: report.deviceSupport,
      },
    });
    return { communication: saved, caller: callerNow };
  });
  await publishAfterCommit(deps, appointment, { staffRef: caller, to: 'both', communicationId: communication.id, signal: null });
  // The account's other devices read the appointment again: a join there stops their ring (issue 29 §2.7).
  await publishAppointmentChanged(deps, appointment);
  return view(deps.db, communication);
}

/**
 * One live item for a subscriber: a signalling message as it is, or the communication read now.
 * @param db - database
 * @param tenantId - the tenant
 * @param event - the published event (already accepted for this subscriber)
 */
export async function liveItem(db: Db, tenantId: string, event: CallLiveEvent): Promise<CallLiveItem> {
  if (event.signal) {
    return { communication: null, signal: event.signal };
  }
  return { communication: await appointmentCommunication(db, tenantId, event.appointmentId), signal: null };
}
