import {
  appointmentStatusLabel,
  cancelBlock,
  canGiveFeedback,
  FEEDBACK_COMMENT_MAX,
  hasControlCharacters,
  heartbeatTimestampKeys,
  isSessionFull,
  isValidRating,
  sessionCancelledByHospital,
} from '@careline/domain/consultations';
import { AppError } from '@careline/domain/errors';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { recordAudit, type AuditActor, type AuditRecord } from '../audit/index.ts';
import { runOnceInStatement } from '../idempotency/index.ts';
import { findOwnedPatient } from '../profiles/index.ts';
import {
  bookNextToken,
  findOwnedAppointment,
  findSessionForBooking,
  hasLiveAppointment,
  markCancelled,
  lockSessionsInOrder,
  markRescheduledAndRelease,
  movePaymentParts,
  readBookingChecks,
  releasePlace,
  tokenRefusal,
  updateAppointmentFields,
  type AppointmentRow,
  type AuditValues,
  type BookedRow,
} from './appointments.repo.ts';
import { bookNextTokenInBatch } from './booking-batches.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

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

function toBooked(row: AppointmentRow | BookedRow): BookedAppointment {
  return {
    id: row.id,
    sessionId: row.sessionId,
    patientId: row.patientId,
    tokenNo: row.tokenNo,
    appointmentStatus: row.appointmentStatus,
    paymentStatus: row.paymentStatus,
    appointmentOriginChannel: row.appointmentOriginChannel,
    createdAt: typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString(),
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
  return runOnceInStatement(
    db,
    { tenantId, accountId, key: input.idempotencyKey },
    'createAppointment',
    { patientId: input.patientId, sessionId: input.sessionId, originChannel: input.originChannel },
    async (key) => {
      // The checks, read before queueing for the session row's lock. An already full or closed session
      // is answered at once, not behind every booking in flight (a rush's late comers); the
      // conditional UPDATE in bookNextToken still decides every place, so a booking read as open
      // can still be told "full".
      const checks = await readBookingChecks(db, input);
      const { session } = checks;
      if (!checks.patientOwned || !session) {
        throw new AppError('ARO-E2001');
      }
      if (checks.hasLive) {
        throw new AppError('ARO-E4003');
      }
      const refusal = tokenRefusal(session);
      if (refusal) {
        throw refusal;
      }
      if (isSessionFull(session.appointmentMaxAllowed, session.liveAppointments)) {
        throw new AppError('ARO-E4001');
      }
      // One statement, its own transaction: token, appointment, audit row and key, so the session
      // row is locked for that statement and its commit only; the bookings of one session that arrive
      // meanwhile are written together in the next one (booking-batches.ts).
      const row = await bookNextTokenInBatch(db, {
        tenantId,
        sessionId: input.sessionId,
        accountId,
        patientId: input.patientId,
        originChannel: input.originChannel,
        audit: auditValues({
          tenantId,
          actor: input.actor,
          action: 'appointment.book',
          correlationId: input.correlationId,
          patientAccountId: accountId,
          patientId: input.patientId,
          details: { sessionId: input.sessionId, originChannel: input.originChannel },
        }),
        key,
      }).catch(bookingFailure);
      if (!row) {
        // As before queueing, a place already held outranks "full": a twin of this booking (the
        // same profile, arrived first) may have taken the session's last place meanwhile. One read
        // answers both questions (a rush's late comers each make it, issue 8 bench:booking).
        const after = await readBookingChecks(db, input);
        if (after.hasLive) {
          throw new AppError('ARO-E4003');
        }
        throw (after.session ? tokenRefusal(after.session) : null) ?? new AppError(after.session ? 'ARO-E4001' : 'ARO-E4002');
      }
      return toBooked(row);
    },
  );
}

/** The audit row recordAudit writes for a record (modules/audit), for a booking statement; its details get tokenNo there. */
function auditValues(record: AuditRecord): AuditValues {
  const { actor } = record;
  return {
    tenantId: record.tenantId,
    actorKind: actor.kind,
    actorId: actor.kind === 'staff' ? actor.staffUserId : actor.accountId,
    role: actor.kind === 'staff' ? actor.role : null,
    organizationId: record.organizationId ?? (actor.kind === 'staff' ? actor.organizationId : null) ?? null,
    action: record.action,
    patientAccountId: record.patientAccountId ?? (actor.kind === 'patient' ? actor.accountId : null),
    patientId: record.patientId ?? null,
    correlationId: record.correlationId,
    details: record.details ?? {},
  };
}

/** Two bookings of one profile raced past the check: the partial unique index decided (ARO-E4003). */
function bookingFailure(error: unknown): never {
  if (uniqueViolation(error) === 'appointments_session_patient_live_uq') {
    throw new AppError('ARO-E4003');
  }
  throw error;
}

/** Why no token was taken: the session is full (ARO-E4001), no longer bookable (ARO-E4002) or paused after a restore (ARO-E4020). */
async function fullOrClosed(db: Db | Tx, tenantId: string, sessionId: string): Promise<AppError> {
  const now = await findSessionForBooking(db, tenantId, sessionId);
  return (now ? tokenRefusal(now) : null) ?? new AppError(now ? 'ARO-E4001' : 'ARO-E4002');
}

/**
 * The patient cancels an appointment of one of their profiles (spec doc 2 §4 Cancel): only a booked
 * one, and only while its session starts more than 24 hours from now, never one whose session the
 * hospital cancelled (ARO-E4070, issue 32 §2.5); its place is given back, its token number stays used. The tenant's appointmentCancel flag is the caller's to check.
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
    // issue 32 §2.5: the hospital cancelled the session; its refund comes by itself.
    if (sessionCancelledByHospital(found.appointment, { status: found.sessionStatus })) {
      throw new AppError('ARO-E4070');
    }
    const block = cancelBlock(found.appointment, found.sessionStart, input.now);
    if (block?.reason === 'notBooked') {
      throw new AppError('ARO-E4004', { status: appointmentStatusLabel(block.status) });
    }
    if (block?.reason === 'within24Hours') {
      throw new AppError('ARO-E4005');
    }
    if (!(await markCancelled(tx, found.appointment.id))) {
      // Cancelled, moved on or declined by the session's cancel, by a concurrent change since it was read.
      const now = await findOwnedAppointment(tx, owner, input.appointmentId);
      if (now && sessionCancelledByHospital(now.appointment, { status: now.sessionStatus })) {
        throw new AppError('ARO-E4070');
      }
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
 * transaction: the old one must be the account's, booked and not rescheduled before, its session not
 * cancelled by the hospital (ARO-E4070: its payment is refunded, issue 32 §2.5); the new one is
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
  return runOnceInStatement(
    db,
    { tenantId, accountId, key: input.idempotencyKey },
    'createAppointment',
    {
      patientId: input.patientId,
      sessionId: input.sessionId,
      originChannel: input.originChannel,
      appointmentRescheduledFor: input.rescheduledFor,
    },
    async (key) => {
      const found = await findOwnedAppointment(db, owner, input.rescheduledFor);
      const session = await findSessionForBooking(db, tenantId, input.sessionId);
      if (!found || !session || !(await findOwnedPatient(db, owner, input.patientId))) {
        throw new AppError('ARO-E2001');
      }
      const old = found.appointment;
      if (old.patientId !== input.patientId) {
        throw new AppError('ARO-E4019');
      }
      // issue 32 §2.5: the cancelled session's payment is refunded, so it cannot move to another session too.
      if (sessionCancelledByHospital(old, { status: found.sessionStatus })) {
        throw new AppError('ARO-E4070');
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
      return db.transaction(async (tx) => {
        await lockSessionsInOrder(tx, [old.sessionId, session.id]);
        // Taken first: of two concurrent reschedules of one appointment, one finds it moved already.
        // One statement marks it and gives its place back; a second takes the new token, inserts the
        // appointment, moves the payment, writes the audit row and the key; then the commit.
        if (!(await markRescheduledAndRelease(tx, old.id))) {
          const now = await findOwnedAppointment(tx, owner, old.id);
          if (now?.appointment.appointmentRescheduleStatus === 'rescheduled') {
            throw new AppError('ARO-E4007');
          }
          if (now && sessionCancelledByHospital(now.appointment, { status: now.sessionStatus })) {
            throw new AppError('ARO-E4070');
          }
          throw new AppError('ARO-E4006', { status: appointmentStatusLabel(now?.appointment.appointmentStatus ?? 'cancelled') });
        }
        // Checked after the mark, under the sessions' locks: a concurrent twin of this request that
        // already moved the appointment here is refused as moved (ARO-E4007), not as a second booking.
        if (await hasLiveAppointment(tx, session.id, old.patientId)) {
          throw new AppError('ARO-E4003');
        }
        const row = await bookNextToken(tx, {
          tenantId,
          sessionId: session.id,
          accountId,
          patientId: old.patientId,
          originChannel: input.originChannel,
          carried: {
            paymentStatus: old.paymentStatus,
            appointmentBookingType: old.appointmentBookingType,
            appointmentRescheduledBy: old.id,
            appointmentRescheduledBySession: old.sessionId,
          },
          audit: auditValues({
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
              paymentStatus: old.paymentStatus,
            },
          }),
          key,
          answerExtra: { previousSessionId: old.sessionId },
          also: movePaymentParts(old.id),
        }).catch(bookingFailure);
        if (!row) {
          throw await fullOrClosed(tx, tenantId, session.id);
        }
        return { ...toBooked(row), previousSessionId: old.sessionId };
      });
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
