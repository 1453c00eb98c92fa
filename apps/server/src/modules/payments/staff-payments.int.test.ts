import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeCardPayment,
  makeChargingScheme,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeSessionAppointment,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import {
  appointments,
  auditEvents,
  bookingRequests,
  gatewayEvents,
  invoices,
  loyaltyAccounts,
  loyaltyTransactions,
  paymentRefunds,
  payments,
  refundRequests,
} from '../../db/schema/index.ts';
import { hospitalDayRange } from './staff-payments.context.ts';

/*
 * The hospital's side of payments (issue 9 §8, §9, §10): cash at the desk charged once under a double
 * click, the day's payments, refund decisions (a double approval refunds once, never more than
 * captured, excluded categories left out, the sandbox refund ending 'refunded'), reconciliation, and
 * another hospital's staff answered as missing.
 */

let t: TestApp;
let tenantId: string;
let hospital: string;
let otherHospital: string;
let doctorId: string;
let schemeId: string;
let cashier: string;
let nurse: string;
let otherCashier: string;
let receptionist: string;

const code = (body: { errors?: { message: string }[] }): string | null => body.errors?.[0]?.message.split(':')[0] ?? null;

async function as<T = Record<string, unknown>>(token: string, query: string, variables: Record<string, unknown> = {}) {
  return t.gql<T>(query, variables, authHeader(token));
}

/** A booked appointment of a session of the hospital starting in an hour, for a new patient. */
async function makeVisit(fields: { appointmentStatus?: string; paymentStatus?: string } = {}, chargingSchemeId: string | null = schemeId) {
  const { account, patient } = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital });
  const owner = { accountId: account.id, patientId: patient.id };
  const { session, appointment } = await makeSessionAppointment(t.database.db, tenantId, { practitionerId: doctorId, organizationId: hospital }, owner, {
    session: { chargingSchemeId, issuedTokens: 1, liveAppointments: 1 },
    appointment: fields,
  });
  return { ...owner, sessionId: session.id, appointmentId: appointment.id };
}

type Visit = Awaited<ReturnType<typeof makeVisit>>;

const TAKE_CASH =
  'mutation ($o: ID!, $a: ID!, $k: String) { staffTakeCashPayment(organizationId: $o, appointmentId: $a, idempotencyKey: $k) { receiptNumber hospitalName patientName tokenNo doctorName items { description amount } total currency paidAt cashierName } }';
const DECIDE =
  'mutation ($o: ID!, $r: ID!, $d: StaffRefundDecision!, $m: String, $k: String) { staffDecideRefund(organizationId: $o, refundRequestId: $r, decision: $d, remarks: $m, idempotencyKey: $k) { id status remarks paidAmount refundableAmount refundStatus refundedAmount refundError paymentGatewayType } }';
const REFUNDS =
  'query ($o: ID!, $s: String) { staffRefundRequests(organizationId: $o, status: $s) { id patientName tokenNo status reasons excludedCategories refundableAmount paidAmount currency } }';

type Receipt = { receiptNumber: string; total: string; items: { description: string; amount: string }[]; patientName: string; cashierName: string; currency: string };
type RefundView = { id: string; status: string; refundableAmount: string | null; refundStatus: string | null; refundedAmount: string | null; refundError: string | null; remarks: string | null };

/** A card payment of the visit captured by the sandbox gateway: invoice, booking request, payment. */
const cardPaid = (visit: Visit, amount?: string) => makeCardPayment(t, visit, hospital, amount);

async function requestRefund(visit: Visit, excludedCategories: string[] = []) {
  const [row] = await t.database.db
    .insert(refundRequests)
    .values({
      tenantId,
      accountId: visit.accountId,
      patientId: visit.patientId,
      appointmentId: visit.appointmentId,
      organizationId: hospital,
      notes: excludedCategories.length > 0 ? ['Doctor related', 'doctor requested'] : ['Other', 'other'],
      requestedBy: 'patient',
      excludedCategories,
    })
    .returning();
  await t.database.db.update(appointments).set({ paymentRefundStatus: 'requested' }).where(eq(appointments.id, visit.appointmentId));
  return row?.id ?? '';
}

async function loyaltyOf(patientId: string) {
  const rows = await t.database.db
    .select({ reason: loyaltyTransactions.reasonCode, items: loyaltyTransactions.items, active: loyaltyAccounts.activePoints })
    .from(loyaltyTransactions)
    .innerJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyTransactions.loyaltyAccountId))
    .where(eq(loyaltyAccounts.patientId, patientId));
  return { reasons: rows.map((r) => r.reason).sort(), active: rows[0]?.active ?? 0, points: rows.flatMap((r) => r.items).reduce((s, i) => s + i.points, 0) };
}

