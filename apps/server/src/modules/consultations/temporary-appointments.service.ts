import { canReserve, isSessionFull } from '@careline/domain/consultations';
import { AppError } from '@careline/domain/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { findOwnedPatient } from '../profiles/index.ts';
import {
  BOOKABLE_SESSION_STATUSES,
  findOwnedAppointment,
  findSessionForBooking,
  hasLiveAppointment,
  insertAppointment,
  releasePlace,
  takeNextToken,
  tokenRefusal,
} from './appointments.repo.ts';
import { announceSessionChanged } from './session-events.ts';
import {
  accountHasProfile,
  findExpiredTemporaryAppointments,
  findHeldTemporaryAppointment,
  findHeldTemporaryAppointmentsOfAccount,
  lockAccountTemporaryAppointments,
  lockSessionStatus,
  findOwnedTemporaryAppointment,
  findTemporaryAppointment,
  insertTemporaryAppointment,
  markTemporaryConfirmed,
  markTemporaryReleased,
  sessionPaidAppointments,
  sessionTotal,
  setTemporaryAppointmentId,
  type TemporaryAppointmentRow,
} from './temporary-appointments.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

// The reserve (pay later) path of spec doc 2 §4 Booking step 4, and the temporary appointments it
// uses while the patient has no profile yet (issue 8 §3). See db/schema/temporary-appointments.ts
// for how a temporary appointment holds, hands over and gives back its place.

/** The job that releases a temporary appointment at the end of its hold. */
export const RELEASE_JOB = 'temporary-appointment-release';
/** The schedule that releases any hold that ended without its job. */
export const SWEEP_JOB = 'temporary-appointments-sweep';

/** Booking type of an appointment made on the reserve path (paid later, at the hospital or in the app). */
export const RESERVE_BOOKING_TYPE = 'reserve';

/** What a reservation or confirmation answers: the appointment made, to be read for the client. */
export type ReservedAppointment = { id: string; sessionId: string; tokenNo: number };

/** A temporary appointment as the API answers it (plain JSON: kept for retries with the same key). */
export type TemporaryAppointmentView = {
  id: string;
  sessionId: string;
  tokenNo: number;
  status: string;
  bookingType: string;
  holdExpiresAt: string;
  appointmentId: string | null;
};

function toView(row: TemporaryAppointmentRow): TemporaryAppointmentView {
  return {
    id: row.id,
    sessionId: row.sessionId,
    tokenNo: row.tokenNo,
    status: row.status,
    bookingType: row.bookingType,
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    appointmentId: row.appointmentId,
  };
}

/** Who reserves, where, and what the tenant allows. */
type ReserveScope = {
  tenantId: string;
  accountId: string;
  sessionId: string;
  /** The tenant's channelling.reserve flag. */
  reserveEnabled: boolean;
  correlationId: string;
  actor: AuditActor;
};

/**
 * Why the reserve path is closed for a session, as an error, or null when open (spec doc 2 §4
 * Booking step 4, domain canReserve): the tenant's flag (ARO-E4045), a total above 0 (ARO-E4046)
 * and no paid appointments in the session (ARO-E4047). "No appointment exists yet" is the
 * caller's: a profile with a live appointment in the session is ARO-E4003 as in booking.
 * @param db - database or transaction
 * @param scope - tenant, session and the tenant's flag
 */
export async function reserveBlock(
  db: DbOrTx,
  scope: { tenantId: string; sessionId: string; reserveEnabled: boolean },
): Promise<AppError | null> {
  if (!scope.reserveEnabled) {
    return new AppError('ARO-E4045');
  }
  const total = await sessionTotal(db, scope.tenantId, scope.sessionId);
  const paidAppointments = await sessionPaidAppointments(db, scope.sessionId);
  if (canReserve({ reserveEnabled: true, appointmentExists: false, total, paidAppointments })) {
    return null;
  }
  return new AppError(total > 0 ? 'ARO-E4047' : 'ARO-E4046');
}

/**
 * Takes the session's next token or answers full (ARO-E4001) / no longer bookable (ARO-E4002) /
 * paused for a token check after a restore (ARO-E4020).
 */
