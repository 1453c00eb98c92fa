import { AppError } from '@careline/domain/errors';
import {
  checkJourneyMinutes,
  JOURNEY_MINUTES_BOUNDS,
  nextLeaveHomeMessage,
  type LeaveHomeKind,
  type LeaveHomeSettings,
} from '@careline/domain/consultations';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';
import { renderMessage } from '@careline/i18n/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import type { SmsOutbox } from '../sms/index.ts';
import { readOwnAppointment, type AppointmentView } from './appointment-read.service.ts';
import { findOwnedAppointment } from './appointments.repo.ts';
import {
  claimLeaveHomeMessage,
  findLatestLeaveHome,
  findLeaveHomeSession,
  selectLeaveHomeCandidates,
  selectLeaveHomeSent,
  selectLeaveHomeSessions,
  updateJourneyMinutes,
  type LeaveHomeCandidate,
} from './leave-home.repo.ts';
import { expectedCallAt } from './queue-estimate.service.ts';
import { announceSessionChanged } from './session-events.ts';

/*
 * 'Leave home now' (issue 32 §1.3). The patient sets a journey time on the appointment; each change
 * of the session's queue (a staff action in the console) and a sweep every minute (a quiet queue
 * still comes due) evaluate its booked appointments with the domain's rules (leave-home.ts). A
 * message is a row numbered 1..3 per appointment, written with its SMS in one transaction: the unique
 * number makes it exactly once whoever evaluates (two instances, a retried job).
 */

/** The job that evaluates every session with a journey time set, every minute on one instance. */
export const LEAVE_HOME_SWEEP_JOB = 'leave-home-sweep';

const MINUTE_MS = 60_000;

/** What an evaluation needs: the database, the SMS outbox, the tenant's settings and the log. */
export type LeaveHomeDeps = {
  db: Db;
  smsOutbox: SmsOutbox;
  settings: LeaveHomeSettings;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

const SMS_IDS: Record<LeaveHomeKind, 'sms.appointment.leaveHomeNow' | 'sms.appointment.leaveHomeEarlier' | 'sms.appointment.leaveHomeLater'> = {
  leaveNow: 'sms.appointment.leaveHomeNow',
  earlier: 'sms.appointment.leaveHomeEarlier',
  later: 'sms.appointment.leaveHomeLater',
};

/**
 * The text of a leave-home SMS in the account's language, with the expected time at the hospital's clock.
 * @param kind - leave now, or the turn moved earlier or later
 * @param candidate - the appointment's token, doctor, hospital and language
 * @param expected - the expected call the message gives
 */
export function leaveHomeSmsText(kind: LeaveHomeKind, candidate: Pick<LeaveHomeCandidate, 'language' | 'hospitalName' | 'practitionerName' | 'tokenNo'>, expected: Date): string {
  const locale = candidate.language ?? 'en';
  return renderMessage(candidate.language, SMS_IDS[kind], {
    hospital: candidate.hospitalName,
    doctor: candidate.practitionerName,
    token: String(candidate.tokenNo),
    time: formatInstant(expected, 'sessionTime', { locale, timeZone: DEFAULT_TIME_ZONE }) ?? '',
  });
}

/**
 * Evaluates the leave-home messages of a session's booked appointments with a journey time and
 * writes the ones due, each with its SMS in one transaction (dispatched after it); answers how many
 * were written, for the caller to announce the session's change.
 * @param deps - database, outbox, the tenant's settings, publish and log
 * @param tenantId - the tenant
 * @param sessionId - the session whose queue changed (or that the sweep found)
 * @param now - the clock
 */
export async function evaluateLeaveHome(deps: LeaveHomeDeps, tenantId: string, sessionId: string, now: Date): Promise<number> {
  const session = await findLeaveHomeSession(deps.db, tenantId, sessionId);
  if (!session) {
    return 0;
  }
  const candidates = await selectLeaveHomeCandidates(deps.db, tenantId, sessionId);
  if (candidates.length === 0) {
    return 0;
  }
  const sent = await selectLeaveHomeSent(deps.db, candidates.map((candidate) => candidate.appointmentId));
  let written = 0;
  for (const candidate of candidates) {
    const expected = await expectedCallAt(
      deps.db,
      tenantId,
      {
        appointmentStatus: 'booked',
        sessionId,
        tokenNo: candidate.tokenNo,
        session: { ...session, practitioner: { id: session.practitionerId } },
      },
      now,
    );
    const next = nextLeaveHomeMessage({
      expectedCallAt: expected,
      journeyMinutes: candidate.journeyMinutes,
      now,
      sent: sent.get(candidate.appointmentId) ?? [],
      settings: deps.settings,
    });
    if (!next) {
      continue;
    }
    const queued = await deps.db.transaction(async (tx) => {
      const claimed = await claimLeaveHomeMessage(tx, {
        tenantId,
        appointmentId: candidate.appointmentId,
        messageNo: next.messageNo,
        kind: next.kind,
        expectedCallAt: next.expectedCallAt,
      });
      if (!claimed) {
        return null;
      }
      return deps.smsOutbox.add(tx, [
        {
          tenantId,
          to: candidate.mobileNo,
          kind: 'appointment.leaveHome',
          body: leaveHomeSmsText(next.kind, candidate, next.expectedCallAt),
        },
      ]);
    });
    if (queued) {
      written += 1;
      await deps.smsOutbox.dispatch(queued);
    }
  }
  return written;
}

/**
 * evaluateLeaveHome after a committed change of the queue: a failure is logged, never undoes the
 * change (the sweep evaluates again within a minute).
 * @param deps - as evaluateLeaveHome
 * @param tenantId - the tenant
 * @param sessionId - the session that changed
 */
export async function evaluateLeaveHomeAfterChange(deps: LeaveHomeDeps, tenantId: string, sessionId: string): Promise<void> {
  try {
    await evaluateLeaveHome(deps, tenantId, sessionId, new Date());
  } catch (error) {
    deps.log.warn({ err: error, sessionId }, 'leave-home evaluation failed; the sweep tries again');
  }
}

/**
 * Sets or clears the journey time of an appointment of the account (issue 32 §1.3): 5..240 whole
 * minutes or null (ARO-E4060), only on a booked appointment (ARO-E4006); another account's answers
 * as missing (ARO-E2001). Audited as the patient's.
 * @param db - database
 * @param input - tenant, account, appointment, minutes, actor and correlation id
 */
export async function setJourneyMinutes(
  db: Db,
  input: { tenantId: string; accountId: string; appointmentId: string; minutes: unknown; actor: AuditActor; correlationId: string },
): Promise<{ sessionId: string }> {
  const minutes = checkJourneyMinutes(input.minutes);
  if (!UUID.test(input.appointmentId)) {
    throw new AppError('ARO-E2001');
  }
  return db.transaction(async (tx) => {
    const found = await findOwnedAppointment(tx, { tenantId: input.tenantId, accountId: input.accountId }, input.appointmentId);
    if (!found) {
      throw new AppError('ARO-E2001');
    }
    if (found.appointment.appointmentStatus !== 'booked') {
      throw new AppError('ARO-E4006');
    }
    await updateJourneyMinutes(tx, found.appointment.id, minutes);
    await recordAudit(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: 'appointment.journeyTime',
      correlationId: input.correlationId,
      patientAccountId: input.accountId,
      patientId: found.appointment.patientId,
      details: { appointmentId: found.appointment.id, journeyMinutes: minutes },
    });
    return { sessionId: found.appointment.sessionId };
  });
}