/** The visit earned its points when paid (reason 'visit', naming the appointment). */
async function earnPoints(visit: Visit, points: number) {
  const [account] = await t.database.db.insert(loyaltyAccounts).values({ tenantId, patientId: visit.patientId, name: 'Club', activePoints: points, rate: 10 }).returning();
  await t.database.db.insert(loyaltyTransactions).values({
    tenantId,
    loyaltyAccountId: account?.id ?? '',
    reasonCode: 'visit',
    items: [{ description: 'Completed visit', points, appointmentId: visit.appointmentId }],
  });
}

type Requester = typeof t.providers.gatewayHttp;

/**
 * Runs `body` with the app's gateway requester replaced for refund requests by `refund` (given the
 * real requester), then puts the real one back.
 */
async function withRefundRequester<T>(refund: (real: Requester, url: string, init: Parameters<Requester>[1]) => Promise<{ status: number; body: string }>, body: () => Promise<T>): Promise<T> {
  const real = t.providers.gatewayHttp;
  t.providers.gatewayHttp = Object.assign((url: string, init: Parameters<Requester>[1]) => (url.endsWith('/refunds') ? refund(real, url, init) : real(url, init)), {
    bindLocal: real.bindLocal,
  });
  try {
    return await body();
  } finally {
    t.providers.gatewayHttp = real;
  }
}

const REFUND_DETAILS = 'query ($o: ID!, $s: String) { staffRefundRequests(organizationId: $o, status: $s) { id status refundStatus refundError } }';

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospital = (await makeOrganization(db, tenantId)).id;
  otherHospital = (await makeOrganization(db, tenantId)).id;
  doctorId = (await makePractitioner(db, tenantId, hospital)).id;
  schemeId = (
    await makeChargingScheme(db, tenantId, hospital, {
      items: [
        { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
        { category: 'hospital_fee', description: 'Hospital fee', amount: 499.99 },
        { category: 'seasonal_discount_fee', description: 'Seasonal discount', amount: -0.2 },
      ],
    })
  ).id;
  cashier = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'cashier' }], { displayName: 'Kamala Cashier' })).token;
  nurse = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'nurse' }])).token;
  otherCashier = (await makeSignedInStaff(t, tenantId, [{ organizationId: otherHospital, role: 'cashier' }])).token;
  receptionist = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'receptionist' }])).token;
});

afterAll(async () => {
  await t.close();
});