async function takeToken(tx: Tx, tenantId: string, sessionId: string): Promise<number> {
  const tokenNo = await takeNextToken(tx, tenantId, sessionId);
  if (tokenNo !== null) {
    return tokenNo;
  }
  const now = await findSessionForBooking(tx, tenantId, sessionId);
  throw (now ? tokenRefusal(now) : null) ?? new AppError(now ? 'ARO-E4001' : 'ARO-E4002');
}

/** The session of a reservation when it is bookable and not full, else the booking errors. */
async function openSession(tx: Tx, tenantId: string, sessionId: string) {
  const session = await findSessionForBooking(tx, tenantId, sessionId);
  if (!session) {
    throw new AppError('ARO-E2001');
  }
  const refusal = tokenRefusal(session);
  if (refusal) {
    throw refusal;
  }
  if (isSessionFull(session.appointmentMaxAllowed, session.liveAppointments)) {
    throw new AppError('ARO-E4001');
  }
  return session;
}

/** A new hold, and the sessions whose places the account's earlier holds gave back. */
export type TemporaryHold = { temporary: TemporaryAppointmentView; releasedSessionIds: string[] };

/**
 * Holds a place in a session for an account whose patient has no profile yet (spec doc 2 §4
 * Booking step 4: "used when no patient exists yet"; an account with a profile reserves for it,
 * ARO-E4050): a temporary appointment (status and booking type 'temporary') takes the next token as
 * a booking does and holds it for holdMs. An account holds one place at a time: asking again in the
 * same session answers the one held, and a hold in another session gives the earlier place back
 * (so concurrent or repeated requests cannot fill a session). Idempotent with a key; a replay
 * answers the hold as it is now (confirmed or released since).
 * @param db - database
 * @param input - who, which session, the tenant's flag, the hold and the client's key
 */
export async function createTemporaryAppointment(
  db: Db,
  input: ReserveScope & { holdMs: number; idempotencyKey: string | null },
): Promise<TemporaryHold> {
  if (!UUID.test(input.sessionId)) {
    throw new AppError('ARO-E2001');
  }
  const { tenantId, accountId } = input;
  const owner = { tenantId, accountId };
  const hold = await runOnce(
    db,
    { tenantId, accountId, key: input.idempotencyKey },
    'createTemporaryAppointment',
    { sessionId: input.sessionId },
    async (tx): Promise<TemporaryHold> => {
      await lockAccountTemporaryAppointments(tx, owner);
      const session = await findSessionForBooking(tx, tenantId, input.sessionId);
      if (!session) {
        throw new AppError('ARO-E2001');
      }
      const block = await reserveBlock(tx, input);
      if (block) {
        throw block;
      }
      if (await accountHasProfile(tx, owner)) {
        throw new AppError('ARO-E4050');
      }
      const held = await findHeldTemporaryAppointment(tx, owner, session.id);
      if (held) {
        return { temporary: toView(held), releasedSessionIds: [] };
      }
      await openSession(tx, tenantId, session.id);
      const releasedSessionIds: string[] = [];
      for (const earlier of await findHeldTemporaryAppointmentsOfAccount(tx, owner)) {
        const released = await releaseInTransaction(
          tx,
          tenantId,
          earlier.id,
          input.correlationId,
          'replaced',
        );
        if (released) {
          releasedSessionIds.push(released.sessionId);
        }
      }
      const tokenNo = await takeToken(tx, tenantId, session.id);
      const row = await insertTemporaryAppointment(tx, {
        tenantId,
        sessionId: session.id,
        accountId,
        tokenNo,
        holdMs: input.holdMs,
      });
      await recordAudit(tx, {
        tenantId,
        actor: input.actor,
        action: 'appointment.temporary.create',
        correlationId: input.correlationId,
        patientAccountId: accountId,
        organizationId: session.organizationId,
        details: {
          temporaryAppointmentId: row.id,
          sessionId: session.id,
          tokenNo,
          holdExpiresAt: row.holdExpiresAt.toISOString(),
        },
      });
      return { temporary: toView(row), releasedSessionIds };
    },
  );
  const now = await findOwnedTemporaryAppointment(db, owner, hold.temporary.id);
  return { ...hold, temporary: now ? toView(now) : hold.temporary };
}

/**
 * Queues the release of a temporary appointment at the end of its hold. One job per temporary
 * appointment (its id is the singleton key), so a retried reservation queues no second one.
 * @param jobs - the job queue
 * @param tenantId - the tenant
 * @param temporary - the temporary appointment
 */
