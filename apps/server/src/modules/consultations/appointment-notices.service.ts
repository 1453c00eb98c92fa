import { AppError } from '@careline/domain/errors';
import {
  checkSessionDelayMinutes,
  isReminderDue,
  isSessionLate,
  LATE_AFTER_MINUTES,
  type AppointmentNoticeSettings,
} from '@careline/domain/consultations';
import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';
import { renderMessage } from '@careline/i18n/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { QueuedSms, SmsOutbox } from '../sms/index.ts';
import { hospitalScope, requireId, staffActor } from '../staff/index.ts';
import {
  claimLateNotices,
  claimReminderSms,
  findLateSessionCandidates,
  findReminderCandidates,
  markSessionDelayed,
  type NoticeRecipient,
} from './appointment-notices.repo.ts';
import { feedbackLinkOrigin } from './feedback-link.service.ts';
import { announceSessionChanged } from './session-events.ts';
import { findHospitalSession, type StaffSessionView } from './staff-sessions.repo.ts';
import type { StaffSessionDeps } from './staff-sessions.service.ts';

/*
 * The session notices (issue 32 §1.1, §1.4), through the SMS outbox like every other notice:
 * - the evening reminder, once per appointment (appointments.reminder_sms_at, claimed by a
 *   conditional UPDATE in the transaction that writes the outbox row);
 * - the doctor-late notice, once per appointment and mark (appointments.late_notice_mark): mark 0 by
 *   the sweep when a session has not started lateAfterMinutes after its planned start, mark n when
 *   staff mark the n-th delay. A session marked delayed gets no automatic notice.
 * The rules of when are packages/domain's (consultations/appointment-notices.ts); the hospital's
 * time zone is DEFAULT_TIME_ZONE until tenants name their own (hospitals.time.ts).
 */

// The reminder is due the evening before: sessions further ahead than this are not looked at yet.
const REMINDER_HORIZON_MS = 36 * 60 * 60_000;
// A session still not started this long after its start is left alone (forgotten, not late).
const LATE_LOOKBACK_MS = 6 * 60 * 60_000;
const REMINDER_BATCH = 500;
// At most this many pages a sweep (10 000 appointments within the next 36 hours).
const REMINDER_PAGES = 20;
const LATE_BATCH = 100;

/** What the notices' sweep needs: the database, each tenant's settings and hosts, the outbox. */
export type AppointmentNoticeDeps = {
  db: Db;
  tenants: { byId: (id: string) => { hosts: string[]; appointmentNotices: AppointmentNoticeSettings } | undefined };
  smsOutbox: SmsOutbox;
  publish: (topic: string, payload: unknown) => Promise<void>;
  log: FastifyBaseLogger;
};

/**
 * The link to an appointment in the patient app, for an SMS.
 * @param origin - the tenant's origin (null: the path alone)
 * @param recipient - the appointment and its session
 */
export function appointmentLink(origin: string | null, recipient: { appointmentId: string; sessionId: string }): string {
  const query = new URLSearchParams({ sessionId: recipient.sessionId, appointmentId: recipient.appointmentId });
  return `${origin ?? ''}/view/appointment?${query.toString()}`;
}

function smsTime(start: Date, language: string | null): string {
  return formatInstant(start, 'smsTime', { locale: language ?? 'en', timeZone: DEFAULT_TIME_ZONE }) ?? '';
}

/**
 * The evening reminder, in the account's language: doctor, hospital, session start, token and link.
 * @param recipient - the appointment's details
 * @param origin - the tenant's origin for the link
 */
export function reminderSmsText(recipient: NoticeRecipient, origin: string | null): string {
  return renderMessage(recipient.language, 'sms.appointment.reminder', {
    hospital: recipient.hospitalName,
    doctor: recipient.doctorName,
    time: smsTime(recipient.sessionStart, recipient.language),
    token: recipient.tokenNo,
    link: appointmentLink(origin, recipient),
  });
}

