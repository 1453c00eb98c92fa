import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  accounts,
  appointments,
  consultationSessions,
  invoices,
  loyaltyAccounts,
  loyaltyTransactions,
  organizations,
  patients,
  paymentRefunds,
  payments,
  practitioners,
  refundRequests,
} from '../../db/schema/index.ts';
import { patientName, type HospitalScope } from './staff-payments.repo.ts';

/* The SQL of refunds (issue 9 §8): refund requests, the payment_refunds ledger and the visit's loyalty. */

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;

/** A refund request of the hospital with what the console shows about it. */
export type HospitalRefundRequest = {
  request: RefundRequestRow;
  sessionId: string;
  tokenNo: number;
  patientName: string;
  sessionStart: Date;
  doctorName: string;
  paymentRefundStatus: string | null;
};

const refundColumns = {
  request: refundRequests,
  sessionId: appointments.sessionId,
  tokenNo: appointments.tokenNo,
  patientName,
  sessionStart: consultationSessions.startTime,
  doctorName: practitioners.text,
  paymentRefundStatus: appointments.paymentRefundStatus,
};

/**
 * The hospital's refund requests, newest first, optionally of one status.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param status - requested, approved, refunded, rejected; null for all
 */
export async function listHospitalRefundRequests(
  db: DbOrTx,
  scope: HospitalScope,
  status: string | null,
): Promise<HospitalRefundRequest[]> {
  const conditions = [eq(refundRequests.tenantId, scope.tenantId), eq(consultationSessions.organizationId, scope.organizationId)];
  if (status) {
    conditions.push(eq(refundRequests.status, status));
  }
  return db
    .select(refundColumns)
    .from(refundRequests)
    .innerJoin(appointments, eq(appointments.id, refundRequests.appointmentId))
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(patients, eq(patients.id, refundRequests.patientId))
    .where(and(...conditions))
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id))
    .limit(500);
}

/**
 * A refund request of the hospital, or null (another hospital's: null).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param id - the refund request
 */
export async function findHospitalRefundRequest(db: DbOrTx, scope: HospitalScope, id: string): Promise<HospitalRefundRequest | null> {
  const [row] = await db
    .select(refundColumns)
    .from(refundRequests)
    .innerJoin(appointments, eq(appointments.id, refundRequests.appointmentId))
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(patients, eq(patients.id, refundRequests.patientId))
    .where(
      and(
        eq(refundRequests.id, id),
        eq(refundRequests.tenantId, scope.tenantId),
        eq(consultationSessions.organizationId, scope.organizationId),
      ),
    );
  return row ?? null;
}

/**
 * Moves a refund request from one status to another with the cashier's remarks, in one conditional
 * UPDATE: false when it was not in `from` any more (a concurrent decision won).
 * @param tx - transaction
 * @param id - the refund request
 * @param from - the status it must have
 * @param to - the new status
 * @param remarks - the cashier's remarks (null keeps the old ones)
 */
export async function moveRefundRequest(tx: Tx, id: string, from: string, to: string, remarks: string | null): Promise<boolean> {
  const rows = await tx
    .update(refundRequests)
    .set({ status: to, ...(remarks === null ? {} : { remarks }), updatedAt: new Date() })
    .where(and(eq(refundRequests.id, id), eq(refundRequests.status, from)))
    .returning({ id: refundRequests.id });
  return rows.length === 1;
}

/**
 * Sets an appointment's refund status (spec doc 2 §4: requested, approved, refunded, rejected).
 * @param tx - transaction
 * @param appointmentId - the appointment
 * @param status - the new refund status
 */
export async function setAppointmentRefundStatus(tx: Tx, appointmentId: string, status: string): Promise<void> {
  await tx.update(appointments).set({ paymentRefundStatus: status, updatedAt: new Date() }).where(eq(appointments.id, appointmentId));
}

/**
 * The accepted payment of an appointment (the first captured), with its invoice's items, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 */
