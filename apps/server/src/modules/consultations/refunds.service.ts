import {
  excludedChargeCategories,
  hasControlCharacters,
  isRefundReason,
  refundBlock,
  SESSION_CANCEL_REFUND_REASON,
  sessionCancelledByHospital,
} from '@careline/domain/consultations';
import { AppError } from '@careline/domain/errors';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findOwnedAppointment } from './appointments.repo.ts';
import {
  findSessionCancelRefund,
  insertHospitalRefundRequest,
  insertRefundRequest,
  listRefundCandidates,
  markRefundRequested,
  type SessionCancelRefund,
} from './refunds.repo.ts';

export type { SessionCancelRefund } from './refunds.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

/** Longest free-text note on a refund request. */
export const REFUND_NOTES_MAX = 1000;

/** A refund request as createRefund answers it. */
export type RefundRequestAnswer = { id: string; status: string; appointmentId: string };

/** A refund request from the wizard (spec doc 2 §4 Refund). */
export type RefundRequestInput = {
  tenantId: string;
  accountId: string;
  appointmentId: string;
  patientId: string;
  organizationId: string;
  category: string;
  subcategory: string;
  notes: string | null;
  correlationId: string;
  actor: AuditActor;
};

/** The refund block's error: 'You cannot request a refund because, ...' with its reason (spec doc 2 §4). */
function refundBlockError(block: NonNullable<ReturnType<typeof refundBlock>>, refundStatus: string | null): AppError {
  switch (block) {
    case 'notPaid':
      return new AppError('ARO-E4013');
    case 'doctorPaid':
      return new AppError('ARO-E4014');
    case 'alreadyRequested':
      return new AppError('ARO-E4015', { status: refundStatus ?? 'requested' });
    case 'rescheduled':
      return new AppError('ARO-E4016');
  }
}

/**
 * Records a patient's refund request for a paid appointment of their profile (spec doc 2 §4 Refund),
 * in one transaction: the appointment, profile and hospital must match one of the account's
 * appointments (else ARO-E2001, as for a missing one); refused when the hospital cancelled its session
 * (ARO-E4070: that refund comes by itself, issue 32 §2.5); blocked per refundBlock; the reason must be
 * one of the wizard's; the excluded charge categories are recorded; the appointment's refund status
 * becomes 'requested'. One request per appointment: a second, even a concurrent one, is refused.
 * The tenant's appointmentRefund flag is the caller's to check.
 * @param db - database
 * @param input - who asks, for which appointment, the reason path and notes
 */
export async function requestRefund(db: Db, input: RefundRequestInput): Promise<RefundRequestAnswer> {
  if (![input.appointmentId, input.patientId, input.organizationId].every((id) => UUID.test(id))) {
    throw new AppError('ARO-E2001');
  }
  const notes = input.notes?.trim() ?? '';
  if (notes.length > REFUND_NOTES_MAX || hasControlCharacters(notes)) {
    throw new AppError('ARO-E2002');
  }
  const owner = { tenantId: input.tenantId, accountId: input.accountId };
  return db.transaction(async (tx) => {
    const found = await findOwnedAppointment(tx, owner, input.appointmentId);
    if (!found || found.appointment.patientId !== input.patientId || found.organizationId !== input.organizationId) {
      throw new AppError('ARO-E2001');
    }
    const appointment = found.appointment;
    // issue 32 §2.5: the hospital's cancel refunds the session's paid appointments without a request.
    if (sessionCancelledByHospital(appointment, { status: found.sessionStatus })) {
      throw new AppError('ARO-E4070');
    }
    const block = refundBlock(appointment);
    if (block) {
      throw refundBlockError(block, appointment.paymentRefundStatus);
    }
    if (!isRefundReason(input.category, input.subcategory)) {
      throw new AppError('ARO-E4017');
    }
    const excluded = [...excludedChargeCategories(input.category, input.subcategory)];
    const row = await insertRefundRequest(tx, {
      tenantId: input.tenantId,
      accountId: input.accountId,
      patientId: appointment.patientId,
      appointmentId: appointment.id,
      organizationId: found.organizationId,
      notes: notes ? [input.category, input.subcategory, notes] : [input.category, input.subcategory],
      requestedBy: 'patient',
      excludedCategories: excluded,
    }).catch((error: unknown) => {
      // A concurrent request for the same appointment won: the unique index decides.
      if (uniqueViolation(error) !== null) {
        throw new AppError('ARO-E4015', { status: 'requested' });
      }
      throw error;
    });
    if (!(await markRefundRequested(tx, appointment.id))) {
      throw new AppError('ARO-E4015', { status: 'requested' });
    }
    await recordAudit(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: 'appointment.refund_request',
      correlationId: input.correlationId,
      patientAccountId: input.accountId,
      patientId: appointment.patientId,
      organizationId: found.organizationId,
      details: {
        appointmentId: appointment.id,
        refundRequestId: row.id,
        category: input.category,
        subcategory: input.subcategory,
        excludedCategories: excluded,
      },
    });
    return { id: row.id, status: row.status, appointmentId: row.appointmentId };
  });
}