export async function scheduleRelease(
  jobs: JobQueue,
  tenantId: string,
  temporary: TemporaryAppointmentView,
): Promise<void> {
  await jobs.send(
    RELEASE_JOB,
    { tenantId, temporaryAppointmentId: temporary.id },
    { startAfter: new Date(temporary.holdExpiresAt), singletonKey: temporary.id },
  );
}

/** A confirmation's outcome: the appointment made, or the hold had ended (the place was given back now). */
export type ConfirmOutcome =
  | { kind: 'confirmed'; appointment: ReservedAppointment }
  | { kind: 'released'; sessionId: string }
  | { kind: 'closed'; sessionId: string };

/**
 * Confirms a temporary appointment of the account for one of its profiles, once the profile exists
 * (doc 1 Profile creation: "continue reserving"): the appointment is booked with the temporary
 * appointment's token, booking type 'reserve', payment pending; the place passes to it (the live
 * count does not change). Same rules as booking: one live appointment per profile and session
 * (ARO-E4003). Confirming again for the same profile answers the same appointment; for another
 * profile ARO-E4049; after the release ARO-E4048. A hold that ended but was not released yet is
 * released here and answered 'released' (the caller publishes the freed place, then refuses with
 * ARO-E4048). A session no longer bookable (cancelled or ended by the hospital meanwhile) releases
 * the hold and answers 'closed' (the caller refuses with ARO-E4002). Another account's ids answer
 * ARO-E2001.
 * @param db - database
 * @param input - who, which temporary appointment, for which profile
 */
export async function confirmTemporaryAppointment(
  db: Db,
  input: {
    tenantId: string;
    accountId: string;
    temporaryAppointmentId: string;
    /** The session the client books in: must be the temporary appointment's (else ARO-E2002). */
    sessionId: string;
    patientId: string;
    correlationId: string;
    actor: AuditActor;
  },
): Promise<ConfirmOutcome> {
  if (!UUID.test(input.temporaryAppointmentId) || !UUID.test(input.patientId)) {
    throw new AppError('ARO-E2001');
  }
  const owner = { tenantId: input.tenantId, accountId: input.accountId };
  return db.transaction(async (tx): Promise<ConfirmOutcome> => {
    // One confirmation at a time per account: a double tap waits, then answers the same appointment.
    await lockAccountTemporaryAppointments(tx, owner);
    const temporary = await findOwnedTemporaryAppointment(tx, owner, input.temporaryAppointmentId);
    const patient = await findOwnedPatient(tx, owner, input.patientId);
    if (!temporary || !patient) {
      throw new AppError('ARO-E2001');
    }
    if (temporary.sessionId !== input.sessionId.toLowerCase()) {
      throw new AppError('ARO-E2002');
    }
    // Confirmed before (a retry, or a concurrent confirm that won): the same answer for the same profile.
    const answerConfirmed = async (row: TemporaryAppointmentRow): Promise<ConfirmOutcome> => {
      const made = row.appointmentId
        ? await findOwnedAppointment(tx, owner, row.appointmentId)
        : null;
      if (made?.appointment.patientId === patient.id) {
        const { id, sessionId, tokenNo } = made.appointment;
        return { kind: 'confirmed', appointment: { id, sessionId, tokenNo } };
      }
      throw new AppError('ARO-E4049');
    };
    if (temporary.status === 'confirmed') {
      return answerConfirmed(temporary);
    }
    if (temporary.status !== 'temporary') {
      throw new AppError('ARO-E4048');
    }
    const sessionStatus = await lockSessionStatus(tx, input.tenantId, temporary.sessionId);
    if (!(BOOKABLE_SESSION_STATUSES as readonly string[]).includes(sessionStatus ?? '')) {
      await releaseInTransaction(
        tx,
        input.tenantId,
        temporary.id,
        input.correlationId,
        'session-closed',
      );
      return { kind: 'closed', sessionId: temporary.sessionId };
    }
    if (await hasLiveAppointment(tx, temporary.sessionId, patient.id)) {
      throw new AppError('ARO-E4003');
    }
    const confirmed = await markTemporaryConfirmed(tx, temporary.id);
    if (!confirmed) {
      // The hold ended (give the place back now rather than wait for the job), or a concurrent
      // confirm or release won.
      const released = await releaseInTransaction(
        tx,
        input.tenantId,
        temporary.id,
        input.correlationId,
      );
      if (released) {
        return { kind: 'released', sessionId: released.sessionId };
      }
      const now = await findOwnedTemporaryAppointment(tx, owner, temporary.id);
      if (now?.status === 'confirmed') {
        return answerConfirmed(now);
      }
      throw new AppError('ARO-E4048');
    }
    const row = await insertAppointment(tx, {
      tenantId: input.tenantId,
      sessionId: temporary.sessionId,
      accountId: input.accountId,
      patientId: patient.id,
      tokenNo: temporary.tokenNo,
      appointmentOriginChannel: 'patient_app',
      appointmentBookingType: RESERVE_BOOKING_TYPE,
    }).catch((error: unknown) => {
      if (uniqueViolation(error) !== null) {
        throw new AppError('ARO-E4003');
      }
      throw error;
    });
    await setTemporaryAppointmentId(tx, temporary.id, row.id);
    await recordAudit(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: 'appointment.temporary.confirm',
      correlationId: input.correlationId,
      patientAccountId: input.accountId,
      patientId: patient.id,
      details: {
        temporaryAppointmentId: temporary.id,
        appointmentId: row.id,
        sessionId: row.sessionId,
        tokenNo: row.tokenNo,
      },
    });
    return {
      kind: 'confirmed',
      appointment: { id: row.id, sessionId: row.sessionId, tokenNo: row.tokenNo },
    };
  });
}

