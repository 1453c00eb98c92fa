import { AppError } from '@careline/domain/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { QueuedSms, SmsOutbox } from '../sms/index.ts';
import { hospitalScope, requireId, requireStaffRole, staffActor, type StaffAuditActor, type StaffViewer } from '../staff/index.ts';
import { bookAppointment } from './appointments.service.ts';
import { writeFeedbackLinkSms, type FeedbackLinkSettings } from './feedback-link.service.ts';
import { earnVisitPoints } from '../loyalty/index.ts';
import { findTenantPatient } from '../profiles/index.ts';
import type { LoyaltySettings } from '@careline/domain/loyalty';
import { markSessionCancelRefunds } from './refunds.service.ts';
import { DEFAULT_LEAVE_HOME_SETTINGS, type LeaveHomeSettings } from '@careline/domain/consultations';
import { evaluateLeaveHomeAfterChange } from './leave-home.service.ts';
import { publishSessionChanged } from './session-events.ts';
import { pauseIfHospitalAwaitsCheck } from './session-token-checks.repo.ts';
import {
  callLowestBooked,
  declineLiveAppointments,
  findHospitalAppointment,
  findHospitalContact,
  findHospitalSession,
  findPractitionerWithRoles,
  fulfilOngoing,
  insertSession,
  isHospitalChargingScheme,
  listHospitalSessions,
  listQueue,
  moveAppointmentStatus,
  moveSessionStatus,
  updateSessionIfRoom,
  type SessionFields,
  type StaffQueueAppointment,
  type StaffSessionView,
} from './staff-sessions.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';

export type { StaffQueueAppointment, StaffSessionView } from './staff-sessions.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest range one list asks for: a month of sessions. */
const MAX_RANGE_MS = 31 * DAY_MS;

/** What every staff session operation needs. */
export type StaffSessionDeps = {
  db: Db;
  tenantId: string;
  staff: StaffViewer;
  organizationId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** The SMS outbox: cancellation notices are written in the cancelling transaction, sent after it. */
  smsOutbox: SmsOutbox;
  /** The job queue: a cancel queues the refund of each paid appointment after its commit (issue 32 §2.5). */
  jobs: JobQueue;
  /** Where the feedback link sent after a visit is fulfilled points (issue 29 §13). */
  feedbackLink: FeedbackLinkSettings;
  log?: FastifyBaseLogger;
  /** The tenant's loyalty settings: fulfilled, paid visits earn points (issue 8 §11); none without them. */
  loyalty?: LoyaltySettings;
  /** The tenant's 'Leave home now' settings (issue 32 §1.3); the defaults without them. */
  leaveHome?: LeaveHomeSettings;
};

/** A session's fields as the console sends them. */
export type StaffSessionInput = {
  practitionerId: string;
  practitionerRoleCode: string | null;
  chargingSchemeId: string | null;
  locationName: string | null;
  startTime: Date;
  endTime: Date;
  appointmentMaxAllowed: number;
  participationMode: 'in_person' | 'remote_presence_video_call';
};

/** A session with its queue, in token order. */
export type StaffSessionQueue = { session: StaffSessionView; appointments: StaffQueueAppointment[] };

/** Statuses staff set on an appointment: arrived is 'Ongoing' (spec doc 2 §4). */
export type StaffAppointmentStatus = 'arrived' | 'noshow' | 'fulfilled';

// Which statuses each mark may move an appointment from.
const MOVES_FROM: Record<StaffAppointmentStatus, readonly string[]> = {
  arrived: ['booked'],
  noshow: ['booked'],
  fulfilled: ['booked', 'arrived'],
};

/** English words of a session status, for error texts. */
function sessionStatusWords(status: string): string {
  switch (status) {
    case 'practitioner_canceled':
    case 'provider_aborted':
      return 'cancelled';
    default:
      return status;
  }
}

/**
 * What follows visits just fulfilled, in the transaction that fulfilled them: loyalty points (issue
 * 8 §11) and the feedback link SMS (issue 29 §13), whose rows are dispatched after the commit.
 */
