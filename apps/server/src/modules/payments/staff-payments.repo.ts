import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  appointments,
  bookingRequests,
  consultationSessions,
  gatewayEvents,
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

/*
 * Reads and conditional writes of the hospital's side of payments (issue 9 §8, §9). Every read is
 * scoped to a hospital through the appointment's session (consultation_sessions.organization_id), so
 * another hospital's rows answer as missing.
 */

/** A tenant and one of its hospitals. */
export type HospitalScope = { tenantId: string; organizationId: string };

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;

const patientName = sql<string>`trim(${patients.givenName} || ' ' || ${patients.familyName})`;

/** An appointment of the hospital with what the cash desk needs, or null. */
export type DeskAppointment = {
  id: string;
  accountId: string;
  patientId: string;
  sessionId: string;
  tokenNo: number;
  appointmentStatus: string;
  paymentStatus: string;
  chargingSchemeId: string | null;
  sessionStart: Date;
  doctorName: string;
  patientName: string;
  hospitalName: string;
};

const deskColumns = {
  id: appointments.id,
  accountId: appointments.accountId,
  patientId: appointments.patientId,
  sessionId: appointments.sessionId,
  tokenNo: appointments.tokenNo,
  appointmentStatus: appointments.appointmentStatus,
  paymentStatus: appointments.paymentStatus,
  chargingSchemeId: consultationSessions.chargingSchemeId,
  sessionStart: consultationSessions.startTime,
  doctorName: practitioners.text,
  patientName,
  hospitalName: organizations.name,
};

/**
 * An appointment of a session of the hospital, or null (another hospital's: null).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param appointmentId - the appointment
 */
export async function findDeskAppointment(db: DbOrTx, scope: HospitalScope, appointmentId: string): Promise<DeskAppointment | null> {
  const [row] = await db
    .select(deskColumns)
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.tenantId, scope.tenantId),
        eq(consultationSessions.organizationId, scope.organizationId),
      ),
    );
  return row ?? null;
}

/**
 * The live, unpaid appointments of the hospital's sessions starting within [from, to), by session
 * start and token.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param range - the hospital day
 */
export async function listPendingDeskAppointments(
  db: DbOrTx,
  scope: HospitalScope,
  range: { from: Date; to: Date },
): Promise<DeskAppointment[]> {
  return db
    .select(deskColumns)
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(
        eq(appointments.tenantId, scope.tenantId),
        eq(consultationSessions.organizationId, scope.organizationId),
        gte(consultationSessions.startTime, range.from),
        lt(consultationSessions.startTime, range.to),
        eq(appointments.paymentStatus, 'pending'),
        sql`${appointments.appointmentStatus} NOT IN ('cancelled', 'entered_in_error')`,
      ),
    )
    .orderBy(asc(consultationSessions.startTime), asc(consultationSessions.id), asc(appointments.tokenNo))
    .limit(1000);
}

/**
 * Marks an appointment paid only while it is pending: true for the one call that did (a double
 * click's twin waits for the row lock, then finds it paid).
 * @param tx - transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 */
export async function markPendingAppointmentPaid(tx: Tx, tenantId: string, appointmentId: string): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ paymentStatus: 'paid', updatedAt: new Date() })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.tenantId, tenantId), eq(appointments.paymentStatus, 'pending')))
    .returning({ id: appointments.id });
  return rows.length === 1;
}

/**
 * The accepted cash payment of an appointment, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 */
