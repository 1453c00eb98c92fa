import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@careline/domain/errors';
import {
  buildInvoiceLines,
  maskCardNumber,
  minorToDecimal,
  PAYMENT_TEXTS,
  payerNames,
  toMinor,
} from '@careline/domain/payments';
import type { Db, Tx } from '../../db/client.ts';
import type { InvoiceItem } from '../../db/schema/payments.ts';
import type { GatewayAnswer } from '../../providers/payment-gateways/gateway.ts';
import { cyberSource, type PayerAuthentication } from '../../providers/payment-gateways/cybersource.ts';
import { genie } from '../../providers/payment-gateways/genie.ts';
import { mobileBill } from '../../providers/payment-gateways/mobile-bill.ts';
import type { Providers } from '../../providers/providers.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findOwnedPatient } from '../consultations/appointments.repo.ts';
import { publishSessionChanged } from '../consultations/session-events.ts';
import { deleteIdempotencyKey } from '../idempotency/idempotency.repo.ts';
import { runOnce } from '../idempotency/idempotency.service.ts';
import { earnVisitPoints } from '../loyalty/loyalty.service.ts';
import { lockOrderForPayment, markOrderPaid, type OrderPaid } from '../orders/orders.payment.ts';
import { gatewaysFor } from '../tenants/tenants.gateways.ts';
import type { GatewaySettings, ServerTenant } from '../tenants/tenants.types.ts';
import {
  completeBookingRequest,
  claimAuthenticatedCharge,
  claimTokenCharge,
  findAccount,
  findBlockingBookingRequest,
  findBookingRequestByGatewayTransaction,
  findBookingRequestByReference,
  findChargingScheme,
  findInvoice,
  findOpenInvoice,
  findOwnedAppointmentCharge,
  findOwnedInvoice,
  findOwnedBookingRequest,
  findOwnedPatientNames,
  findOwnedPaymentMethod,
  findSessionCharge,
  insertBookingRequest,
  insertGatewayEvent,
  markGatewayEventReturned,
  insertOpenInvoice,
  insertPaymentMethod,
  listActiveChargingSchemes,
  listOwnedPayments,
  lockAppointment,
  lockInvoice,
  markAppointmentPaid,
  markInvoicePaid,
  setGatewayEventOutcome,
  setBookingAuthenticating,
  setBookingReturnPaths,
  setOpenBookingRequestStatus,
  setRedirectBookingPage,
  upsertPayment,
  BLOCKING_BOOKING_STATUSES,
  type BookingRequestRow,
  type ChargingSchemeRow,
  type InvoiceRow,
  type PaymentRow,
  type SessionCharge,
} from './payments.repo.ts';
import {
  orderMethodOfGateway,
  prepareOrderInvoice,
  publishOrderPaid,
  requirePayableOrder,
} from './order-payments.service.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

/** Most payment records one queryPaymentGatewayCallback returns. */
export const PAYMENT_RECORDS_MAX = 100;

/** The only gateway with an online card flow in this slice (spec doc 1 §6 paymentGateWay). */
export const CARD_GATEWAY = 'cyberSource';

/** Dialog's Genie wallet (spec doc 2 §7 Payment gateways), where the tenant's paymentGateWay.genie is on. */
export const GENIE_GATEWAY = 'genie';
/** Where Genie sends the browser back (GET, the outcome in the query) and posts its webhook. */
export const GENIE_RETURN_PATH = '/payments/genie/return';
export const GENIE_NOTIFY_PATH = '/payments/genie/notify';
/** Mobile bill (our design): charged to the patient's mobile bill once they confirm it with the carrier's code. */
export const MOBILE_BILL_GATEWAY = 'mobileBill';
export const MOBILE_BILL_RETURN_PATH = '/payments/mobile-bill/return';
export const MOBILE_BILL_NOTIFY_PATH = '/payments/mobile-bill/notify';

/** The gateways whose page the browser opens and whose answer is read back from their API. */
export type RedirectGateway = typeof GENIE_GATEWAY | typeof MOBILE_BILL_GATEWAY;

/** How long a twin quick-pay call waits for the first one's charge (the gateway's own timeout is shorter). */
const CHARGE_WAIT_MS = 30_000;
const CHARGE_POLL_MS = 100;

/** Where the gateway sends the browser back with its answer (issue 9 §3): the receipt page. */
export const RETURN_PATH = '/payments/cybersource/return';
/** Where the gateway posts its server-to-server notification of the same answer (issue 9 §3). */
export const NOTIFY_PATH = '/payments/cybersource/notify';
/** Where the bank's 3-D Secure step-up posts the browser back (TransactionId and MD). */
export const AUTHENTICATED_PATH = '/payments/cybersource/authenticated';
/** Where the browser goes after a step-up when authenticatePaymentGateway was given no paths. */
const DEFAULT_AUTHENTICATED_PATH = '/profiles/my-payment-history';
/** How long the cardholder has for the bank's step-up (the sandbox's challenge lives as long). */
const STEP_UP_TTL_MS = 15 * 60_000;

/** What the payments service needs from the server, for a request or a gateway callback. */
export type PaymentsDeps = {
  db: Db;
  tenant: ServerTenant;
  correlationId: string;
  providers: Providers;
  publish: (topic: string, payload: unknown) => Promise<void>;
  log: FastifyBaseLogger;
};

/** Who calls a payments operation, and what the service needs from the request. */
export type PaymentsCaller = PaymentsDeps & {
  accountId: string;
  /** 'https://host[:port]' of the request (Fastify's protocol and host, TRUST_PROXY aware). */
  origin: string | null;
};

/** An invoice line on the wire: amount as a decimal string with 2 decimals (spec doc 2 §3 Invoice). */
export type InvoiceItemView = { description: string; amount: string; category: string | null };

/** An invoice as the patient app reads it (spec doc 2 §3 Invoice, §7 prepareInvoice). */
export type InvoiceView = {
  id: string;
  requestReference: string;
  appointmentId: string | null;
  sessionId: string | null;
  /** The order an order's invoice is for (request reference 'ServiceRequest/{id}'). */
  serviceRequestId: string | null;
  organizationId: string | null;
  patientId: string | null;
  items: InvoiceItemView[];
  /** Value list; the last value is the payable amount (spec doc 3 §3 Invoice). */
  values: string[];
  total: string;
  currency: string;
  reasonCode: string;
  bookingId: string | null;
};

/** A name/value pair of a signed parameter list (spec doc 2 §3 Booking request). */
export type NameValue = { name: string; value: string };

/** What initiateBooking answers: the fields the browser posts to formUrl (spec doc 2 §7 initiateBooking). */
export type BookingRequestView = {
  id: string;
  formUrl: string;
  /** POST: a hidden form with the fields (the card gateway); GET: go to formUrl with the fields in its query (Genie). */
  formMethod: 'POST' | 'GET';
  signature: { parameter: NameValue[]; value: string | null };
  unsignedFieldNames: string[];
};

/** What completeBooking answers (spec doc 2 §7 completeBooking). */
export type CompletedBookingView = {
  id: string | null;
  /** The booking request (authenticatePaymentGateway's id while status is 'authenticating'). */
  bookingId: string | null;
  requestReference: string | null;
  sessionId: string | null;
  /** pending: REVIEW, or a quick-pay charge whose outcome the cashier reconciles ('Payment is pending'). */
  /** authenticating: the bank wants 3-D Secure first (authenticatePaymentGateway); nothing was charged yet. */
  status: 'completed' | 'pending' | 'failed' | 'authenticating';
  message: string | null;
  paymentMethodId: string | null;
};

/** The response fields of a payment record (spec doc 3 §3 Payment). */
export type PaymentResponseView = {
  amount: string | null;
  status: string | null;
  message: string | null;
  additionalInfo: string | null;
  reasonCode: string | null;
  transactionDate: Date | null;
  transactionReference: string | null;
  cardType: string | null;
  cardNumber: string | null;
  cardExpiry: string | null;
  firstName: string | null;
  lastName: string | null;
  paymentGatewayType: string | null;
};

/** One payment of payment history (spec doc 2 §2, §3 Payment record). */
export type PaymentRecordView = {
  id: string;
  bookingId: string;
  requestReference: string;
  organizationId: string | null;
  organizationName: string | null;
  patientId: string | null;
  createdTime: Date;
  response: PaymentResponseView;
  invoice: InvoiceView | null;
};

/** A charging scheme of a hospital (spec doc 2 §3 Charging scheme: id, name, status). */
export type ChargingSchemeView = {
  id: string;
  name: string;
  status: string;
  organizationId: string;
  currency: string;
  items: { category: string; description: string; amount: string }[];
};

/** What prepareInvoice is asked for (spec doc 2 §7 prepareInvoice). */
export type PrepareInvoiceInput = {
  appointmentId: string | null;
  /** An order of the account (spec doc 3 §7 Prepare invoice: serviceRequestId, request reference ServiceRequest). */
  serviceRequestId?: string | null;
  sessionId: string | null;
  patientId: string | null;
  temporary: boolean;
  chargingSchemeId: string | null;
  procedureCodes: string[];
  instrumentType: string | null;
  serviceClass: string | null;
  reasonCode: string | null;
};

/** What initiateBooking is asked for (spec doc 2 §7 initiateBooking). */
export type InitiateBookingInput = {
  invoiceId: string;
  successUrl: string;
  failureUrl: string;
  paymentGatewayType: string;
  serviceClass: string | null;
  reasonCode: string | null;
  savePaymentMethod: boolean;
  idempotencyKey: string | null;
};