async function afterVisitsFulfilled(
  deps: StaffSessionDeps,
  tx: Tx,
  who: StaffAuditActor,
  appointmentIds: readonly string[],
): Promise<QueuedSms> {
  const feedbackSms = await writeFeedbackLinkSms(tx, deps, appointmentIds);
  if (!deps.loyalty) {
    return feedbackSms;
  }
  for (const appointmentId of appointmentIds) {
    await earnVisitPoints(tx, {
      tenantId: deps.tenantId,
      appointmentId,
      actor: who,
      correlationId: deps.correlationId,
      settings: deps.loyalty,
    });
  }
  return feedbackSms;
}

async function publishAfterCommit(deps: StaffSessionDeps, sessionId: string, changed: 'appointments' | 'session'): Promise<void> {
  // Every change of the queue moves the estimates: the leave-home messages it makes due go now
  // (issue 32 §1.3), before the publish, so the patient's screen reads them with the change.
  await evaluateLeaveHomeAfterChange(
    { db: deps.db, smsOutbox: deps.smsOutbox, settings: deps.leaveHome ?? DEFAULT_LEAVE_HOME_SETTINGS, log: deps.log ?? console },
    deps.tenantId,
    sessionId,
  );
  try {
    await publishSessionChanged(deps.publish, deps.tenantId, sessionId, changed);
  } catch (error) {
    // The change is committed; a lost live update is caught up by the next read.
    deps.log?.warn({ err: error, sessionId }, 'session change publish failed');
  }
}

/**
 * A hospital's sessions that start within a range (by default today and the next 7 days).
 * @param deps - database, tenant, staff member, hospital
 * @param range - from and to; at most 31 days apart
 */
export async function listStaffSessions(
  deps: StaffSessionDeps,
  range: { from: Date | null; to: Date | null },
): Promise<StaffSessionView[]> {
  requireStaffRole(deps.staff, 'sessions.list', deps.organizationId);
  const from = range.from ?? new Date(Date.now() - DAY_MS);
  const to = range.to ?? new Date(from.getTime() + 8 * DAY_MS);
  if (to <= from || to.getTime() - from.getTime() > MAX_RANGE_MS) {
    throw new AppError('ARO-E2002');
  }
  return listHospitalSessions(deps.db, hospitalScope(deps), { from, to });
}

/** Checks a session's fields and works out the specialty to show; throws the first problem. */
async function validSessionFields(deps: StaffSessionDeps, input: StaffSessionInput): Promise<SessionFields> {
  if (!(input.endTime > input.startTime)) {
    throw new AppError('ARO-E4030');
  }
  if (!Number.isInteger(input.appointmentMaxAllowed) || (input.appointmentMaxAllowed < 1 && input.appointmentMaxAllowed !== -1) || input.appointmentMaxAllowed > 10_000) {
    throw new AppError('ARO-E4032');
  }
  const locationName = input.locationName?.trim() ?? '';
  if (locationName.length > 100) {
    throw new AppError('ARO-E4039');
  }
  const practitioner = UUID.test(input.practitionerId)
    ? await findPractitionerWithRoles(deps.db, deps.tenantId, input.practitionerId)
    : null;
  if (!practitioner) {
    throw new AppError('ARO-E4031');
  }
  // The practitioner's roles at this hospital come first; a role without a hospital applies anywhere.
  const roles = [
    ...practitioner.roles.filter((r) => r.organizationId === deps.organizationId),
    ...practitioner.roles.filter((r) => r.organizationId === null),
    ...practitioner.roles.filter((r) => r.organizationId !== null && r.organizationId !== deps.organizationId),
  ];
  const role = input.practitionerRoleCode === null ? roles[0] : roles.find((r) => r.code === input.practitionerRoleCode);
  if (!role) {
    throw new AppError('ARO-E4034', { code: input.practitionerRoleCode ?? '' });
  }
  if (input.chargingSchemeId !== null && !(UUID.test(input.chargingSchemeId) && (await isHospitalChargingScheme(deps.db, hospitalScope(deps), input.chargingSchemeId)))) {
    throw new AppError('ARO-E4035');
  }
  return {
    practitionerId: practitioner.id,
    practitionerRoleCode: role.code,
    practitionerRoleDisplay: role.display,
    chargingSchemeId: input.chargingSchemeId,
    locationName: locationName.length > 0 ? locationName : null,
    startTime: input.startTime,
    endTime: input.endTime,
    appointmentMaxAllowed: input.appointmentMaxAllowed,
    participationMode: input.participationMode,
  };
}

