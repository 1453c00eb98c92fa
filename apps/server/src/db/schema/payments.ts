import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn, updatedAt } from './common.ts';
import { organizations } from './hospitals.ts';

// Owner columns (account_id, patient_id) are plain uuids, as on appointments: access is checked in
// code against the signed-in account, and a temporary booking may not have a patient yet.

/** Money with 2 decimals (spec doc 2 §9: invoice amounts 2 decimals). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** A signed parameter list sent to or received from a gateway (spec doc 2 §3 Booking request). */
export type SignatureJson = { value?: string; parameter: { name: string; value: string }[] };

/** An invoice line: description and amount, plus our charging category for refunds (spec doc 3 §3 Invoice). */
export type InvoiceItem = { description: string; amount: number; category?: string };

/** An invoice prepared for an appointment, session or order (spec doc 2 §3 Invoice, doc 3 §3 Invoice). */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    /** Null while the booking is for a temporary patient (spec doc 2 §4 Booking step 4). */
    patientId: uuid('patient_id'),
    organizationId: uuid('organization_id').references(() => organizations.id),
    /** What is paid for: 'Appointment/{id}', 'Session/{id}' or 'ServiceRequest/{id}'. */
    requestReference: text('request_reference').notNull(),
    appointmentId: uuid('appointment_id'),
    sessionId: uuid('session_id'),
    serviceRequestId: uuid('service_request_id'),
    chargingSchemeId: uuid('charging_scheme_id'),
    items: jsonb('items').$type<InvoiceItem[]>().notNull(),
    /** Value list; the last value is the payable amount (spec doc 3 §3 Invoice). */
    values: jsonb('values').$type<number[]>().notNull(),
    totalAmount: money('total_amount').notNull(),
    currency: text('currency').notNull(),
    /** 'prepayment_collected' while open; 'revenue_collected' marks the paid one (spec doc 2 §3). */
    reasonCode: text('reason_code').notNull(),
    serviceClass: text('service_class'),
    instrumentType: text('instrument_type').notNull().default('credit_card'),
    /** The actor Booking reference: the booking request that pays this invoice. */
    bookingId: uuid('booking_id'),
    signature: jsonb('signature').$type<SignatureJson>(),
    identifier: text('identifier'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_account_idx').on(t.tenantId, t.accountId, t.createdAt),
    index('invoices_request_idx').on(t.tenantId, t.requestReference),
    index('invoices_booking_idx').on(t.bookingId),
    // issue 9 §1: one open invoice per account and request, reused by prepareInvoice.
    uniqueIndex('invoices_open_request_uq')
      .on(t.tenantId, t.accountId, t.requestReference)
      .where(sql`reason_code = 'prepayment_collected'`),
  ],
);

/** The gateway's 3-D Secure step-up for a quick-pay charge (CyberSource Payer Authentication). */
export type PayerAuthenticationJson = {
  authenticationTransactionId: string;
  stepUpUrl: string;
  accessToken: string;
  /** ISO time after which the step-up is not completed (nothing was charged). */
  expiresAt: string;
};

/** A booking request: one attempt to pay an invoice through a gateway (spec doc 2 §3 Booking request, §7 initiateBooking). */
export const bookingRequests = pgTable(
  'booking_requests',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id'),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    organizationId: uuid('organization_id').references(() => organizations.id),
    requestReference: text('request_reference').notNull(),
    /** cyberSource, genie, masterCard, mobileBill, cash (spec doc 1 §6 paymentGateWay). */
    paymentGatewayType: text('payment_gateway_type').notNull(),
    paymentMethodId: uuid('payment_method_id'),
    serviceClass: text('service_class'),
    reasonCode: text('reason_code'),
    successUrl: text('success_url'),
    failureUrl: text('failure_url'),
    signature: jsonb('signature').$type<SignatureJson>(),
    /** initiated, pending, completed, failed. */
    status: text('status').notNull().default('initiated'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** Our reference sent to the gateway (its reference number / transaction uuid); unique per tenant. */
    externalReference: text('external_reference').notNull(),
    /** The fresh transaction uuid signed for this attempt; the answer must carry it back (issue 9 §3). */
    transactionUuid: text('transaction_uuid'),
    /** The gateway was asked for a payment token (transaction type 'sale,create_payment_token'). */
    savePaymentMethod: boolean('save_payment_method').notNull().default(false),
    /**
     * 3-D Secure of a quick-pay charge (spec doc 2 §7 authenticatePaymentGateway): the gateway's
     * step-up, kept while the request is 'authenticating'.
     */
    authentication: jsonb('authentication').$type<PayerAuthenticationJson>(),
    /** The gateway transaction this request was credited with, once (issue 9 §3). */
    creditedTransactionId: text('credited_transaction_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_requests_external_ref_uq').on(t.tenantId, t.externalReference),
    index('booking_requests_account_idx').on(t.tenantId, t.accountId, t.createdAt),
    // A gateway's webhook names its own transaction id (Genie): found by it, per tenant.
    index('booking_requests_transaction_uuid_idx').on(t.tenantId, t.transactionUuid),
  ],
);

