import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  appointments,
  bookingRequests,
  consultationSessions,
  gatewayEvents,
  invoices,
  organizations,
  patients,
  payments,
  practitioners,
} from '../../db/schema/index.ts';

/*
 * Reads and conditional writes of the hospital's side of payments (issue 9 §8, §9). Every read is
 * scoped to a hospital through the appointment's session (consultation_sessions.organization_id), so
 * another hospital's rows answer as missing.
 */

/** A tenant and one of its hospitals. */
export type HospitalScope = { tenantId: string; organizationId: string };

export const patientName = sql<string>`trim(${patients.givenName} || ' ' || ${patients.familyName})`;

/** An appointment of the hospital with what the cash desk needs, or null. */
export type DeskAppointment = {
  id: string;
  accountId: string;
  patientId: string;
  sessionId: string;
  tokenNo: number;
  appointmentStatus: string;
  paymentStatus: string;
  paymentRefundStatus: string | null;
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
  paymentRefundStatus: appointments.paymentRefundStatus,
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
 * The live, unpaid appointments (no refund asked for) of the hospital's sessions starting within [from, to), by session
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
        isNull(appointments.paymentRefundStatus),
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

/** Outcomes of gateway events the cashier reconciles (gateway-answers.service.ts: applyGatewayAnswer). */
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
