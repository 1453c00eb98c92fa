import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  accounts,
  appointments,
  type bookingRequests,
  chargingSchemes,
  consultationSessions,
  invoices,
  organizations,
  paymentMethods,
  patients,
  payments,
} from '../../db/schema/index.ts';

export type Owner = { tenantId: string; accountId: string };

export type InvoiceRow = typeof invoices.$inferSelect;
export type BookingRequestRow = typeof bookingRequests.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type ChargingSchemeRow = typeof chargingSchemes.$inferSelect;

/** What an invoice needs about the session it pays for. */
export type SessionCharge = {
  sessionId: string;
  organizationId: string;
  chargingSchemeId: string | null;
  participationMode: string;
  status: string;
};

/**
 * An appointment of the account with what its invoice needs, or null (another account's: null).
 * @param db - database or transaction
 * @param owner - tenant and the signed-in account
 * @param appointmentId - the appointment
 */
export async function findOwnedAppointmentCharge(db: DbOrTx, owner: Owner, appointmentId: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      appointmentStatus: appointments.appointmentStatus,
      practitionerStatus: appointments.practitionerStatus,
      paymentStatus: appointments.paymentStatus,
      sessionId: consultationSessions.id,
      organizationId: consultationSessions.organizationId,
      chargingSchemeId: consultationSessions.chargingSchemeId,
      participationMode: consultationSessions.participationMode,
      status: consultationSessions.status,
    })
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.tenantId, owner.tenantId),
        eq(appointments.accountId, owner.accountId),
      ),
    );
  return row ?? null;
}

/**
 * A session of the tenant with its hospital and charging scheme, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function findSessionCharge(db: DbOrTx, tenantId: string, sessionId: string): Promise<SessionCharge | null> {
  const [row] = await db
    .select({
      sessionId: consultationSessions.id,
      organizationId: consultationSessions.organizationId,
      chargingSchemeId: consultationSessions.chargingSchemeId,
      participationMode: consultationSessions.participationMode,
      status: consultationSessions.status,
    })
    .from(consultationSessions)
    .where(and(eq(consultationSessions.id, sessionId), eq(consultationSessions.tenantId, tenantId)));
  return row ?? null;
}

/**
 * A charging scheme of the tenant, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param schemeId - the scheme
 */
export async function findChargingScheme(db: DbOrTx, tenantId: string, schemeId: string): Promise<ChargingSchemeRow | null> {
  const [row] = await db
    .select()
    .from(chargingSchemes)
    .where(and(eq(chargingSchemes.id, schemeId), eq(chargingSchemes.tenantId, tenantId)));
  return row ?? null;
}

/**
 * The active charging schemes of a hospital of the tenant, by name.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export async function listActiveChargingSchemes(
  db: DbOrTx,
  tenantId: string,
  organizationId: string,
): Promise<ChargingSchemeRow[]> {
  return db
    .select()
    .from(chargingSchemes)
    .where(
      and(
        eq(chargingSchemes.tenantId, tenantId),
        eq(chargingSchemes.organizationId, organizationId),
        eq(chargingSchemes.status, 'active'),
      ),
    )
    .orderBy(chargingSchemes.name, chargingSchemes.id);
}

/**
 * The account's open invoice for a request reference, or null.
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param requestReference - 'Appointment/{id}' or 'Session/{id}'
 */
export async function findOpenInvoice(db: DbOrTx, owner: Owner, requestReference: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, owner.tenantId),
        eq(invoices.accountId, owner.accountId),
        eq(invoices.requestReference, requestReference),
        eq(invoices.reasonCode, 'prepayment_collected'),
      ),
    );
  return row ?? null;
}

/**
 * Inserts an open invoice unless the account has one for the request already (unique index
 * invoices_open_request_uq): the new row, or null when one exists.
 * @param db - database or transaction
 * @param row - the invoice
 */