/** What completeBooking is asked for (spec doc 2 §7 completeBooking). */
export type CompleteBookingInput = {
  invoiceId: string;
  paymentGatewayType: string;
  paymentMethodId: string | null;
  idempotencyKey: string | null;
};

const owner = (caller: PaymentsCaller) => ({ tenantId: caller.tenant.id, accountId: caller.accountId });

const decimal = (amount: number): string => minorToDecimal(toMinor(amount.toFixed(2)));

/** Major units as the numeric(14,2) columns take them, from exact minor units. */
const major = (minor: number): number => Number(minorToDecimal(minor));

function invoiceView(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    requestReference: row.requestReference,
    appointmentId: row.appointmentId,
    sessionId: row.sessionId,
    serviceRequestId: row.serviceRequestId,
    organizationId: row.organizationId,
    patientId: row.patientId,
    items: row.items.map((item) => ({
      description: item.description,
      amount: item.amount < 0 ? `-${decimal(-item.amount)}` : decimal(item.amount),
      category: item.category ?? null,
    })),
    values: row.values.map((value) => decimal(value)),
    total: decimal(row.totalAmount),
    currency: row.currency,
    reasonCode: row.reasonCode,
    bookingId: row.bookingId,
  };
}

function notFound(): AppError {
  return new AppError('ARO-E2001');
}

/** The scheme an invoice uses: the session's; one asked for must be that one and active. */
async function schemeFor(
  db: Db,
  tenantId: string,
  session: SessionCharge,
  chargingSchemeId: string | null,
): Promise<ChargingSchemeRow> {
  // An appointment or session is priced by its session's own scheme: a patient cannot pick a
  // cheaper one of the hospital (issue 9 §1).
  if (chargingSchemeId !== null && chargingSchemeId !== session.chargingSchemeId) {
    throw new AppError('ARO-E5017');
  }
  const schemeId = session.chargingSchemeId;
  if (!schemeId) {
    throw new AppError('ARO-E5003');
  }
  if (!UUID.test(schemeId)) {
    throw notFound();
  }
  const scheme = await findChargingScheme(db, tenantId, schemeId);
  if (!scheme || scheme.organizationId !== session.organizationId) {
    throw notFound();
  }
  if (chargingSchemeId !== null && scheme.status !== 'active') {
    throw notFound();
  }
  return scheme;
}

/**
 * The invoice of an appointment of the account, or of a session for one of its profiles or a
 * temporary booking, from the session's charging scheme (spec doc 2 §7 prepareInvoice, issue 9 §1);
 * or of an order of the account, from its charging amount (spec doc 3 §7 Prepare invoice:
 * order-payments.service.ts).
 * Amounts are added in minor units; the currency is the scheme's, else the tenant's. The open
 * invoice of the same request is answered again instead of a new one.
 * @param caller - tenant, signed-in account and request
 * @param input - appointmentId, or sessionId with patientId or temporary; optional scheme; or serviceRequestId
 */
export async function prepareInvoice(caller: PaymentsCaller, input: PrepareInvoiceInput): Promise<InvoiceView> {
  const { db, tenant } = caller;
  if (input.serviceRequestId) {
    // spec doc 3 §4 Order payment: the order's own charge, never an amount or scheme of the client.
    if (input.appointmentId || input.sessionId) {
      throw new AppError('ARO-E5002');
    }
    return invoiceView(
      await prepareOrderInvoice(db, tenant, owner(caller), {
        serviceRequestId: input.serviceRequestId,
        instrumentType: input.instrumentType,
      }),
    );
  }
  let requestReference: string;
  let session: SessionCharge;
  let patientId: string | null;
  let appointmentId: string | null = null;
  if (input.appointmentId) {
    if (!UUID.test(input.appointmentId)) {
      throw notFound();
    }
    const appointment = await findOwnedAppointmentCharge(db, owner(caller), input.appointmentId);
    if (!appointment) {
      throw notFound();
    }
    if (appointment.paymentStatus === 'paid') {
      throw new AppError('ARO-E5001');
    }
    if (appointment.appointmentStatus === 'cancelled' || appointment.appointmentStatus === 'entered_in_error') {
      throw new AppError('ARO-E5010');
    }
    requestReference = `Appointment/${appointment.id}`;
    appointmentId = appointment.id;
    patientId = appointment.patientId;
    session = appointment;
  } else if (input.sessionId) {
    if (!input.patientId && !input.temporary) {
      throw new AppError('ARO-E5002');
    }
    if (!UUID.test(input.sessionId) || (input.patientId !== null && !UUID.test(input.patientId))) {
      throw notFound();
    }
    const found = await findSessionCharge(db, tenant.id, input.sessionId);
    if (!found) {
      throw notFound();
    }
    if (input.patientId && !(await findOwnedPatient(db, owner(caller), input.patientId))) {
      throw notFound();
    }
    requestReference = `Session/${found.sessionId}`;
    patientId = input.patientId;
    session = found;
  } else {
    throw new AppError('ARO-E5002');
  }
  const open = await findOpenInvoice(db, owner(caller), requestReference);
  if (open) {
    return invoiceView(open);
  }
  const scheme = await schemeFor(db, tenant.id, session, input.chargingSchemeId);
  let lines: ReturnType<typeof buildInvoiceLines>;
  try {
    lines = buildInvoiceLines(scheme.items);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new AppError('ARO-E5004');
    }
    throw error;
  }
  const items: InvoiceItem[] = lines.items.map((line) => ({
    description: line.description,
    amount: line.amountMinor < 0 ? -major(-line.amountMinor) : major(line.amountMinor),
    category: line.category,
  }));
  const inserted = await insertOpenInvoice(db, {
    tenantId: tenant.id,
    accountId: caller.accountId,
    patientId,
    organizationId: session.organizationId,
    requestReference,
    appointmentId,
    sessionId: session.sessionId,
    chargingSchemeId: scheme.id,
    items,
    values: [major(lines.totalMinor)],
    totalAmount: major(lines.totalMinor),
    currency: scheme.currency || tenant.publicConfig.currency,
    reasonCode: 'prepayment_collected',
    serviceClass: input.serviceClass,
    instrumentType: input.instrumentType ?? 'credit_card',
  });
  // A twin call may have inserted it meanwhile: its invoice is this one's too.
  const invoice = inserted ?? (await findOpenInvoice(db, owner(caller), requestReference));
  if (!invoice) {
    throw new Error('open invoice vanished');
  }
  return invoiceView(invoice);
}

/** A same-origin path: one leading '/', not '//' or '/\', no control characters or spaces. */
export function isSameOriginPath(url: string): boolean {
  // \s covers spaces and line breaks; other control characters are checked by code point.
  if (!/^\/(?![/\\])[^\s\\]*$/.test(url)) {
    return false;
  }
  return [...url].every((char) => {
    const code = char.charCodeAt(0);
    return code > 0x1f && code !== 0x7f;
  });
}

/**
 * The online gateway initiateBooking may use: the card gateway, or Genie where the tenant's flag is
 * on (spec doc 2 §1: the first tenant override turns genie off).
 */
function requireOnlineGateway(tenant: ServerTenant, gateway: string): typeof CARD_GATEWAY | RedirectGateway {
  if (gateway === GENIE_GATEWAY) {
    if (!tenant.publicConfig.features.paymentGateWay.genie) {
      throw new AppError('ARO-E5020', { gateway: 'Genie' });
    }
    return GENIE_GATEWAY;
  }
  if (gateway === MOBILE_BILL_GATEWAY) {
    if (!tenant.publicConfig.features.paymentGateWay.mobileBill) {
      throw new AppError('ARO-E5020', { gateway: 'mobile bill' });
    }
    return MOBILE_BILL_GATEWAY;
  }
  requireCardGateway(tenant, gateway);
  return CARD_GATEWAY;
}

function requireCardGateway(tenant: ServerTenant, gateway: string): void {
  if (gateway !== CARD_GATEWAY) {
    throw new AppError('ARO-E5006', { gateway: gateway.slice(0, 40) || 'this gateway' });
  }
  if (!tenant.publicConfig.features.paymentGateWay.cyberSource) {
    throw new AppError('ARO-E5005');
  }
}

/**
 * The account's invoice, open and payable online under the tenant's flags, locked for the
 * transaction (SELECT … FOR UPDATE) so that no second booking request starts while one of the
 * invoice is charging, pending (REVIEW) or of unknown outcome (ARO-E5015, issue 9 §3: nothing is
 * ever charged twice). Only an invoice of a booked appointment is payable: a Session/ invoice of a
 * temporary booking buys nothing yet (ARO-E5016), a cancelled appointment is not paid (ARO-E5010).
 * An order's invoice is checked against its order (order-payments.service.ts requirePayableOrder).
 * @param db - the transaction that creates the booking request
 * @param caller - tenant and signed-in account
 * @param invoiceId - the invoice
 * @param gateway - the gateway the booking request goes to
 */
