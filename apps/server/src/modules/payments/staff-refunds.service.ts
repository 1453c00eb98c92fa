import { AppError } from '@careline/domain/errors';
import { VISIT_EARN_REASON } from '@careline/domain/loyalty';
import { refundableMinor, type InvoiceLine } from '@careline/domain/payments';
import type { Tx } from '../../db/client.ts';
import type { InvoiceItem } from '../../db/schema/index.ts';
import { cyberSource } from '../../providers/payment-gateways/cybersource.ts';
import type { HttpRequester } from '../../providers/payment-gateways/gateway.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import { addLoyaltyPoints, lockPatientLoyalty } from '../loyalty/index.ts';
import { hospitalScope, requireId, staffActor } from '../staff/index.ts';
import {
  claimPaymentRefund,
  findAppointmentPayment,
  findHospitalRefundRequest,
  findRequestRefund,
  findVisitLoyalty,
  insertPaymentRefund,
  listHospitalRefundRequests,
  listPaymentRefunds,
  listRequestRefunds,
  lockPayment,
  moveRefundRequest,
  setAppointmentRefundStatus,
  settlePaymentRefund,
  VISIT_REFUND_REASON,
  type HospitalRefundRequest,
  type PaymentRefundRow,
  type RefundRequestRow,
  type RefundSettlement,
} from './staff-refunds.repo.ts';
import {
  CARD_GATEWAY,
  IN_DOUBT,
  cleanRemarks,
  decimalOf,
  major,
  minorOf,
  publishAfterCommit,
  type StaffPaymentsDeps,
} from './staff-payments.context.ts';

/*
 * Refund decisions of the hospital (issue 9 §8 Refunds carried out, §10 loyalty): collect at the
 * hospital, back to the card through the gateway, or reject.
 *
 * A refund to the card, step by step:
 *   1. one transaction moves the request requested → approved (conditional: a double approval, even
 *      concurrent, passes once) and records the amount in the payment_refunds ledger under the
 *      payment row's lock, so a payment's refunds never add up to more than it captured;
 *   2. outside any transaction, the one caller that claims the ledger row (pending|failed → sending)
 *      asks the gateway (cyberSource.refund through providers.gatewayHttp);
 *   3. the answer is recorded: refunded → the request and the appointment end 'refunded' and the
 *      visit's loyalty points are taken back in proportion to the refunded share; a definite refusal
 *      (the gateway answered 4xx, or the request was never sent) → the ledger row is 'failed' with the
 *      gateway's message and the request stays 'approved' ("approved with error"): Refund to card
 *      again retries it with the same amount; no clear answer (a timeout, a transport error, a 5xx, a
 *      2xx that is not an accepted refund) → the row is 'unknown': the gateway may have refunded, so
 *      it is never sent again (neither by Refund to card nor by replaying the idempotency key); the
 *      request stays 'approved' with a message to check the outcome with the gateway. A crash
 *      between 2 and 3 leaves the row 'sending', likewise never retried automatically.
 */

/** A refund request as the console shows it. */
export type RefundRequestView = {
  id: string;
  appointmentId: string;
  patientId: string;
  patientName: string;
  tokenNo: number;
  sessionStart: Date;
  doctorName: string;
  status: string;
  reasons: string[];
  requestedBy: string;
  excludedCategories: string[];
  remarks: string | null;
  createdTime: Date;
  /** The gateway of the captured payment ('cyberSource', 'cash', ...), null when none. */
  paymentGatewayType: string | null;
  paidAmount: string | null;
  refundableAmount: string | null;
  currency: string | null;
  /** The ledger: pending, sending, refunded, failed, unknown; null before a refund to the card. */
  refundStatus: string | null;
  refundedAmount: string | null;
  /** Why the last refund to the card failed ('failed'), or that its outcome must be checked with the gateway ('unknown'). */
  refundError: string | null;
};