describe('cash at the desk (issue 9 §9)', () => {
  it('charges once under a double click, prints the receipt, earns points once and is audited', async () => {
    const visit = await makeVisit({ appointmentStatus: 'fulfilled' });
    const [first, second] = await Promise.all([
      as<{ staffTakeCashPayment: Receipt }>(cashier, TAKE_CASH, { o: hospital, a: visit.appointmentId, k: `cash-${visit.appointmentId}-1` }),
      as<{ staffTakeCashPayment: Receipt }>(cashier, TAKE_CASH, { o: hospital, a: visit.appointmentId, k: `cash-${visit.appointmentId}-2` }),
    ]);
    const answers = [first, second];
    const ok = answers.filter((a) => !a.errors);
    expect(ok).toHaveLength(1);
    const receipt = ok[0]?.data?.staffTakeCashPayment;
    expect(receipt).toMatchObject({ total: '2999.79', currency: 'LKR', cashierName: 'Kamala Cashier', tokenNo: 1 });
    expect(receipt?.items.map((i) => i.amount)).toEqual(['2500.00', '499.99', '-0.20']);
    expect(receipt?.receiptNumber).toMatch(/^C\d{8}-[A-Z2-9]{8}$/);
    const refused = answers.find((a) => a.errors);
    expect(refused?.errors?.[0]?.message).toBe(`ARO-E5041:This appointment was paid in cash already: receipt ${receipt?.receiptNumber}`);
    const rows = await t.database.db.select().from(payments).where(eq(payments.requestReference, `Appointment/${visit.appointmentId}`));
    expect(rows.map((r) => [r.paymentGatewayType, r.status, r.transactionReference])).toEqual([['cash', 'ACCEPT', receipt?.receiptNumber]]);
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    expect(appointment?.paymentStatus).toBe('paid');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.appointmentId, visit.appointmentId));
    expect(invoice?.reasonCode).toBe('revenue_collected');
    const [booking] = await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.id, invoice?.bookingId ?? ''));
    expect(booking).toMatchObject({ paymentGatewayType: 'cash', status: 'completed' });
    expect(await loyaltyOf(visit.patientId)).toMatchObject({ reasons: ['visit'], points: 299 });
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'payment.cash'), eq(auditEvents.patientId, visit.patientId)));
    expect(audit).toHaveLength(1);
  });

  it("takes the session's price, not the patient's free invoice of before the hospital set its scheme", async () => {
    const visit = await makeVisit();
    // As prepareInvoice answers for a session without a charging scheme: no lines, nothing to pay.
    await t.database.db.insert(invoices).values({
      tenantId,
      accountId: visit.accountId,
      patientId: visit.patientId,
      organizationId: hospital,
      requestReference: `Appointment/${visit.appointmentId}`,
      appointmentId: visit.appointmentId,
      sessionId: visit.sessionId,
      chargingSchemeId: null,
      items: [],
      values: [0],
      totalAmount: 0,
      currency: 'LKR',
      reasonCode: 'prepayment_collected',
    });
    const taken = await as<{ staffTakeCashPayment: Receipt }>(cashier, TAKE_CASH, { o: hospital, a: visit.appointmentId, k: `cash-${visit.appointmentId}` });
    expect(taken.errors).toBeUndefined();
    expect(taken.data?.staffTakeCashPayment).toMatchObject({ total: '2999.79', currency: 'LKR' });
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.appointmentId, visit.appointmentId));
    expect(rows.map((r) => [r.reasonCode, r.totalAmount]).sort()).toEqual([['revenue_collected', 2999.79], ['superseded', 0]]);
  });

  it("lists a free session's appointment as nothing to pay and takes no cash for it, as the patient's appointment asks none", async () => {
    // No charging scheme: it invoices 0 ('Can not pay Rs 00.00', spec doc 2 §5).
    const free = await makeVisit({}, null);
    const priced = await makeVisit();
    const today = new Date(Date.now() + 330 * 60_000 + 60 * 60_000).toISOString().slice(0, 10);
    const desk = await as<{ staffCashDesk: { id: string; nothingToPay: boolean }[] }>(
      cashier,
      'query ($o: ID!, $d: String!) { staffCashDesk(organizationId: $o, date: $d) { id nothingToPay } }',
      { o: hospital, d: today },
    );
    expect(desk.errors).toBeUndefined();
    const listed = new Map(desk.data?.staffCashDesk.map((a) => [a.id, a.nothingToPay]));
    expect(listed.get(free.appointmentId)).toBe(true);
    expect(listed.get(priced.appointmentId)).toBe(false);
    // Taken anyway (a stale screen, a hand-made request): refused, nothing changes.
    expect(code(await as(cashier, TAKE_CASH, { o: hospital, a: free.appointmentId, k: `cash-${free.appointmentId}` }))).toBe('ARO-E5008');
    const [row] = await t.database.db.select({ paymentStatus: appointments.paymentStatus }).from(appointments).where(eq(appointments.id, free.appointmentId));
    expect(row?.paymentStatus).toBe('pending');
    expect(await t.database.db.select().from(payments).where(eq(payments.requestReference, `Appointment/${free.appointmentId}`))).toEqual([]);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.appointmentId, free.appointmentId))).toEqual([]);
  });

  it('answers a retry with the same key with the first receipt', async () => {
    const visit = await makeVisit();
    const key = `cash-${visit.appointmentId}`;
    const [a, b] = await Promise.all([
      as<{ staffTakeCashPayment: Receipt }>(cashier, TAKE_CASH, { o: hospital, a: visit.appointmentId, k: key }),
      as<{ staffTakeCashPayment: Receipt }>(cashier, TAKE_CASH, { o: hospital, a: visit.appointmentId, k: key }),
    ]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    expect(a.data?.staffTakeCashPayment.receiptNumber).toBe(b.data?.staffTakeCashPayment.receiptNumber);
    const rows = await t.database.db.select().from(payments).where(eq(payments.requestReference, `Appointment/${visit.appointmentId}`));
    expect(rows).toHaveLength(1);
  });

  it('refuses a cancelled appointment, other hospitals and other roles; lists the pending ones', async () => {
    const cancelled = await makeVisit({ appointmentStatus: 'cancelled' });
    expect(code(await as(cashier, TAKE_CASH, { o: hospital, a: cancelled.appointmentId }))).toBe('ARO-E5042');
    const visit = await makeVisit();
    expect(code(await as(otherCashier, TAKE_CASH, { o: hospital, a: visit.appointmentId }))).toBe('ARO-E2001');
    expect(code(await as(otherCashier, TAKE_CASH, { o: otherHospital, a: visit.appointmentId }))).toBe('ARO-E2001');
    expect(code(await as(nurse, TAKE_CASH, { o: hospital, a: visit.appointmentId }))).toBe('ARO-E1210');
    const today = new Date(Date.now() + 330 * 60_000 + 60 * 60_000).toISOString().slice(0, 10);
    const desk = await as<{ staffCashDesk: { id: string; patientName: string }[] }>(
      cashier,
      'query ($o: ID!, $d: String!) { staffCashDesk(organizationId: $o, date: $d) { id patientName tokenNo doctorName sessionStart } }',
      { o: hospital, d: today },
    );
    expect(desk.errors).toBeUndefined();
    const ids = desk.data?.staffCashDesk.map((a) => a.id) ?? [];
    expect(ids).toContain(visit.appointmentId);
    expect(ids).not.toContain(cancelled.appointmentId);
    expect(code(await as(cashier, 'query ($o: ID!) { staffCashDesk(organizationId: $o, date: "2026-02-30") { id } }', { o: hospital }))).toBe('ARO-E5047');
  });

  it("lists the day's payments with totals per gateway", async () => {
    const cash = await makeVisit();
    const taken = await as<{ staffTakeCashPayment: Receipt }>(cashier, TAKE_CASH, { o: hospital, a: cash.appointmentId });
    expect(taken.errors).toBeUndefined();
    await cardPaid(await makeVisit(), '1000.50');
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const day = await as<{ staffPaymentsOfDay: { payments: { paymentGatewayType: string; amount: string; transactionReference: string }[]; totals: { paymentGatewayType: string; total: string; count: number }[] } }>(
      cashier,
      'query ($o: ID!, $d: String!) { staffPaymentsOfDay(organizationId: $o, date: $d) { date payments { paymentGatewayType amount transactionReference patientName status } totals { paymentGatewayType currency count total } } }',
      { o: hospital, d: today },
    );
    expect(day.errors).toBeUndefined();
    const refs = day.data?.staffPaymentsOfDay.payments.map((p) => p.transactionReference);
    expect(refs).toContain(taken.data?.staffTakeCashPayment.receiptNumber);
    const gateways = day.data?.staffPaymentsOfDay.totals.map((x) => x.paymentGatewayType);
    expect(gateways).toEqual(expect.arrayContaining(['cash', 'cyberSource']));
    const other = await as(otherCashier, 'query ($o: ID!, $d: String!) { staffPaymentsOfDay(organizationId: $o, date: $d) { date } }', { o: hospital, d: today });
    expect(code(other)).toBe('ARO-E2001');
    expect(hospitalDayRange('2026-11-24').from.toISOString()).toBe('2026-11-23T18:30:00.000Z');
  });
});