async function payableInvoice(db: Tx, caller: PaymentsCaller, invoiceId: string, gateway: string): Promise<InvoiceRow> {
  if (!UUID.test(invoiceId)) {
    throw notFound();
  }
  // An order's invoice: the order is locked first (as creditInvoice and the hospital's changes do),
  // so a charge changed meanwhile either commits before this reads it or waits for the booking.
  const unlocked = await findOwnedInvoice(db, owner(caller), invoiceId);
  if (unlocked?.serviceRequestId) {
    await lockOrderForPayment(db, caller.tenant.id, unlocked.serviceRequestId);
  }
  await lockInvoice(db, invoiceId);
  const invoice = await findOwnedInvoice(db, owner(caller), invoiceId);
  if (!invoice) {
    throw notFound();
  }
  if (invoice.reasonCode !== 'prepayment_collected') {
    throw new AppError('ARO-E5007');
  }
  if (toMinor(invoice.totalAmount.toFixed(2)) <= 0) {
    throw new AppError('ARO-E5008');
  }
  if (invoice.serviceRequestId) {
    // An order's invoice (spec doc 3 §4 Order payment, §5): the order decides, not a session.
    await requirePayableOrder(db, caller.tenant, owner(caller), invoice, gateway);
    if (await findBlockingBookingRequest(db, invoice.id)) {
      throw new AppError('ARO-E5015');
    }
    return invoice;
  }
  // A temporary booking's confirmation is not wired to its invoice yet: paying it would buy nothing.
  if (!invoice.appointmentId) {
    throw new AppError('ARO-E5016');
  }
  const features = caller.tenant.publicConfig.features;
  if (invoice.sessionId) {
    const session = await findSessionCharge(db, caller.tenant.id, invoice.sessionId);
    const video = session?.participationMode === 'remote_presence_video_call';
    if (!(video ? features.videoChannelling.payment : features.channelling.payment)) {
      throw new AppError('ARO-E5005');
    }
  }
  if (invoice.appointmentId) {
    const appointment = await findOwnedAppointmentCharge(db, owner(caller), invoice.appointmentId);
    if (!appointment) {
      throw notFound();
    }
    if (appointment.paymentStatus === 'paid') {
      throw new AppError('ARO-E5001');
    }
    if (appointment.appointmentStatus === 'cancelled' || appointment.appointmentStatus === 'entered_in_error') {
      throw new AppError('ARO-E5010');
    }
  }
  if (await findBlockingBookingRequest(db, invoice.id)) {
    throw new AppError('ARO-E5015');
  }
  return invoice;
}

/** 'YYYY-MM-DDTHH:mm:ssZ' as CyberSource signs it. */
const signedDateTime = (now: Date): string => now.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Starts paying an open invoice of the account through the card gateway (spec doc 2 §7
 * initiateBooking, issue 9 §3): checks the tenant's payment flags and the return paths, creates a
 * booking request with a fresh reference and transaction uuid, and answers the signed fields the
 * browser posts to formUrl together with the unsigned card fields. With an idempotency key a
 * double tap gives one booking request.
 * @param caller - tenant, signed-in account, request origin
 * @param input - invoice id, success and failure paths, gateway, save-card choice, idempotency key
 */
export async function initiateBooking(caller: PaymentsCaller, input: InitiateBookingInput): Promise<BookingRequestView> {
  const gateway = requireOnlineGateway(caller.tenant, input.paymentGatewayType);
  if (!isSameOriginPath(input.successUrl) || !isSameOriginPath(input.failureUrl)) {
    throw new AppError('ARO-E5009');
  }
  if (!caller.origin) {
    throw new Error('initiateBooking needs the request origin');
  }
  const origin = caller.origin;
  const { idempotencyKey, ...request } = input;
  const started = await runOnce(
    caller.db,
    { tenantId: caller.tenant.id, accountId: caller.accountId, key: idempotencyKey },
    'initiateBooking',
    request,
    async (tx): Promise<BookingRequestView | RedirectBookingStarted> => {
      const invoice = await payableInvoice(tx, caller, input.invoiceId, gateway);
      if (gateway !== CARD_GATEWAY) {
        return insertRedirectBooking(tx, caller, input, invoice, gateway);
      }
      const account = await findAccount(tx, owner(caller));
      const patient = invoice.patientId ? await findOwnedPatientNames(tx, owner(caller), invoice.patientId) : null;
      const names = payerNames(patient?.givenName ?? '', patient?.familyName ?? '');
      const billing = caller.tenant.publicConfig.billingAddress;
      // issue 9 §2: the form is signed for the merchant of the invoice's hospital.
      const settings = gatewaysFor(caller.tenant, invoice.organizationId).cyberSource;
      const amount = minorToDecimal(toMinor(invoice.totalAmount.toFixed(2)));
      const externalReference = randomUUID();
      const transactionUuid = randomUUID();
      const form = cyberSource.checkoutForm(settings, {
        referenceNumber: externalReference,
        transactionUuid,
        amount,
        currency: invoice.currency,
        locale: 'en-us',
        transactionType: input.savePaymentMethod ? 'sale,create_payment_token' : 'sale',
        billTo: {
          forename: names.forename || 'Patient',
          surname: names.surname || 'Patient',
          email: `noreply@${new URL(origin).hostname}`,
          ...(account?.mobileNo ? { phone: account.mobileNo } : {}),
          address1: patient?.addressLineOne || billing.lines[0] || 'N/A',
          city: patient?.addressCity || billing.city || 'N/A',
          country: billing.country || 'LK',
        },
        returnUrl: `${origin}${RETURN_PATH}`,
        notifyUrl: `${origin}${NOTIFY_PATH}`,
        signedDateTime: signedDateTime(new Date()),
      });
      const signatureValue = form.fields.find((field) => field.name === 'signature')?.value ?? null;
      const booking = await insertBookingRequest(tx, {
        tenantId: caller.tenant.id,
        accountId: caller.accountId,
        patientId: invoice.patientId,
        invoiceId: invoice.id,
        organizationId: invoice.organizationId,
        requestReference: invoice.requestReference,
        paymentGatewayType: CARD_GATEWAY,
        serviceClass: input.serviceClass,
        reasonCode: input.reasonCode,
        successUrl: input.successUrl,
        failureUrl: input.failureUrl,
        signature: { parameter: form.fields, ...(signatureValue ? { value: signatureValue } : {}) },
        amount: invoice.totalAmount,
        currency: invoice.currency,
        externalReference,
        transactionUuid,
        savePaymentMethod: input.savePaymentMethod,
      });
      await recordAudit(tx, {
        tenantId: caller.tenant.id,
        actor: { kind: 'patient', accountId: caller.accountId },
        action: 'payment.initiate',
        correlationId: caller.correlationId,
        patientId: invoice.patientId,
        organizationId: invoice.organizationId,
        details: { invoiceId: invoice.id, bookingRequestId: booking.id, amount, currency: invoice.currency },
      });
      return {
        id: booking.id,
        formUrl: form.action,
        formMethod: 'POST' as const,
        signature: { parameter: form.fields, value: signatureValue },
        unsignedFieldNames: form.unsignedFieldNames,
      };
    },
  );
  return 'redirectBooking' in started
    ? openRedirectBooking(caller, started.redirectBooking, origin, idempotencyKey)
    : started;
}

/** What initiateBooking's transaction keeps of a Genie or mobile-bill request (and a replay answers again). */
type RedirectBookingStarted = { redirectBooking: { id: string; externalReference: string } };

/** Marks a request whose payment this call is creating at the gateway (its transaction uuid until the gateway names it). */
const CREATING_PREFIX = 'creating:';

/**
 * The first part of initiateBooking for a gateway whose page the browser opens (Genie, mobile bill),
 * in its transaction (the invoice is locked): the booking request, 'initiated' with a fresh
 * reference. It blocks a second payment of the invoice while the gateway is asked (outside any
 * transaction, {@link openRedirectBooking}) and while its page is open.
 * @param tx - initiateBooking's transaction
 * @param caller - tenant, signed-in account
 * @param input - return paths, service class and reason code
 * @param invoice - the payable invoice
 * @param gateway - genie or mobileBill
 */
async function insertRedirectBooking(
  tx: Tx,
  caller: PaymentsCaller,
  input: InitiateBookingInput,
  invoice: InvoiceRow,
  gateway: RedirectGateway,
): Promise<RedirectBookingStarted> {
  const amount = minorToDecimal(toMinor(invoice.totalAmount.toFixed(2)));
  const booking = await insertBookingRequest(tx, {
    tenantId: caller.tenant.id,
    accountId: caller.accountId,
    patientId: invoice.patientId,
    invoiceId: invoice.id,
    organizationId: invoice.organizationId,
    requestReference: invoice.requestReference,
    paymentGatewayType: gateway,
    serviceClass: input.serviceClass,
    reasonCode: input.reasonCode,
    successUrl: input.successUrl,
    failureUrl: input.failureUrl,
    amount: invoice.totalAmount,
    currency: invoice.currency,
    externalReference: randomUUID(),
    status: 'initiated',
    savePaymentMethod: false,
  });
  await recordAudit(tx, {
    tenantId: caller.tenant.id,
    actor: { kind: 'patient', accountId: caller.accountId },
    action: 'payment.initiate',
    correlationId: caller.correlationId,
    patientId: invoice.patientId,
    organizationId: invoice.organizationId,
    details: { invoiceId: invoice.id, bookingRequestId: booking.id, amount, currency: invoice.currency, gateway },
  });
  return { redirectBooking: { id: booking.id, externalReference: booking.externalReference } };
}

/**
 * Whether a gateway's payment page may be given to the browser: https only, or a same-origin path
 * (the sandbox's), so that no gateway answer sends a patient to a plain-http or script URL.
 * @param url - the page the gateway answered
 */