/** A cashier's decision on a refund request (spec doc 2 §4 Refund; issue 9 §8). */
export type RefundDecision = 'APPROVE_AT_HOSPITAL' | 'REFUND_TO_CARD' | 'REJECT';

/** Invoice items as exact lines (categories missing on old rows count as not excluded). */
function invoiceLines(items: InvoiceItem[]): InvoiceLine[] {
  return items.map((item) => ({ category: item.category ?? '', description: item.description, amountMinor: minorOf(item.amount) }));
}

type Refundable = { payment: NonNullable<Awaited<ReturnType<typeof findAppointmentPayment>>>['payment']; paidMinor: number; refundableMinor: number };

/**
 * What a request may get back from its appointment's captured payment, before the ledger's cap: the
 * invoice's lines outside the excluded categories, never more than captured.
 * @param found - the captured payment and its invoice's items
 * @param excluded - the request's excluded charge categories
 */
export function refundableOf(found: NonNullable<Awaited<ReturnType<typeof findAppointmentPayment>>>, excluded: readonly string[]): Refundable {
  const paidMinor = minorOf(found.payment.amount);
  const fromItems = found.items ? refundableMinor(invoiceLines(found.items), excluded) : paidMinor;
  return { payment: found.payment, paidMinor, refundableMinor: Math.min(paidMinor, fromItems) };
}

async function refundView(deps: StaffPaymentsDeps, row: HospitalRefundRequest, ledger: PaymentRefundRow | null): Promise<RefundRequestView> {
  const found = await findAppointmentPayment(deps.db, deps.tenantId, row.request.appointmentId);
  const refundable = found ? refundableOf(found, row.request.excludedCategories) : null;
  return {
    id: row.request.id,
    appointmentId: row.request.appointmentId,
    patientId: row.request.patientId,
    patientName: row.patientName,
    tokenNo: row.tokenNo,
    sessionStart: row.sessionStart,
    doctorName: row.doctorName,
    status: row.request.status,
    reasons: row.request.notes,
    requestedBy: row.request.requestedBy,
    excludedCategories: row.request.excludedCategories,
    remarks: row.request.remarks,
    createdTime: row.request.createdAt,
    paymentGatewayType: found?.payment.paymentGatewayType ?? null,
    paidAmount: refundable ? decimalOf(refundable.paidMinor) : null,
    refundableAmount: refundable ? decimalOf(refundable.refundableMinor) : null,
    currency: found?.payment.currency ?? null,
    refundStatus: ledger?.status ?? null,
    refundedAmount: ledger ? decimalOf(minorOf(ledger.amount)) : null,
    refundError: ledger?.status === 'failed' || ledger?.status === 'unknown' ? ledger.message : null,
  };
}

/**
 * The hospital's refund requests, newest first, optionally of one status, with what each may get
 * back (spec doc 2 §4 Refund: excluded categories left out); audited.
 * @param deps - database, tenant, staff member, hospital
 * @param status - requested, approved, refunded or rejected; null for all
 */
export async function staffRefundRequests(deps: StaffPaymentsDeps, status: string | null): Promise<RefundRequestView[]> {
  const who = staffActor(deps, 'refunds.list');
  if (status !== null && !['requested', 'approved', 'refunded', 'rejected'].includes(status)) {
    throw new AppError('ARO-E2002');
  }
  const rows = await listHospitalRefundRequests(deps.db, hospitalScope(deps), status);
  const ledger = new Map((await listRequestRefunds(deps.db, rows.map((r) => r.request.id))).map((l) => [l.refundRequestId, l]));
  const views: RefundRequestView[] = [];
  for (const row of rows) {
    views.push(await refundView(deps, row, ledger.get(row.request.id) ?? null));
  }
  await recordAudit(deps.db, {
    tenantId: deps.tenantId,
    actor: who,
    action: 'refunds.read',
    correlationId: deps.correlationId,
    details: { status, requests: rows.length },
  });
  return views;
}