/** A gateway's answer for a booking request: the payment record of payment history (spec doc 2 §3, doc 3 §3 Payment). */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id'),
    bookingRequestId: uuid('booking_request_id')
      .notNull()
      .references(() => bookingRequests.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    organizationId: uuid('organization_id').references(() => organizations.id),
    /** External request reference: 'Appointment/{id}', 'Session/{id}' or 'ServiceRequest/{id}'. */
    requestReference: text('request_reference').notNull(),
    paymentGatewayType: text('payment_gateway_type').notNull(),
    /** Gateway decision: ACCEPT, DECLINE, ERROR (spec doc 2 §4 Payment status mapping). */
    status: text('status').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    message: text('message'),
    /** The gateway's transaction reference; unique so no payment is credited twice. */
    transactionReference: text('transaction_reference').notNull(),
    transactionDate: timestamp('transaction_date', { withTimezone: true }),
    /** The response fields of spec doc 3 §3 Payment (card masked, names, additionalInfo). */
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_gateway_tx_uq').on(
      t.tenantId,
      t.paymentGatewayType,
      t.transactionReference,
    ),
    index('payments_account_idx').on(t.tenantId, t.accountId, t.createdAt),
    index('payments_request_idx').on(t.tenantId, t.requestReference),
    index('payments_booking_request_idx').on(t.bookingRequestId),
  ],
);

/** A patient's refund request for a paid appointment (spec doc 2 §3 Refund request, §4 Refund). */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    /** requested, approved, refunded, rejected (spec doc 2 §4 Appointment status: refund status). */
    status: text('status').notNull().default('requested'),
    /** The reason path chosen in the wizard: category, subcategory (spec doc 2 §4 Refund reasons). */
    notes: jsonb('notes').$type<string[]>().notNull(),
    requestedBy: text('requested_by').notNull(),
    /** Charge categories not refunded, e.g. for doctor-requested refunds (spec doc 2 §4 Refund). */
    excludedCategories: jsonb('excluded_categories').$type<string[]>().notNull().default([]),
    remarks: text('remarks'),
    /**
     * A refund the hospital made by cancelling the session (issue 32 §2.5, requestedBy 'hospital'):
     * how the money goes back (card, wallet, desk), how much (the excluded charges kept back) and
     * when its SMS was written (once per request).
     */
    wayBack: text('way_back'),
    amount: money('amount'),
    currency: text('currency'),
    smsAt: timestamp('sms_at', { withTimezone: true }),
    /** The staff member whose cancel made the refund (its audit rows name them), with their role then. */
    staffUserId: uuid('staff_user_id'),
    staffRole: text('staff_role'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // spec doc 2 §4 Refund: blocked when a refund status exists already — one request per appointment.
    uniqueIndex('refund_requests_appointment_uq').on(t.appointmentId),
    index('refund_requests_account_idx').on(t.tenantId, t.accountId),
    // The sweep's look-up of hospital refunds whose job was lost before it was queued (issue 32 §2.5).
    index('refund_requests_hospital_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.requestedBy} = 'hospital' AND ${t.status} = 'requested'`),
  ],
);

/**
 * Every gateway answer we received, once per (tenant, gateway, event key) (issue 9 §3): the browser
 * return and the merchant notification of one answer share a key, so replays are recorded once. An
 * ACCEPT that arrives for an already credited booking request is kept with outcome 'reconcile' for
 * the cashier's reconciliation (issue 9 §9).
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    gateway: text('gateway').notNull(),
    /** '{transaction id}:{decision}' of the answer. */
    eventKey: text('event_key').notNull(),
    bookingRequestId: uuid('booking_request_id').references(() => bookingRequests.id),
    transactionId: text('transaction_id').notNull(),
    decision: text('decision').notNull(),
    /** 'return' (browser), 'notify' (merchant notification) or 'token' (quick pay). */
    source: text('source').notNull(),
    /** 'credited', 'failed', 'pending', 'duplicate' or 'reconcile'. */
    outcome: text('outcome').notNull().default('received'),
    /** The answer's fields without the payment token. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gateway_events_key_uq').on(t.tenantId, t.gateway, t.eventKey),
    index('gateway_events_booking_idx').on(t.bookingRequestId),
    index('gateway_events_outcome_idx').on(t.tenantId, t.outcome, t.createdAt),
  ],
);

/**
 * The refund ledger (issue 9 §8): one row per refund request refunded to the card, against the
 * captured payment. The sum of a payment's rows never exceeds its amount (checked under the payment
 * row's lock by staff-payments.service.ts); a request is refunded at most once (unique index).
 * status: 'pending' (recorded, gateway not asked yet), 'sending' (one caller is asking the gateway),
 * 'refunded', 'failed' (the gateway refused or did not answer; Refund to card again retries it).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    refundRequestId: uuid('refund_request_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    gatewayRefundId: text('gateway_refund_id'),
    /** The gateway's last message (why a refund failed). */
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_refunds_request_uq').on(t.refundRequestId),
    index('payment_refunds_payment_idx').on(t.paymentId),
  ],
);
