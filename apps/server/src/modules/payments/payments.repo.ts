import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { PayerAuthenticationJson, SignatureJson } from '../../db/schema/payments.ts';
import {
  accounts,
  appointments,
  bookingRequests,
  chargingSchemes,
  consultationSessions,
  gatewayEvents,
  invoices,
  organizations,
  paymentMethods,
  patients,
  payments,
} from '../../db/schema/index.ts';

type Owner = { tenantId: string; accountId: string };

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
 * The account's mobile number and default payment method, or null.
 * @param db - database or transaction
 * @param owner - tenant and account
 */
export async function findAccount(db: DbOrTx, owner: Owner) {
  const [row] = await db
    .select({ mobileNo: accounts.mobileNo, defaultPaymentMethodId: accounts.defaultPaymentMethodId })
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

/** Booking request statuses whose outcome is not known yet: the invoice must not be paid again meanwhile. */
export const BLOCKING_BOOKING_STATUSES = ['charging', 'pending', 'unknown'] as const;

/** The gateways whose page the browser opens (Genie, mobile bill): their payment is not final until the gateway says so. */
export const REDIRECT_GATEWAYS = ['genie', 'mobileBill'] as const;

/**
 * How long a Genie or mobile-bill request whose payment is not final yet blocks a second payment of
 * its invoice (as long as a 3-D Secure step-up lives): the patient may still approve it on the
 * gateway's page, so a second attempt could charge twice; an abandoned page stops blocking after it.
 */
export const REDIRECT_BLOCK_MINUTES = 15;

/** A Genie or mobile-bill request created within the blocking window whose outcome is not known yet. */
const redirectOpen = () =>
  and(
    eq(bookingRequests.status, 'initiated'),
    inArray(bookingRequests.paymentGatewayType, [...REDIRECT_GATEWAYS]),
    sql`${bookingRequests.createdAt} > now() - make_interval(mins => ${REDIRECT_BLOCK_MINUTES})`,
  );

/** The request's 3-D Secure step-up has not expired. */
const authenticationLive = () =>
  sql`(${bookingRequests.authentication}->>'expiresAt')::timestamptz > now()`;

/**
 * Sets a quick-pay request that is charging to 'authenticating': the bank wants its cardholder
 * first (spec doc 2 §7 authenticatePaymentGateway). False when the request was not charging.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param authentication - the gateway's step-up and when it expires
 */
export async function setBookingAuthenticating(
  db: DbOrTx,
  bookingRequestId: string,
  authentication: PayerAuthenticationJson,
): Promise<boolean> {
  const rows = await db
    .update(bookingRequests)
    .set({ status: 'authenticating', authentication, updatedAt: new Date() })
    .where(and(eq(bookingRequests.id, bookingRequestId), eq(bookingRequests.status, 'charging')))
    .returning({ id: bookingRequests.id });
  return rows.length === 1;
}

/**
 * Claims an authenticating request for its authorisation after the step-up: the one call that moves
 * it back to 'charging' gets the row; a replay, another transaction id or an expired step-up gets null.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param authenticationTransactionId - the step-up's transaction id, as the bank posted it back
 */
export async function claimAuthenticatedCharge(
  db: DbOrTx,
  bookingRequestId: string,
  authenticationTransactionId: string,
): Promise<BookingRequestRow | null> {
  const [row] = await db
    .update(bookingRequests)
    .set({ status: 'charging', updatedAt: new Date() })
    .where(
      and(
        eq(bookingRequests.id, bookingRequestId),
        eq(bookingRequests.status, 'authenticating'),
        sql`${bookingRequests.authentication}->>'authenticationTransactionId' = ${authenticationTransactionId}`,
        authenticationLive(),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The account's booking request, or null (another account's id is not found).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param id - the booking request
 */
export async function findOwnedBookingRequest(db: DbOrTx, owner: Owner, id: string): Promise<BookingRequestRow | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.id, id),
        eq(bookingRequests.tenantId, owner.tenantId),
        eq(bookingRequests.accountId, owner.accountId),
      ),
    );
  return row ?? null;
}

/**
 * Where the browser goes after the bank's step-up of an authenticating request.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param paths - same-origin success and failure paths
 */
