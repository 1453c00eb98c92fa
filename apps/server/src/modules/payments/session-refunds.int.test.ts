import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeCardPayment,
  makeChargingScheme,
  makeConsultationSession,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import { appointments, auditEvents, paymentRefunds, refundRequests, smsMessages } from '../../db/schema/index.ts';
import { smsOutboxSettled } from '../sms/sms.testing.ts';
import { eventually } from './payments-test-fixture.ts';
import { runSessionRefund, type SessionRefundDeps } from './session-refunds.service.ts';

/*
 * Issue 32 §2.5: a session the hospital cancels refunds its paid appointments by itself. A card
 * payment goes back to the card through the sandbox's refund API, a cash one is listed for the
 * cashier to pay out at the desk; each is refunded whole (spec doc 2 §4 Refund reasons: Doctor related /
 * cancelled keeps no charge back); one SMS per patient names the amount and the way back; a retried or raced cancel, and a
 * job run twice, refund once; unpaid appointments are not refunded; another hospital's staff cannot
 * cancel.
 */

let t: TestApp;
let tenantId: string;
let hospital: string;
let doctorId: string;
let schemeId: string;
let receptionist: string;
let otherReceptionist: string;
let cashier: string;
/** Every refund request sent to the gateway, with the HTTP status it got back. */
const refundCalls: { url: string; status: number }[] = [];

const code = (body: { errors?: { message: string }[] }): string | null => body.errors?.[0]?.message.split(':')[0] ?? null;

async function as<T = Record<string, unknown>>(token: string, query: string, variables: Record<string, unknown> = {}) {
  return t.gql<T>(query, variables, authHeader(token));
}

const CANCEL = 'mutation ($o: ID!, $s: ID!) { staffCancelSession(organizationId: $o, sessionId: $s) { id status } }';
const TAKE_CASH = 'mutation ($o: ID!, $a: ID!, $k: String) { staffTakeCashPayment(organizationId: $o, appointmentId: $a, idempotencyKey: $k) { total } }';
const REFUNDS = 'query ($o: ID!, $s: String) { staffRefundRequests(organizationId: $o, status: $s) { id appointmentId status requestedBy refundableAmount paymentGatewayType } }';

async function newSession() {
  return makeConsultationSession(
    t.database.db,
    tenantId,
    { practitionerId: doctorId, organizationId: hospital },
    { chargingSchemeId: schemeId, startTime: new Date(Date.now() + 30 * 60 * 60 * 1000) },
  );
}

/** A booked appointment of the session for a new patient (token numbers in order). */
async function visit(sessionId: string, tokenNo: number, language: string | null = null) {
  const { account, patient } = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital, preferredLanguage: language });
  const [row] = await t.database.db
    .insert(appointments)
    .values({ tenantId, sessionId, accountId: account.id, patientId: patient.id, tokenNo })
    .returning({ id: appointments.id });
  return { accountId: account.id, mobileNo: account.mobileNo, patientId: patient.id, sessionId, appointmentId: row?.id ?? '' };
}

type Visit = Awaited<ReturnType<typeof visit>>;

/** Cash taken at the desk by the cashier: the scheme's 2500 doctor fee and 499.99 hospital fee. */
async function cashPaid(v: Visit) {
  const taken = await as(cashier, TAKE_CASH, { o: hospital, a: v.appointmentId, k: `cash-${v.appointmentId}` });
  expect(taken.errors).toBeUndefined();
}

async function requestOf(appointmentId: string) {
  const [row] = await t.database.db.select().from(refundRequests).where(eq(refundRequests.appointmentId, appointmentId));
  return row ?? null;
}

async function textsTo(mobileNo: string) {
  return t.database.db.select().from(smsMessages).where(eq(smsMessages.to, mobileNo));
}

/** Until every refund the session's cancel made has left 'requested' (and a card one its sending). */
async function refundsSettled(appointmentIds: string[]): Promise<void> {
  await eventually(async () => {
    const rows = await t.database.db.select().from(refundRequests).where(inArray(refundRequests.appointmentId, appointmentIds));
    const ledger = await t.database.db.select().from(paymentRefunds).where(inArray(paymentRefunds.refundRequestId, rows.map((r) => r.id)));
    return rows.every((r) => r.status !== 'requested') && ledger.every((l) => l.status !== 'pending' && l.status !== 'sending');
  }, 20_000);
  await smsOutboxSettled(t.database.db);
}