async function reread(deps: StaffSessionDeps, sessionId: string): Promise<StaffSessionView> {
  const session = await findHospitalSession(deps.db, hospitalScope(deps), sessionId);
  if (!session) {
    throw new AppError('ARO-E2001');
  }
  return session;
}

/**
 * Creates a scheduled session at the hospital (receptionists and admins); audited. While the hospital
 * has sessions paused after a restore, the new one is paused too (it may be a session the restore
 * lost, planned again): its first token follows the highest one staff confirm (issue 31 §4.13).
 * @param deps - database, tenant, staff member, hospital, publish
 * @param input - practitioner, specialty, room, times, capacity, mode, charging scheme
 */
export async function createStaffSession(deps: StaffSessionDeps, input: StaffSessionInput): Promise<StaffSessionView> {
  const who = staffActor(deps, 'sessions.manage');
  const fields = await validSessionFields(deps, input);
  const id = await deps.db.transaction(async (tx) => {
    const sessionId = await insertSession(tx, hospitalScope(deps), fields);
    // While the hospital recovers from a restore, a new session may be a lost one planned again.
    const tokensPaused = await pauseIfHospitalAwaitsCheck(tx, { id: sessionId, organizationId: deps.organizationId });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'session.create',
      correlationId: deps.correlationId,
      details: { sessionId, ...fields, ...(tokensPaused ? { tokensPaused } : {}) },
    });
    return sessionId;
  });
  await publishAfterCommit(deps, id, 'session');
  return reread(deps, id);
}

/**
 * Changes a scheduled or started session; the capacity may not drop below its live appointments.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param sessionId - the session
 * @param input - the new fields
 */
export async function updateStaffSession(deps: StaffSessionDeps, sessionId: string, input: StaffSessionInput): Promise<StaffSessionView> {
  const who = staffActor(deps, 'sessions.manage');
  requireId(sessionId);
  if (!(await findHospitalSession(deps.db, hospitalScope(deps), sessionId))) {
    throw new AppError('ARO-E2001');
  }
  const fields = await validSessionFields(deps, input);
  await deps.db.transaction(async (tx) => {
    const before = await findHospitalSession(tx, hospitalScope(deps), sessionId, true);
    if (!before) {
      throw new AppError('ARO-E2001');
    }
    if (!(await updateSessionIfRoom(tx, sessionId, fields))) {
      if (before.status !== 'scheduled' && before.status !== 'started') {
        throw new AppError('ARO-E4036', { status: sessionStatusWords(before.status) });
      }
      throw new AppError('ARO-E4033', { count: String(before.liveAppointments) });
    }
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'session.update',
      correlationId: deps.correlationId,
      details: { sessionId, before: { ...before }, after: fields },
    });
  });
  await publishAfterCommit(deps, sessionId, 'session');
  return reread(deps, sessionId);
}

/** The SMS to a patient whose session the hospital cancelled. */
export function sessionCancelledSmsText(details: {
  practitionerName: string;
  hospitalName: string;
  hospitalPhone: string | null;
  startTime: Date;
  tokenNo: number;
}): string {
  const when = formatInstant(details.startTime, 'smsTime', { locale: 'en', timeZone: DEFAULT_TIME_ZONE }) ?? '';
  const call = details.hospitalPhone ? ` Please call ${details.hospitalPhone} or book another session.` : ' Please book another session.';
  return `${details.hospitalName}: ${details.practitionerName}'s session on ${when} is cancelled. Your token no. ${details.tokenNo} will not be seen.${call}`;
}

/**
 * Queues the refund job of each refund a cancel made, after its commit (job id: the refund request's,
 * so queueing it twice is one job). Never throws: a job that could not be queued is queued by the
 * sweep within a minute or two (payments: session-refunds.service.ts).
 */
async function queueSessionRefunds(deps: StaffSessionDeps, refundRequestIds: readonly string[]): Promise<void> {
  for (const refundRequestId of refundRequestIds) {
    try {
      await deps.jobs.send(
        'session-refund',
        { tenantId: deps.tenantId, refundRequestId },
        { id: refundRequestId, singletonKey: refundRequestId, wake: true },
      );
    } catch (error) {
      deps.log?.warn({ err: error, refundRequestId }, 'session refund job not queued; the sweep queues it');
    }
  }
}