export async function setBookingReturnPaths(
  db: DbOrTx,
  bookingRequestId: string,
  paths: { successUrl: string; failureUrl: string },
): Promise<void> {
  await db
    .update(bookingRequests)
    .set({ ...paths, updatedAt: new Date() })
    .where(and(eq(bookingRequests.id, bookingRequestId), eq(bookingRequests.status, 'authenticating')));
}

/**
 * A booking request of the invoice still being processed (charging, REVIEW pending, or an unknown
 * quick-pay outcome), or null.
 * @param db - database or transaction
 * @param invoiceId - the invoice
 */
export async function findBlockingBookingRequest(db: DbOrTx, invoiceId: string): Promise<BookingRequestRow | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.invoiceId, invoiceId),
        or(
          inArray(bookingRequests.status, [...BLOCKING_BOOKING_STATUSES]),
          // A quick pay waiting for 3-D Secure blocks until its step-up expires (nothing was charged).
          and(eq(bookingRequests.status, 'authenticating'), authenticationLive()),
          // A Genie or mobile-bill page still open blocks for a bounded time (its payment is not final).
          redirectOpen(),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A booking request of an order's invoice whose money may still come (the hospital is about to change
 * or close the order): one {@link findBlockingBookingRequest} finds, or any request still 'initiated'
 * within the blocking window — for a card too, whose hosted payment page the patient may still have
 * open (its ACCEPT would land on a closed invoice and go to reconciliation).
 * @param db - database or transaction
 * @param invoiceId - the order's open invoice
 */
export async function findLiveOrderBookingRequest(db: DbOrTx, invoiceId: string): Promise<BookingRequestRow | null> {
  const blocking = await findBlockingBookingRequest(db, invoiceId);
  if (blocking) {
    return blocking;
  }
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.invoiceId, invoiceId),
        eq(bookingRequests.status, 'initiated'),
        sql`${bookingRequests.createdAt} > now() - make_interval(mins => ${REDIRECT_BLOCK_MINUTES})`,
      ),
    )
    .limit(1);
  return row ?? null;
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
 * Inserts a booking request.
 * @param db - database or transaction
 * @param row - the request
 */
export async function insertBookingRequest(db: DbOrTx, row: typeof bookingRequests.$inferInsert): Promise<BookingRequestRow> {
  const [inserted] = await db.insert(bookingRequests).values(row).returning();
  if (!inserted) {
    throw new Error('booking request not inserted');
  }
  return inserted;
}

/**
 * A booking request of the tenant by the reference sent to the gateway, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant (from the request's host)
 * @param externalReference - the gateway's req_reference_number
 */
export async function findBookingRequestByReference(
  db: DbOrTx,
  tenantId: string,
  externalReference: string,
): Promise<BookingRequestRow | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.tenantId, tenantId), eq(bookingRequests.externalReference, externalReference)));
  return row ?? null;
}

/**
 * The tenant's booking request of a gateway by the gateway's own transaction id (kept as its
 * transaction uuid), or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param gateway - the gateway (genie)
 * @param transactionId - the gateway's transaction id
 */
export async function findBookingRequestByGatewayTransaction(
  db: DbOrTx,
  tenantId: string,
  gateway: string,
  transactionId: string,
): Promise<BookingRequestRow | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.tenantId, tenantId),
        eq(bookingRequests.transactionUuid, transactionId),
        eq(bookingRequests.paymentGatewayType, gateway),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Records a gateway answer once per (tenant, gateway, event key): the new row's id, or null when
 * the same answer was recorded before (a replay, or its twin from the other channel).
 * @param tx - transaction
 * @param row - the event
 */
export async function insertGatewayEvent(tx: Tx, row: typeof gatewayEvents.$inferInsert): Promise<string | null> {
  const [inserted] = await tx
    .insert(gatewayEvents)
    .values(row)
    .onConflictDoNothing({ target: [gatewayEvents.tenantId, gatewayEvents.gateway, gatewayEvents.eventKey] })
    .returning({ id: gatewayEvents.id });
  return inserted?.id ?? null;
}