describe('refunds (issue 9 §8)', () => {
  it('a double approval to the card refunds once through the sandbox and ends refunded, points taken back', async () => {
    const visit = await makeVisit({ appointmentStatus: 'fulfilled' });
    await cardPaid(visit);
    // The visit earned its points when paid.
    await t.database.db.insert(loyaltyAccounts).values({ tenantId, patientId: visit.patientId, name: 'Club', activePoints: 300, rate: 10 });
    const [account] = await t.database.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.patientId, visit.patientId));
    await t.database.db.insert(loyaltyTransactions).values({
      tenantId,
      loyaltyAccountId: account?.id ?? '',
      reasonCode: 'visit',
      items: [{ description: 'Completed visit', points: 300, appointmentId: visit.appointmentId }],
    });
    const id = await requestRefund(visit);
    const [a, b] = await Promise.all([
      as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD', m: 'Doctor absent', k: `refund-${id}-a` }),
      as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD', m: 'Doctor absent', k: `refund-${id}-b` }),
    ]);
    const ok = [a, b].filter((x) => !x.errors);
    expect(ok).toHaveLength(1);
    // The loser was told the request is decided, or that its refund is being sent.
    expect(['ARO-E5043', 'ARO-E5049']).toContain(code([a, b].find((x) => x.errors) ?? {}));
    expect(ok[0]?.data?.staffDecideRefund).toMatchObject({ status: 'refunded', refundStatus: 'refunded', refundedAmount: '3000.00', remarks: 'Doctor absent', refundError: null });
    const ledger = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundRequestId, id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.gatewayRefundId).toBeTruthy();
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    expect(appointment?.paymentRefundStatus).toBe('refunded');
    expect(await loyaltyOf(visit.patientId)).toMatchObject({ reasons: ['visit', 'visit_refund'], points: 0, active: 0 });
    // Deciding again is refused and changes nothing.
    expect(code(await as(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD' }))).toBe('ARO-E5043');
  });

  it('leaves out the excluded categories of a doctor-requested refund, and never refunds more than captured', async () => {
    const visit = await makeVisit();
    const paid = await cardPaid(visit);
    const id = await requestRefund(visit, ['hospital_fee', 'hospital_fee_tax']);
    const listed = await as<{ staffRefundRequests: { id: string; refundableAmount: string; paidAmount: string }[] }>(cashier, REFUNDS, { o: hospital, s: 'requested' });
    expect(listed.data?.staffRefundRequests.find((r) => r.id === id)).toMatchObject({ refundableAmount: '2500.00', paidAmount: '3000.00' });
    // 2800.00 of the 3000.00 was refunded already (by hand, recorded in the ledger).
    await t.database.db.insert(paymentRefunds).values({ tenantId, paymentId: paid.paymentId, refundRequestId: randomUUID(), amount: 2800, currency: 'LKR', status: 'refunded' });
    const decided = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD' });
    expect(decided.errors).toBeUndefined();
    expect(decided.data?.staffDecideRefund).toMatchObject({ status: 'refunded', refundedAmount: '200.00' });
    const total = (await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid.paymentId))).reduce((s, r) => s + Math.round(r.amount * 100), 0);
    expect(total).toBe(300000);
  });

  it('refunds the doctor-requested amount only', async () => {
    const visit = await makeVisit();
    await cardPaid(visit);
    const id = await requestRefund(visit, ['hospital_fee', 'hospital_fee_tax']);
    const decided = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD' });
    expect(decided.data?.staffDecideRefund).toMatchObject({ status: 'refunded', refundedAmount: '2500.00', refundableAmount: '2500.00' });
  });

  it('keeps a refund the gateway refused approved with its error, and retries it to refunded', async () => {
    const visit = await makeVisit();
    const paid = await cardPaid(visit);
    // The gateway does not know this transaction: it refuses the refund.
    await t.database.db.update(payments).set({ transactionReference: 'unknown-transaction' }).where(eq(payments.id, paid.paymentId));
    const id = await requestRefund(visit);
    const failed = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD' });
    expect(failed.errors).toBeUndefined();
    expect(failed.data?.staffDecideRefund).toMatchObject({ status: 'approved', refundStatus: 'failed', refundedAmount: '3000.00' });
    expect(failed.data?.staffDecideRefund.refundError).toContain('not found');
    const [approved] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    expect(approved?.paymentRefundStatus).toBe('approved');
    // Fixed (the real transaction), Refund to card again retries the same ledger row.
    await t.database.db.update(payments).set({ transactionReference: paid.transactionId }).where(eq(payments.id, paid.paymentId));
    const retried = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD' });
    expect(retried.data?.staffDecideRefund).toMatchObject({ status: 'refunded', refundStatus: 'refunded', refundError: null });
    expect(await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundRequestId, id))).toHaveLength(1);
  });

  it('keeps a refund whose answer was lost (timeout after the gateway refunded) in doubt, and never sends it again', async () => {
    const visit = await makeVisit();
    await cardPaid(visit);
    const id = await requestRefund(visit);
    const key = `refund-${id}`;
    let sent = 0;
    await withRefundRequester(
      async (real, url, init) => {
        sent += 1;
        const answer = await real(url, init);
        if (sent === 1) {
          // The gateway refunded, but its answer never came back.
          throw Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
        }
        return answer;
      },
      async () => {
        const first = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD', k: key });
        expect(first.errors).toBeUndefined();
        expect(first.data?.staffDecideRefund).toMatchObject({ status: 'approved', refundStatus: 'unknown', refundedAmount: '3000.00' });
        expect(first.data?.staffDecideRefund.refundError).toContain('timed out');
        expect(first.data?.staffDecideRefund.refundError).toContain('Check its outcome with the gateway');
        // Refund to card again, or replaying the idempotency key, is refused and sends nothing.
        const again = await as(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD' });
        expect(again.errors?.[0]?.message).toBe('ARO-E5050:The outcome of this refund is not known: check it with the gateway before refunding again');
        expect(code(await as(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD', k: key }))).toBe('ARO-E5050');
        expect(sent).toBe(1);
      },
    );
    const ledger = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundRequestId, id));
    expect(ledger.map((r) => r.status)).toEqual(['unknown']);
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    expect(appointment?.paymentRefundStatus).toBe('approved');
    // The console keeps showing it, with what to do.
    const listed = await as<{ staffRefundRequests: { id: string; status: string; refundStatus: string; refundError: string }[] }>(cashier, REFUND_DETAILS, { o: hospital, s: 'approved' });
    const shown = listed.data?.staffRefundRequests.find((r) => r.id === id);
    expect(shown).toMatchObject({ status: 'approved', refundStatus: 'unknown' });
    expect(shown?.refundError).toContain('Check its outcome with the gateway');
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'refund.unknown'), eq(auditEvents.patientId, visit.patientId)));
    expect(audit).toHaveLength(1);
  });

  it('keeps a refund answered 5xx in doubt, while a 4xx refusal stays retryable', async () => {
    const visit = await makeVisit();
    await cardPaid(visit);
    const id = await requestRefund(visit);
    let sent = 0;
    await withRefundRequester(
      async () => {
        sent += 1;
        return { status: 503, body: '' };
      },
      async () => {
        const decided = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD' });
        expect(decided.data?.staffDecideRefund).toMatchObject({ status: 'approved', refundStatus: 'unknown' });
        expect(decided.data?.staffDecideRefund.refundError).toContain('HTTP 503');
        expect(code(await as(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD' }))).toBe('ARO-E5050');
      },
    );
    expect(sent).toBe(1);

    const refused = await makeVisit();
    await cardPaid(refused);
    const refusedId = await requestRefund(refused);
    await withRefundRequester(
      async () => ({ status: 400, body: JSON.stringify({ status: 'INVALID_REQUEST', reason: 'INVALID_DATA', message: 'Declined - The original transaction was not found' }) }),
      async () => {
        const decided = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: refusedId, d: 'REFUND_TO_CARD' });
        expect(decided.data?.staffDecideRefund).toMatchObject({ status: 'approved', refundStatus: 'failed', refundError: 'Declined - The original transaction was not found' });
      },
    );
    const retried = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: refusedId, d: 'REFUND_TO_CARD' });
    expect(retried.data?.staffDecideRefund).toMatchObject({ status: 'refunded', refundStatus: 'refunded', refundError: null });
  });

  it('takes back only the refunded share of the points on a doctor-requested refund, once', async () => {
    // To the card: 2500.00 of 3000.00 refunded, 299 points earned → floor(299 × 2500 / 3000) = 249 taken back.
    const card = await makeVisit({ appointmentStatus: 'fulfilled' });
    await cardPaid(card);
    await earnPoints(card, 299);
    const cardId = await requestRefund(card, ['hospital_fee', 'hospital_fee_tax']);
    const decided = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: cardId, d: 'REFUND_TO_CARD' });
    expect(decided.data?.staffDecideRefund).toMatchObject({ status: 'refunded', refundedAmount: '2500.00' });
    expect(await loyaltyOf(card.patientId)).toMatchObject({ reasons: ['visit', 'visit_refund'], points: 50, active: 50 });
    expect(code(await as(cashier, DECIDE, { o: hospital, r: cardId, d: 'REFUND_TO_CARD' }))).toBe('ARO-E5043');
    expect(await loyaltyOf(card.patientId)).toMatchObject({ reasons: ['visit', 'visit_refund'], points: 50 });

    // At the hospital, the same share: 2500.00 of 3000.00 of 100 points → 83.
    const desk = await makeVisit({ appointmentStatus: 'fulfilled' });
    await cardPaid(desk);
    await earnPoints(desk, 100);
    const deskId = await requestRefund(desk, ['hospital_fee', 'hospital_fee_tax']);
    const [x, y] = await Promise.all([
      as(cashier, DECIDE, { o: hospital, r: deskId, d: 'APPROVE_AT_HOSPITAL' }),
      as(cashier, DECIDE, { o: hospital, r: deskId, d: 'APPROVE_AT_HOSPITAL' }),
    ]);
    expect([x, y].filter((r) => !r.errors)).toHaveLength(1);
    expect(await loyaltyOf(desk.patientId)).toMatchObject({ reasons: ['visit', 'visit_refund'], points: 17, active: 17 });
  });

  it('refuses a refund decision for a payment not captured yet, or already fully refunded, and changes nothing', async () => {
    const unpaid = await makeVisit();
    const unpaidId = await requestRefund(unpaid);
    const fullyRefunded = await makeVisit({ appointmentStatus: 'fulfilled' });
    const paid = await cardPaid(fullyRefunded);
    await earnPoints(fullyRefunded, 300);
    await t.database.db.insert(paymentRefunds).values({ tenantId, paymentId: paid.paymentId, refundRequestId: randomUUID(), amount: 3000, currency: 'LKR', status: 'refunded' });
    const refundedId = await requestRefund(fullyRefunded);
    for (const [visit, id] of [
      [unpaid, unpaidId],
      [fullyRefunded, refundedId],
    ] as const) {
      for (const decision of ['APPROVE_AT_HOSPITAL', 'REFUND_TO_CARD']) {
        const answer = await as(cashier, DECIDE, { o: hospital, r: id, d: decision, m: 'Refund it', k: `nothing-${id}-${decision}` });
        expect(answer.errors?.[0]?.message).toBe('ARO-E5045:There is nothing left to refund on this payment');
      }
      const [request] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, id));
      expect(request).toMatchObject({ status: 'requested', remarks: null });
      const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
      expect(appointment?.paymentRefundStatus).toBe('requested');
      expect(await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundRequestId, id))).toHaveLength(0);
    }
    expect(await loyaltyOf(fullyRefunded.patientId)).toMatchObject({ reasons: ['visit'], points: 300, active: 300 });
  });

  it('approves for collection at the hospital, or rejects, with remarks; once', async () => {
    const collect = await makeVisit();
    await cardPaid(collect);
    const collectId = await requestRefund(collect);
    const [x, y] = await Promise.all([
      as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: collectId, d: 'APPROVE_AT_HOSPITAL', m: 'Collect at counter 2' }),
      as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: collectId, d: 'APPROVE_AT_HOSPITAL', m: 'Collect at counter 2' }),
    ]);
    expect([x, y].filter((r) => !r.errors)).toHaveLength(1);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, collect.appointmentId));
    expect(row?.paymentRefundStatus).toBe('approved');
    expect(await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundRequestId, collectId))).toHaveLength(0);

    const reject = await makeVisit();
    await cardPaid(reject);
    const rejectId = await requestRefund(reject);
    const rejected = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: rejectId, d: 'REJECT', m: 'Seen by the doctor' });
    expect(rejected.data?.staffDecideRefund).toMatchObject({ status: 'rejected', remarks: 'Seen by the doctor', refundStatus: null });
    expect(code(await as(cashier, DECIDE, { o: hospital, r: rejectId, d: 'APPROVE_AT_HOSPITAL' }))).toBe('ARO-E5043');
    expect(code(await as(cashier, DECIDE, { o: hospital, r: rejectId, d: 'REJECT', m: 'x'.repeat(1001) }))).toBe('ARO-E5046');
  });

  it('refuses a refund to the card of a cash payment, and another hospital answers as missing', async () => {
    const visit = await makeVisit();
    expect((await as(cashier, TAKE_CASH, { o: hospital, a: visit.appointmentId })).errors).toBeUndefined();
    const id = await requestRefund(visit);
    expect(code(await as(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD' }))).toBe('ARO-E5044');
    expect(code(await as(otherCashier, DECIDE, { o: otherHospital, r: id, d: 'REJECT' }))).toBe('ARO-E2001');
    expect(code(await as(otherCashier, DECIDE, { o: hospital, r: id, d: 'REJECT' }))).toBe('ARO-E2001');
    const others = await as<{ staffRefundRequests: { id: string }[] }>(otherCashier, REFUNDS, { o: otherHospital });
    expect(others.data?.staffRefundRequests.map((r) => r.id)).not.toContain(id);
    const [still] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, id));
    expect(still?.status).toBe('requested');
  });
});