export function isAllowedGatewayPage(url: string): boolean {
  if (isSameOriginPath(url)) {
    return true;
  }
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The browser's view of a Genie or mobile-bill request whose gateway payment exists. */
function redirectBookingView(booking: BookingRequestRow): BookingRequestView {
  const parameter = booking.signature?.parameter ?? [];
  return {
    id: booking.id,
    // The page is kept as the signature's value (these gateways sign nothing the browser posts).
    formUrl: booking.signature?.value ?? '',
    formMethod: 'GET',
    signature: { parameter, value: null },
    unsignedFieldNames: [],
  };
}

/**
 * The second part of initiateBooking for Genie or mobile bill, outside any transaction (a slow
 * gateway holds no lock and no connection): the call that claims the request creates the payment at
 * the gateway, server to server, for the invoice's amount, and stores its id and page; a twin (same
 * idempotency key) waits for it and answers the same request. Genie's page gets the spec's fields
 * (spec doc 2 §7: 'Genie: a form with token, paymentMethod, chargeTotal and related fields to a
 * merchant URL'): token (the gateway's id), paymentMethod, chargeTotal, currency and localId (our
 * reference). A refused or failed gateway call, or a page that is not https or ours, marks the
 * request failed (the invoice is payable again) and answers ARO-E5021 or ARO-E5022.
 * @param caller - tenant, signed-in account
 * @param started - the request initiateBooking's transaction inserted
 * @param origin - the request's origin, for the absolute return and notify URLs
 * @param idempotencyKey - initiateBooking's key: forgotten when the gateway refused, so that a retry
 *   with it (the web reuses a failed tap's key) starts a new request instead of replaying the failure
 */
async function openRedirectBooking(
  caller: PaymentsCaller,
  started: RedirectBookingStarted['redirectBooking'],
  origin: string,
  idempotencyKey: string | null,
): Promise<BookingRequestView> {
  const refusal = (gateway: string) => new AppError(gateway === GENIE_GATEWAY ? 'ARO-E5021' : 'ARO-E5022');
  const booking = await findBookingRequestByReference(caller.db, caller.tenant.id, started.externalReference);
  if (!booking || booking.id !== started.id) {
    throw notFound();
  }
  const gateway = booking.paymentGatewayType === GENIE_GATEWAY ? GENIE_GATEWAY : MOBILE_BILL_GATEWAY;
  const claimed =
    booking.status === 'initiated' &&
    booking.transactionUuid === null &&
    (await claimTokenCharge(caller.db, booking.id, `${CREATING_PREFIX}${randomUUID()}`, 'initiated'));
  if (!claimed) {
    let now: BookingRequestRow | null = booking;
    for (let waited = 0; waited < CHARGE_WAIT_MS; waited += CHARGE_POLL_MS) {
      now = await findBookingRequestByReference(caller.db, caller.tenant.id, booking.externalReference);
      if (now?.status !== 'initiated' || !now.transactionUuid?.startsWith(CREATING_PREFIX)) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, CHARGE_POLL_MS));
    }
    if (!now?.transactionUuid || now.transactionUuid.startsWith(CREATING_PREFIX) || now.status === 'failed') {
      throw refusal(gateway);
    }
    return redirectBookingView(now);
  }
  const amountMinor = toMinor(booking.amount.toFixed(2));
  const returnQuery = new URLSearchParams({ reference: booking.externalReference }).toString();
  let page: { transactionId: string; url: string } | { error: string };
  if (gateway === GENIE_GATEWAY) {
    const created = await genie.createTransaction(caller.providers.gatewayHttp, gatewaysFor(caller.tenant, booking.organizationId).genie, {
      localId: booking.externalReference,
      amountMinor,
      currency: booking.currency,
      redirectUrl: `${origin}${GENIE_RETURN_PATH}?${returnQuery}`,
      webhookUrl: `${origin}${GENIE_NOTIFY_PATH}`,
    });
    page = 'error' in created ? created : { transactionId: created.transaction.id, url: created.transaction.url ?? '' };
  } else {
    const account = await findAccount(caller.db, owner(caller));
    const created = await mobileBill.createCharge(caller.providers.gatewayHttp, gatewaysFor(caller.tenant, booking.organizationId).mobileBill, {
      reference: booking.externalReference,
      msisdn: (account?.mobileNo ?? '').replace(/[^\d+]/g, ''),
      amountMinor,
      currency: booking.currency,
      returnUrl: `${origin}${MOBILE_BILL_RETURN_PATH}?${returnQuery}`,
      notifyUrl: `${origin}${MOBILE_BILL_NOTIFY_PATH}`,
    });
    page = 'error' in created ? created : { transactionId: created.charge.id, url: created.charge.approvalUrl ?? '' };
  }
  if (!('error' in page) && !isAllowedGatewayPage(page.url)) {
    page = { error: `the gateway's payment page is neither https nor ours: ${page.url.slice(0, 200)}` };
  }
  if ('error' in page) {
    caller.log.error({ bookingRequestId: booking.id, gateway, error: page.error }, 'payment not created at the gateway');
    await caller.db.transaction((tx) => setOpenBookingRequestStatus(tx, booking.id, 'failed'));
    if (idempotencyKey) {
      await deleteIdempotencyKey(caller.db, { tenantId: caller.tenant.id, accountId: caller.accountId, key: idempotencyKey });
    }
    throw refusal(gateway);
  }
  const fields = [
    { name: 'token', value: page.transactionId },
    { name: 'paymentMethod', value: gateway },
    { name: 'chargeTotal', value: minorToDecimal(amountMinor) },
    { name: 'currency', value: booking.currency },
    { name: 'localId', value: booking.externalReference },
  ];
  // The gateway's own id of the payment: its answers must name it (issue 9 §3).
  const opened = await setRedirectBookingPage(caller.db, booking.id, {
    transactionUuid: page.transactionId,
    signature: { parameter: fields, value: page.url },
  });
  if (!opened) {
    throw refusal(gateway);
  }
  return redirectBookingView(opened);
}

/**
 * Settles a Genie or mobile-bill booking request from the gateway's own word (issue 9 §3): the
 * payment is read back from the gateway's API (a browser's query or a notification body is never
 * trusted), matched to the request (reference, transaction id, amount, currency) and, once final,
 * recorded and credited exactly once through the same path as the card gateway's answers.
 * @param deps - database, tenant, providers
 * @param booking - the booking request
 * @param source - the browser's return or the notification
 * @returns the outcome; 'open' while the gateway has no final state; 'unverified' when it did not answer
 */
export async function settleRedirectBooking(
  deps: PaymentsDeps,
  booking: BookingRequestRow,
  source: 'return' | 'notify',
): Promise<AnswerOutcome | AnswerRefusal | 'open' | 'unverified'> {
  const id = booking.transactionUuid;
  if (!id || (booking.paymentGatewayType !== GENIE_GATEWAY && booking.paymentGatewayType !== MOBILE_BILL_GATEWAY)) {
    return 'reference';
  }
  const http = deps.providers.gatewayHttp;
  // Read back from the merchant account of the booking's hospital, which created the payment.
  const gateways = gatewaysFor(deps.tenant, booking.organizationId);
  let answer: GatewayAnswer | null;
  if (booking.paymentGatewayType === GENIE_GATEWAY) {
    const transaction = await genie.fetchTransaction(http, gateways.genie, id);
    if (!transaction) {
      return unverified(deps, booking, source);
    }
    answer = genie.answerOf(transaction);
  } else {
    const charge = await mobileBill.fetchCharge(http, gateways.mobileBill, id);
    if (!charge) {
      return unverified(deps, booking, source);
    }
    answer = mobileBill.answerOf(charge);
  }
  if (!answer) {
    if (source === 'return') {
      await recordRedirectPending(deps, booking);
    }
    return 'open';
  }
  const matched = await matchAnswer(deps, answer, source, booking.paymentGatewayType);
  if (typeof matched === 'string') {
    return matched;
  }
  return applyGatewayAnswer(deps, matched, answer, source);
}

async function unverified(deps: PaymentsDeps, booking: BookingRequestRow, source: 'return' | 'notify'): Promise<'unverified'> {
  deps.log.warn({ bookingRequestId: booking.id, gateway: booking.paymentGatewayType, source }, 'the gateway payment could not be read back');
  if (source === 'return') {
    await recordRedirectPending(deps, booking);
  }
  return 'unverified';
}

/**
 * The browser is back from Genie or the carrier before the payment is final (or it could not be read
 * back): recorded as the card gateway's REVIEW is, 'Payment is pending' (spec doc 2 §8), so the
 * return page shows it pending, not failed. The request stays 'initiated' (it blocks its invoice for
 * a bounded time, payments.repo.ts REDIRECT_BLOCK_MINUTES) and the gateway's final answer replaces
 * the record (upsertPayment).
 * @param deps - database and tenant
 * @param booking - the Genie or mobile-bill request
 */
async function recordRedirectPending(deps: PaymentsDeps, booking: BookingRequestRow): Promise<void> {
  if (booking.status !== 'initiated' || !booking.transactionUuid) {
    return;
  }
  const transactionId = booking.transactionUuid;
  await deps.db.transaction(async (tx) => {
    await recordPayment(
      tx,
      deps,
      booking,
      {
        decision: 'REVIEW',
        reasonCode: '',
        message: PAYMENT_TEXTS.pending,
        referenceNumber: booking.externalReference,
        transactionUuid: transactionId,
        transactionId,
        amount: minorToDecimal(toMinor(booking.amount.toFixed(2))),
        currency: booking.currency,
        raw: {},
      },
      transactionId,
    );
  });
}

