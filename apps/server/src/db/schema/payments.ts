import {
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
  ],
);

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_requests_external_ref_uq').on(t.tenantId, t.externalReference),
    index('booking_requests_account_idx').on(t.tenantId, t.accountId, t.createdAt),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // spec doc 2 §4 Refund: blocked when a refund status exists already — one request per appointment.
    uniqueIndex('refund_requests_appointment_uq').on(t.appointmentId),
    index('refund_requests_account_idx').on(t.tenantId, t.accountId),
  ],
);