export async function insertOpenInvoice(db: DbOrTx, row: typeof invoices.$inferInsert): Promise<InvoiceRow | null> {
  const [inserted] = await db
    .insert(invoices)
    .values(row)
    .onConflictDoNothing({
      target: [invoices.tenantId, invoices.accountId, invoices.requestReference],
      where: sql`reason_code = 'prepayment_collected'`,
    })
    .returning();
  return inserted ?? null;
}

/**
 * An invoice of the account, or null (another account's: null).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param invoiceId - the invoice
 */
export async function findOwnedInvoice(db: DbOrTx, owner: Owner, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, owner.tenantId), eq(invoices.accountId, owner.accountId)));
  return row ?? null;
}

/**
 * An invoice by id within the tenant, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param invoiceId - the invoice
 */
export async function findInvoice(db: DbOrTx, tenantId: string, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.tenantId, tenantId)));
  return row ?? null;
}

/**
 * Names and address of a profile of the account, or null.
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param patientId - the profile
 */
export async function findOwnedPatientNames(db: DbOrTx, owner: Owner, patientId: string) {
  const [row] = await db
    .select({
      givenName: patients.givenName,
      familyName: patients.familyName,
      addressLineOne: patients.addressLineOne,
      addressCity: patients.addressCity,
      mobileNo: patients.mobileNo,
    })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.tenantId, owner.tenantId), eq(patients.accountId, owner.accountId)));
  return row ?? null;
}

/**
 * The account's mobile number, default payment method and language, or null.
 * @param db - database or transaction
 * @param owner - tenant and account
 */
export async function findAccount(db: DbOrTx, owner: Owner) {
  const [row] = await db
    .select({
      mobileNo: accounts.mobileNo,
      defaultPaymentMethodId: accounts.defaultPaymentMethodId,
      preferredLanguage: accounts.preferredLanguage,
    })
    .from(accounts)
    .where(and(eq(accounts.id, owner.accountId), eq(accounts.tenantId, owner.tenantId)));
  return row ?? null;
}

/**
 * Locks an invoice row for the transaction (SELECT … FOR UPDATE), so the check for a booking
 * request in progress and the insert of a new one run one invoice at a time (issue 9 §3: nothing
 * is ever charged twice).
 * @param tx - transaction
 * @param invoiceId - the invoice
 */
export async function lockInvoice(tx: Tx, invoiceId: string): Promise<void> {
  await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId)).for('update');
}

/**
 * Locks an appointment row for the transaction. Payment paths lock the appointment before its
 * invoice (the cashier's desk does the same), so two payments of one appointment never deadlock.
 * @param tx - transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 */
export async function lockAppointment(tx: Tx, tenantId: string, appointmentId: string): Promise<void> {
  await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.tenantId, tenantId)))
    .for('update');
}

/**
 * Inserts a payment record; an ACCEPT replaces an earlier non-ACCEPT answer of the same transaction
 * (REVIEW then ACCEPT), and any other final answer replaces a REVIEW (a Genie payment pending, then
 * declined). Answers the row, or null when the transaction was recorded already.
 * @param tx - transaction
 * @param row - the payment
 */
export async function upsertPayment(tx: Tx, row: typeof payments.$inferInsert): Promise<PaymentRow | null> {
  const query = tx.insert(payments).values(row);
  const target = [payments.tenantId, payments.paymentGatewayType, payments.transactionReference];
  const [saved] =
    row.status === 'ACCEPT'
      ? await query
          .onConflictDoUpdate({
            target,
            set: { status: row.status, message: row.message, response: row.response, transactionDate: row.transactionDate },
            setWhere: sql`${payments.status} <> 'ACCEPT'`,
          })
          .returning()
      : row.status === 'REVIEW'
        ? await query.onConflictDoNothing({ target }).returning()
        : await query
            .onConflictDoUpdate({
              target,
              set: { status: row.status, message: row.message, response: row.response, transactionDate: row.transactionDate },
              // A final answer replaces a 'not final yet' record (REVIEW); nothing else is overwritten.
              setWhere: sql`${payments.status} = 'REVIEW'`,
            })
            .returning();
  return saved ?? null;
}

