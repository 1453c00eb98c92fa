import {
  appointmentStatusLabel,
  cancelBlock,
  canGiveFeedback,
  FEEDBACK_COMMENT_MAX,
  hasControlCharacters,
  heartbeatTimestampKeys,
  isSessionFull,
  isValidRating,
} from '@careline/domain/consultations';
import { AppError } from '@careline/domain/errors';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { runOnce } from '../idempotency/idempotency.service.ts';
import {
  BOOKABLE_SESSION_STATUSES,
  findOwnedAppointment,
  findOwnedPatient,
  findSessionForBooking,
  hasLiveAppointment,
  insertAppointment,
  markCancelled,
  markRescheduled,
  movePayment,
  releasePlace,
  updateAppointmentFields,
  takeNextToken,
  type AppointmentRow,
} from './appointments.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a booking came from (spec doc 2 §3 appointmentOriginChannel; 'hospital' is the desk). */
export type OriginChannel = 'patient_app' | 'hospital';

/** A booking request: who books, for which profile, in which session. */
export type BookAppointmentInput = {
  tenantId: string;
  /** The account that owns the profile; the patient's own, or the one a desk booking is for. */
  accountId: string;
  patientId: string;
  sessionId: string;
  originChannel: OriginChannel;
  /** The client's key: a double tap or a retry gives the first answer (issue 8 §3). */
  idempotencyKey: string | null;
  correlationId: string;
  /** Who acts, for the audit trail: the patient, or staff at the desk. */
  actor: AuditActor;
};

/** What a booking answers: the appointment as plain JSON (kept for retries with the same key). */
export type BookedAppointment = {
  id: string;
  sessionId: string;
  patientId: string;
  tokenNo: number;
  appointmentStatus: string;
  paymentStatus: string;
  appointmentOriginChannel: string;
  createdAt: string;
};