/**
 * The tenant's booking request of a Genie or mobile-bill payment named by our reference (the
 * browser's return) or by the gateway's own id (the notification), or null.
 * @param deps - database and tenant
 * @param gateway - genie or mobileBill
 * @param key - the reference or the gateway's transaction id
 */
export async function findRedirectBooking(
  deps: PaymentsDeps,
  gateway: RedirectGateway,
  key: { reference: string } | { transactionId: string },
): Promise<BookingRequestRow | null> {
  const booking =
    'reference' in key
      ? await findBookingRequestByReference(deps.db, deps.tenant.id, key.reference)
      : await findBookingRequestByGatewayTransaction(deps.db, deps.tenant.id, gateway, key.transactionId);
  return booking?.paymentGatewayType === gateway ? booking : null;
}

/**
 * The gateway settings an answer naming a booking request must be verified with (issue 9 §2): those
 * of the hospital of the tenant's booking request the (not yet verified) answer names, never another
 * hospital's. An answer naming no known request is checked with the tenant's own settings, and is
 * then refused as a payment of no request.
 * @param deps - database and tenant
 * @param key - our reference (card answers) or the gateway's transaction id (Genie, mobile bill)
 */
export async function answerGateways(
  deps: PaymentsDeps,
  key: { reference: string } | { gateway: RedirectGateway; transactionId: string },
): Promise<GatewaySettings> {
  let booking: BookingRequestRow | null = null;
  if ('reference' in key) {
    booking = key.reference && key.reference.length <= 200 ? await findBookingRequestByReference(deps.db, deps.tenant.id, key.reference) : null;
  } else if (key.transactionId && key.transactionId.length <= 200) {
    booking = await findRedirectBooking(deps, key.gateway, { transactionId: key.transactionId });
  }
  return gatewaysFor(deps.tenant, booking?.organizationId);
}

// ---- The gateway's answer: verified, recorded once, credited once (issue 9 §3) ----

/** Where a gateway answer came from. */
export type AnswerSource = 'return' | 'notify' | 'token';

/** Why an answer was refused: nothing was changed. */
export type AnswerRefusal = 'signature' | 'reference' | 'amount';

/** What became of a verified answer. */
export type AnswerOutcome = {
  booking: BookingRequestRow;
  decision: GatewayAnswer['decision'];
  /** credited: this answer credited the booking; the others changed no money. */
  outcome: 'credited' | 'failed' | 'pending' | 'duplicate' | 'reconcile';
  payment: PaymentRow | null;
};

/** The token is encrypted at rest with AES-256-GCM under a key derived from the app secret (HKDF). */
function tokenKey(appSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), 'careline payment token v1', 32));
}

/**
 * Encrypts a gateway payment token for the payment_methods table: 'v1.' + base64(iv | tag | data),
 * or with the merchant account it was saved through (issue 9 §2: a token is only valid at that
 * merchant) 'v2.' + the same over the JSON { merchantId, token }.
 * @param appSecret - providers.appSecret
 * @param token - the gateway's token
 * @param merchantId - the CyberSource merchant id of the hospital whose form saved the card
 */
export function sealPaymentToken(appSecret: Buffer, token: string, merchantId?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(appSecret), iv);
  const plain = merchantId === undefined ? token : JSON.stringify({ merchantId, token });
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${merchantId === undefined ? 'v1' : 'v2'}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

/**
 * Decrypts a saved card sealed by {@link sealPaymentToken}: the token and the merchant it was
 * saved through (null for a 'v1.' one, saved before hospitals had their own merchants); throws when
 * it was altered.
 * @param appSecret - providers.appSecret
 * @param sealed - the stored value
 */
export function openSavedCardToken(appSecret: Buffer, sealed: string): { token: string; merchantId: string | null } {
  const version = sealed.slice(0, 3);
  if (version !== 'v1.' && version !== 'v2.') {
    throw new Error('unknown payment token format');
  }
  const bytes = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', tokenKey(appSecret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  if (version === 'v1.') {
    return { token: plain, merchantId: null };
  }
  const parsed = JSON.parse(plain) as { merchantId?: unknown; token?: unknown };
  if (typeof parsed.merchantId !== 'string' || typeof parsed.token !== 'string') {
    throw new Error('unknown payment token format');
  }
  return { token: parsed.token, merchantId: parsed.merchantId };
}

/**
 * Decrypts a token sealed by {@link sealPaymentToken}; throws when it was altered.
 * @param appSecret - providers.appSecret
 * @param sealed - the stored value
 */
export function openPaymentToken(appSecret: Buffer, sealed: string): string {
  return openSavedCardToken(appSecret, sealed).token;
}

/**
 * The merchant a saved card's token belongs to: the one stored with it, or the tenant's own for a
 * card saved before hospitals had their own (the only merchant then). Null when unreadable.
 * @param deps - tenant and providers
 * @param sealed - the stored token
 */
function savedCardMerchant(deps: Pick<PaymentsDeps, 'tenant' | 'providers'>, sealed: string): string | null {
  try {
    return openSavedCardToken(deps.providers.appSecret, sealed).merchantId ?? deps.tenant.gateways.cyberSource.merchantId;
  } catch {
    return null;
  }
}

/** The card as payment history shows it: first 6 digits, the rest masked (spec doc 2 §5). */
function displayCard(masked: string | undefined): string | null {
  if (!masked) {
    return null;
  }
  const card = masked.replace(/[^0-9xX*]/g, '');
  // First 6 digits, then X (spec doc 2 §5). A number the gateway masked further ('xxxxxxxxxxxx1111')
  // is shown as received: a masked digit is never turned into a real-looking one.
  return /^\d{6}/.test(card) ? maskCardNumber(card.replace(/[xX*]/g, '0')) : card || null;
}

function answerMessage(answer: GatewayAnswer): string {
  if (answer.decision === 'ACCEPT') {
    return PAYMENT_TEXTS.success;
  }
  if (answer.decision === 'REVIEW') {
    return PAYMENT_TEXTS.pending;
  }
  return answer.message || PAYMENT_TEXTS.failed;
}

/**
 * Checks a verified answer against the booking request it names (issue 9 §3): the same tenant's
 * request by reference, the same transaction uuid (browser answers), amount and currency.
 * @param deps - the tenant the answer arrived for
 * @param answer - the answer, signature already verified
 * @param source - browser return, notification or token charge
 * @param gateway - the gateway the answer came from (default the card gateway)
 */
export async function matchAnswer(
  deps: PaymentsDeps,
  answer: GatewayAnswer,
  source: AnswerSource,
  gateway: string = CARD_GATEWAY,
): Promise<BookingRequestRow | AnswerRefusal> {
  const booking = await findBookingRequestByReference(deps.db, deps.tenant.id, answer.referenceNumber);
  if (!booking || booking.paymentGatewayType !== gateway) {
    return 'reference';
  }
  if (source !== 'token' && booking.transactionUuid !== answer.transactionUuid) {
    return 'reference';
  }
  let amountMinor: number | null;
  try {
    amountMinor = answer.amount ? toMinor(answer.amount) : null;
  } catch {
    amountMinor = null;
  }
  if (amountMinor !== toMinor(booking.amount.toFixed(2)) || answer.currency !== booking.currency) {
    return 'amount';
  }
  return booking;
}

/**
 * Records a matched gateway answer once and credits its booking request at most once (issue 9 §3):
 * one transaction records the gateway event (unique per tenant, gateway and transaction:decision,
 * so a replay or the other channel's twin changes nothing), then for ACCEPT completes the booking
 * request with a conditional update; only the call that completed it inserts the payment, marks the
 * invoice 'revenue_collected' and the appointment paid, earns loyalty points and saves the card. A
 * different ACCEPT for a completed request is kept for reconciliation, not credited. REVIEW leaves
 * the request pending; DECLINE, ERROR and CANCEL are recorded for history and leave it payable.
 * After commit the appointment's session, or the paid order (to its account's live topic), is
 * published so open screens refresh.
 * @param deps - database, tenant, providers and publish
 * @param booking - the booking request the answer matched
 * @param answer - the verified answer
 * @param source - browser return, notification or token charge
 */
