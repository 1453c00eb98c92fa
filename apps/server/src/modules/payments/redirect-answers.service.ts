import { minorToDecimal, PAYMENT_TEXTS, toMinor } from '@careline/domain/payments';
import type { GatewayAnswer } from '../../providers/payment-gateways/gateway.ts';
import { genie } from '../../providers/payment-gateways/genie.ts';
import { mobileBill } from '../../providers/payment-gateways/mobile-bill.ts';
import { gatewaysFor } from '../tenants/index.ts';
import type { GatewaySettings } from '../tenants/index.ts';
import { findBookingRequestByGatewayTransaction, findBookingRequestByReference } from './booking-requests.repo.ts';
import type { BookingRequestRow } from './payments.repo.ts';
import {
  applyGatewayAnswer,
  matchAnswer,
  recordPayment,
  type AnswerOutcome,
  type AnswerRefusal,
} from './gateway-answers.service.ts';
import { GENIE_GATEWAY, MOBILE_BILL_GATEWAY, type PaymentsDeps, type RedirectGateway } from './payments.context.ts';

/*
 * The answers of the gateways whose page the browser opens (Genie, mobile bill), read back from the
 * gateway's API, and which merchant settings an answer is verified with (issue 9 §2, §3).
 */

/**
 * Settles a Genie or mobile-bill booking request from the gateway's own word (issue 9 §3): the
 * payment is read back from the gateway's API (a browser's query or a notification body is never
 * trusted), matched to the request (reference, transaction id, amount, currency) and, once final,
 * recorded and credited exactly once through the same path as the card gateway's answers.
 * @param deps - database, tenant, providers
 * @param booking - the booking request
 * @param source - the browser's return, the notification, or our own query before the patient pays
 *   again (issue 29 §2; like a notification, it records nothing while the payment is open)
 * @returns the outcome; 'open' while the gateway has no final state; 'unverified' when it did not answer
 */
export async function settleRedirectBooking(
  deps: PaymentsDeps,
  booking: BookingRequestRow,
  source: 'return' | 'notify' | 'query',
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

async function unverified(deps: PaymentsDeps, booking: BookingRequestRow, source: 'return' | 'notify' | 'query'): Promise<'unverified'> {
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
