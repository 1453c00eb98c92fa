import { refundWayBack, type RefundWayBack } from '@careline/domain/consultations';
import { formatInstant, DEFAULT_TIME_ZONE } from '@careline/domain/time';
import { renderMessage } from '@careline/i18n/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { HttpRequester } from '../../providers/payment-gateways/gateway.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { gatewaysFor, type TenantRegistry } from '../tenants/index.ts';
import type { QueuedSms, SmsOutbox } from '../sms/index.ts';
import {
  claimSessionRefundSms,
  findAppointmentPayment,
  findRequestRefund,
  findSessionRefund,
  findWaitingSessionRefunds,
  insertPaymentRefund,
  listPaymentRefunds,
  lockPayment,
  moveRefundRequest,
  setAppointmentRefundStatus,
  setSessionRefundTerms,
  type SessionRefundRow,
} from './staff-refunds.repo.ts';
import { refundableOf, reverseVisitPoints, sendRefund, type RefundSendDeps } from './staff-refunds.service.ts';
import { publishSessionChanged } from '../consultations/index.ts';
import { decimalOf, major, minorOf } from './staff-payments.context.ts';

/*
 * The refunds of a session the hospital cancelled (issue 32 §2.5). The cancel (consultations:
 * cancelStaffSession) marks each paid appointment in its own transaction: a refund request
 * ('requested', requested by 'hospital', Doctor related / cancelled: refunded whole) and the refund status
 * 'requested'; after the commit it queues one 'session-refund' job per request, whose id is the
 * request's (queued twice, it is one job; the sweep queues one lost between commit and queue).
 *
 * The job, once per request however often it runs (each step is a conditional update):
 *   1. one transaction, under the payment's lock, decides the amount (the invoice's lines outside
 *      the excluded categories, never more than captured minus already refunded) and the way back
 *      by the payment's gateway (domain refundWayBack), and moves the request requested → approved;
 *      a card refund is recorded in the payment_refunds ledger ('pending');
 *   2. a card refund is sent to the gateway by the one caller that claims the ledger row, as the
 *      cashier's Refund to card is (staff-refunds.service.ts: sendRefund): refunded → the request
 *      and the appointment end 'refunded'; a definite refusal fails the job, which pg-boss retries;
 *      an answer in doubt is never sent again, and waits in the cashier's queue ('approved'); either
 *      way the patient's SMS says the refund to the card is on its way;
 *   3. a refund at the desk stays 'approved' (collect at the hospital): the cashier's refund queue
 *      lists it, and the cash desk pays it out;
 *   4. the patient's one SMS (claimed by sms_at, written to the outbox in the transaction that
 *      settles the refund) names the amount and the way back and links to the appointment, which
 *      offers another session of the doctor. Each step is audited under the cancelling staff member.
 */

const JOB = 'session-refund';
const SWEEP_JOB = 'session-refunds-sweep';
// The sweep queues a request still 'requested' once it is this old: the cancel's dispatch had time.
const WAITING_AFTER_MS = 60_000;
const SWEEP_BATCH = 100;

/** What the refund jobs need: the database, tenants (their gateways and hosts), the gateway requester, SMS, publish. */
export type SessionRefundDeps = {
  db: Db;
  tenants: TenantRegistry;
  gatewayHttp: HttpRequester;
  smsOutbox: SmsOutbox;
  publish: (topic: string, payload: unknown) => Promise<void>;
  log: FastifyBaseLogger;
};

/** What a run of the job did with a request. */
export type SessionRefundOutcome = 'refunded' | 'atDesk' | 'inDoubt' | 'none';

/** The audit actor of a hospital refund: the staff member whose cancel made it. */
function refundActor(row: SessionRefundRow): AuditActor {
  return { kind: 'staff', staffUserId: row.request.staffUserId ?? '00000000-0000-0000-0000-000000000000', role: row.request.staffRole, organizationId: row.request.organizationId };
}

/** The patient app's origin for the SMS link: the tenant's first host (https, http for a local one). */
function appOrigin(hosts: readonly string[]): string {
  const host = hosts[0];
  if (!host) {
    return '';
  }
  const local = host === 'localhost' || host === '127.0.0.1' || host.endsWith('.localhost');
  return `${local ? 'http' : 'https'}://${host}`;
}

/**
 * The SMS of a hospital refund in the account's language: the session, the amount and the way
 * back, and the link to the appointment (which offers another session of the doctor).
 * @param details - language, hospital, doctor, session start, amount text, way back and link
 */