function jobDeps(): SessionRefundDeps {
  return {
    db: t.database.db,
    tenants: t.tenants,
    gatewayHttp: t.providers.gatewayHttp,
    smsOutbox: t.smsOutbox,
    publish: async () => {},
    log: t.app.log,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospital = (await makeOrganization(db, tenantId)).id;
  const otherHospital = (await makeOrganization(db, tenantId)).id;
  doctorId = (await makePractitioner(db, tenantId, hospital)).id;
  schemeId = (await makeChargingScheme(db, tenantId, hospital)).id;
  receptionist = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'receptionist' }])).token;
  otherReceptionist = (await makeSignedInStaff(t, tenantId, [{ organizationId: otherHospital, role: 'receptionist' }])).token;
  cashier = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'cashier' }])).token;
  // Every refund sent to the gateway is counted, with the sandbox's answer.
  const real = t.providers.gatewayHttp;
  t.providers.gatewayHttp = Object.assign(
    async (url: string, init: Parameters<typeof real>[1]) => {
      const answer = await real(url, init);
      if (url.endsWith('/refunds')) {
        refundCalls.push({ url, status: answer.status });
      }
      return answer;
    },
    { bindLocal: real.bindLocal },
  );
});

afterAll(async () => {
  await t.close();
});

describe('a session the hospital cancels refunds its paid appointments (issue 32 §2.5)', () => {
  it('refunds card to the card and cash at the desk once each and whole, one SMS each; unpaid ones are not refunded', async () => {
    const session = await newSession();
    const card = await visit(session.id, 1);
    const cash = await visit(session.id, 2, 'si');
    const unpaid = await visit(session.id, 3);
    await makeCardPayment(t, card, hospital);
    await cashPaid(cash);
    const before = refundCalls.length;

    const cancelled = await as<{ staffCancelSession: { status: string } }>(receptionist, CANCEL, { o: hospital, s: session.id });
    expect(cancelled.data?.staffCancelSession.status).toBe('practitioner_canceled');
    await refundsSettled([card.appointmentId, cash.appointmentId]);

    // Card: back to the card through the sandbox, once and whole (the hospital fee and its tax too).
    const cardRequest = await requestOf(card.appointmentId);
    expect(cardRequest).toMatchObject({ status: 'refunded', requestedBy: 'hospital', wayBack: 'card', amount: 3000, currency: 'LKR' });
    expect(cardRequest?.excludedCategories ?? []).toEqual([]);
    expect(refundCalls.slice(before)).toEqual([expect.objectContaining({ status: 201 })]);
    const ledger = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundRequestId, cardRequest?.id ?? ''));
    expect(ledger.map((l) => [l.status, l.amount])).toEqual([['refunded', 3000]]);

    // Cash: to be paid out at the desk, listed for the cashier ('approved': collect at the hospital).
    const cashRequest = await requestOf(cash.appointmentId);
    expect(cashRequest).toMatchObject({ status: 'approved', requestedBy: 'hospital', wayBack: 'desk', amount: 2999.99 });
    const queue = await as<{ staffRefundRequests: { appointmentId: string; requestedBy: string; paymentGatewayType: string }[] }>(cashier, REFUNDS, { o: hospital, s: 'approved' });
    expect(queue.data?.staffRefundRequests.filter((r) => r.appointmentId === cash.appointmentId)).toEqual([
      expect.objectContaining({ requestedBy: 'hospital', paymentGatewayType: 'cash' }),
    ]);

    // The appointments follow; the unpaid one has no refund.
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.sessionId, session.id));
    const refundStatus = Object.fromEntries(rows.map((r) => [r.id, r.paymentRefundStatus]));
    expect(refundStatus).toEqual({ [card.appointmentId]: 'refunded', [cash.appointmentId]: 'approved', [unpaid.appointmentId]: null });
    expect(await requestOf(unpaid.appointmentId)).toBeNull();

    // One SMS each: the amount and the way back with the appointment's link, in the account's language;
    // the unpaid patient gets the plain notice.
    const cardTexts = await textsTo(card.mobileNo);
    expect(cardTexts).toHaveLength(1);
    expect(cardTexts[0]?.body).toContain('is cancelled. LKR 3000.00 has been refunded to your card. Book another session of this doctor:');
    expect(cardTexts[0]?.body).toContain(`/view/appointment?sessionId=${session.id}&appointmentId=${card.appointmentId}`);
    const cashTexts = await textsTo(cash.mobileNo);
    expect(cashTexts).toHaveLength(1);
    expect(cashTexts[0]?.body).toContain('ඔබගේ LKR 2999.99 ආපසු ගෙවීම රෝහලේ මුදල් කවුළුවෙන් ලබා ගන්න');
    const unpaidTexts = await textsTo(unpaid.mobileNo);
    expect(unpaidTexts).toHaveLength(1);
    expect(unpaidTexts[0]?.body).toContain('Your token no. 3 will not be seen.');

    // An audit row per refund, under the cancelling receptionist.
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'refund.session-cancel'), inArray(auditEvents.patientId, [card.patientId, cash.patientId, unpaid.patientId])));
    expect(audits.map((a) => a.patientId).sort()).toEqual([card.patientId, cash.patientId].sort());
    expect(audits.every((a) => a.actorKind === 'staff')).toBe(true);

    // The cancel retried, and the jobs run again on two instances at once: nothing more.
    expect(code(await as(receptionist, CANCEL, { o: hospital, s: session.id }))).toBeNull();
    const again = await Promise.all(
      [cardRequest, cashRequest, cardRequest, cashRequest].map((r) => runSessionRefund(jobDeps(), { tenantId, refundRequestId: r?.id ?? '' })),
    );
    expect(again).toEqual(['none', 'none', 'none', 'none']);
    await smsOutboxSettled(t.database.db);
    expect(refundCalls.slice(before)).toHaveLength(1);
    for (const v of [card, cash, unpaid]) {
      expect(await textsTo(v.mobileNo)).toHaveLength(1);
    }
    expect(await t.database.db.select().from(refundRequests).where(inArray(refundRequests.appointmentId, [card.appointmentId, cash.appointmentId]))).toHaveLength(2);
  });

  it('refunds once when two cancels race', async () => {
    const session = await newSession();
    const card = await visit(session.id, 1);
    await makeCardPayment(t, card, hospital);
    const before = refundCalls.length;
    const answers = await Promise.all([as(receptionist, CANCEL, { o: hospital, s: session.id }), as(receptionist, CANCEL, { o: hospital, s: session.id })]);
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined]);
    await refundsSettled([card.appointmentId]);
    expect(await requestOf(card.appointmentId)).toMatchObject({ status: 'refunded', amount: 3000 });
    expect(refundCalls.slice(before)).toHaveLength(1);
    expect(await textsTo(card.mobileNo)).toHaveLength(1);
  });

  it('tells the patient once when the gateway gives no clear answer, and never sends that refund again', async () => {
    const session = await newSession();
    const card = await visit(session.id, 1);
    await makeCardPayment(t, card, hospital);
    const real = t.providers.gatewayHttp;
    t.providers.gatewayHttp = Object.assign(
      async (url: string, init: Parameters<typeof real>[1]) => (url.endsWith('/refunds') ? { status: 502, body: 'Bad Gateway' } : real(url, init)),
      { bindLocal: real.bindLocal },
    );
    try {
      await as(receptionist, CANCEL, { o: hospital, s: session.id });
      await refundsSettled([card.appointmentId]);
      const request = await requestOf(card.appointmentId);
      expect(request).toMatchObject({ status: 'approved', wayBack: 'card', amount: 3000 });
      const ledger = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundRequestId, request?.id ?? ''));
      expect(ledger.map((l) => l.status)).toEqual(['unknown']);
      expect(await runSessionRefund(jobDeps(), { tenantId, refundRequestId: request?.id ?? '' })).toBe('none');
      await smsOutboxSettled(t.database.db);
      const texts = await textsTo(card.mobileNo);
      expect(texts.map((m) => m.body.includes('Your refund of LKR 3000.00 to your card is on its way.'))).toEqual([true]);
      // The cashier's queue has it, to check with the gateway.
      const queue = await as<{ staffRefundRequests: { appointmentId: string }[] }>(cashier, REFUNDS, { o: hospital, s: 'approved' });
      expect(queue.data?.staffRefundRequests.some((r) => r.appointmentId === card.appointmentId)).toBe(true);
    } finally {
      t.providers.gatewayHttp = real;
    }
  });

  it("refuses another hospital's staff, and nothing changes", async () => {
    const session = await newSession();
    const card = await visit(session.id, 1);
    await makeCardPayment(t, card, hospital);
    expect(code(await as(otherReceptionist, CANCEL, { o: hospital, s: session.id }))).not.toBeNull();
    expect(code(await as(otherReceptionist, CANCEL, { o: (await makeOrganization(t.database.db, tenantId)).id, s: session.id }))).not.toBeNull();
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, card.appointmentId));
    expect(row).toMatchObject({ practitionerStatus: null, paymentRefundStatus: null });
    expect(await requestOf(card.appointmentId)).toBeNull();
  });
});