/**
 * Cancels a session (status practitioner_canceled): every booked appointment's practitionerStatus
 * becomes declined, each booked patient gets an SMS on their account's mobile (written to the SMS
 * outbox in the same transaction, sent by the job queue after the commit) and the session's
 * subscribers a live update. Every paid appointment is marked for refund in the same transaction
 * (issue 32 §2.5) and refunded by its job after the commit; its patient's one SMS is the refund's
 * (the amount and the way back), not the plain notice. Cancelling a cancelled session again (a
 * retry, or the loser of a race: the session's row lock and conditional move decide) changes,
 * refunds and sends nothing.
 * @param deps - database, tenant, staff member, hospital, publish, SMS outbox
 * @param sessionId - the session
 */
export async function cancelStaffSession(deps: StaffSessionDeps, sessionId: string): Promise<StaffSessionView> {
  const who = staffActor(deps, 'sessions.manage');
  requireId(sessionId);
  const outcome = await deps.db.transaction(async (tx) => {
    const session = await findHospitalSession(tx, hospitalScope(deps), sessionId, true);
    if (!session) {
      throw new AppError('ARO-E2001');
    }
    if (session.status === 'practitioner_canceled') {
      return null;
    }
    if (!(await moveSessionStatus(tx, sessionId, ['scheduled', 'started'], { status: 'practitioner_canceled' }))) {
      throw new AppError('ARO-E4036', { status: sessionStatusWords(session.status) });
    }
    const declined = await declineLiveAppointments(tx, sessionId);
    const refunds = await markSessionCancelRefunds(tx, {
      tenantId: deps.tenantId,
      organizationId: session.organizationId,
      staffUserId: who.staffUserId,
      staffRole: who.role,
      appointmentIds: declined.map((a) => a.id),
    });
    const refunded = new Set(refunds.map((r) => r.appointmentId));
    // A paid appointment's patient hears from the refund's job: one SMS with the amount and the way back.
    const notified = declined.filter((appointment) => !refunded.has(appointment.id));
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'session.cancel',
      correlationId: deps.correlationId,
      details: {
        sessionId,
        declinedAppointmentIds: declined.map((a) => a.id),
        notified: notified.length,
        refundRequestIds: refunds.map((r) => r.refundRequestId),
      },
    });
    const hospital = await findHospitalContact(tx, session.organizationId);
    // In this transaction: the notices go out when, and only when, the cancellation commits.
    const notices = await deps.smsOutbox.add(
      tx,
      notified.map((appointment) => ({
        tenantId: deps.tenantId,
        to: appointment.mobileNo,
        kind: 'session.cancelled' as const,
        body: sessionCancelledSmsText({
          practitionerName: session.practitionerName,
          hospitalName: hospital.name,
          hospitalPhone: hospital.phone,
          startTime: session.startTime,
          tokenNo: appointment.tokenNo,
        }),
      })),
    );
    return { notices, refundRequestIds: refunds.map((r) => r.refundRequestId) };
  });
  if (outcome) {
    await publishAfterCommit(deps, sessionId, 'session');
    // Sent by the job queue, retried while the provider is down; the cancellation stands either way.
    await deps.smsOutbox.dispatch(outcome.notices);
    await queueSessionRefunds(deps, outcome.refundRequestIds);
  }
  return reread(deps, sessionId);
}

/**
 * Books a token at the desk (origin channel 'hospital') for an active profile of the group: one the
 * hospital knows, or a walk-in it registers by this booking (issue 29 §10; the desk roles find them
 * with staffWalkInPatientLookup). Another tenant's profile answers as missing.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param input - session, profile and the client's idempotency key
 */
