import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appointments, refundRequests } from '../../db/schema/index.ts';

export type RefundRequestRow = typeof refundRequests.$inferSelect;

/**
 * Inserts a refund request; the unique index on appointment_id refuses a second one, even under a race.
 * @param tx - the request's transaction
 * @param values - the row
 */
export async function insertRefundRequest(tx: DbOrTx, values: typeof refundRequests.$inferInsert): Promise<RefundRequestRow> {
  const [row] = await tx.insert(refundRequests).values(values).returning();
  if (!row) {
    throw new Error('refund request insert returned no row');
  }
  return row;
}

/**
 * Sets an appointment's refund status to 'requested' when it has none; false when one exists.
 * @param tx - the request's transaction
 * @param appointmentId - the appointment
 */
export async function markRefundRequested(tx: DbOrTx, appointmentId: string): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ paymentRefundStatus: 'requested', updatedAt: sql`now()` })
    .where(and(eq(appointments.id, appointmentId), sql`${appointments.paymentRefundStatus} IS NULL`))
    .returning({ id: appointments.id });
  return rows.length === 1;
}

/**
 * The refund-deciding fields of appointments (spec doc 2 §4 Refund: paid, doctor not paid, no
 * refund status, not rescheduled), for the refunds a session's cancel makes.
 * @param tx - the cancel's transaction
 * @param appointmentIds - the appointments the cancel declined
 */
export async function listRefundCandidates(tx: DbOrTx, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) {
    return [];
  }
  return tx
    .select({
      id: appointments.id,
      tenantId: appointments.tenantId,
      accountId: appointments.accountId,
      patientId: appointments.patientId,
      paymentStatus: appointments.paymentStatus,
      practitionerPaymentStatus: appointments.practitionerPaymentStatus,
      paymentRefundStatus: appointments.paymentRefundStatus,
      appointmentRescheduleStatus: appointments.appointmentRescheduleStatus,
    })
    .from(appointments)
    .where(inArray(appointments.id, [...appointmentIds]));
}

/**
 * Inserts the hospital's refund request of an appointment unless it has one (unique appointment_id,
 * even under a race): the row, or null.
 * @param tx - the cancel's transaction
 * @param values - the row
 */
export async function insertHospitalRefundRequest(tx: DbOrTx, values: typeof refundRequests.$inferInsert): Promise<RefundRequestRow | null> {
  const [row] = await tx.insert(refundRequests).values(values).onConflictDoNothing({ target: refundRequests.appointmentId }).returning();
  return row ?? null;
}

/** A refund the hospital made by cancelling the session, as the patient's appointment shows it. */
export type SessionCancelRefund = { status: string; wayBack: string | null; amount: number | null; currency: string | null };

/**
 * The hospital's refund of an appointment (requestedBy 'hospital'), or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 */
export async function findSessionCancelRefund(db: DbOrTx, tenantId: string, appointmentId: string): Promise<SessionCancelRefund | null> {
  const [row] = await db
    .select({ status: refundRequests.status, wayBack: refundRequests.wayBack, amount: refundRequests.amount, currency: refundRequests.currency })
    .from(refundRequests)
    .where(and(eq(refundRequests.appointmentId, appointmentId), eq(refundRequests.tenantId, tenantId), eq(refundRequests.requestedBy, 'hospital')));
  return row ?? null;
}