export async function applyGatewayAnswer(
  deps: PaymentsDeps,
  booking: BookingRequestRow,
  answer: GatewayAnswer,
  source: AnswerSource,
): Promise<AnswerOutcome> {
  const transactionId = answer.transactionId || `uuid:${answer.transactionUuid || booking.externalReference}`;
  const eventKey = `${transactionId}:${answer.decision}`;
  const { payment_token: _token, ...fields } = answer.raw;
  const result = await deps.db.transaction(async (tx): Promise<AnswerOutcome & { sessionId: string | null; order?: OrderPaid | null }> => {
    const eventId = await insertGatewayEvent(tx, {
      tenantId: deps.tenant.id,
      gateway: booking.paymentGatewayType,
      eventKey,
      bookingRequestId: booking.id,
      transactionId,
      decision: answer.decision,
      source,
      fields,
    });
    if (!eventId) {
      if (source === 'return') {
        await markGatewayEventReturned(tx, { tenantId: deps.tenant.id, gateway: booking.paymentGatewayType, eventKey });
      }
      return { booking, decision: answer.decision, outcome: 'duplicate', payment: null, sessionId: null };
    }
    if (answer.decision === 'ACCEPT') {
      const completed = await completeBookingRequest(tx, booking.id, transactionId);
      if (!completed) {
        deps.log.warn(
          { bookingRequestId: booking.id, transactionId, source },
          'a second ACCEPT for a credited booking request: kept for reconciliation, not credited',
        );
        await setGatewayEventOutcome(tx, eventId, 'reconcile');
        return { booking, decision: answer.decision, outcome: 'reconcile', payment: null, sessionId: null };
      }
      const payment = await recordPayment(tx, deps, completed, answer, transactionId);
      const credit = await creditInvoice(tx, deps, completed, answer);
      if (credit !== 'invoice already paid' && credit.appointmentNotPayable) {
        // The appointment was cancelled (or entered in error) before the money came, or the order was
        // closed, paid otherwise or charged differently: the payment is recorded and the invoice paid,
        // but the appointment or order is not; the cashier refunds it (issue 9 §9).
        deps.log.warn(
          { bookingRequestId: booking.id, invoiceId: booking.invoiceId, transactionId, source },
          'an ACCEPT for an appointment or order that is no longer payable: kept for reconciliation',
        );
        await setGatewayEventOutcome(tx, eventId, 'reconcile');
        return { booking: completed, decision: answer.decision, outcome: 'reconcile', payment, sessionId: null };
      }
      if (credit === 'invoice already paid') {
        // Two attempts at one invoice both captured (two tabs): the money is recorded against this
        // request, but the invoice is not paid twice; the cashier refunds it (issue 9 §9).
        deps.log.warn(
          { bookingRequestId: booking.id, invoiceId: booking.invoiceId, transactionId, source },
          'an ACCEPT for an invoice paid by another booking request: kept for reconciliation',
        );
        await setGatewayEventOutcome(tx, eventId, 'reconcile');
        return { booking: completed, decision: answer.decision, outcome: 'reconcile', payment, sessionId: null };
      }
      await setGatewayEventOutcome(tx, eventId, 'credited');
      return {
        booking: completed,
        decision: answer.decision,
        outcome: 'credited',
        payment,
        sessionId: credit.sessionId,
        order: credit.order,
      };
    }
    if (answer.decision === 'CANCEL') {
      const current = await findBookingRequestByReference(tx, deps.tenant.id, booking.externalReference);
      if (current?.status === 'completed' && current.creditedTransactionId === transactionId) {
        // The credited payment was cancelled or voided at the gateway afterwards (Genie VOIDED): the
        // money may be gone while the appointment reads paid; the cashier reconciles it (issue 9 §9).
        deps.log.warn(
          { bookingRequestId: booking.id, transactionId, source },
          'a CANCEL or VOID for a credited payment: kept for reconciliation',
        );
        await setGatewayEventOutcome(tx, eventId, 'reconcile');
        return { booking: current, decision: answer.decision, outcome: 'reconcile', payment: null, sessionId: null };
      }
    }
    if (source === 'token' && outcomeUnknown(answer)) {
      // A quick-pay charge the gateway may or may not have made: no payment is recorded, the booking
      // request stays blocking (no second charge of the invoice) and the cashier reconciles it.
      deps.log.warn(
        { bookingRequestId: booking.id, reasonCode: answer.reasonCode },
        'a token charge with an unknown outcome: kept for reconciliation',
      );
      await setOpenBookingRequestStatus(tx, booking.id, 'unknown');
      await setGatewayEventOutcome(tx, eventId, 'reconcile');
      return { booking, decision: answer.decision, outcome: 'reconcile', payment: null, sessionId: null };
    }
    const pending = answer.decision === 'REVIEW';
    await setOpenBookingRequestStatus(tx, booking.id, pending ? 'pending' : 'failed');
    const payment = await recordPayment(tx, deps, booking, answer, transactionId);
    await setGatewayEventOutcome(tx, eventId, pending ? 'pending' : 'failed');
    return { booking, decision: answer.decision, outcome: pending ? 'pending' : 'failed', payment, sessionId: null };
  });
  if (result.sessionId) {
    try {
      await publishSessionChanged(deps.publish, deps.tenant.id, result.sessionId, 'appointments');
    } catch (error) {
      deps.log.warn({ err: error, sessionId: result.sessionId }, 'session change not published');
    }
  }
  if (result.order) {
    // spec doc 3 §4 Order payment: the patient's order view reads the order again, live.
    await publishOrderPaid(deps, result.order);
  }
  const { sessionId: _sessionId, order: _order, ...outcome } = result;
  return outcome;
}

async function recordPayment(
  tx: Tx,
  deps: PaymentsDeps,
  booking: BookingRequestRow,
  answer: GatewayAnswer,
  transactionId: string,
): Promise<PaymentRow | null> {
  const transactionDate = answer.authTime ? parseAuthTime(answer.authTime) : new Date();
  return upsertPayment(tx, {
    tenantId: deps.tenant.id,
    accountId: booking.accountId,
    patientId: booking.patientId,
    bookingRequestId: booking.id,
    invoiceId: booking.invoiceId,
    organizationId: booking.organizationId,
    requestReference: booking.requestReference,
    paymentGatewayType: booking.paymentGatewayType,
    status: answer.decision,
    amount: booking.amount,
    currency: booking.currency,
    message: answerMessage(answer),
    transactionReference: transactionId,
    transactionDate,
    response: {
      amount: minorToDecimal(toMinor(booking.amount.toFixed(2))),
      status: answer.decision,
      message: answerMessage(answer),
      additionalInfo: answer.message || null,
      reasonCode: answer.reasonCode,
      transactionReference: answer.transactionId || null,
      cardType: answer.cardType ?? null,
      cardNumber: displayCard(answer.maskedCardNumber),
      cardExpiry: answer.cardExpiry ?? null,
      firstName: answer.forename ?? null,
      lastName: answer.surname ?? null,
      paymentGatewayType: booking.paymentGatewayType,
    },
  });
}