export async function findAppointmentPayment(db: DbOrTx, tenantId: string, appointmentId: string) {
  const [row] = await db
    .select({ payment: payments, items: invoices.items })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.status, 'ACCEPT'),
        or(eq(payments.requestReference, `Appointment/${appointmentId}`), eq(invoices.appointmentId, appointmentId)),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(1);
  return row ? { payment: row.payment, items: row.items ?? null } : null;
}

/**
 * Locks a payment row for the transaction, so refunds of one payment are recorded one after another.
 * @param tx - transaction
 * @param paymentId - the payment
 */
export async function lockPayment(tx: Tx, paymentId: string): Promise<void> {
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId)).for('update');
}

/**
 * What a payment's refund ledger holds: each row's amount (any status: a failed row is retried with
 * the same amount, so it stays reserved).
 * @param db - database or transaction
 * @param paymentId - the payment
 */
export async function listPaymentRefunds(db: DbOrTx, paymentId: string): Promise<PaymentRefundRow[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
}

/**
 * The ledger row of a refund request, or null.
 * @param db - database or transaction
 * @param refundRequestId - the refund request
 */
export async function findRequestRefund(db: DbOrTx, refundRequestId: string): Promise<PaymentRefundRow | null> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.refundRequestId, refundRequestId));
  return row ?? null;
}

/**
 * The ledger rows of several refund requests.
 * @param db - database or transaction
 * @param refundRequestIds - the refund requests
 */
export async function listRequestRefunds(db: DbOrTx, refundRequestIds: string[]): Promise<PaymentRefundRow[]> {
  if (refundRequestIds.length === 0) {
    return [];
  }
  return db.select().from(paymentRefunds).where(inArray(paymentRefunds.refundRequestId, refundRequestIds));
}

/**
 * Records a refund in the ledger unless the request has one (unique refund_request_id): the row, or null.
 * @param tx - transaction
 * @param row - the refund
 */
export async function insertPaymentRefund(tx: Tx, row: typeof paymentRefunds.$inferInsert): Promise<PaymentRefundRow | null> {
  const [inserted] = await tx.insert(paymentRefunds).values(row).onConflictDoNothing({ target: paymentRefunds.refundRequestId }).returning();
  return inserted ?? null;
}

/**
 * Claims a ledger row for sending to the gateway: true for the one caller that moved it from
 * 'pending' or 'failed' to 'sending'. A 'sending' or 'unknown' row is never claimed: the gateway may
 * have refunded it already.
 * @param db - database or transaction
 * @param id - the ledger row
 */
export async function claimPaymentRefund(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(paymentRefunds)
    .set({ status: 'sending', updatedAt: new Date() })
    .where(and(eq(paymentRefunds.id, id), inArray(paymentRefunds.status, ['pending', 'failed'])))
    .returning({ id: paymentRefunds.id });
  return rows.length === 1;
}

/**
 * What a ledger row's refund became: 'refunded' (the gateway took it), 'failed' (the gateway refused
 * it, or it was never sent: Refund to card may claim it again) or 'unknown' (a timeout, a transport
 * error or a 5xx: the gateway may have refunded; never claimed again, it is checked with the gateway).
 */
export type RefundSettlement = 'refunded' | 'failed' | 'unknown';

/**
 * Records the gateway's answer on a ledger row being sent.
 * @param db - database or transaction
 * @param id - the ledger row
 * @param outcome - refunded, failed or unknown, the gateway's refund id and message
 */
export async function settlePaymentRefund(
  db: DbOrTx,
  id: string,
  outcome: { status: RefundSettlement; gatewayRefundId: string | null; message: string },
): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ status: outcome.status, gatewayRefundId: outcome.gatewayRefundId, message: outcome.message, updatedAt: new Date() })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'sending')));
}

/** Reason code of a loyalty transaction that takes back a refunded visit's points (issue 9 §10). */
export const VISIT_REFUND_REASON = 'visit_refund';

/**
 * The points a visit earned and the accounts they went to (reason 'visit' transactions naming it),
 * and whether they were taken back already.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param patientId - the patient
 * @param appointmentId - the visit
 * @param earnReason - the earning reason code ('visit')
 */