/**
 * The points a refund takes back: the refunded share of the captured amount of the points earned,
 * in whole points rounded down (exact integer arithmetic; all of them for a full refund).
 * @param earnedPoints - the points the visit earned
 * @param share - the refunded and the captured amount, in minor units
 */
export function pointsToReverse(earnedPoints: number, share: { refundedMinor: number; paidMinor: number }): number {
  if (earnedPoints <= 0 || share.refundedMinor <= 0 || share.paidMinor <= 0) {
    return 0;
  }
  if (share.refundedMinor >= share.paidMinor) {
    return earnedPoints;
  }
  return Number((BigInt(earnedPoints) * BigInt(share.refundedMinor)) / BigInt(share.paidMinor));
}

/**
 * Takes back the loyalty points a refunded visit earned (issue 9 §10), once: a transaction with
 * reason 'visit_refund' and negative points, under the patient's loyalty lock. A partial refund (a
 * doctor-requested one leaves out the hospital's categories) takes back only the refunded share of
 * the captured amount, rounded down to whole points (pointsToReverse).
 * @param tx - the refund's transaction
 * @param deps - tenant and correlation id
 * @param who - the cashier
 * @param visit - the appointment and its patient
 * @param share - the amount refunded and the amount captured, in minor units
 */
export async function reverseVisitPoints(
  tx: Tx,
  deps: Pick<StaffPaymentsDeps, 'tenantId' | 'correlationId'>,
  who: AuditActor,
  visit: { appointmentId: string; patientId: string; accountId: string },
  share: { refundedMinor: number; paidMinor: number },
): Promise<number> {
  await lockPatientLoyalty(tx, deps.tenantId, visit.patientId);
  const earned = await findVisitLoyalty(tx, deps.tenantId, visit.patientId, visit.appointmentId, VISIT_EARN_REASON);
  if (earned.reversed || earned.points <= 0 || !earned.loyaltyAccountId) {
    return 0;
  }
  const points = pointsToReverse(earned.points, share);
  if (points <= 0) {
    return 0;
  }
  const taken = await addLoyaltyPoints(tx, { id: earned.loyaltyAccountId, tenantId: deps.tenantId }, {
    actor: who.kind === 'staff' ? `StaffUser/${who.staffUserId}` : `Account/${who.accountId}`,
    reasonCode: VISIT_REFUND_REASON,
    items: [{ description: 'Refunded visit', points: -points, appointmentId: visit.appointmentId }],
  });
  await recordAudit(tx, {
    tenantId: deps.tenantId,
    actor: who,
    action: 'loyalty.reverse',
    correlationId: deps.correlationId,
    patientAccountId: visit.accountId,
    patientId: visit.patientId,
    details: {
      appointmentId: visit.appointmentId,
      points: -points,
      earned: earned.points,
      refunded: decimalOf(share.refundedMinor),
      captured: decimalOf(share.paidMinor),
      transactionId: taken.transaction.id,
    },
  });
  return points;
}

/** What the gateway said to a refund request, as far as the requester saw it. */
type RefundExchange = { kind: 'not-sent' } | { kind: 'no-answer' } | { kind: 'answered'; status: number };

/**
 * Whether a refund the gateway did not accept is a definite refusal (retryable) or unknown (it may
 * have been refunded). cyberSource.refund turns a timeout or transport error into 'failed' like a
 * refusal; the requester's view of the exchange tells them apart: never sent (keys or transaction
 * missing) or a 4xx answer (the gateway refused the request; 408 excepted) is definite; no answer,
 * a 5xx, or any other answer that is not an accepted refund leaves the outcome unknown.
 * @param exchange - what the requester saw
 */
export function refundSettlement(exchange: RefundExchange): Exclude<RefundSettlement, 'refunded'> {
  if (exchange.kind === 'not-sent') {
    return 'failed';
  }
  if (exchange.kind === 'answered' && exchange.status >= 400 && exchange.status < 500 && exchange.status !== 408) {
    return 'failed';
  }
  return 'unknown';
}

