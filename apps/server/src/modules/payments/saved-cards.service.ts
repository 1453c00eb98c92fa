import { randomUUID } from 'node:crypto';
import { AppError } from '@careline/domain/errors';
import { minorToDecimal, PAYMENT_TEXTS, toMinor } from '@careline/domain/payments';
import type { GatewayAnswer } from '../../providers/payment-gateways/gateway.ts';
import { cyberSource, type PayerAuthentication } from '../../providers/payment-gateways/cybersource.ts';
import { runOnce } from '../idempotency/index.ts';
import { gatewaysFor } from '../tenants/index.ts';
import {
  claimTokenCharge,
  findBookingRequestByReference,
  insertBookingRequest,
  setBookingAuthenticating,
  BLOCKING_BOOKING_STATUSES,
} from './booking-requests.repo.ts';
import { findAccount, findInvoice, findOwnedPaymentMethod, listOwnedPayments, type BookingRequestRow } from './payments.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { openSavedCardToken } from '../../providers/card-tokens/card-tokens.ts';
import { notFound } from '../staff/index.ts';
import { applyGatewayAnswer, matchAnswer } from './gateway-answers.service.ts';
import { payableInvoice, requireCardGateway } from './payable-invoice.ts';
import { releaseUnansweredPayment } from './payment-release.service.ts';
import {
  AUTHENTICATED_PATH,
  CARD_GATEWAY,
  CHARGE_POLL_MS,
  CHARGE_WAIT_MS,
  owner,
  type PaymentsCaller,
  type PaymentsDeps,
} from './payments.context.ts';

/*
 * Quick pay with a saved card (spec doc 2 §7 completeBooking): the card's token charged through the
 * gateway's REST API, with 3-D Secure asked for on enrolment (payer-authentication.service.ts).
 */

/** How long the cardholder has for the bank's step-up (the sandbox's challenge lives as long). */
const STEP_UP_TTL_MS = 15 * 60_000;

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

/** What completeBooking is asked for (spec doc 2 §7 completeBooking). */
export type CompleteBookingInput = {
  invoiceId: string;
  paymentGatewayType: string;
  paymentMethodId: string | null;
  idempotencyKey: string | null;
};

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

/**
 * Quick pay of an open invoice of the account with a saved card (spec doc 2 §7 completeBooking):
 * a booking request per idempotency key, the card's token charged through the gateway's REST API,
 * and the answer credited through the same exactly-once path as the hosted form's. An earlier
 * attempt whose answer never came back is asked at its gateway first (releaseUnansweredPayment).
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
  // issue 29 §2: an earlier attempt left at the bank's step-up is asked at the gateway first.
  await releaseUnansweredPayment(caller, input.invoiceId, idempotencyKey);
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
export async function chargeSavedCard(
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

/** The saved card's token could not be decrypted: nothing was sent to the gateway. */
class TokenUnreadable extends Error {}
