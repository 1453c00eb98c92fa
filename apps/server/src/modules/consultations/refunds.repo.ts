import { and, eq, sql } from 'drizzle-orm';
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