/** The message of a refund in doubt: the gateway's words, and what the cashier must do. */
function unknownOutcomeMessage(gatewayMessage: string): string {
  return `The gateway gave no clear answer (${gatewayMessage}): the refund may have been made. Check its outcome with the gateway before refunding again.`;
}

/** What sending a refund to the card needs: no staff request, so a job can send one too. */
export type RefundSendDeps = Pick<StaffPaymentsDeps, 'db' | 'tenantId' | 'correlationId' | 'gatewayHttp' | 'cyberSourceOf' | 'log'>;

/**
 * Asks the gateway for a claimed ledger row and records the answer; the request ends 'refunded' on
 * success. Only a definite refusal leaves the row claimable again ('failed'); an answer in doubt
 * leaves it 'unknown' (see the steps at the top of this file).
 * @param deps - database, tenant, correlation id, gateway
 * @param who - whom the audit rows name
 * @param row - the refund request
 * @param ledger - its ledger row
 * @param afterRefunded - runs in the transaction that records a refund the gateway took (a job's SMS)
 * @returns what the ledger row became, or null when another caller was sending it
 */
export async function sendRefund(
  deps: RefundSendDeps,
  who: AuditActor,
  row: { request: RefundRequestRow },
  ledger: PaymentRefundRow,
  afterRefunded?: (tx: Tx) => Promise<void>,
): Promise<RefundSettlement | null> {
  if (!(await claimPaymentRefund(deps.db, ledger.id))) {
    return null;
  }
  const found = await findAppointmentPayment(deps.db, deps.tenantId, row.request.appointmentId);
  let exchange: RefundExchange = { kind: 'not-sent' };
  // The gateway requester, watched: did the request go out, and what HTTP status came back?
  const watched: HttpRequester = async (url, init) => {
    exchange = { kind: 'no-answer' };
    const response = await deps.gatewayHttp(url, init);
    exchange = { kind: 'answered', status: response.status };
    return response;
  };
  let outcome: { status: RefundSettlement; refundId: string | null; message: string };
  try {
    const answer = found
      ? await cyberSource.refund(watched, deps.cyberSourceOf(found.payment.organizationId), {
          transactionId: found.payment.transactionReference,
          referenceNumber: `Refund/${row.request.id}`,
          amount: decimalOf(minorOf(ledger.amount)),
          currency: ledger.currency,
        })
      : ({ status: 'failed', refundId: null, message: 'No captured payment to refund' } as const);
    outcome =
      answer.status === 'refunded'
        ? answer
        : refundSettlement(exchange) === 'failed'
          ? { status: 'failed', refundId: null, message: answer.message }
          : { status: 'unknown', refundId: null, message: unknownOutcomeMessage(answer.message) };
  } catch (error) {
    deps.log?.warn({ err: error, refundRequestId: row.request.id }, 'gateway refund failed');
    outcome =
      exchange.kind === 'not-sent'
        ? { status: 'failed', refundId: null, message: 'Payment failed, unable to get any response from bank' }
        : { status: 'unknown', refundId: null, message: unknownOutcomeMessage('no answer') };
  }
  const settled = outcome;
  await deps.db.transaction(async (tx) => {
    await settlePaymentRefund(tx, ledger.id, { status: settled.status, gatewayRefundId: settled.refundId, message: settled.message });
    if (settled.status === 'refunded' && (await moveRefundRequest(tx, row.request.id, 'approved', 'refunded', null))) {
      await setAppointmentRefundStatus(tx, row.request.appointmentId, 'refunded');
      await reverseVisitPoints(
        tx,
        deps,
        who,
        { appointmentId: row.request.appointmentId, patientId: row.request.patientId, accountId: row.request.accountId },
        { refundedMinor: minorOf(ledger.amount), paidMinor: found ? minorOf(found.payment.amount) : minorOf(ledger.amount) },
      );
      await afterRefunded?.(tx);
    }
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: `refund.${settled.status}`,
      correlationId: deps.correlationId,
      patientAccountId: row.request.accountId,
      patientId: row.request.patientId,
      details: {
        refundRequestId: row.request.id,
        paymentRefundId: ledger.id,
        amount: decimalOf(minorOf(ledger.amount)),
        currency: ledger.currency,
        gatewayRefundId: settled.refundId,
        message: settled.message,
        ...(exchange.kind === 'answered' ? { httpStatus: exchange.status } : { exchange: exchange.kind }),
      },
    });
  });
  return settled.status;
}