/**
 * The doctor-late SMS, in the account's language: the automatic one (delayMinutes null) or the
 * delay staff marked.
 * @param recipient - the appointment's details
 * @param origin - the tenant's origin for the link
 * @param delayMinutes - the delay marked, or null for the automatic notice
 */
export function lateSmsText(recipient: NoticeRecipient, origin: string | null, delayMinutes: number | null): string {
  const values = {
    hospital: recipient.hospitalName,
    doctor: recipient.doctorName,
    time: smsTime(recipient.sessionStart, recipient.language),
    token: recipient.tokenNo,
    link: appointmentLink(origin, recipient),
  };
  return delayMinutes === null
    ? renderMessage(recipient.language, 'sms.session.late', values)
    : renderMessage(recipient.language, 'sms.session.delayed', { ...values, minutes: delayMinutes });
}

async function writeLateSms(
  tx: DbOrTx,
  smsOutbox: SmsOutbox,
  recipients: readonly NoticeRecipient[],
  origin: string | null,
  delayMinutes: number | null,
): Promise<QueuedSms> {
  return smsOutbox.add(
    tx,
    recipients.map((recipient) => ({
      tenantId: recipient.tenantId,
      to: recipient.mobileNo,
      kind: delayMinutes === null ? ('session.late' as const) : ('session.delayed' as const),
      body: lateSmsText(recipient, origin, delayMinutes),
    })),
  );
}

/**
 * Writes every evening reminder due now (issue 32 §1.1): one per appointment ever, never for a
 * cancelled or rescheduled one (its new appointment has its own), never in the quiet hours.
 * @param deps - database, tenants, outbox
 * @param now - the current instant
 * @param pageSize - candidates read at once (tests make it small)
 * @returns how many reminders were written
 */
export async function sendDueReminders(deps: AppointmentNoticeDeps, now: Date, pageSize = REMINDER_BATCH): Promise<number> {
  const until = new Date(now.getTime() + REMINDER_HORIZON_MS);
  const dueByTenant = new Map<string, string[]>();
  // Page by page: appointments that get no reminder (booked on the session's day) stay candidates
  // until their session starts, and must not hide the ones due behind them.
  let after: { sessionStart: Date; appointmentId: string } | undefined;
  for (let page = 0; page < REMINDER_PAGES; page++) {
    const candidates = await findReminderCandidates(deps.db, { now, until, ...(after ? { after } : {}) }, pageSize);
    for (const candidate of candidates) {
      const tenant = deps.tenants.byId(candidate.tenantId);
      if (tenant && isReminderDue(candidate, tenant.appointmentNotices, DEFAULT_TIME_ZONE, now)) {
        dueByTenant.set(candidate.tenantId, [...(dueByTenant.get(candidate.tenantId) ?? []), candidate.appointmentId]);
      }
    }
    const last = candidates.at(-1);
    if (!last || candidates.length < pageSize) {
      break;
    }
    after = { sessionStart: last.sessionStart, appointmentId: last.appointmentId };
  }
  let written = 0;
  for (const [tenantId, appointmentIds] of dueByTenant) {
    const origin = feedbackLinkOrigin(deps.tenants.byId(tenantId)?.hosts ?? []);
    const queued = await deps.db.transaction(async (tx) => {
      const claimed = await claimReminderSms(tx, tenantId, appointmentIds);
      written += claimed.length;
      return deps.smsOutbox.add(
        tx,
        claimed.map((recipient) => ({
          tenantId,
          to: recipient.mobileNo,
          kind: 'appointment.reminder' as const,
          body: reminderSmsText(recipient, origin),
        })),
      );
    });
    await deps.smsOutbox.dispatch(queued);
  }
  return written;
}

/**
 * Tells the booked, not arrived patients of every session late now (issue 32 §1.4): not started
 * lateAfterMinutes after its planned start and not marked delayed by staff; once per appointment.
 * They get an SMS, and their appointment shows the notice (lateNoticeAt, live).
 * @param deps - database, tenants, outbox, publish
 * @param now - the current instant
 * @returns how many notices were written
 */