export async function findVisitLoyalty(db: DbOrTx, tenantId: string, patientId: string, appointmentId: string, earnReason: string) {
  const rows = await db
    .select({ accountId: loyaltyAccounts.id, reasonCode: loyaltyTransactions.reasonCode, items: loyaltyTransactions.items })
    .from(loyaltyTransactions)
    .innerJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyTransactions.loyaltyAccountId))
    .where(
      and(
        eq(loyaltyAccounts.tenantId, tenantId),
        eq(loyaltyAccounts.patientId, patientId),
        inArray(loyaltyTransactions.reasonCode, [earnReason, VISIT_REFUND_REASON]),
        sql`${loyaltyTransactions.items} @> ${JSON.stringify([{ appointmentId }])}::jsonb`,
      ),
    );
  const earned = rows.filter((r) => r.reasonCode === earnReason);
  const points = earned.flatMap((r) => r.items).filter((i) => i.appointmentId === appointmentId).reduce((s, i) => s + i.points, 0);
  return {
    loyaltyAccountId: earned[0]?.accountId ?? null,
    points,
    reversed: rows.some((r) => r.reasonCode === VISIT_REFUND_REASON),
  };
}

/** A refund the hospital made by cancelling a session, with what its job and its SMS need. */
export type SessionRefundRow = {
  request: RefundRequestRow;
  sessionId: string;
  sessionStart: Date;
  doctorName: string;
  hospitalName: string;
  mobileNo: string;
  language: string | null;
};

/**
 * A refund request the hospital made by cancelling the session (requestedBy 'hospital'), or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param id - the refund request
 */
export async function findSessionRefund(db: DbOrTx, tenantId: string, id: string): Promise<SessionRefundRow | null> {
  const [row] = await db
    .select({
      request: refundRequests,
      sessionId: appointments.sessionId,
      sessionStart: consultationSessions.startTime,
      doctorName: practitioners.text,
      hospitalName: organizations.name,
      mobileNo: accounts.mobileNo,
      language: accounts.preferredLanguage,
    })
    .from(refundRequests)
    .innerJoin(appointments, eq(appointments.id, refundRequests.appointmentId))
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .innerJoin(accounts, eq(accounts.id, refundRequests.accountId))
    .where(and(eq(refundRequests.id, id), eq(refundRequests.tenantId, tenantId), eq(refundRequests.requestedBy, 'hospital')));
  return row ?? null;
}

/**
 * Records how a hospital refund goes back and how much, once it is decided.
 * @param tx - transaction
 * @param id - the refund request
 * @param values - the way back, the amount (2 decimals) and the currency
 */
export async function setSessionRefundTerms(tx: Tx, id: string, values: { wayBack: string; amount: number; currency: string }): Promise<void> {
  await tx.update(refundRequests).set({ ...values, updatedAt: new Date() }).where(eq(refundRequests.id, id));
}

/**
 * Takes the right to write a hospital refund's SMS: true for the one caller that set sms_at.
 * @param tx - the transaction that writes the SMS
 * @param id - the refund request
 */
export async function claimSessionRefundSms(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(refundRequests)
    .set({ smsAt: new Date() })
    .where(and(eq(refundRequests.id, id), sql`${refundRequests.smsAt} IS NULL`))
    .returning({ id: refundRequests.id });
  return rows.length === 1;
}

/**
 * Hospital refunds still 'requested' a minute after the cancel (their job was lost before it was
 * queued), oldest first.
 * @param db - database
 * @param before - made before this instant
 * @param limit - at most this many
 */
export async function findWaitingSessionRefunds(db: DbOrTx, before: Date, limit: number): Promise<{ id: string; tenantId: string }[]> {
  return db
    .select({ id: refundRequests.id, tenantId: refundRequests.tenantId })
    .from(refundRequests)
    .where(and(eq(refundRequests.requestedBy, 'hospital'), eq(refundRequests.status, 'requested'), sql`${refundRequests.createdAt} < ${before}`))
    .orderBy(asc(refundRequests.createdAt))
    .limit(limit);
}