export async function bookAtDesk(
  deps: StaffSessionDeps,
  input: { sessionId: string; patientId: string; idempotencyKey: string | null },
): Promise<StaffQueueAppointment> {
  const who = staffActor(deps, 'sessions.bookAtDesk');
  requireId(input.sessionId);
  requireId(input.patientId);
  const session = await findHospitalSession(deps.db, hospitalScope(deps), input.sessionId);
  const patient = await findTenantPatient(deps.db, deps.tenantId, input.patientId);
  if (!session || !patient) {
    throw new AppError('ARO-E2001');
  }
  const booked = await bookAppointment(deps.db, {
    tenantId: deps.tenantId,
    accountId: patient.accountId,
    patientId: patient.id,
    sessionId: session.id,
    originChannel: 'hospital',
    idempotencyKey: input.idempotencyKey,
    correlationId: deps.correlationId,
    actor: who,
  });
  await publishAfterCommit(deps, session.id, 'appointments');
  const row = (await listQueue(deps.db, session.id)).find((a) => a.id === booked.id);
  if (!row) {
    throw new AppError('ARO-E2001');
  }
  return row;
}

/**
 * Marks an appointment arrived (Ongoing), no-show or fulfilled (Done). Marking the status it already
 * has changes nothing; other moves than booked → arrived/noshow/fulfilled and arrived → fulfilled are
 * refused.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param appointmentId - the appointment
 * @param status - the new status
 */
export async function setStaffAppointmentStatus(
  deps: StaffSessionDeps,
  appointmentId: string,
  status: StaffAppointmentStatus,
): Promise<StaffQueueAppointment> {
  const who = staffActor(deps, 'sessions.run');
  requireId(appointmentId);
  const found = await findHospitalAppointment(deps.db, hospitalScope(deps), appointmentId);
  if (!found) {
    throw new AppError('ARO-E2001');
  }
  const changed = await deps.db.transaction(async (tx) => {
    // The session's lock first, as every change of a running session takes it (call next, end):
    // a 'Done' and an 'End session' a moment apart run one after the other, and this one reads the
    // appointment as the other left it (was a deadlock, or ARO-E4038 for a visit just fulfilled).
    await findHospitalSession(tx, hospitalScope(deps), found.sessionId, true);
    const now = await findHospitalAppointment(tx, hospitalScope(deps), appointmentId);
    if (!now) {
      throw new AppError('ARO-E2001');
    }
    if (now.appointmentStatus === status) {
      return null;
    }
    if (!(await moveAppointmentStatus(tx, appointmentId, MOVES_FROM[status], status))) {
      throw new AppError('ARO-E4038', { status: now.appointmentStatus, target: status });
    }
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: `appointment.${status}`,
      correlationId: deps.correlationId,
      patientAccountId: now.accountId,
      patientId: now.patientId,
      details: { sessionId: now.sessionId, appointmentId, tokenNo: now.tokenNo, from: now.appointmentStatus },
    });
    return status === 'fulfilled' ? await afterVisitsFulfilled(deps, tx, who, [appointmentId]) : { rows: [] };
  });
  if (changed) {
    await publishAfterCommit(deps, found.sessionId, 'appointments');
    await deps.smsOutbox.dispatch(changed);
  }
  const row = (await listQueue(deps.db, found.sessionId)).find((a) => a.id === appointmentId);
  if (!row) {
    throw new AppError('ARO-E2001');
  }
  return row;
}

/**
 * Starts a session: status started and sessionStartedTime now, so patients see 'Dr. Arrived'
 * (spec doc 2 §4). Starting a started session changes nothing.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param sessionId - the session
 * @param now - the clock
 */
export async function startStaffSession(deps: StaffSessionDeps, sessionId: string, now: Date = new Date()): Promise<StaffSessionView> {
  const who = staffActor(deps, 'sessions.run');
  requireId(sessionId);
  const changed = await deps.db.transaction(async (tx) => {
    const session = await findHospitalSession(tx, hospitalScope(deps), sessionId, true);
    if (!session) {
      throw new AppError('ARO-E2001');
    }
    if (session.status === 'started') {
      return false;
    }
    if (!(await moveSessionStatus(tx, sessionId, ['scheduled'], { status: 'started', sessionStartedTime: now }))) {
      throw new AppError('ARO-E4036', { status: sessionStatusWords(session.status) });
    }
    await recordAudit(tx, { tenantId: deps.tenantId, actor: who, action: 'session.start', correlationId: deps.correlationId, details: { sessionId } });
    return true;
  });
  if (changed) {
    await publishAfterCommit(deps, sessionId, 'session');
  }
  return reread(deps, sessionId);
}