/** A refund a session's cancel made, for its job. */
export type SessionCancelRefundMade = { appointmentId: string; refundRequestId: string };

/**
 * Marks for refund every paid appointment a session's cancel declined (issue 32 §2.5), in the
 * cancel's transaction: each one the refund rules allow (spec doc 2 §4 Refund: paid, the doctor not
 * paid yet, no refund status, not rescheduled) gets the hospital's refund request ('requested',
 * requested by 'hospital', Doctor related / cancelled, refunded whole) and the refund status
 * 'requested'. One request per appointment, even when two cancels race (the unique index and the
 * conditional status update decide). The refunds themselves are the job's (payments module).
 * @param tx - the cancel's transaction
 * @param input - tenant, hospital, the cancelling staff member and the declined appointments
 */
export async function markSessionCancelRefunds(
  tx: Tx,
  input: { tenantId: string; organizationId: string; staffUserId: string; staffRole: string | null; appointmentIds: readonly string[] },
): Promise<SessionCancelRefundMade[]> {
  const made: SessionCancelRefundMade[] = [];
  const { category, subcategory } = SESSION_CANCEL_REFUND_REASON;
  for (const appointment of await listRefundCandidates(tx, input.appointmentIds)) {
    if (appointment.tenantId !== input.tenantId || refundBlock(appointment) !== null) {
      continue;
    }
    const row = await insertHospitalRefundRequest(tx, {
      tenantId: input.tenantId,
      accountId: appointment.accountId,
      patientId: appointment.patientId,
      appointmentId: appointment.id,
      organizationId: input.organizationId,
      notes: [category, subcategory],
      requestedBy: 'hospital',
      excludedCategories: [...excludedChargeCategories(category, subcategory)],
      staffUserId: input.staffUserId,
      staffRole: input.staffRole,
    });
    // A row not inserted: a request of the appointment exists already (a patient's, or the other
    // cancel's of a race), and that one is followed instead.
    if (row) {
      await markRefundRequested(tx, appointment.id);
      made.push({ appointmentId: appointment.id, refundRequestId: row.id });
    }
  }
  return made;
}

/**
 * The refund the hospital made by cancelling an appointment's session, as the patient's appointment
 * shows it (issue 32 §2.5), or null. The caller has checked the appointment is the viewer's.
 * @param db - database
 * @param tenantId - the tenant
 * @param appointment - the appointment and its refund status (no refund status: no read)
 */
export async function readSessionCancelRefund(
  db: Db,
  tenantId: string,
  appointment: { id: string; paymentRefundStatus: string | null },
): Promise<SessionCancelRefund | null> {
  return appointment.paymentRefundStatus === null ? null : findSessionCancelRefund(db, tenantId, appointment.id);
}