/**
 * Notes that the browser came back with an answer the merchant notification brought first: its
 * source becomes 'notify+return', so the cashier's reconciliation list (notifications without a
 * browser return, issue 9 §9) leaves it out.
 * @param tx - transaction
 * @param key - tenant, gateway and event key of the recorded answer
 */
export async function markGatewayEventReturned(
  tx: Tx,
  key: { tenantId: string; gateway: string; eventKey: string },
): Promise<void> {
  await tx
    .update(gatewayEvents)
    .set({ source: 'notify+return' })
    .where(
      and(
        eq(gatewayEvents.tenantId, key.tenantId),
        eq(gatewayEvents.gateway, key.gateway),
        eq(gatewayEvents.eventKey, key.eventKey),
        eq(gatewayEvents.source, 'notify'),
      ),
    );
}

/**
 * Sets the outcome of a recorded gateway event.
 * @param tx - transaction
 * @param id - the event
 * @param outcome - credited, failed, pending or reconcile
 */
export async function setGatewayEventOutcome(tx: Tx, id: string, outcome: string): Promise<void> {
  await tx.update(gatewayEvents).set({ outcome }).where(eq(gatewayEvents.id, id));
}

/**
 * Marks a booking request completed with a transaction unless it is completed already: the row when
 * this call completed it, else null. This conditional update is what credits exactly once.
 * @param tx - transaction
 * @param bookingRequestId - the request
 * @param transactionId - the gateway transaction credited
 */
export async function completeBookingRequest(
  tx: Tx,
  bookingRequestId: string,
  transactionId: string,
): Promise<BookingRequestRow | null> {
  const [row] = await tx
    .update(bookingRequests)
    .set({ status: 'completed', creditedTransactionId: transactionId, completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(bookingRequests.id, bookingRequestId), ne(bookingRequests.status, 'completed')))
    .returning();
  return row ?? null;
}

/**
 * Claims a booking request for its gateway call (a quick-pay charge, or a Genie or mobile-bill
 * payment to create): true for the one call that set its transaction uuid, false for a twin.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param transactionUuid - a fresh value marking the call as sent
 * @param status - the status the request must have: 'charging' (quick pay) or 'initiated'
 */
export async function claimTokenCharge(
  db: DbOrTx,
  bookingRequestId: string,
  transactionUuid: string,
  status: 'charging' | 'initiated' = 'charging',
): Promise<boolean> {
  const rows = await db
    .update(bookingRequests)
    .set({ transactionUuid, updatedAt: new Date() })
    .where(
      and(
        eq(bookingRequests.id, bookingRequestId),
        eq(bookingRequests.status, status),
        sql`${bookingRequests.transactionUuid} is null`,
      ),
    )
    .returning({ id: bookingRequests.id });
  return rows.length === 1;
}

/**
 * Stores the gateway's payment of a Genie or mobile-bill request claimed for its creation: the
 * gateway's id (as the transaction uuid) and the page with its fields. The row, or null when the
 * request is no longer initiated.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param page - the gateway's id and the signature (fields, and the page as its value)
 */
export async function setRedirectBookingPage(
  db: DbOrTx,
  bookingRequestId: string,
  page: { transactionUuid: string; signature: SignatureJson },
): Promise<BookingRequestRow | null> {
  const [row] = await db
    .update(bookingRequests)
    .set({ ...page, updatedAt: new Date() })
    .where(
      and(
        eq(bookingRequests.id, bookingRequestId),
        eq(bookingRequests.status, 'initiated'),
        sql`${bookingRequests.transactionUuid} like 'creating:%'`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Sets a not yet completed booking request to pending (REVIEW), unknown (a quick-pay charge whose
 * outcome the gateway did not tell: left to the cashier) or failed.
 * @param tx - transaction
 * @param bookingRequestId - the request
 * @param status - pending, unknown or failed
 */
export async function setOpenBookingRequestStatus(
  tx: Tx,
  bookingRequestId: string,
  status: 'pending' | 'unknown' | 'failed',
): Promise<void> {
  await tx
    .update(bookingRequests)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(bookingRequests.id, bookingRequestId), ne(bookingRequests.status, 'completed')));
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