/**
 * Ends a started session: status completed and sessionCompletedTime now ('Dr. Left'); the
 * appointment in the room is done. Ending a completed session changes nothing.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param sessionId - the session
 * @param now - the clock
 */
export async function endStaffSession(deps: StaffSessionDeps, sessionId: string, now: Date = new Date()): Promise<StaffSessionView> {
  const who = staffActor(deps, 'sessions.run');
  requireId(sessionId);
  const changed = await deps.db.transaction(async (tx) => {
    const session = await findHospitalSession(tx, hospitalScope(deps), sessionId, true);
    if (!session) {
      throw new AppError('ARO-E2001');
    }
    if (session.status === 'completed') {
      return null;
    }
    if (session.status === 'scheduled') {
      throw new AppError('ARO-E4037');
    }
    if (!(await moveSessionStatus(tx, sessionId, ['started'], { status: 'completed', sessionCompletedTime: now }))) {
      throw new AppError('ARO-E4036', { status: sessionStatusWords(session.status) });
    }
    const fulfilled = await fulfilOngoing(tx, sessionId);
    const feedbackSms = await afterVisitsFulfilled(deps, tx, who, fulfilled);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'session.end',
      correlationId: deps.correlationId,
      details: { sessionId, fulfilledAppointmentIds: fulfilled },
    });
    return feedbackSms;
  });
  if (changed) {
    await publishAfterCommit(deps, sessionId, 'session');
    await deps.smsOutbox.dispatch(changed);
  }
  return reread(deps, sessionId);
}

/**
 * Calls the next patient of a started session, in one transaction holding the session's row lock:
 * the appointment in the room (arrived) is done (fulfilled) and the booked one with the lowest token
 * becomes arrived (Ongoing). Two staff calling at once call two different patients, one after the
 * other. Returns the queue.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param sessionId - the session
 */
export async function callNextAppointment(deps: StaffSessionDeps, sessionId: string): Promise<StaffSessionQueue> {
  const who = staffActor(deps, 'sessions.run');
  requireId(sessionId);
  const feedbackSms = await deps.db.transaction(async (tx) => {
    const session = await findHospitalSession(tx, hospitalScope(deps), sessionId, true);
    if (!session) {
      throw new AppError('ARO-E2001');
    }
    if (session.status === 'scheduled') {
      throw new AppError('ARO-E4037');
    }
    if (session.status !== 'started') {
      throw new AppError('ARO-E4036', { status: sessionStatusWords(session.status) });
    }
    const fulfilled = await fulfilOngoing(tx, sessionId);
    const queued = await afterVisitsFulfilled(deps, tx, who, fulfilled);
    const called = await callLowestBooked(tx, sessionId);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'session.call-next',
      correlationId: deps.correlationId,
      patientId: called?.patientId ?? null,
      details: { sessionId, fulfilledAppointmentIds: fulfilled, calledAppointmentId: called?.id ?? null, tokenNo: called?.tokenNo ?? null },
    });
    return queued;
  });
  await publishAfterCommit(deps, sessionId, 'appointments');
  await deps.smsOutbox.dispatch(feedbackSms);
  const session = await reread(deps, sessionId);
  return { session, appointments: await listQueue(deps.db, sessionId) };
}

/**
 * A session's queue with each patient's name, status and payment status: a staff read of patient
 * data, audited in the same transaction as the read.
 * @param deps - database, tenant, staff member, hospital
 * @param sessionId - the session
 */
export async function readStaffSessionQueue(deps: StaffSessionDeps, sessionId: string): Promise<StaffSessionQueue> {
  const who = staffActor(deps, 'sessions.queue');
  requireId(sessionId);
  return deps.db.transaction(async (tx) => {
    const session = await findHospitalSession(tx, hospitalScope(deps), sessionId);
    if (!session) {
      throw new AppError('ARO-E2001');
    }
    const queue = await listQueue(tx, sessionId);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'session.queue.read',
      correlationId: deps.correlationId,
      details: { sessionId, patientIds: queue.map((a) => a.patientId) },
    });
    return { session, appointments: queue };
  });
}
