import { appointmentStatusLabel, cancelBlock } from '@careline/domain/consultations';
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
  releasePlace,
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