describe('a refunded appointment in the queue and at the desk (issue 29 §1.6)', () => {
  const QUEUE =
    'query ($o: ID!, $s: ID!) { staffSessionQueue(organizationId: $o, sessionId: $s) { appointments { id appointmentStatus paymentStatus paymentRefundStatus } } }';
  type QueueRow = { id: string; appointmentStatus: string; paymentStatus: string; paymentRefundStatus: string | null };
  const queueRow = async (visit: Visit): Promise<QueueRow | undefined> => {
    const body = await as<{ staffSessionQueue: { appointments: QueueRow[] } }>(receptionist, QUEUE, { o: hospital, s: visit.sessionId });
    expect(body.errors).toBeUndefined();
    return body.data?.staffSessionQueue.appointments.find((a) => a.id === visit.appointmentId);
  };

  it('shows the refund in the queue row as it moves requested → refunded, and refuses cash for it, changing nothing', async () => {
    const visit = await makeVisit();
    await cardPaid(visit);
    expect(await queueRow(visit)).toMatchObject({ appointmentStatus: 'booked', paymentStatus: 'paid', paymentRefundStatus: null });
    const id = await requestRefund(visit);
    expect(await queueRow(visit)).toMatchObject({ paymentStatus: 'paid', paymentRefundStatus: 'requested' });
    const decided = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'REFUND_TO_CARD', k: `refund-${id}` });
    expect(decided.data?.staffDecideRefund).toMatchObject({ status: 'refunded' });
    // The patient's "shown as paid" rule (spec doc 2 §3) stays; the staff see the refund.
    expect(await queueRow(visit)).toMatchObject({ appointmentStatus: 'booked', paymentStatus: 'paid', paymentRefundStatus: 'refunded' });

    const paymentsBefore = await t.database.db.select().from(payments).where(eq(payments.requestReference, `Appointment/${visit.appointmentId}`));
    const [appointmentBefore] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    const taken = await as(cashier, TAKE_CASH, { o: hospital, a: visit.appointmentId, k: `cash-${visit.appointmentId}` });
    expect(taken.errors?.[0]?.message).toBe('ARO-E5051:This appointment was refunded and cannot be paid at the desk');
    const paymentsAfter = await t.database.db.select().from(payments).where(eq(payments.requestReference, `Appointment/${visit.appointmentId}`));
    expect(paymentsAfter).toEqual(paymentsBefore);
    const [appointmentAfter] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    expect(appointmentAfter).toEqual(appointmentBefore);
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'payment.cash'), eq(auditEvents.patientId, visit.patientId)));
    expect(audit).toHaveLength(0);
    // The desk does not offer it either.
    const today = new Date(Date.now() + 330 * 60_000 + 60 * 60_000).toISOString().slice(0, 10);
    const desk = await as<{ staffCashDesk: { id: string }[] }>(cashier, 'query ($o: ID!, $d: String!) { staffCashDesk(organizationId: $o, date: $d) { id } }', { o: hospital, d: today });
    expect(desk.data?.staffCashDesk.map((a) => a.id)).not.toContain(visit.appointmentId);
  });

  it('refuses cash for a refund approved for collection at the hospital, and shows it approved', async () => {
    const visit = await makeVisit();
    await cardPaid(visit);
    const id = await requestRefund(visit);
    const decided = await as<{ staffDecideRefund: RefundView }>(cashier, DECIDE, { o: hospital, r: id, d: 'APPROVE_AT_HOSPITAL', k: `refund-${id}` });
    expect(decided.errors).toBeUndefined();
    expect(await queueRow(visit)).toMatchObject({ paymentStatus: 'paid', paymentRefundStatus: 'approved' });
    expect(code(await as(cashier, TAKE_CASH, { o: hospital, a: visit.appointmentId }))).toBe('ARO-E5051');
  });
});