/**
 * setAppointmentJourneyTime: sets the journey time (setJourneyMinutes), evaluates the session at once
 * (a message already due goes now) and answers the appointment as the account reads it.
 * @param deps - the patient's request (database, tenant, account, correlation id, log), the outbox and the tenant's settings
 * @param appointmentId - the appointment
 * @param minutes - what the patient sent
 */
export async function setJourneyTimeLive(
  deps: { db: Db; tenantId: string; accountId: string; correlationId: string; log: LeaveHomeDeps['log']; smsOutbox: SmsOutbox; settings: LeaveHomeSettings },
  appointmentId: string,
  minutes: unknown,
): Promise<AppointmentView> {
  const owner = { tenantId: deps.tenantId, accountId: deps.accountId };
  const { sessionId } = await setJourneyMinutes(deps.db, {
    ...owner,
    appointmentId,
    minutes,
    actor: { kind: 'patient', accountId: deps.accountId },
    correlationId: deps.correlationId,
  });
  await evaluateLeaveHomeAfterChange(deps, deps.tenantId, sessionId);
  return readOwnAppointment(deps.db, owner, appointmentId);
}

/** The latest leave-home message of an appointment, for the app. */
export type LeaveHomeNotice = { messageNo: number; kind: LeaveHomeKind; expectedCallAt: Date; sentAt: Date };

/**
 * The latest leave-home message of an appointment already checked to be the caller's, or null.
 * @param db - database or transaction
 * @param appointmentId - the appointment
 */
export async function latestLeaveHome(db: DbOrTx, appointmentId: string): Promise<LeaveHomeNotice | null> {
  const row = await findLatestLeaveHome(db, appointmentId);
  return row ? { ...row, kind: row.kind as LeaveHomeKind } : null;
}

/** What the sweep needs: as an evaluation, with each tenant's settings, publish and the log. */
export type LeaveHomeSweepDeps = Omit<LeaveHomeDeps, 'settings'> & {
  settingsOf: (tenantId: string) => LeaveHomeSettings;
  publish: (topic: string, payload: unknown) => Promise<void>;
};

/**
 * What the sweep runs every minute: evaluates every session running or starting within a day (plus
 * the longest journey) whose booked appointments have a journey time and fewer than 3 messages, and
 * announces the sessions that got one; answers how many messages were written.
 * @param deps - database, outbox, each tenant's settings, publish and log
 * @param now - the clock
 */
export async function sweepLeaveHome(deps: LeaveHomeSweepDeps, now: Date): Promise<number> {
  const sessions = await selectLeaveHomeSessions(deps.db, {
    since: now,
    until: new Date(now.getTime() + 24 * 60 * MINUTE_MS + JOURNEY_MINUTES_BOUNDS.max * MINUTE_MS),
  });
  let written = 0;
  for (const { tenantId, sessionId } of sessions) {
    try {
      const wrote = await evaluateLeaveHome({ ...deps, settings: deps.settingsOf(tenantId) }, tenantId, sessionId, now);
      if (wrote > 0) {
        written += wrote;
        // The patient's screen shows the message live: subscribeAppointment reads it again.
        await announceSessionChanged(deps, tenantId, sessionId, 'appointments');
      }
    } catch (error) {
      deps.log.error({ err: error, sessionId }, 'leave-home sweep: a session failed');
    }
  }
  return written;
}

/**
 * Registers the sweep (sweepLeaveHome every minute, on one instance: a row of the job queue, not a
 * timer in each instance).
 * @param jobs - the job queue (before it starts)
 * @param deps - database, outbox, each tenant's settings, publish and log
 */
export function registerLeaveHomeJobs(jobs: JobQueue, deps: LeaveHomeSweepDeps): void {
  jobs.work(LEAVE_HOME_SWEEP_JOB, async () => {
    await sweepLeaveHome(deps, new Date());
  });
  jobs.every(LEAVE_HOME_SWEEP_JOB, '* * * * *', {});
}
