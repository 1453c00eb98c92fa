import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appointments,
  chargingSchemes,
  consultationSessions,
  invoices,
  loyaltyAccounts,
  loyaltyTransactions,
  type LoyaltyTransactionItem,
} from '../../db/schema/index.ts';

export type LoyaltyAccountRow = typeof loyaltyAccounts.$inferSelect;
export type LoyaltyTransactionRow = typeof loyaltyTransactions.$inferSelect;

// The first key of the two-key advisory locks (the seeds use 7311024 and 7311025).
const LOYALTY_LOCK_KEY = 7_311_026;

/** A visit as loyalty earning reads it: who, its statuses and what it was charged. */
export type VisitCharge = {
  appointmentId: string;
  accountId: string;
  patientId: string;
  appointmentStatus: string;
  paymentStatus: string;
  /** The appointment's invoice total, or null without an invoice. */
  invoiceTotal: number | null;
  /** The fee lines of the session's charging scheme, or null without one. */
  schemeItems: { amount: number }[] | null;
};

/**
 * Holds, until the transaction ends, the lock on one patient's loyalty in a tenant: every change of
 * the patient's loyalty accounts takes it first, so they happen one after another.
 * @param tx - the change's transaction
 * @param tenantId - the tenant
 * @param patientId - the patient
 */
export async function lockPatientLoyalty(tx: DbOrTx, tenantId: string, patientId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOYALTY_LOCK_KEY}::int, hashtext(${`${tenantId}:${patientId}`}))`);
}

/**
 * The appointment with its invoice total (the paid invoice, else the newest) and its session's
 * charging scheme fees, or null when the tenant has no such appointment.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 */
export async function findVisitCharge(db: DbOrTx, tenantId: string, appointmentId: string): Promise<VisitCharge | null> {
  const [row] = await db
    .select({
      appointmentId: appointments.id,
      accountId: appointments.accountId,
      patientId: appointments.patientId,
      appointmentStatus: appointments.appointmentStatus,
      paymentStatus: appointments.paymentStatus,
      invoiceTotal: sql<string | number | null>`(
        select ${invoices.totalAmount} from ${invoices}
        where ${invoices.tenantId} = ${appointments.tenantId} and ${invoices.appointmentId} = ${appointments.id}
        order by (${invoices.reasonCode} = 'revenue_collected') desc, ${invoices.createdAt} desc
        limit 1)`,
      schemeItems: chargingSchemes.items,
    })
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .leftJoin(chargingSchemes, eq(chargingSchemes.id, consultationSessions.chargingSchemeId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.tenantId, tenantId)));
  if (!row) {
    return null;
  }
  return {
    ...row,
    invoiceTotal: row.invoiceTotal === null ? null : Number(row.invoiceTotal),
    schemeItems: row.schemeItems ?? null,
  };
}

/**
 * The patient's loyalty account in the tenant (the oldest, should there be several), or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param patientId - the patient
 */
export async function findPatientLoyaltyAccount(
  db: DbOrTx,
  tenantId: string,
  patientId: string,
): Promise<LoyaltyAccountRow | null> {
  const [row] = await db
    .select()
    .from(loyaltyAccounts)
    .where(and(eq(loyaltyAccounts.tenantId, tenantId), eq(loyaltyAccounts.patientId, patientId)))
    .orderBy(asc(loyaltyAccounts.createdAt), asc(loyaltyAccounts.id))
    .limit(1);
  return row ?? null;
}

/**
 * Opens a loyalty account with no points.
 * @param tx - transaction
 * @param values - tenant, patient, name and rate
 */
export async function insertLoyaltyAccount(
  tx: DbOrTx,
  values: { tenantId: string; patientId: string; name: string; rate: number },
): Promise<LoyaltyAccountRow> {
  const [row] = await tx.insert(loyaltyAccounts).values({ ...values, activePoints: 0 }).returning();
  if (!row) {
    throw new Error('loyalty account insert returned no row');
  }
  return row;
}

/**
 * Whether any of the patient's loyalty accounts has a transaction for the appointment with this reason.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param patientId - the patient
 * @param appointmentId - the appointment named in the transaction's items
 * @param reasonCode - e.g. 'visit'
 */
export async function hasAppointmentTransaction(
  db: DbOrTx,
  tenantId: string,
  patientId: string,
  appointmentId: string,
  reasonCode: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: loyaltyTransactions.id })
    .from(loyaltyTransactions)
    .innerJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyTransactions.loyaltyAccountId))
    .where(
      and(
        eq(loyaltyAccounts.tenantId, tenantId),
        eq(loyaltyAccounts.patientId, patientId),
        eq(loyaltyTransactions.reasonCode, reasonCode),
        sql`${loyaltyTransactions.items} @> ${JSON.stringify([{ appointmentId }])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Adds points to an account and writes the transaction that explains them.
 * @param tx - the transaction holding the patient's loyalty lock
 * @param account - the account
 * @param transaction - actor, reason code and items (their points add up to what is added)
 */
export async function addLoyaltyPoints(
  tx: DbOrTx,
  account: { id: string; tenantId: string },
  transaction: { actor: string; reasonCode: string; items: LoyaltyTransactionItem[] },
): Promise<{ account: LoyaltyAccountRow; transaction: LoyaltyTransactionRow }> {
  const points = transaction.items.reduce((sum, item) => sum + item.points, 0);
  const [updated] = await tx
    .update(loyaltyAccounts)
    .set({ activePoints: sql`${loyaltyAccounts.activePoints} + ${points}`, updatedAt: new Date() })
    .where(eq(loyaltyAccounts.id, account.id))
    .returning();
  const [inserted] = await tx
    .insert(loyaltyTransactions)
    .values({ tenantId: account.tenantId, loyaltyAccountId: account.id, ...transaction })
    .returning();
  if (!updated || !inserted) {
    throw new Error('loyalty points update returned no row');
  }
  return { account: updated, transaction: inserted };
}

/**
 * The transactions of a patient's loyalty accounts in the tenant, newest first.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param patientId - the patient (already checked to be the caller's)
 * @param limit - most rows
 */
export async function listPatientLoyaltyTransactions(
  db: DbOrTx,
  tenantId: string,
  patientId: string,
  limit: number,
): Promise<(LoyaltyTransactionRow & { patientId: string })[]> {
  const rows = await db
    .select({ transaction: loyaltyTransactions, patientId: loyaltyAccounts.patientId })
    .from(loyaltyTransactions)
    .innerJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyTransactions.loyaltyAccountId))
    .where(and(eq(loyaltyAccounts.tenantId, tenantId), eq(loyaltyAccounts.patientId, patientId)))
    .orderBy(desc(loyaltyTransactions.createdTime), desc(loyaltyTransactions.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.transaction, patientId: row.patientId }));
}