describe('reconciliation (issue 9 §9)', () => {
  it('lists second captures and notification-only answers, and reconciles them once', async () => {
    const visit = await makeVisit();
    const paid = await cardPaid(visit);
    const [event] = await t.database.db
      .insert(gatewayEvents)
      .values({ tenantId, gateway: 'cyberSource', eventKey: `${randomUUID()}:ACCEPT`, bookingRequestId: paid.bookingId, transactionId: 'T2', decision: 'ACCEPT', source: 'return', outcome: 'reconcile', fields: {} })
      .returning();
    const list = 'query ($o: ID!) { staffUnmatchedGatewayNotifications(organizationId: $o) { id kind amount currency outcome } }';
    const listed = await as<{ staffUnmatchedGatewayNotifications: { id: string; kind: string }[] }>(cashier, list, { o: hospital });
    expect(listed.data?.staffUnmatchedGatewayNotifications.find((e) => e.id === event?.id)).toMatchObject({ kind: 'second_capture' });
    const others = await as<{ staffUnmatchedGatewayNotifications: { id: string }[] }>(otherCashier, list, { o: otherHospital });
    expect(others.data?.staffUnmatchedGatewayNotifications.map((e) => e.id)).not.toContain(event?.id);
    const reconcile = 'mutation ($o: ID!, $e: ID!, $m: String) { staffReconcileGatewayEvent(organizationId: $o, eventId: $e, remarks: $m) }';
    expect(code(await as(otherCashier, reconcile, { o: otherHospital, e: event?.id }))).toBe('ARO-E2001');
    const done = await as(cashier, reconcile, { o: hospital, e: event?.id, m: 'Refunded by hand' });
    expect(done.errors).toBeUndefined();
    expect(code(await as(cashier, reconcile, { o: hospital, e: event?.id }))).toBe('ARO-E5048');
    const after = await as<{ staffUnmatchedGatewayNotifications: { id: string }[] }>(cashier, list, { o: hospital });
    expect(after.data?.staffUnmatchedGatewayNotifications.map((e) => e.id)).not.toContain(event?.id);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'payments.reconcile'));
    expect(audit.some((a) => (a.details as { remarks?: string }).remarks === 'Refunded by hand')).toBe(true);
  });
});