/** CyberSource auth_time 'YYYY-MM-DDTHHmmssZ' (or ISO); now when unreadable. */
function parseAuthTime(text: string): Date {
  const compact = /^(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  const date = compact ? new Date(`${compact[1]}T${compact[2]}:${compact[3]}:${compact[4]}Z`) : new Date(text);
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/**
 * Whether a quick-pay (token) answer leaves the charge's outcome unknown: the gateway timed out, was
 * not reached or answered 5xx (ERROR reason 150 or 151, see cybersource.ts chargeToken), or its
 * answer did not match the request (rewritten to reason 150 by completeBooking).
 */
function outcomeUnknown(answer: GatewayAnswer): boolean {
  return answer.decision === 'ERROR' && (answer.reasonCode === '150' || answer.reasonCode === '151');
}

/**
 * The money side of a credited ACCEPT: invoice paid, appointment paid (while still booked, arrived
 * or fulfilled) or order paid (orders.payment.ts markOrderPaid), loyalty, saved card. Locks the appointment before the invoice, as the cashier's desk
 * does, so the two never deadlock on PostgreSQL.
 */
async function creditInvoice(
  tx: Tx,
  deps: PaymentsDeps,
  booking: BookingRequestRow,
  answer: GatewayAnswer,
): Promise<{ sessionId: string | null; appointmentNotPayable: boolean; order: OrderPaid | null } | 'invoice already paid'> {
  const actor = { kind: 'patient' as const, accountId: booking.accountId };
  let sessionId: string | null = null;
  let appointmentNotPayable = false;
  let order: OrderPaid | null = null;
  const invoice = booking.invoiceId ? await findInvoice(tx, deps.tenant.id, booking.invoiceId) : null;
  if (invoice) {
    if (invoice.appointmentId) {
      await lockAppointment(tx, deps.tenant.id, invoice.appointmentId);
    }
    if (invoice.serviceRequestId) {
      await lockOrderForPayment(tx, deps.tenant.id, invoice.serviceRequestId);
    }
    if (!(await markInvoicePaid(tx, invoice.id, booking.id))) {
      return 'invoice already paid';
    }
    if (invoice.serviceRequestId) {
      // spec doc 3 §4 Order payment: the order reads paid, with a line in its history, only for the
      // charge as it stands (a payment of a superseded amount never gets here: its invoice is closed).
      const paid = await markOrderPaid(tx, {
        tenantId: deps.tenant.id,
        serviceRequestId: invoice.serviceRequestId,
        amountMinor: toMinor(booking.amount.toFixed(2)),
        method: orderMethodOfGateway(booking.paymentGatewayType),
        actor: { kind: 'system' },
        actorReference: 'System',
        reason: `${booking.paymentGatewayType} ${answer.transactionId || booking.externalReference}`.slice(0, 200),
      });
      if ('refused' in paid) {
        deps.log.warn({ bookingRequestId: booking.id, serviceRequestId: invoice.serviceRequestId, refused: paid.refused }, 'order not marked paid');
        appointmentNotPayable = true;
      } else {
        order = paid;
      }
    }
    const paid = invoice.appointmentId ? await markAppointmentPaid(tx, deps.tenant.id, invoice.appointmentId) : null;
    if (invoice.appointmentId && !paid) {
      appointmentNotPayable = true;
    } else if (invoice.appointmentId && paid) {
      sessionId = paid.sessionId;
      await earnVisitPoints(tx, {
        tenantId: deps.tenant.id,
        appointmentId: invoice.appointmentId,
        actor,
        correlationId: deps.correlationId,
        settings: deps.tenant.publicConfig.loyalty,
      });
    }
  }
  let paymentMethodId: string | null = null;
  if (booking.savePaymentMethod && answer.paymentToken) {
    const method = await insertPaymentMethod(tx, {
      tenantId: deps.tenant.id,
      accountId: booking.accountId,
      type: 'card',
      cardType: answer.cardType ?? null,
      cardNumber: displayCard(answer.maskedCardNumber),
      cardExpiry: answer.cardExpiry ?? null,
      // Saved with the merchant of the booking's hospital: its token is charged only there.
      gatewayToken: sealPaymentToken(
        deps.providers.appSecret,
        answer.paymentToken,
        gatewaysFor(deps.tenant, booking.organizationId).cyberSource.merchantId,
      ),
      gateway: CARD_GATEWAY,
    });
    paymentMethodId = method.id;
  }
  await recordAudit(tx, {
    tenantId: deps.tenant.id,
    actor,
    action: 'payment.credit',
    correlationId: deps.correlationId,
    patientId: booking.patientId,
    organizationId: booking.organizationId,
    details: {
      bookingRequestId: booking.id,
      invoiceId: booking.invoiceId,
      serviceRequestId: invoice?.serviceRequestId ?? null,
      transactionId: answer.transactionId,
      amount: minorToDecimal(toMinor(booking.amount.toFixed(2))),
      currency: booking.currency,
      paymentMethodId,
    },
  });
  return { sessionId, appointmentNotPayable, order };
}

/**
 * Quick pay of an open invoice of the account with a saved card (spec doc 2 §7 completeBooking):
 * a booking request per idempotency key, the card's token charged through the gateway's REST API,
 * and the answer credited through the same exactly-once path as the hosted form's.
 * @param caller - tenant, signed-in account
 * @param input - invoice id, gateway, payment method (default: the account's default), key
 */
export async function completeBooking(caller: PaymentsCaller, input: CompleteBookingInput): Promise<CompletedBookingView> {
  requireCardGateway(caller.tenant, input.paymentGatewayType);
  const methodId = input.paymentMethodId ?? (await findAccount(caller.db, owner(caller)))?.defaultPaymentMethodId ?? null;
  if (!methodId) {
    throw new AppError('ARO-E5014');
  }
  if (!UUID.test(methodId)) {
    throw notFound();
  }
  const method = await findOwnedPaymentMethod(caller.db, owner(caller), methodId);
  if (!method?.gatewayToken) {
    throw notFound();
  }
  const { idempotencyKey, ...request } = input;
  const replayed = await runOnce(
    caller.db,
    { tenantId: caller.tenant.id, accountId: caller.accountId, key: idempotencyKey },
    'completeBooking',
    request,
    async (tx) => {
      const invoice = await payableInvoice(tx, caller, input.invoiceId, CARD_GATEWAY);
      // issue 9 §2: a token is valid only at the merchant it was saved through; a card saved at a
      // hospital with another merchant account is refused before anything is recorded or charged.
      const merchant = savedCardMerchant(caller, method.gatewayToken ?? '');
      if (merchant !== null && merchant !== gatewaysFor(caller.tenant, invoice.organizationId).cyberSource.merchantId) {
        throw new AppError('ARO-E5029');
      }
      const booking = await insertBookingRequest(tx, {
        tenantId: caller.tenant.id,
        accountId: caller.accountId,
        patientId: invoice.patientId,
        invoiceId: invoice.id,
        organizationId: invoice.organizationId,
        requestReference: invoice.requestReference,
        paymentGatewayType: CARD_GATEWAY,
        paymentMethodId: method.id,
        amount: invoice.totalAmount,
        currency: invoice.currency,
        externalReference: randomUUID(),
        status: 'charging',
      });
      return { bookingRequestId: booking.id, externalReference: booking.externalReference };
    },
  );
  const booking = await findBookingRequestByReference(caller.db, caller.tenant.id, replayed.externalReference);
  if (!booking) {
    throw notFound();
  }
  const answerView = async (): Promise<CompletedBookingView> => {
    const [record] = await listOwnedPayments(caller.db, owner(caller), {
      paymentId: null,
      bookingId: booking.id,
      requestReference: null,
      limit: 1,
    });
    const payment = record?.payment ?? null;
    const invoice = booking.invoiceId ? await findInvoice(caller.db, caller.tenant.id, booking.invoiceId) : null;
    const now = await findBookingRequestByReference(caller.db, caller.tenant.id, booking.externalReference);
    if (now?.status === 'authenticating' && !payment) {
      return {
        id: null,
        bookingId: booking.id,
        requestReference: booking.requestReference,
        sessionId: invoice?.sessionId ?? null,
        status: 'authenticating',
        message: null,
        paymentMethodId: method.id,
      };
    }
    // REVIEW, an unknown outcome, or a charge still in flight: not failed, the invoice stays blocked.
    const blocking = now !== null && BLOCKING_BOOKING_STATUSES.some((status) => status === now.status);
    const pending = payment?.status !== 'ACCEPT' && (payment?.status === 'REVIEW' || blocking);
    return {
      id: payment?.id ?? null,
      bookingId: booking.id,
      requestReference: booking.requestReference,
      sessionId: invoice?.sessionId ?? null,
      status: payment?.status === 'ACCEPT' ? 'completed' : pending ? 'pending' : 'failed',
      message: pending ? PAYMENT_TEXTS.pending : (payment?.message ?? PAYMENT_TEXTS.unableToProcess),
      paymentMethodId: method.id,
    };
  };
  // Only the call that marks the request as sent charges the card; a twin (same key) waits for
  // its outcome instead of charging again.
  const claimed = booking.status === 'charging' && (await claimTokenCharge(caller.db, booking.id, randomUUID()));
  if (!claimed) {
    for (let waited = 0; waited < CHARGE_WAIT_MS; waited += CHARGE_POLL_MS) {
      const now = await findBookingRequestByReference(caller.db, caller.tenant.id, booking.externalReference);
      if (now?.status !== 'charging') {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, CHARGE_POLL_MS));
    }
    return answerView();
  }
  // 3-D Secure is asked for with the charge (the bank decides whether to challenge); without the
  // request's origin there is no page to come back to, and the charge goes without it.
  await chargeSavedCard(
    caller,
    booking,
    method.gatewayToken,
    caller.origin ? { action: 'enroll', returnUrl: `${caller.origin}${AUTHENTICATED_PATH}` } : undefined,
  );
  return answerView();
}

/**
 * Charges a saved card's token for a claimed quick-pay request and credits the answer through the
 * exactly-once path. When the bank asks for 3-D Secure on enrolment the request becomes
 * 'authenticating' with the step-up, and nothing is charged or recorded.
 * @param deps - database, tenant, providers
 * @param booking - the booking request, status 'charging' and claimed by this call
 * @param sealedToken - the card's stored (encrypted) token
 * @param payerAuthentication - enrol in 3-D Secure, or authorise after the step-up
 */
async function chargeSavedCard(
  deps: PaymentsDeps,
  booking: BookingRequestRow,
  sealedToken: string | null,
  payerAuthentication: PayerAuthentication | undefined,
): Promise<GatewayAnswer> {
  // The hospital of the original booking: its merchant charges the token (issue 9 §2).
  const settings = gatewaysFor(deps.tenant, booking.organizationId).cyberSource;
  let paymentToken: string | null = null;
  try {
    const saved = sealedToken === null ? null : openSavedCardToken(deps.providers.appSecret, sealedToken);
    const merchant = saved ? (saved.merchantId ?? deps.tenant.gateways.cyberSource.merchantId) : null;
    if (saved && merchant !== settings.merchantId) {
      // Never sent through another merchant (completeBooking refuses this first: ARO-E5029).
      throw new Error('saved card belongs to another merchant');
    }
    paymentToken = saved?.token ?? null;
  } catch (error) {
    deps.log.error({ err: error, bookingRequestId: booking.id }, 'saved card token unreadable: not charged');
  }
  let answer: GatewayAnswer;
  try {
    if (paymentToken === null) {
      // Nothing was sent to the gateway: a plain failure, not an unknown outcome.
      throw new TokenUnreadable();
    }
    answer = await cyberSource.chargeToken(deps.providers.gatewayHttp, settings, {
      referenceNumber: booking.externalReference,
      amount: minorToDecimal(toMinor(booking.amount.toFixed(2))),
      currency: booking.currency,
      paymentToken,
      ...(payerAuthentication ? { payerAuthentication } : {}),
    });
  } catch (error) {
    if (!(error instanceof TokenUnreadable)) {
      deps.log.error({ err: error, bookingRequestId: booking.id }, 'token charge failed');
    }
    answer = {
      decision: 'ERROR',
      // 150: the charge may have happened (kept for the cashier); 102: it was never sent.
      reasonCode: error instanceof TokenUnreadable ? '102' : '150',
      message: PAYMENT_TEXTS.unknownError,
      referenceNumber: booking.externalReference,
      transactionUuid: '',
      transactionId: '',
      amount: minorToDecimal(toMinor(booking.amount.toFixed(2))),
      currency: booking.currency,
      raw: {},
    };
  }
  if (answer.stepUp && !isAllowedStepUp(answer.stepUp.url, settings.stepUpOrigins)) {
    // The page's CSP would block the form to it, and we do not send a patient to an unknown host.
    deps.log.error({ bookingRequestId: booking.id, stepUpUrl: answer.stepUp.url }, 'step-up page not on an allowed origin');
    answer = { ...answer, stepUp: undefined, decision: 'DECLINE', reasonCode: '476', message: PAYMENT_TEXTS.failed };
  }
  if (answer.stepUp) {
    if (payerAuthentication?.action === 'enroll') {
      await setBookingAuthenticating(deps.db, booking.id, {
        authenticationTransactionId: answer.stepUp.authenticationTransactionId,
        stepUpUrl: answer.stepUp.url,
        accessToken: answer.stepUp.accessToken,
        expiresAt: new Date(Date.now() + STEP_UP_TTL_MS).toISOString(),
      });
      return answer;
    }
    // A second step-up after the first was passed: nothing was authorised, the payment failed.
    answer = { ...answer, stepUp: undefined, decision: 'DECLINE', reasonCode: '476', message: PAYMENT_TEXTS.failed };
  }
  const matched = await matchAnswer(deps, answer, 'token');
  if (typeof matched === 'string') {
    deps.log.error({ bookingRequestId: booking.id, refusal: matched }, 'token charge answer does not match its request');
    // The charge's outcome is unknown (it may have been captured for another amount): reason 150.
    answer = { ...answer, decision: 'ERROR', reasonCode: '150', transactionId: '', message: PAYMENT_TEXTS.unknownError };
  }
  await applyGatewayAnswer(deps, booking, answer, 'token');
  return answer;
}

/**
 * Whether a 3-D Secure step-up page may be opened: our own (a same-origin path: the sandbox) or on
 * one of the tenant's step-up origins, which the page's CSP form-action lists.
 * @param url - the step-up page the gateway answered
 * @param origins - the tenant's cyberSource.stepUpOrigins
 */
export function isAllowedStepUp(url: string, origins: readonly string[]): boolean {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
    return true;
  }
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && origins.includes(parsed.origin);
  } catch {
    return false;
  }
}

