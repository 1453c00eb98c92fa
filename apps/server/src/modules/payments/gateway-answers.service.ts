import { maskCardNumber, minorToDecimal, PAYMENT_TEXTS, toMinor } from '@careline/domain/payments';
import type { Tx } from '../../db/client.ts';
import type { GatewayAnswer } from '../../providers/payment-gateways/gateway.ts';
import { recordAudit } from '../audit/index.ts';
import { publishSessionChanged } from '../consultations/index.ts';
import { earnVisitPoints } from '../loyalty/index.ts';
import { gatewaysFor } from '../tenants/index.ts';
import { completeBookingRequest, findBookingRequestByReference, setOpenBookingRequestStatus } from './booking-requests.repo.ts';
import {
  findInvoice,
  insertPaymentMethod,
  lockAppointment,
  markAppointmentPaid,
  markInvoicePaid,
  upsertPayment,
  type BookingRequestRow,
  type PaymentRow,
} from './payments.repo.ts';
import { insertGatewayEvent, markGatewayEventReturned, setGatewayEventOutcome } from './gateway-events.repo.ts';
import { orderPaymentPort, type OrderPaid } from './order-payment-port.ts';
import { orderMethodOfGateway, publishOrderPaid } from './order-payments.service.ts';
import { sealPaymentToken } from '../../providers/card-tokens/card-tokens.ts';
import { DUPLICATE_REQUEST_REASON } from '../../providers/payment-gateways/cybersource.ts';
import { CARD_GATEWAY, type PaymentsDeps } from './payments.context.ts';

// ---- The gateway's answer: verified, recorded once, credited once (issue 9 §3) ----

/**
 * Where a gateway answer came from: the browser's return, the merchant notification, a token charge,
 * or our query of the gateway when the patient pays again without an answer (issue 29 §2).
 */
export type AnswerSource = 'return' | 'notify' | 'token' | 'query';

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
 * the request pending; DECLINE, ERROR and CANCEL are recorded for history and leave it payable. A
 * refusal of a resubmitted request (reason 104) changes nothing: the request's first submission decides.
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
    if (answer.decision !== 'ACCEPT' && answer.reasonCode === DUPLICATE_REQUEST_REASON) {
      // issue 29 §2: the gateway refused a second submission of this request (a resubmitted form):
      // it charged nothing and says nothing of the first submission, whose own answer decides.
      await setGatewayEventOutcome(tx, eventId, 'duplicate');
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

/**
 * Records (or replaces) the payment of a booking request from a gateway answer, in the caller's
 * transaction, with the response fields payment history shows.
 * @param tx - the transaction
 * @param deps - tenant
 * @param booking - the booking request
 * @param answer - the answer
 * @param transactionId - the gateway's transaction id (or our stand-in)
 */
export async function recordPayment(
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
 * or fulfilled) or order paid (the order payment port's markOrderPaid), loyalty, saved card. Locks the appointment before the invoice, as the cashier's desk
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
      await orderPaymentPort().lockOrderForPayment(tx, deps.tenant.id, invoice.serviceRequestId);
    }
    if (!(await markInvoicePaid(tx, invoice.id, booking.id))) {
      return 'invoice already paid';
    }
    if (invoice.serviceRequestId) {
      // spec doc 3 §4 Order payment: the order reads paid, with a line in its history, only for the
      // charge as it stands (a payment of a superseded amount never gets here: its invoice is closed).
      const paid = await orderPaymentPort().markOrderPaid(tx, {
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