/**
 * Books a place on the reserve path for an existing profile of the account (spec doc 2 §4 Booking
 * step 4): booked at once with booking type 'reserve' and payment pending (pay later), under the
 * reserve conditions (reserveBlock) and the booking rules (capacity, one live place per profile,
 * never-reused tokens). Idempotent with a key.
 * @param db - database
 * @param input - who, for which profile, in which session, the tenant's flag and the client's key
 */
export async function reserveAppointment(
  db: Db,
  input: ReserveScope & { patientId: string; idempotencyKey: string | null },
): Promise<ReservedAppointment> {
  if (!UUID.test(input.patientId) || !UUID.test(input.sessionId)) {
    throw new AppError('ARO-E2001');
  }
  const { tenantId, accountId } = input;
  return runOnce(
    db,
    { tenantId, accountId, key: input.idempotencyKey },
    'createAppointment',
    {
      patientId: input.patientId,
      sessionId: input.sessionId,
      appointmentBookingType: RESERVE_BOOKING_TYPE,
    },
    async (tx) => {
      const patient = await findOwnedPatient(tx, { tenantId, accountId }, input.patientId);
      const found = await findSessionForBooking(tx, tenantId, input.sessionId);
      if (!patient || !found) {
        throw new AppError('ARO-E2001');
      }
      const block = await reserveBlock(tx, input);
      if (block) {
        throw block;
      }
      if (await hasLiveAppointment(tx, found.id, patient.id)) {
        throw new AppError('ARO-E4003');
      }
      const session = await openSession(tx, tenantId, found.id);
      const tokenNo = await takeToken(tx, tenantId, session.id);
      const row = await insertAppointment(tx, {
        tenantId,
        sessionId: session.id,
        accountId,
        patientId: patient.id,
        tokenNo,
        appointmentOriginChannel: 'patient_app',
        appointmentBookingType: RESERVE_BOOKING_TYPE,
      }).catch((error: unknown) => {
        if (uniqueViolation(error) !== null) {
          throw new AppError('ARO-E4003');
        }
        throw error;
      });
      await recordAudit(tx, {
        tenantId,
        actor: input.actor,
        action: 'appointment.reserve',
        correlationId: input.correlationId,
        patientAccountId: accountId,
        patientId: patient.id,
        details: { sessionId: session.id, tokenNo, bookingType: RESERVE_BOOKING_TYPE },
      });
      return { id: row.id, sessionId: row.sessionId, tokenNo: row.tokenNo };
    },
  );
}

