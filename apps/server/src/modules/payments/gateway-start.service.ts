import { randomUUID } from 'node:crypto';
import { AppError } from '@careline/domain/errors';
import { minorToDecimal, payerNames, toMinor } from '@careline/domain/payments';
import type { Tx } from '../../db/client.ts';
import { cyberSource } from '../../providers/payment-gateways/cybersource.ts';
import { genie } from '../../providers/payment-gateways/genie.ts';
import { mobileBill } from '../../providers/payment-gateways/mobile-bill.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteIdempotencyKey } from '../idempotency/index.ts';
import { runOnce } from '../idempotency/index.ts';
import { gatewaysFor } from '../tenants/index.ts';
import { notFound } from '../staff/index.ts';
import {
  claimTokenCharge,
  findBookingRequestByReference,
  insertBookingRequest,
  setOpenBookingRequestStatus,
  setRedirectBookingPage,
} from './booking-requests.repo.ts';
import { findAccount, findOwnedPatientNames, type BookingRequestRow, type InvoiceRow } from './payments.repo.ts';
import { isSameOriginPath, payableInvoice, requireOnlineGateway } from './payable-invoice.ts';
import { releaseUnansweredPayment } from './payment-release.service.ts';
import {
  CARD_GATEWAY,
  CHARGE_POLL_MS,
  CHARGE_WAIT_MS,
  GENIE_GATEWAY,
  GENIE_NOTIFY_PATH,
  GENIE_RETURN_PATH,
  MOBILE_BILL_GATEWAY,
  MOBILE_BILL_NOTIFY_PATH,
  MOBILE_BILL_RETURN_PATH,
  NOTIFY_PATH,
  RETURN_PATH,
  owner,
  type PaymentsCaller,
  type RedirectGateway,
} from './payments.context.ts';

/*
 * Starting a payment at a gateway (spec doc 2 §7 initiateBooking, issue 9 §3): the card gateway's
 * signed form, or a Genie or mobile-bill payment created server to server and opened in the browser.
 */

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

/** 'YYYY-MM-DDTHH:mm:ssZ' as CyberSource signs it. */
const signedDateTime = (now: Date): string => now.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Starts paying an open invoice of the account through the card gateway (spec doc 2 §7
 * initiateBooking, issue 9 §3): checks the tenant's payment flags and the return paths, creates a
 * booking request with a fresh reference and transaction uuid, and answers the signed fields the
 * browser posts to formUrl together with the unsigned card fields. With an idempotency key a
 * double tap gives one booking request. An earlier attempt whose answer never came back is asked at
 * its gateway first and released when nothing was captured (releaseUnansweredPayment).
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
  // issue 29 §2: an earlier attempt left without an answer is asked at its gateway first.
  await releaseUnansweredPayment(caller, input.invoiceId, idempotencyKey);
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