export async function sendLateSessionNotices(deps: AppointmentNoticeDeps, now: Date): Promise<number> {
  const candidates = await findLateSessionCandidates(
    deps.db,
    { from: new Date(now.getTime() - LATE_LOOKBACK_MS), to: new Date(now.getTime() - LATE_AFTER_MINUTES.min * 60_000) },
    LATE_BATCH,
  );
  let written = 0;
  for (const session of candidates) {
    const tenant = deps.tenants.byId(session.tenantId);
    if (!tenant || !isSessionLate(session, tenant.appointmentNotices, now)) {
      continue;
    }
    const origin = feedbackLinkOrigin(tenant.hosts);
    const queued = await deps.db.transaction(async (tx) => {
      const claimed = await claimLateNotices(tx, session.tenantId, session.sessionId, 0);
      written += claimed.length;
      return writeLateSms(tx, deps.smsOutbox, claimed, origin, null);
    });
    if (queued.rows.length > 0) {
      await announceSessionChanged(deps, session.tenantId, session.sessionId, 'appointments');
    }
    await deps.smsOutbox.dispatch(queued);
  }
  return written;
}

/**
 * Registers the notices' sweep (every minute, on one instance): the reminders due, then the late
 * sessions. Call before the queue starts.
 * @param jobs - the job queue
 * @param deps - database, tenants, outbox, publish, log
 */
export function registerAppointmentNoticeJobs(jobs: JobQueue, deps: AppointmentNoticeDeps): void {
  jobs.work('appointment-notices-sweep', async () => {
    const now = new Date();
    await sendDueReminders(deps, now);
    await sendLateSessionNotices(deps, now);
  });
  jobs.every('appointment-notices-sweep', '* * * * *', {});
}

/**
 * Staff mark "doctor delayed by N minutes" on a scheduled or started session (issue 32 §1.4):
 * stored as its delayMinutes (ARO-E4044 outside 5..240), audited, and each booked, not arrived
 * patient gets one SMS for this mark (an appointment already told of this mark is not told again)
 * and sees the delay on the appointment, live. Once marked, the automatic late notice is not sent.
 * @param deps - database, tenant, staff member, hospital, publish, SMS outbox, the link's origin
 * @param sessionId - the session
 * @param delayMinutes - the delay, 5 to 240 minutes
 */
export async function markStaffSessionDelay(
  deps: StaffSessionDeps,
  sessionId: string,
  delayMinutes: number,
): Promise<StaffSessionView> {
  const who = staffActor(deps, 'sessions.run');
  requireId(sessionId);
  const minutes = checkSessionDelayMinutes(delayMinutes);
  const queued = await deps.db.transaction(async (tx) => {
    const session = await findHospitalSession(tx, hospitalScope(deps), sessionId, true);
    if (!session) {
      throw new AppError('ARO-E2001');
    }
    const mark = await markSessionDelayed(tx, sessionId, minutes);
    if (mark === null) {
      throw new AppError('ARO-E4036', { status: session.status === 'practitioner_canceled' ? 'cancelled' : session.status });
    }
    const claimed = await claimLateNotices(tx, deps.tenantId, sessionId, mark);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'session.delay',
      correlationId: deps.correlationId,
      details: {
        sessionId,
        delayMinutes: minutes,
        before: session.delayMinutes,
        mark,
        notifiedAppointmentIds: claimed.map((recipient) => recipient.appointmentId),
      },
    });
    return writeLateSms(tx, deps.smsOutbox, claimed, deps.feedbackLink.origin, minutes);
  });
  await announceSessionChanged({ publish: deps.publish, log: deps.log ?? silentLog }, deps.tenantId, sessionId, 'session');
  await deps.smsOutbox.dispatch(queued);
  const session = await findHospitalSession(deps.db, hospitalScope(deps), sessionId);
  if (!session) {
    throw new AppError('ARO-E2001');
  }
  return session;
}

const silentLog = { warn: () => {} };