/**
 * Releases a temporary appointment inside a transaction when it is still temporary and its hold has
 * ended (or at once when replaced by the account's next hold, or its session closed): status
 * 'released', the session's place given back, the token left used; audited as the account's, with
 * by: why. Null when there was nothing to do.
 */
async function releaseInTransaction(
  tx: Tx,
  tenantId: string,
  id: string,
  correlationId: string,
  by: 'hold-expiry' | 'replaced' | 'session-closed' = 'hold-expiry',
): Promise<TemporaryAppointmentRow | null> {
  const released = await markTemporaryReleased(tx, tenantId, id, {
    evenIfHeld: by !== 'hold-expiry',
  });
  if (!released) {
    return null;
  }
  await releasePlace(tx, released.sessionId);
  await recordAudit(tx, {
    tenantId,
    actor: { kind: 'patient', accountId: released.accountId },
    action: 'appointment.temporary.release',
    correlationId,
    patientAccountId: released.accountId,
    details: {
      temporaryAppointmentId: released.id,
      sessionId: released.sessionId,
      tokenNo: released.tokenNo,
      by,
    },
  });
  return released;
}

/** What the release of one temporary appointment did. */
export type ReleaseOutcome =
  { kind: 'released'; sessionId: string } | { kind: 'held'; until: Date } | { kind: 'done' };

/**
 * The release job's work for one temporary appointment: released when its hold has ended and it
 * is still temporary; 'held' (with the hold's end) when it ran early; 'done' when confirmed,
 * released already or unknown.
 * @param db - database
 * @param input - tenant, temporary appointment and the job's correlation id
 */
export async function releaseTemporaryAppointment(
  db: Db,
  input: { tenantId: string; temporaryAppointmentId: string; correlationId: string },
): Promise<ReleaseOutcome> {
  return db.transaction(async (tx) => {
    const released = await releaseInTransaction(
      tx,
      input.tenantId,
      input.temporaryAppointmentId,
      input.correlationId,
    );
    if (released) {
      return { kind: 'released', sessionId: released.sessionId };
    }
    const row = await findTemporaryAppointment(tx, input.tenantId, input.temporaryAppointmentId);
    if (row?.status === 'temporary') {
      return { kind: 'held', until: row.holdExpiresAt };
    }
    return { kind: 'done' };
  });
}

/**
 * Registers the release job: at the end of a hold it releases the temporary appointment and tells
 * live subscribers the session changed (like a cancel); it also releases any other expired one it
 * finds (a job lost before it was queued), so no place stays held for good.
 * @param jobs - the job queue
 * @param deps - database, publish (after commit) and log
 */
export function registerTemporaryAppointmentJobs(
  jobs: JobQueue,
  deps: {
    db: Db;
    publish: (topic: string, payload: unknown) => Promise<void>;
    log: FastifyBaseLogger;
  },
): void {
  const announce = (tenantId: string, sessionId: string): Promise<void> =>
    announceSessionChanged(deps, tenantId, sessionId, 'appointments');
  // Releases every hold that ended unreleased (a job lost before it was queued, or not run yet).
  const sweep = async (): Promise<void> => {
    for (const stray of await findExpiredTemporaryAppointments(deps.db, 50)) {
      const swept = await releaseTemporaryAppointment(deps.db, {
        tenantId: stray.tenantId,
        temporaryAppointmentId: stray.id,
        correlationId: `job:${RELEASE_JOB}:${stray.id}`,
      });
      if (swept.kind === 'released') {
        await announce(stray.tenantId, swept.sessionId);
      }
    }
  };
  jobs.work(RELEASE_JOB, async (data) => {
    const correlationId = `job:${RELEASE_JOB}:${data.temporaryAppointmentId}`;
    const outcome = await releaseTemporaryAppointment(deps.db, { ...data, correlationId });
    if (outcome.kind === 'released') {
      await announce(data.tenantId, outcome.sessionId);
    }
    if (outcome.kind === 'held') {
      // Ran before the hold ended (clocks differ): run again at its end.
      await jobs.send(RELEASE_JOB, data, {
        startAfter: outcome.until,
        singletonKey: data.temporaryAppointmentId,
      });
    }
    await sweep();
  });
  // And every minute on one instance, so a place is never held for good even when no job was queued.
  jobs.work(SWEEP_JOB, sweep);
  jobs.every(SWEEP_JOB, '* * * * *', {});
}