export function sessionRefundSmsText(details: {
  language: string | null;
  hospitalName: string;
  doctorName: string;
  startTime: Date;
  amount: string;
  /** 'cardPending': a card refund the gateway has not taken yet (refused for now, or in doubt): the cashier finishes it. */
  wayBack: RefundWayBack | 'cardPending';
  link: string;
}): string {
  const locale = details.language ?? 'en';
  const time = formatInstant(details.startTime, 'smsTime', { locale, timeZone: DEFAULT_TIME_ZONE }) ?? '';
  const ids = {
    card: 'sms.session.refundedToCard',
    cardPending: 'sms.session.refundToCardPending',
    wallet: 'sms.session.refundedToWallet',
    desk: 'sms.session.refundAtDesk',
  } as const;
  const id = ids[details.wayBack];
  return renderMessage(details.language, id, { hospital: details.hospitalName, doctor: details.doctorName, time, amount: details.amount, link: details.link });
}

/** Writes the refund's one SMS to the outbox in the caller's transaction (nothing when it was written already). */
async function writeRefundSms(
  tx: Tx,
  deps: SessionRefundDeps,
  row: SessionRefundRow,
  terms: { wayBack: RefundWayBack | 'cardPending'; amountMinor: number; currency: string },
): Promise<QueuedSms> {
  if (!(await claimSessionRefundSms(tx, row.request.id))) {
    return { rows: [] };
  }
  const tenant = deps.tenants.byId(row.request.tenantId);
  const query = new URLSearchParams({ sessionId: row.sessionId, appointmentId: row.request.appointmentId });
  return deps.smsOutbox.add(tx, [
    {
      tenantId: row.request.tenantId,
      to: row.mobileNo,
      kind: 'session.refund',
      body: sessionRefundSmsText({
        language: row.language,
        hospitalName: row.hospitalName,
        doctorName: row.doctorName,
        startTime: row.sessionStart,
        amount: `${terms.currency} ${decimalOf(terms.amountMinor)}`,
        wayBack: terms.wayBack,
        link: `${appOrigin(tenant?.hosts ?? [])}/view/appointment?${query.toString()}`,
      }),
    },
  ]);
}

/** Tells the session's live screens (the patient's appointment, the staff queue) after a commit; a lost publish is logged. */
async function announce(deps: SessionRefundDeps, tenantId: string, sessionId: string): Promise<void> {
  try {
    await publishSessionChanged(deps.publish, tenantId, sessionId, 'appointments');
  } catch (error) {
    deps.log.warn({ err: error, sessionId }, 'session change publish failed');
  }
}

type Decided = { wayBack: RefundWayBack; amountMinor: number; currency: string; sms: QueuedSms } | null;

/**
 * Step 1: the amount and the way back, requested → approved, the ledger row of a card refund; a
 * refund at the desk gets its SMS here. Null when another run decided it (or there is nothing to refund).
 */
async function decideSessionRefund(deps: SessionRefundDeps, row: SessionRefundRow, correlationId: string): Promise<Decided> {
  const who = refundActor(row);
  const { request } = row;
  return deps.db.transaction(async (tx) => {
    const found = await findAppointmentPayment(tx, request.tenantId, request.appointmentId);
    let amountMinor = 0;
    let paidMinor = 0;
    if (found) {
      await lockPayment(tx, found.payment.id);
      const refundable = refundableOf(found, request.excludedCategories);
      const already = (await listPaymentRefunds(tx, found.payment.id)).reduce((sum, r) => sum + minorOf(r.amount), 0);
      paidMinor = refundable.paidMinor;
      amountMinor = Math.max(0, Math.min(refundable.refundableMinor, refundable.paidMinor - already));
    }
    // Without a captured payment (a paid status the desk set by hand) or anything to give back by
    // card, the cashier settles it at the desk.
    const wayBack = found && amountMinor > 0 ? refundWayBack(found.payment.paymentGatewayType) : 'desk';
    const currency = found?.payment.currency ?? 'LKR';
    if (!(await moveRefundRequest(tx, request.id, 'requested', 'approved', null))) {
      return null;
    }
    await setSessionRefundTerms(tx, request.id, { wayBack, amount: major(amountMinor), currency });
    await setAppointmentRefundStatus(tx, request.appointmentId, 'approved');
    if (wayBack === 'card' && found && amountMinor > 0) {
      await insertPaymentRefund(tx, {
        tenantId: request.tenantId,
        paymentId: found.payment.id,
        refundRequestId: request.id,
        amount: major(amountMinor),
        currency,
        status: 'pending',
      });
    }
    const visit = { appointmentId: request.appointmentId, patientId: request.patientId, accountId: request.accountId };
    if (wayBack !== 'card' && amountMinor > 0) {
      // As the cashier's approval at the hospital does: the refunded share of the visit's points goes back.
      await reverseVisitPoints(tx, { tenantId: request.tenantId, correlationId }, who, visit, { refundedMinor: amountMinor, paidMinor });
    }
    await recordAudit(tx, {
      tenantId: request.tenantId,
      actor: who,
      action: 'refund.session-cancel',
      correlationId,
      patientAccountId: request.accountId,
      patientId: request.patientId,
      organizationId: request.organizationId,
      details: {
        refundRequestId: request.id,
        appointmentId: request.appointmentId,
        wayBack,
        amount: decimalOf(amountMinor),
        currency,
        paymentId: found?.payment.id ?? null,
        excludedCategories: request.excludedCategories,
      },
    });
    // The patient's one SMS of the cancel (the plain notice was left to this one): a card refund's
    // when the gateway took it, a desk refund's now.
    const sms = wayBack === 'card' ? { rows: [] } : await writeRefundSms(tx, deps, row, { wayBack, amountMinor, currency });
    return { wayBack, amountMinor, currency, sms };
  });
}