function toBooked(row: AppointmentRow): BookedAppointment {
  return {
    id: row.id,
    sessionId: row.sessionId,
    patientId: row.patientId,
    tokenNo: row.tokenNo,
    appointmentStatus: row.appointmentStatus,
    paymentStatus: row.paymentStatus,
    appointmentOriginChannel: row.appointmentOriginChannel,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Books a numbered token in a session for one of the account's profiles (spec doc 2 §4 Booking),
 * in one transaction: the profile must be the account's, the session bookable and not full; the
 * token is the session's appointment count (cancelled included) + 1, so no number is reused; a
 * profile holds at most one live appointment per session. Another account's profile and an unknown
 * session both answer ARO-E2001. With an idempotency key, a retry returns the first answer.
 * @param db - database
 * @param input - tenant, account, profile, session, origin, key, correlation id and the actor
 */
export async function bookAppointment(db: Db, input: BookAppointmentInput): Promise<BookedAppointment> {
  if (!UUID.test(input.patientId) || !UUID.test(input.sessionId)) {
    throw new AppError('ARO-E2001');
  }
  const { tenantId, accountId } = input;
  return runOnce(
    db,
    { tenantId, accountId, key: input.idempotencyKey },
    'createAppointment',
    { patientId: input.patientId, sessionId: input.sessionId, originChannel: input.originChannel },
    async (tx) => {
      const patient = await findOwnedPatient(tx, { tenantId, accountId }, input.patientId);
      const session = await findSessionForBooking(tx, tenantId, input.sessionId);
      if (!patient || !session) {
        throw new AppError('ARO-E2001');
      }
      if (await hasLiveAppointment(tx, session.id, patient.id)) {
        throw new AppError('ARO-E4003');
      }
      // Already full or closed when read: answer at once, without queueing for the session row's lock
      // behind every booking in flight (a rush's late comers). The conditional UPDATE below still
      // decides every place, so a booking read as open can still be told "full".
      if (!(BOOKABLE_SESSION_STATUSES as readonly string[]).includes(session.status)) {
        throw new AppError('ARO-E4002');
      }
      if (isSessionFull(session.appointmentMaxAllowed, session.liveAppointments)) {
        throw new AppError('ARO-E4001');
      }
      const tokenNo = await takeNextToken(tx, tenantId, session.id);
      if (tokenNo === null) {
        const now = await findSessionForBooking(tx, tenantId, session.id);
        const bookable = now !== null && (BOOKABLE_SESSION_STATUSES as readonly string[]).includes(now.status);
        throw new AppError(bookable ? 'ARO-E4001' : 'ARO-E4002');
      }
      const row = await insertAppointment(tx, {
        tenantId,
        sessionId: session.id,
        accountId,
        patientId: patient.id,
        tokenNo,
        appointmentOriginChannel: input.originChannel,
      }).catch((error: unknown) => {
        // Two bookings of one profile raced past the check above: the partial unique index decides.
        if (uniqueViolation(error) !== null) {
          throw new AppError('ARO-E4003');
        }
        throw error;
      });
      await recordAudit(tx, {
        tenantId,
        actor: input.actor,
        action: 'appointment.book',
        correlationId: input.correlationId,
        patientAccountId: accountId,
        patientId: patient.id,
        details: { sessionId: session.id, tokenNo, originChannel: input.originChannel },
      });
      return toBooked(row);
    },
  );
}

/**
 * The patient cancels an appointment of one of their profiles (spec doc 2 §4 Cancel): only a booked
 * one, and only while its session starts more than 24 hours from now; its place is given back, its
 * token number stays used. The tenant's appointmentCancel flag is the caller's to check.
 * @param db - database
 * @param input - tenant, account, appointment, the clock, correlation id and the actor
 */
export async function cancelAppointment(
  db: Db,
  input: { tenantId: string; accountId: string; appointmentId: string; now: Date; correlationId: string; actor: AuditActor },
): Promise<BookedAppointment> {
  if (!UUID.test(input.appointmentId)) {
    throw new AppError('ARO-E2001');
  }
  const owner = { tenantId: input.tenantId, accountId: input.accountId };
  return db.transaction(async (tx) => {
    const found = await findOwnedAppointment(tx, owner, input.appointmentId);
    if (!found) {
      throw new AppError('ARO-E2001');
    }
    const block = cancelBlock(found.appointment, found.sessionStart, input.now);
    if (block?.reason === 'notBooked') {
      throw new AppError('ARO-E4004', { status: appointmentStatusLabel(block.status) });
    }
    if (block?.reason === 'within24Hours') {
      throw new AppError('ARO-E4005');
    }
    if (!(await markCancelled(tx, found.appointment.id))) {
      // Cancelled or moved on by a concurrent change since it was read.
      const now = await findOwnedAppointment(tx, owner, input.appointmentId);
      throw new AppError('ARO-E4004', { status: appointmentStatusLabel(now?.appointment.appointmentStatus ?? 'cancelled') });
    }
    await releasePlace(tx, found.appointment.sessionId);
    await recordAudit(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: 'appointment.cancel',
      correlationId: input.correlationId,
      patientAccountId: input.accountId,
      patientId: found.appointment.patientId,
      details: { sessionId: found.appointment.sessionId, tokenNo: found.appointment.tokenNo },
    });
    return toBooked({ ...found.appointment, appointmentStatus: 'cancelled' });
  });
}

/** A reschedule's answer: the new appointment and the session it left, to publish both. */
export type RescheduledAppointment = BookedAppointment & { previousSessionId: string };

/**
 * Moves a booked appointment of the account to another session (spec doc 2 §4 Reschedule), in one
 * transaction: the old one must be the account's, booked and not rescheduled before; the new one is
 * booked by the same rules as any booking (capacity, one live place per profile, never-reused
 * tokens) for the same profile, takes the old payment status and its invoices and payments (no
 * second payment), and records where it came from; the old one is cancelled with reschedule status
 * 'rescheduled' and its place given back. Idempotent with a key, like booking.
 * @param db - database
 * @param input - a booking request plus the id of the appointment being moved
 */
export async function rescheduleAppointment(
  db: Db,
  input: BookAppointmentInput & { rescheduledFor: string },
): Promise<RescheduledAppointment> {
  if (!UUID.test(input.patientId) || !UUID.test(input.sessionId) || !UUID.test(input.rescheduledFor)) {
    throw new AppError('ARO-E2001');
  }
  const { tenantId, accountId } = input;
  const owner = { tenantId, accountId };
  return runOnce(
    db,
    { tenantId, accountId, key: input.idempotencyKey },
    'createAppointment',
    {
      patientId: input.patientId,
      sessionId: input.sessionId,
      originChannel: input.originChannel,
      appointmentRescheduledFor: input.rescheduledFor,
    },
    async (tx) => {
      const found = await findOwnedAppointment(tx, owner, input.rescheduledFor);
      const session = await findSessionForBooking(tx, tenantId, input.sessionId);
      if (!found || !session || !(await findOwnedPatient(tx, owner, input.patientId))) {
        throw new AppError('ARO-E2001');
      }
      const old = found.appointment;
      if (old.patientId !== input.patientId) {
        throw new AppError('ARO-E4019');
      }
      if (old.appointmentRescheduleStatus === 'rescheduled') {
        throw new AppError('ARO-E4007');
      }
      if (old.appointmentStatus !== 'booked') {
        throw new AppError('ARO-E4006', { status: appointmentStatusLabel(old.appointmentStatus) });
      }
      if (old.sessionId === session.id) {
        throw new AppError('ARO-E4008');
      }
      // Taken first: of two concurrent reschedules of one appointment, one finds it moved already.
      const moved = await markRescheduled(tx, old.id);
      if (!moved) {
        const now = await findOwnedAppointment(tx, owner, old.id);
        if (now?.appointment.appointmentRescheduleStatus === 'rescheduled') {
          throw new AppError('ARO-E4007');
        }
        throw new AppError('ARO-E4006', { status: appointmentStatusLabel(now?.appointment.appointmentStatus ?? 'cancelled') });
      }
      await releasePlace(tx, old.sessionId);
      if (await hasLiveAppointment(tx, session.id, old.patientId)) {
        throw new AppError('ARO-E4003');
      }
      const tokenNo = await takeNextToken(tx, tenantId, session.id);
      if (tokenNo === null) {
        const now = await findSessionForBooking(tx, tenantId, session.id);
        const bookable = now !== null && (BOOKABLE_SESSION_STATUSES as readonly string[]).includes(now.status);
        throw new AppError(bookable ? 'ARO-E4001' : 'ARO-E4002');
      }
      const row = await insertAppointment(tx, {
        tenantId,
        sessionId: session.id,
        accountId,
        patientId: old.patientId,
        tokenNo,
        appointmentOriginChannel: input.originChannel,
        paymentStatus: old.paymentStatus,
        appointmentBookingType: old.appointmentBookingType,
        appointmentRescheduledBy: old.id,
        appointmentRescheduledBySession: old.sessionId,
      }).catch((error: unknown) => {
        if (uniqueViolation(error) !== null) {
          throw new AppError('ARO-E4003');
        }
        throw error;
      });
      await movePayment(tx, old.id, row.id);
      await recordAudit(tx, {
        tenantId,
        actor: input.actor,
        action: 'appointment.reschedule',
        correlationId: input.correlationId,
        patientAccountId: accountId,
        patientId: old.patientId,
        details: {
          fromAppointmentId: old.id,
          fromSessionId: old.sessionId,
          fromTokenNo: old.tokenNo,
          sessionId: session.id,
          tokenNo,
          paymentStatus: old.paymentStatus,
        },
      });
      return { ...toBooked(row), previousSessionId: old.sessionId };
    },
  );
}


/**
 * Checks feedback against the rules of spec doc 2 §4 Feedback: only after fulfilment (ARO-E4009),
 * at most 30 days after the start (ARO-E4010), a rating 1-10 (ARO-E4011, required unless one is
 * stored already), a comment of at most 1000 characters without control characters (ARO-E4012).
 * @param appointment - its status, start and stored rating
 * @param feedback - the rating and comment given
 * @param now - the current instant
 */
export function checkFeedback(
  appointment: { appointmentStatus: string; start: Date; feedbackRating: number | null },
  feedback: { rating?: number | null; comment?: string | null },
  now: Date,
): void {
  if (appointment.appointmentStatus !== 'fulfilled') {
    throw new AppError('ARO-E4009');
  }
  if (!canGiveFeedback(appointment, now)) {
    throw new AppError('ARO-E4010');
  }
  const rating = feedback.rating ?? appointment.feedbackRating;
  if (rating === null || !isValidRating(rating)) {
    throw new AppError('ARO-E4011');
  }
  const comment = feedback.comment;
  if (comment !== null && comment !== undefined && (comment.length > FEEDBACK_COMMENT_MAX || hasControlCharacters(comment))) {
    throw new AppError('ARO-E4012');
  }
}

/** What patchAppointment may change besides the status (spec doc 2 §7). */
export type AppointmentPatch = {
  feedbackRating?: number | null;
  feedbackComment?: string | null;
  heartbeatLinkSeen?: boolean | null;
  /** One of heartbeatTimestampKeys: that timestamp is set to now. */
  timeStampKey?: string | null;
};

/**
 * The patient's changes to an appointment of their profile, in one transaction, each audited:
 * feedback (spec doc 2 §4 Feedback rules), the heartbeat flag and a named heartbeat timestamp.
 * Another account's appointment answers ARO-E2001; no change at all is ARO-E2002.
 * @param db - database
 * @param input - tenant, account, appointment, the changes, the clock, correlation id and actor
 */
export async function patchAppointmentFields(
  db: Db,
  input: {
    tenantId: string;
    accountId: string;
    appointmentId: string;
    patch: AppointmentPatch;
    now: Date;
    correlationId: string;
    actor: AuditActor;
  },
): Promise<BookedAppointment> {
  const { patch } = input;
  const rating = patch.feedbackRating ?? undefined;
  const comment = patch.feedbackComment ?? undefined;
  const linkSeen = patch.heartbeatLinkSeen ?? undefined;
  const key = patch.timeStampKey ?? undefined;
  if (rating === undefined && comment === undefined && linkSeen === undefined && key === undefined) {
    throw new AppError('ARO-E2002');
  }
  if (key !== undefined && !(heartbeatTimestampKeys as readonly string[]).includes(key)) {
    throw new AppError('ARO-E2002');
  }
  if (!UUID.test(input.appointmentId)) {
    throw new AppError('ARO-E2001');
  }
  const owner = { tenantId: input.tenantId, accountId: input.accountId };
  return db.transaction(async (tx) => {
    const found = await findOwnedAppointment(tx, owner, input.appointmentId);
    if (!found) {
      throw new AppError('ARO-E2001');
    }
    const feedback = rating !== undefined || comment !== undefined;
    if (feedback) {
      checkFeedback({ ...found.appointment, start: found.sessionStart }, { rating, comment }, input.now);
    }
    const row = await updateAppointmentFields(tx, found.appointment.id, {
      ...(rating !== undefined ? { feedbackRating: rating } : {}),
      ...(comment !== undefined ? { feedbackComment: comment } : {}),
      ...(linkSeen !== undefined ? { heartbeatLinkSeen: linkSeen } : {}),
      ...(key !== undefined ? { timeStamp: { key, at: input.now } } : {}),
    });
    const audit = (action: string, details: Record<string, unknown>) =>
      recordAudit(tx, {
        tenantId: input.tenantId,
        actor: input.actor,
        action,
        correlationId: input.correlationId,
        patientAccountId: input.accountId,
        patientId: found.appointment.patientId,
        details: { appointmentId: found.appointment.id, ...details },
      });
    if (feedback) {
      await audit('appointment.feedback', { rating: row.feedbackRating, commentLength: row.feedbackComment?.length ?? 0 });
    }
    if (linkSeen !== undefined || key !== undefined) {
      await audit('appointment.heartbeat', { heartbeatLinkSeen: linkSeen ?? null, timeStampKey: key ?? null });
    }
    return toBooked(row);
  });
}