/** What authenticatePaymentGateway answers (spec doc 2 §7): the bank's page, as HTML or a URL. */
export type PaymentAuthenticationView = {
  authentication: { redirectHtml?: string; redirectUrl?: string };
};

/**
 * The bank's 3-D Secure step-up of a quick pay waiting for it (spec doc 2 §7
 * authenticatePaymentGateway): an HTML form that posts the access token to the bank's page. The
 * bank sends the browser back to /payments/cybersource/authenticated, which authorises the charge
 * once and redirects to successUrl or failureUrl with paymentStatus and bookingId.
 * @param caller - tenant, signed-in account
 * @param input - the booking request (completeBooking's bookingId) and the same-origin return paths
 */
export async function authenticatePaymentGateway(
  caller: PaymentsCaller,
  input: { bookingId: string; successUrl: string | null; failureUrl: string | null },
): Promise<PaymentAuthenticationView> {
  if (!UUID.test(input.bookingId)) {
    throw notFound();
  }
  const successUrl = input.successUrl ?? DEFAULT_AUTHENTICATED_PATH;
  const failureUrl = input.failureUrl ?? input.successUrl ?? DEFAULT_AUTHENTICATED_PATH;
  if (!isSameOriginPath(successUrl) || !isSameOriginPath(failureUrl)) {
    throw new AppError('ARO-E5009');
  }
  const booking = await findOwnedBookingRequest(caller.db, owner(caller), input.bookingId);
  if (!booking) {
    throw notFound();
  }
  const authentication = booking.authentication;
  if (booking.status !== 'authenticating' || !authentication) {
    throw new AppError('ARO-E5018');
  }
  if (Date.parse(authentication.expiresAt) <= Date.now()) {
    throw new AppError('ARO-E5019');
  }
  await setBookingReturnPaths(caller.db, booking.id, { successUrl, failureUrl });
  return {
    authentication: {
      redirectHtml: cyberSource.stepUpHtml(
        {
          url: authentication.stepUpUrl,
          accessToken: authentication.accessToken,
          authenticationTransactionId: authentication.authenticationTransactionId,
        },
        booking.externalReference,
      ),
    },
  };
}

/**
 * The bank's answer to a 3-D Secure step-up (POST /payments/cybersource/authenticated, MD and
 * TransactionId): the one call that claims the authenticating request authorises the charge
 * through the gateway (which refuses an authentication that did not pass) and credits it exactly
 * once; a replay changes nothing and answers the outcome as it stands.
 * @param deps - database, tenant, providers
 * @param reference - MD: the request's external reference
 * @param authenticationTransactionId - the step-up's transaction id
 */
export async function completePayerAuthentication(
  deps: PaymentsDeps,
  reference: string,
  authenticationTransactionId: string,
): Promise<{ booking: BookingRequestRow; accepted: boolean } | 'reference'> {
  const booking = await findBookingRequestByReference(deps.db, deps.tenant.id, reference);
  if (
    !booking ||
    booking.paymentGatewayType !== CARD_GATEWAY ||
    booking.authentication?.authenticationTransactionId !== authenticationTransactionId
  ) {
    return 'reference';
  }
  const claimed = await claimAuthenticatedCharge(deps.db, booking.id, authenticationTransactionId);
  if (!claimed) {
    // A twin return (a double submit of the bank's page) while the first is authorising: wait for its
    // outcome, as a twin quick pay does, instead of answering Failure for a charge that may succeed.
    let now = await findBookingRequestByReference(deps.db, deps.tenant.id, reference);
    for (let waited = 0; now?.status === 'charging' && waited < CHARGE_WAIT_MS; waited += CHARGE_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, CHARGE_POLL_MS));
      now = await findBookingRequestByReference(deps.db, deps.tenant.id, reference);
    }
    return { booking: now ?? booking, accepted: now?.status === 'completed' };
  }
  const method = claimed.paymentMethodId
    ? await findOwnedPaymentMethod(deps.db, { tenantId: deps.tenant.id, accountId: claimed.accountId }, claimed.paymentMethodId)
    : null;
  const answer = await chargeSavedCard(deps, claimed, method?.gatewayToken ?? null, {
    action: 'validate',
    authenticationTransactionId,
  });
  return { booking: claimed, accepted: answer.decision === 'ACCEPT' };
}

/** The saved card's token could not be decrypted: nothing was sent to the gateway. */
class TokenUnreadable extends Error {}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The account's payments, newest first, with the gateway's response and, for a successful one,
 * the paid invoice (spec doc 2 §7 queryPaymentGatewayCallback: my payments; §2 payment history).
 * Another account's payment, booking or reference answers like an unknown one: [].
 * @param caller - tenant and signed-in account
 * @param filter - optional paymentId, bookingId, requestReference; limit (at most {@link PAYMENT_RECORDS_MAX})
 */
export async function queryPaymentRecords(
  caller: PaymentsCaller,
  filter: { paymentId: string | null; bookingId: string | null; requestReference: string | null; limit: number },
): Promise<PaymentRecordView[]> {
  const limit = Math.max(0, Math.min(Math.trunc(filter.limit), PAYMENT_RECORDS_MAX));
  if (
    limit === 0 ||
    (filter.paymentId !== null && !UUID.test(filter.paymentId)) ||
    (filter.bookingId !== null && !UUID.test(filter.bookingId))
  ) {
    return [];
  }
  const rows = await listOwnedPayments(caller.db, owner(caller), { ...filter, limit });
  return rows.map(({ payment, organizationName, invoice }) => {
    const response = payment.response;
    return {
      id: payment.id,
      bookingId: payment.bookingRequestId,
      requestReference: payment.requestReference,
      organizationId: payment.organizationId,
      organizationName,
      patientId: payment.patientId,
      createdTime: payment.createdAt,
      response: {
        amount: minorToDecimal(toMinor(payment.amount.toFixed(2))),
        status: payment.status,
        message: payment.message,
        additionalInfo: text(response.additionalInfo),
        reasonCode: text(response.reasonCode),
        transactionDate: payment.transactionDate,
        transactionReference: text(response.transactionReference),
        cardType: text(response.cardType),
        cardNumber: text(response.cardNumber),
        cardExpiry: text(response.cardExpiry),
        firstName: text(response.firstName),
        lastName: text(response.lastName),
        paymentGatewayType: payment.paymentGatewayType,
      },
      invoice: payment.status === 'ACCEPT' && invoice ? invoiceView(invoice) : null,
    };
  });
}

/**
 * The active charging schemes of a hospital of the caller's tenant (spec doc 2 §7 queryChargingScheme).
 * @param caller - tenant
 * @param organizationId - the hospital; unknown or another tenant's gives []
 */
export async function queryChargingSchemes(caller: PaymentsCaller, organizationId: string): Promise<ChargingSchemeView[]> {
  if (!UUID.test(organizationId)) {
    return [];
  }
  const schemes = await listActiveChargingSchemes(caller.db, caller.tenant.id, organizationId);
  return schemes.map((scheme) => ({
    id: scheme.id,
    name: scheme.name,
    status: scheme.status,
    organizationId: scheme.organizationId,
    currency: scheme.currency || caller.tenant.publicConfig.currency,
    items: scheme.items.map((item) => ({
      category: item.category,
      description: item.description,
      amount: item.amount < 0 ? `-${decimal(-item.amount)}` : decimal(item.amount),
    })),
  }));
}