/**
 * Runs the refund of one paid appointment of a cancelled session (see the steps at the top of this
 * file); safe to run any number of times, on any instance. Throws when the gateway refused a card
 * refund, so the job is retried.
 * @param deps - database, tenants, gateway, SMS outbox, publish, log
 * @param data - the tenant and the refund request
 */
export async function runSessionRefund(deps: SessionRefundDeps, data: { tenantId: string; refundRequestId: string }): Promise<SessionRefundOutcome> {
  const correlationId = `job:${JOB}:${data.refundRequestId}`;
  const row = await findSessionRefund(deps.db, data.tenantId, data.refundRequestId);
  const tenant = deps.tenants.byId(data.tenantId);
  if (!row || !tenant) {
    return 'none';
  }
  let outcome: SessionRefundOutcome = 'none';
  if (row.request.status === 'requested') {
    const decided = await decideSessionRefund(deps, row, correlationId);
    await deps.smsOutbox.dispatch(decided?.sms ?? { rows: [] });
    outcome = decided && decided.wayBack !== 'card' ? 'atDesk' : outcome;
  }
  const current = await findSessionRefund(deps.db, data.tenantId, data.refundRequestId);
  const ledger = current?.request.status === 'approved' && current.request.wayBack === 'card' ? await findRequestRefund(deps.db, current.request.id) : null;
  if (current && ledger && (ledger.status === 'pending' || ledger.status === 'failed')) {
    const sendDeps: RefundSendDeps = {
      db: deps.db,
      tenantId: data.tenantId,
      correlationId,
      gatewayHttp: deps.gatewayHttp,
      cyberSourceOf: (hospital) => gatewaysFor(tenant, hospital).cyberSource,
      log: deps.log,
    };
    let sms: QueuedSms = { rows: [] };
    const settled = await sendRefund(sendDeps, refundActor(current), current, ledger, async (tx) => {
      sms = await writeRefundSms(tx, deps, current, { wayBack: 'card', amountMinor: minorOf(ledger.amount), currency: ledger.currency });
    });
    if (settled === 'failed' || settled === 'unknown') {
      // The patient is told once all the same: the refund is on its way (the job's retries, or the
      // cashier's Refund to card for one in doubt, finish it); a later success sends nothing more.
      sms = await deps.db.transaction((tx) =>
        writeRefundSms(tx, deps, current, { wayBack: 'cardPending', amountMinor: minorOf(ledger.amount), currency: ledger.currency }),
      );
    }
    await deps.smsOutbox.dispatch(sms);
    await announce(deps, data.tenantId, current.sessionId);
    if (settled === 'failed') {
      // A definite refusal: the row is claimable again, and the job's retry sends it again.
      throw new Error(`session refund ${current.request.id}: the gateway refused the card refund`);
    }
    return settled === 'refunded' ? 'refunded' : settled === 'unknown' ? 'inDoubt' : outcome;
  }
  if (outcome !== 'none') {
    await announce(deps, data.tenantId, row.sessionId);
  }
  return outcome;
}

/**
 * Registers the session refund job and its sweep (every minute, one instance: queues the requests
 * whose job was lost between the cancel's commit and its queueing). Call before the queue starts.
 * @param jobs - the job queue
 * @param deps - database, tenants, gateway, SMS outbox, publish, log
 */
export function registerSessionRefundJobs(jobs: JobQueue, deps: SessionRefundDeps): void {
  jobs.work(JOB, async (data) => {
    await runSessionRefund(deps, data);
  });
  jobs.work(SWEEP_JOB, async () => {
    for (const waiting of await findWaitingSessionRefunds(deps.db, new Date(Date.now() - WAITING_AFTER_MS), SWEEP_BATCH)) {
      // A no-op while the request's job exists (same id): only a lost one is queued again.
      await jobs.send(JOB, { tenantId: waiting.tenantId, refundRequestId: waiting.id }, { id: waiting.id, singletonKey: waiting.id });
    }
  });
  jobs.every(SWEEP_JOB, '* * * * *', {});
}