export async function findCashPayment(db: DbOrTx, tenantId: string, appointmentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.requestReference, `Appointment/${appointmentId}`),
        eq(payments.paymentGatewayType, 'cash'),
        eq(payments.status, 'ACCEPT'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The hospital's payments recorded within [from, to), oldest first, with the patient's name and token.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param range - the hospital day
 */
export async function listHospitalPayments(db: DbOrTx, scope: HospitalScope, range: { from: Date; to: Date }) {
  return db
    .select({
      id: payments.id,
      accountId: payments.accountId,
      patientId: payments.patientId,
      patientName: sql<string | null>`trim(${patients.givenName} || ' ' || ${patients.familyName})`,
      requestReference: payments.requestReference,
      tokenNo: appointments.tokenNo,
      appointmentId: appointments.id,
      paymentGatewayType: payments.paymentGatewayType,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      transactionReference: payments.transactionReference,
      createdAt: payments.createdAt,
      response: payments.response,
    })
    .from(payments)
    .leftJoin(patients, eq(patients.id, payments.patientId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(appointments, eq(appointments.id, invoices.appointmentId))
    .where(
      and(
        eq(payments.tenantId, scope.tenantId),
        eq(payments.organizationId, scope.organizationId),
        gte(payments.createdAt, range.from),
        lt(payments.createdAt, range.to),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(2000);
}

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

/** Outcomes of gateway events the cashier reconciles (payments.service.ts: applyGatewayAnswer). */
export const RECONCILE_OUTCOMES = ['reconcile'] as const;

/**
 * The hospital's gateway events that need reconciling, newest first: a second capture for an already
 * credited booking (outcome 'reconcile'), or an answer that only the server-to-server notification
 * brought (source 'notify': the browser never came back with it first).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 */
export async function listUnmatchedGatewayEvents(db: DbOrTx, scope: HospitalScope) {
  return db
    .select({
      event: gatewayEvents,
      requestReference: bookingRequests.requestReference,
      amount: bookingRequests.amount,
      currency: bookingRequests.currency,
      patientName: sql<string | null>`trim(${patients.givenName} || ' ' || ${patients.familyName})`,
      accountId: bookingRequests.accountId,
      patientId: bookingRequests.patientId,
    })
    .from(gatewayEvents)
    .innerJoin(bookingRequests, eq(bookingRequests.id, gatewayEvents.bookingRequestId))
    .leftJoin(patients, eq(patients.id, bookingRequests.patientId))
    .where(
      and(
        eq(gatewayEvents.tenantId, scope.tenantId),
        eq(bookingRequests.organizationId, scope.organizationId),
        or(
          inArray(gatewayEvents.outcome, [...RECONCILE_OUTCOMES]),
          and(eq(gatewayEvents.source, 'notify'), inArray(gatewayEvents.outcome, ['credited', 'pending'])),
        ),
      ),
    )
    .orderBy(desc(gatewayEvents.createdAt), desc(gatewayEvents.id))
    .limit(500);
}

/**
 * A gateway event of the hospital, or null.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param id - the event
 */
export async function findHospitalGatewayEvent(db: DbOrTx, scope: HospitalScope, id: string) {
  const [row] = await db
    .select({ event: gatewayEvents, accountId: bookingRequests.accountId, patientId: bookingRequests.patientId })
    .from(gatewayEvents)
    .innerJoin(bookingRequests, eq(bookingRequests.id, gatewayEvents.bookingRequestId))
    .where(and(eq(gatewayEvents.id, id), eq(gatewayEvents.tenantId, scope.tenantId), eq(bookingRequests.organizationId, scope.organizationId)));
  return row ?? null;
}

/**
 * Marks a gateway event reconciled unless it is already: 'reconciled:{its outcome}' keeps what it
 * was. True for the one call that did.
 * @param tx - transaction
 * @param id - the event
 */
export async function markGatewayEventReconciled(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(gatewayEvents)
    .set({ outcome: sql`'reconciled:' || ${gatewayEvents.outcome}` })
    .where(and(eq(gatewayEvents.id, id), sql`${gatewayEvents.outcome} NOT LIKE 'reconciled:%'`))
    .returning({ id: gatewayEvents.id });
  return rows.length === 1;
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

/**
 * The accepted payment of an order (any gateway), or null: a second take at the desk names its receipt.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param serviceRequestId - the order
 */
export async function findAcceptedOrderPayment(db: DbOrTx, tenantId: string, serviceRequestId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.requestReference, `ServiceRequest/${serviceRequestId}`),
        eq(payments.status, 'ACCEPT'),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The hospital's and the patient's names for an order's receipt.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param patientId - the order's patient
 */
export async function findOrderReceiptNames(db: DbOrTx, scope: HospitalScope, patientId: string) {
  const [hospital] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, scope.organizationId), eq(organizations.tenantId, scope.tenantId)));
  const [patient] = await db
    .select({ givenName: patients.givenName, familyName: patients.familyName })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.tenantId, scope.tenantId)));
  return {
    hospitalName: hospital?.name ?? '',
    patientName: [patient?.givenName, patient?.familyName].filter((part) => part && part.trim() !== '').join(' '),
  };
}