/**
 * Marks an open invoice paid by a booking request (spec doc 2 §3: reasonCode 'revenue_collected'):
 * false when it was paid already (by another booking request of the same invoice).
 * @param tx - transaction
 * @param invoiceId - the invoice
 * @param bookingId - the booking request
 */
export async function markInvoicePaid(tx: Tx, invoiceId: string, bookingId: string): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ reasonCode: 'revenue_collected', bookingId, updatedAt: new Date() })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.reasonCode, 'prepayment_collected')))
    .returning({ id: invoices.id });
  return rows.length === 1;
}

/** Appointment statuses a payment still pays for; a cancelled or entered-in-error one is refunded instead. */
export const PAYABLE_APPOINTMENT_STATUSES = ['booked', 'arrived', 'fulfilled'] as const;

/**
 * Marks an appointment paid while it is still booked, arrived or fulfilled; answers its session, or
 * null when it is not found or no longer payable (cancelled meanwhile).
 * @param tx - transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 */
export async function markAppointmentPaid(tx: Tx, tenantId: string, appointmentId: string): Promise<{ sessionId: string } | null> {
  const [row] = await tx
    .update(appointments)
    .set({ paymentStatus: 'paid', updatedAt: new Date() })
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.tenantId, tenantId),
        inArray(appointments.appointmentStatus, [...PAYABLE_APPOINTMENT_STATUSES]),
      ),
    )
    .returning({ sessionId: appointments.sessionId });
  return row ?? null;
}

/**
 * Saves a card the gateway tokenised; the first card becomes the account's default.
 * @param tx - transaction
 * @param row - the payment method (token already encrypted)
 */
export async function insertPaymentMethod(tx: Tx, row: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
  const [inserted] = await tx.insert(paymentMethods).values(row).returning();
  if (!inserted) {
    throw new Error('payment method not inserted');
  }
  await tx
    .update(accounts)
    .set({ defaultPaymentMethodId: inserted.id })
    .where(and(eq(accounts.id, row.accountId), sql`${accounts.defaultPaymentMethodId} is null`));
  return inserted;
}

/**
 * An active payment method of the account, or null (another account's: null).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param id - the payment method
 */
export async function findOwnedPaymentMethod(db: DbOrTx, owner: Owner, id: string): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.tenantId, owner.tenantId),
        eq(paymentMethods.accountId, owner.accountId),
        eq(paymentMethods.status, 'active'),
      ),
    );
  return row ?? null;
}

/** Filters of queryPaymentGatewayCallback. */
export type PaymentFilter = { paymentId: string | null; bookingId: string | null; requestReference: string | null; limit: number };

/**
 * The account's payments with their hospital's name and invoice, newest first.
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param filter - optional payment, booking request or request reference, and the most rows
 */
export async function listOwnedPayments(db: DbOrTx, owner: Owner, filter: PaymentFilter) {
  const conditions = [eq(payments.tenantId, owner.tenantId), eq(payments.accountId, owner.accountId)];
  if (filter.paymentId) {
    conditions.push(eq(payments.id, filter.paymentId));
  }
  if (filter.bookingId) {
    conditions.push(eq(payments.bookingRequestId, filter.bookingId));
  }
  if (filter.requestReference) {
    conditions.push(eq(payments.requestReference, filter.requestReference));
  }
  return db
    .select({ payment: payments, organizationName: organizations.name, invoice: invoices })
    .from(payments)
    .leftJoin(organizations, eq(organizations.id, payments.organizationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(...conditions))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(filter.limit);
}

/**
 * Closes an open invoice whose amount no longer holds (an order's charge changed: spec doc 3 §4
 * Order payment, 'prepared again whenever the amount changes'): reasonCode 'superseded', so a
 * payment started for the old amount can no longer mark it paid (it is kept for reconciliation).
 * False when it was not open any more.
 * @param tx - transaction
 * @param invoiceId - the invoice
 */
export async function supersedeOpenInvoice(tx: Tx, invoiceId: string): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ reasonCode: 'superseded', updatedAt: new Date() })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.reasonCode, 'prepayment_collected')))
    .returning({ id: invoices.id });
  return rows.length === 1;
}