/**
 * Decides a refund request of the hospital (issue 9 §8; spec doc 2 §4 Refund), only from
 * 'requested' (a conditional update: a double approval, even concurrent, decides once):
 * APPROVE_AT_HOSPITAL → 'approved', the patient collects the money at the hospital; REJECT →
 * 'rejected'; REFUND_TO_CARD → for a card payment, the refundable amount (the invoice's lines
 * outside the request's excluded categories, never more than captured minus already refunded) is
 * recorded in the ledger, sent to the gateway, and the request ends 'refunded' (see the steps at the
 * top of this file). REFUND_TO_CARD on an 'approved' request whose refund the gateway refused
 * retries it; one whose outcome is unknown (ARO-E5050) or still sending (ARO-E5049) is refused, never sent
 * twice. Both approvals need a captured payment with something left to refund: otherwise ARO-E5045
 * and nothing changes. Appointments follow with their paymentRefundStatus; refunds take back the
 * refunded share of the visit's loyalty points.
 * @param deps - database, tenant, staff member, hospital, gateway
 * @param refundRequestId - the request
 * @param input - the decision, the cashier's remarks and the idempotency key
 */
export async function staffDecideRefund(
  deps: StaffPaymentsDeps,
  refundRequestId: string,
  input: { decision: RefundDecision; remarks: string | null; idempotencyKey: string | null },
): Promise<RefundRequestView> {
  const who = staffActor(deps, 'refunds.decide');
  requireId(refundRequestId);
  const remarks = cleanRemarks(input.remarks);
  const row = await findHospitalRefundRequest(deps.db, hospitalScope(deps), refundRequestId);
  if (!row) {
    throw new AppError('ARO-E2001');
  }
  const retry = input.decision === 'REFUND_TO_CARD' && row.request.status === 'approved' ? await findRequestRefund(deps.db, refundRequestId) : null;
  if (retry && retry.status !== 'failed' && retry.status !== 'pending') {
    // 'sending' or 'unknown': the gateway may have refunded; it is checked there, never sent twice.
    if (IN_DOUBT.includes(retry.status)) {
      throw new AppError(retry.status === 'unknown' ? 'ARO-E5050' : 'ARO-E5049');
    }
    throw new AppError('ARO-E5043', { status: row.request.status });
  }
  if (!retry) {
    await runOnce(
      deps.db,
      { tenantId: deps.tenantId, accountId: deps.staff.staffUserId, key: input.idempotencyKey },
      'staffDecideRefund',
      { organizationId: deps.organizationId, refundRequestId, decision: input.decision, remarks },
      async (tx) => {
        const target = input.decision === 'REJECT' ? 'rejected' : 'approved';
        let ledger: { amount: string; paymentId: string } | null = null;
        let share: { refundedMinor: number; paidMinor: number } | null = null;
        if (input.decision === 'APPROVE_AT_HOSPITAL') {
          // Money goes back only from a captured payment with something left to refund; a refusal
          // rolls the transaction back, so nothing changes.
          const found = await findAppointmentPayment(tx, deps.tenantId, row.request.appointmentId);
          if (!found) {
            throw (await moveRefundRequest(tx, refundRequestId, 'requested', target, remarks)) ? new AppError('ARO-E5045') : await decidedAlready(tx, deps, refundRequestId);
          }
          await lockPayment(tx, found.payment.id);
          const { paidMinor, refundableMinor: wanted } = refundableOf(found, row.request.excludedCategories);
          const already = (await listPaymentRefunds(tx, found.payment.id)).reduce((sum, r) => sum + minorOf(r.amount), 0);
          if (!(await moveRefundRequest(tx, refundRequestId, 'requested', target, remarks))) {
            throw await decidedAlready(tx, deps, refundRequestId);
          }
          const amount = Math.min(wanted, paidMinor - already);
          if (amount <= 0) {
            throw new AppError('ARO-E5045');
          }
          share = { refundedMinor: amount, paidMinor };
        } else if (input.decision === 'REFUND_TO_CARD') {
          const found = await findAppointmentPayment(tx, deps.tenantId, row.request.appointmentId);
          if (!found) {
            throw (await moveRefundRequest(tx, refundRequestId, 'requested', target, remarks)) ? new AppError('ARO-E5045') : await decidedAlready(tx, deps, refundRequestId);
          }
          if (found.payment.paymentGatewayType !== CARD_GATEWAY) {
            throw new AppError('ARO-E5044');
          }
          // Under the payment's lock: the ledger's sum is read and extended by one caller at a time.
          await lockPayment(tx, found.payment.id);
          const { paidMinor, refundableMinor: wanted } = refundableOf(found, row.request.excludedCategories);
          const already = (await listPaymentRefunds(tx, found.payment.id)).reduce((sum, r) => sum + minorOf(r.amount), 0);
          const amount = Math.min(wanted, paidMinor - already);
          if (!(await moveRefundRequest(tx, refundRequestId, 'requested', target, remarks))) {
            throw await decidedAlready(tx, deps, refundRequestId);
          }
          if (amount <= 0) {
            throw new AppError('ARO-E5045');
          }
          const inserted = await insertPaymentRefund(tx, {
            tenantId: deps.tenantId,
            paymentId: found.payment.id,
            refundRequestId,
            amount: major(amount),
            currency: found.payment.currency,
            status: 'pending',
          });
          if (!inserted) {
            throw await decidedAlready(tx, deps, refundRequestId);
          }
          ledger = { amount: decimalOf(amount), paymentId: found.payment.id };
        } else if (!(await moveRefundRequest(tx, refundRequestId, 'requested', target, remarks))) {
          throw await decidedAlready(tx, deps, refundRequestId);
        }
        await setAppointmentRefundStatus(tx, row.request.appointmentId, target);
        if (share) {
          await reverseVisitPoints(tx, deps, who, { appointmentId: row.request.appointmentId, patientId: row.request.patientId, accountId: row.request.accountId }, share);
        }
        await recordAudit(tx, {
          tenantId: deps.tenantId,
          actor: who,
          action: `refund.${input.decision === 'REJECT' ? 'reject' : input.decision === 'REFUND_TO_CARD' ? 'approve-card' : 'approve'}`,
          correlationId: deps.correlationId,
          patientAccountId: row.request.accountId,
          patientId: row.request.patientId,
          details: { refundRequestId, appointmentId: row.request.appointmentId, decision: input.decision, remarks, ...(ledger ?? {}) },
        });
        return { refundRequestId };
      },
    );
  }
  if (input.decision === 'REFUND_TO_CARD') {
    const ledger = retry ?? (await findRequestRefund(deps.db, refundRequestId));
    if (ledger) {
      await sendRefund(deps, who, row, ledger);
    }
  }
  const after = await findHospitalRefundRequest(deps.db, hospitalScope(deps), refundRequestId);
  if (!after) {
    throw new AppError('ARO-E2001');
  }
  // The patient's open appointment screens follow the refund status.
  await publishAfterCommit(deps, after.sessionId);
  return refundView(deps, after, await findRequestRefund(deps.db, refundRequestId));
}

/** The refusal of a decision that lost to another one; read in the caller's transaction. */
async function decidedAlready(tx: Tx, deps: StaffPaymentsDeps, refundRequestId: string): Promise<AppError> {
  const now = await findHospitalRefundRequest(tx, hospitalScope(deps), refundRequestId);
  return new AppError('ARO-E5043', { status: now?.request.status ?? 'decided' });
}
