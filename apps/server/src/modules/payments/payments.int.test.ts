import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { renderMessage } from '@careline/i18n/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/read-pdf.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  accounts,
  appointments,
  bookingRequests,
  chargingSchemes,
  consultationSessions,
  gatewayEvents,
  invoices,
  paymentMethods,
  payments,
} from '../../db/schema/index.ts';
import { issueSandboxToken } from '../../providers/payment-gateways/sandbox/sandbox-token.ts';
import { cyberSource } from '../../providers/payment-gateways/cybersource.ts';
import { consultationSessionTopic } from '../consultations/consultations.testing.ts';
import { applyGatewayAnswer, matchAnswer } from './gateway-answers.service.ts';
import { openPaymentToken, sealPaymentToken } from '../../providers/card-tokens/card-tokens.ts';
import { type PaymentsDeps } from './payments.context.ts';
import { returnLocation } from './payments.routes.ts';
import { listUnmatchedGatewayEvents } from './staff-payments.repo.ts';
import {
  makeFixtureAppointment,
  makePaymentsSetting,
  makeSignedInPatient,
  patientAuth,
  postForm,
  saveSandboxCard,
  signedGatewayAnswer,
  type FixturePatient,
  type PaymentsSetting,
} from './payments-test-fixture.ts';

/*
 * Payments (issue 9 §1, §3, §5): invoices from charging schemes, initiateBooking's signed form, the
 * gateway's answers on /payments/cybersource/return and /notify (verified, credited exactly once),
 * quick pay with a saved card, payment history, and access to another account's ids.
 */

let t: TestApp;
let setting: PaymentsSetting;
let tenantId: string;
let hospital: string;
let schemeId: string;
let secretKey: string;

type Patient = FixturePatient;

const INVOICE_FIELDS = 'id requestReference appointmentId sessionId patientId items { description amount category } values total currency reasonCode bookingId';

const makePatient = () => makeSignedInPatient(t, tenantId, hospital);

const makeAppointment = (patient: Patient, fields: { paymentStatus?: string; appointmentStatus?: string } = {}) =>
  makeFixtureAppointment(t, setting, patient, fields);

const auth = patientAuth;

type InvoiceAnswer = { id: string; total: string; currency: string; reasonCode: string; items: { amount: string; category: string }[]; values: string[]; bookingId: string | null; requestReference: string };

async function prepare(patient: Patient, input: Record<string, unknown>) {
  return t.gql<{ prepareInvoice: InvoiceAnswer }>(
    `mutation ($input: PrepareInvoiceInput!) { prepareInvoice(input: $input) { ${INVOICE_FIELDS} } }`,
    { input },
    auth(patient),
  );
}

type BookingAnswer = { id: string; formUrl: string; signature: { parameter: { name: string; value: string }[]; value: string | null }; unsignedFieldNames: string[] };

async function initiate(patient: Patient, input: Record<string, unknown>, idempotencyKey?: string) {
  return t.gql<{ initiateBooking: BookingAnswer }>(
    'mutation ($input: InitiateBookingInput!, $key: String) { initiateBooking(input: $input, idempotencyKey: $key) { id formUrl signature { parameter { name value } value } unsignedFieldNames } }',
    { input: { successUrl: '/view/appointment?id=1', failureUrl: '/view/appointment?id=1&retry=1', paymentGatewayType: 'cyberSource', ...input }, key: idempotencyKey ?? null },
    auth(patient),
  );
}

/** An appointment with an open invoice and a booking request: the form fields signed for it. */
async function startPayment(patient: Patient, options: { savePaymentMethod?: boolean } = {}) {
  const visit = await makeAppointment(patient);
  const invoice = (await prepare(patient, { appointmentId: visit.appointmentId })).data?.prepareInvoice;
  if (!invoice) {
    throw new Error('no invoice');
  }
  const started = await initiate(patient, { id: invoice.id, savePaymentMethod: options.savePaymentMethod ?? false });
  const booking = started.data?.initiateBooking;
  if (!booking) {
    throw new Error(`initiateBooking failed: ${JSON.stringify(started.errors)}`);
  }
  const form = Object.fromEntries(booking.signature.parameter.map((field) => [field.name, field.value]));
  return { ...visit, invoice, booking, form };
}

/** The gateway's signed answer to a form, as the sandbox would post it. */
const gatewayAnswer = (form: Record<string, string>, overrides: Record<string, string> = {}, secret = secretKey) =>
  signedGatewayAnswer(form, secret, overrides);

const post = (path: '/payments/cybersource/return' | '/payments/cybersource/notify', fields: Record<string, string>, host = 'localhost') =>
  postForm(t, path, fields, host);

async function stateOf(bookingId: string, appointmentId: string) {
  const db = t.database.db;
  const [booking] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, bookingId));
  const paid = await db.select().from(payments).where(eq(payments.bookingRequestId, bookingId));
  const [appointment] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
  const [invoice] = booking?.invoiceId ? await db.select().from(invoices).where(eq(invoices.id, booking.invoiceId)) : [];
  const events = await db.select().from(gatewayEvents).where(eq(gatewayEvents.bookingRequestId, bookingId));
  return {
    bookingStatus: booking?.status,
    payments: paid.map((row) => row.status),
    paymentStatus: appointment?.paymentStatus,
    reasonCode: invoice?.reasonCode,
    events: events.map((row) => row.outcome).sort(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  secretKey = t.tenants.defaultTenant.gateways.cyberSource.secretKey;
  setting = await makePaymentsSetting(t, [
    { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
    { category: 'hospital_fee', description: 'Hospital fee', amount: 499.99 },
    { category: 'hospital_fee_tax', description: 'Tax', amount: 0.1 },
    { category: 'seasonal_discount_fee', description: 'Seasonal discount', amount: -0.2 },
  ]);
  ({ tenantId, hospitalId: hospital, schemeId } = setting);
});

afterAll(async () => {
  await t.close();
});

describe('prepareInvoice (issue 9 §1)', () => {
  it('builds the invoice from the session scheme in exact money and reuses the open one', async () => {
    const patient = await makePatient();
    const visit = await makeAppointment(patient);
    const first = await prepare(patient, { appointmentId: visit.appointmentId });
    expect(first.errors).toBeUndefined();
    const invoice = first.data?.prepareInvoice;
    // 2500 + 499.99 + 0.10 - 0.20 = 2999.89, added in cents (floats would give 2999.8900000000003).
    expect(invoice).toMatchObject({
      total: '2999.89',
      values: ['2999.89'],
      currency: 'LKR',
      reasonCode: 'prepayment_collected',
      requestReference: `Appointment/${visit.appointmentId}`,
      bookingId: null,
    });
    expect(invoice?.items.map((item) => item.amount)).toEqual(['2500.00', '499.99', '0.10', '-0.20']);
    const again = await prepare(patient, { appointmentId: visit.appointmentId });
    expect(again.data?.prepareInvoice.id).toBe(invoice?.id);
  });

  it('invoices a session for a profile or a temporary booking, and refuses neither', async () => {
    const patient = await makePatient();
    const visit = await makeAppointment(patient);
    const forProfile = await prepare(patient, { sessionId: visit.sessionId, patientId: patient.patientId });
    expect(forProfile.data?.prepareInvoice).toMatchObject({ total: '2999.89', requestReference: `Session/${visit.sessionId}` });
    const neither = await prepare(patient, { sessionId: visit.sessionId });
    expect(neither.errors?.[0]?.message).toMatch(/^ARO-E5002:/);
    const nothing = await prepare(patient, {});
    expect(nothing.errors?.[0]?.message).toMatch(/^ARO-E5002:/);
  });

  it('invoices a session without a charging scheme at 0 with no lines, and prices it once the hospital sets one', async () => {
    const patient = await makePatient();
    const visit = await makeAppointment(patient);
    await t.database.db.update(consultationSessions).set({ chargingSchemeId: null }).where(eq(consultationSessions.id, visit.sessionId));
    // No fee lines: nothing to pay ('Can not pay Rs 00.00', spec doc 2 §5), not an error.
    const free = await prepare(patient, { appointmentId: visit.appointmentId });
    expect(free.errors).toBeUndefined();
    // No scheme, no scheme currency: the tenant's.
    const currency = t.tenants.defaultTenant.publicConfig.currency;
    expect(free.data?.prepareInvoice).toMatchObject({ items: [], total: '0.00', values: ['0.00'], currency, reasonCode: 'prepayment_collected' });
    const forSession = await prepare(patient, { sessionId: visit.sessionId, patientId: patient.patientId });
    expect(forSession.data?.prepareInvoice).toMatchObject({ items: [], total: '0.00', requestReference: `Session/${visit.sessionId}` });
    expect((await prepare(patient, { appointmentId: visit.appointmentId })).data?.prepareInvoice.id).toBe(free.data?.prepareInvoice.id);
    // Nothing to pay online on it.
    expect((await initiate(patient, { id: free.data?.prepareInvoice.id })).errors?.[0]?.message).toMatch(/^ARO-E5008:/);

    // The hospital sets the scheme afterwards: the free invoice gives way to the priced one.
    await t.database.db.update(consultationSessions).set({ chargingSchemeId: schemeId }).where(eq(consultationSessions.id, visit.sessionId));
    const priced = await prepare(patient, { appointmentId: visit.appointmentId });
    expect(priced.data?.prepareInvoice).toMatchObject({ total: '2999.89', reasonCode: 'prepayment_collected' });
    expect(priced.data?.prepareInvoice.id).not.toBe(free.data?.prepareInvoice.id);
    const [old] = await t.database.db.select().from(invoices).where(eq(invoices.id, free.data?.prepareInvoice.id ?? ''));
    expect(old?.reasonCode).toBe('superseded');
  });

  it('refuses to invoice or pay an appointment whose session the hospital cancelled (issue 32 §2.5)', async () => {
    const patient = await makePatient();
    const visit = await makeAppointment(patient);
    const open = (await prepare(patient, { appointmentId: visit.appointmentId })).data?.prepareInvoice;
    await t.database.db.update(consultationSessions).set({ status: 'practitioner_canceled' }).where(eq(consultationSessions.id, visit.sessionId));
    await t.database.db.update(appointments).set({ practitionerStatus: 'declined' }).where(eq(appointments.id, visit.appointmentId));
    // Its patients are refunded, not charged: a payment now would be one the cancel never refunds.
    expect((await prepare(patient, { appointmentId: visit.appointmentId })).errors?.[0]?.message).toMatch(/^ARO-E5010:/);
    expect((await initiate(patient, { id: open?.id })).errors?.[0]?.message).toMatch(/^ARO-E5010:/);
    expect(await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.invoiceId, open?.id ?? ''))).toEqual([]);
  });

  it('refuses a paid appointment with a clear error', async () => {
    const patient = await makePatient();
    const visit = await makeAppointment(patient, { paymentStatus: 'paid' });
    const answer = await prepare(patient, { appointmentId: visit.appointmentId });
    expect(answer.errors?.[0]?.message).toMatch(/^ARO-E5001:/);
  });
});

describe('initiateBooking (spec doc 2 §7, issue 9 §3)', () => {
  it('answers the signed form with absolute return and notify URLs and the unsigned card fields', async () => {
    const patient = await makePatient();
    const { booking, form, invoice } = await startPayment(patient, { savePaymentMethod: true });
    expect(booking.formUrl).toBe(t.tenants.defaultTenant.gateways.cyberSource.formUrl);
    expect(booking.unsignedFieldNames).toEqual(expect.arrayContaining(['card_number', 'card_cvn']));
    expect(form.amount).toBe(invoice.total);
    expect(form.currency).toBe('LKR');
    expect(form.transaction_type).toBe('sale,create_payment_token');
    expect(form.override_custom_receipt_page).toMatch(/^http:\/\/localhost(:\d+)?\/payments\/cybersource\/return$/);
    expect(form.override_backoffice_post_url).toMatch(/^http:\/\/localhost(:\d+)?\/payments\/cybersource\/notify$/);
    expect(booking.signature.value).toBe(form.signature);
  });

  it('refuses return URLs of another site, cash, a closed or empty invoice', async () => {
    const patient = await makePatient();
    const visit = await makeAppointment(patient);
    const invoice = (await prepare(patient, { appointmentId: visit.appointmentId })).data?.prepareInvoice;
    for (const successUrl of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/ok\r\nSet-Cookie: x=1']) {
      const answer = await initiate(patient, { id: invoice?.id, successUrl });
      expect(answer.errors?.[0]?.message, successUrl).toMatch(/^ARO-E5009:/);
    }
    const cash = await initiate(patient, { id: invoice?.id, paymentGatewayType: 'cash' });
    expect(cash.errors?.[0]?.message).toMatch(/^ARO-E5006:/);
    const [free] = await t.database.db
      .insert(invoices)
      .values({
        tenantId,
        accountId: patient.accountId,
        requestReference: `Session/${randomUUID()}`,
        items: [],
        values: [0],
        totalAmount: 0,
        currency: 'LKR',
        reasonCode: 'prepayment_collected',
      })
      .returning({ id: invoices.id });
    const empty = await initiate(patient, { id: free?.id });
    expect(empty.errors?.[0]?.message).toMatch(/^ARO-E5008:/);
  });

  it("refuses when the tenant takes no online payment for channelling or on the card gateway", async () => {
    const patient = await makePatient();
    const visit = await makeAppointment(patient);
    const invoice = (await prepare(patient, { appointmentId: visit.appointmentId })).data?.prepareInvoice;
    const features = t.tenants.defaultTenant.publicConfig.features;
    for (const [flags, key] of [
      [features.channelling, 'payment'],
      [features.paymentGateWay, 'cyberSource'],
    ] as const) {
      const kept = (flags as Record<string, boolean>)[key];
      (flags as Record<string, boolean>)[key] = false;
      try {
        const answer = await initiate(patient, { id: invoice?.id });
        expect(answer.errors?.[0]?.message).toBe("ARO-E5005:We don't accept online payments yet.");
      } finally {
        (flags as Record<string, boolean>)[key] = kept ?? true;
      }
    }
    expect((await initiate(patient, { id: invoice?.id })).errors).toBeUndefined();
  });

  it('gives one booking request for a double tap with the same idempotency key', async () => {
    const patient = await makePatient();
    const visit = await makeAppointment(patient);
    const invoice = (await prepare(patient, { appointmentId: visit.appointmentId })).data?.prepareInvoice;
    const key = `pay-${randomUUID()}`;
    const [a, b] = await Promise.all([initiate(patient, { id: invoice?.id }, key), initiate(patient, { id: invoice?.id }, key)]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    expect(a.data?.initiateBooking.id).toBe(b.data?.initiateBooking.id);
    const rows = await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.invoiceId, invoice?.id ?? ''));
    expect(rows).toHaveLength(1);
  });
});

describe('the gateway answer (issue 9 §3 callback attacks)', () => {
  it('credits an ACCEPT: payment, invoice, appointment paid, redirect with Success and the booking id', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    const answer = await post('/payments/cybersource/return', gatewayAnswer(form));
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/view/appointment?id=1&paymentStatus=Success&bookingId=${booking.id}`);
    expect(await stateOf(booking.id, appointmentId)).toEqual({
      bookingStatus: 'completed',
      payments: ['ACCEPT'],
      paymentStatus: 'paid',
      reasonCode: 'revenue_collected',
      events: ['credited'],
    });
    const history = await t.gql<{ queryPaymentGatewayCallback: { id: string; bookingId: string; response: { status: string; amount: string; cardNumber: string; message: string }; invoice: { total: string; reasonCode: string; bookingId: string } | null }[] }>(
      'query ($b: ID) { queryPaymentGatewayCallback(bookingId: $b) { id bookingId response { status amount cardNumber message } invoice { total reasonCode bookingId } } }',
      { b: booking.id },
      auth(patient),
    );
    expect(history.data?.queryPaymentGatewayCallback).toEqual([
      expect.objectContaining({
        bookingId: booking.id,
        response: { status: 'ACCEPT', amount: '2999.89', cardNumber: '411111XXXXXXXXXX', message: 'Payment success' },
        invoice: { total: '2999.89', reasonCode: 'revenue_collected', bookingId: booking.id },
      }),
    ]);
    const again = await prepare(patient, { appointmentId });
    expect(again.errors?.[0]?.message).toMatch(/^ARO-E5001:/);
  });

  it('refuses a forged signature with 403 (the browser: sent to the payment history) and changes nothing', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    const forged = gatewayAnswer(form, {}, 'not-the-secret');
    expect((await post('/payments/cybersource/notify', forged)).statusCode).toBe(403);
    const tampered = { ...gatewayAnswer(form, { decision: 'DECLINE' }), decision: 'ACCEPT' };
    const back = await post('/payments/cybersource/return', tampered);
    expect([back.statusCode, back.headers.location]).toEqual([303, '/profiles/my-payment-history']);
    expect(await stateOf(booking.id, appointmentId)).toEqual({
      bookingStatus: 'initiated',
      payments: [],
      paymentStatus: 'pending',
      reasonCode: 'prepayment_collected',
      events: [],
    });
  });

  it('refuses an altered amount, currency, reference or transaction uuid (signed correctly) and changes nothing', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    const alterations: Record<string, string>[] = [
      { req_amount: '1.00', auth_amount: '1.00' },
      { req_currency: 'USD' },
      { req_reference_number: randomUUID() },
      { req_transaction_uuid: randomUUID() },
    ];
    for (const overrides of alterations) {
      const answer = await post('/payments/cybersource/notify', gatewayAnswer(form, overrides));
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
    }
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'initiated', payments: [], paymentStatus: 'pending', events: [] });
  });

  it('credits the same ACCEPT replayed 5 times once', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    const answer = gatewayAnswer(form);
    for (let i = 0; i < 5; i += 1) {
      const reply = await post(i % 2 === 0 ? '/payments/cybersource/notify' : '/payments/cybersource/return', answer);
      expect(reply.statusCode).toBe(i % 2 === 0 ? 200 : 303);
    }
    expect(await stateOf(booking.id, appointmentId)).toEqual({
      bookingStatus: 'completed',
      payments: ['ACCEPT'],
      paymentStatus: 'paid',
      reasonCode: 'revenue_collected',
      events: ['credited'],
    });
  });

  it('credits once when the browser return and the notification race', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    const answer = gatewayAnswer(form);
    const replies = await Promise.all([
      post('/payments/cybersource/return', answer),
      post('/payments/cybersource/notify', answer),
      post('/payments/cybersource/return', answer),
      post('/payments/cybersource/notify', answer),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([303, 200, 303, 200]);
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'completed', payments: ['ACCEPT'], events: ['credited'] });
    // Both channels answered, so the cashier has nothing to reconcile (issue 9 §9).
    const [event] = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.bookingRequestId, booking.id));
    expect(event?.source).toMatch(/^(return|notify\+return)$/);
  });

  it('marks a notification the browser return follows, so it is not left to reconcile', async () => {
    const patient = await makePatient();
    const { booking, form } = await startPayment(patient);
    const answer = gatewayAnswer(form);
    expect((await post('/payments/cybersource/notify', answer)).statusCode).toBe(200);
    const sourceOf = async () =>
      (await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.bookingRequestId, booking.id)))[0]?.source;
    expect(await sourceOf()).toBe('notify');
    expect((await post('/payments/cybersource/return', answer)).statusCode).toBe(303);
    expect(await sourceOf()).toBe('notify+return');
  });

  it('records but does not credit a second, different ACCEPT for a completed booking request', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    expect((await post('/payments/cybersource/notify', gatewayAnswer(form))).statusCode).toBe(200);
    const second = await post('/payments/cybersource/notify', gatewayAnswer(form));
    expect(second.json()).toEqual({ status: 'reconcile' });
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ payments: ['ACCEPT'], events: ['credited', 'reconcile'] });
  });

  it('keeps a second captured attempt at a paid invoice for reconciliation instead of paying it twice', async () => {
    const patient = await makePatient();
    const { booking, form, invoice, appointmentId } = await startPayment(patient);
    const other = (await initiate(patient, { id: invoice.id })).data?.initiateBooking;
    const otherForm = Object.fromEntries((other?.signature.parameter ?? []).map((field) => [field.name, field.value]));
    expect((await post('/payments/cybersource/notify', gatewayAnswer(form))).json()).toEqual({ status: 'credited' });
    expect((await post('/payments/cybersource/notify', gatewayAnswer(otherForm))).json()).toEqual({ status: 'reconcile' });
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ paymentStatus: 'paid', events: ['credited'] });
    const [paidInvoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paidInvoice?.bookingId).toBe(booking.id);
  });

  it("refuses a notification for another tenant's booking request", async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    const other = t.tenants.all().find((tenant) => tenant.id !== tenantId);
    expect(other).toBeDefined();
    const reply = await post('/payments/cybersource/notify', gatewayAnswer(form, {}, other?.gateways.cyberSource.secretKey), other?.hosts[0]);
    expect([400, 403]).toContain(reply.statusCode);
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'initiated', payments: [] });
  });

  it("refuses an answer pointing one account's booking at another account's amount", async () => {
    const mine = await makePatient();
    const theirs = await makePatient();
    const a = await startPayment(mine);
    const b = await startPayment(theirs);
    // B's reference with A's transaction uuid: signed correctly, but not B's request.
    const reply = await post('/payments/cybersource/notify', gatewayAnswer(b.form, { req_transaction_uuid: a.form.transaction_uuid ?? '' }));
    expect(reply.statusCode).toBe(400);
    expect(await stateOf(b.booking.id, b.appointmentId)).toMatchObject({ bookingStatus: 'initiated', payments: [] });
    expect(await stateOf(a.booking.id, a.appointmentId)).toMatchObject({ bookingStatus: 'initiated', payments: [] });
  });

  it("publishes the appointment's session after crediting, so the appointment screen refreshes", async () => {
    const patient = await makePatient();
    const { form, sessionId } = await startPayment(patient);
    const published: { topic: string; payload: unknown }[] = [];
    const deps: PaymentsDeps = {
      db: t.database.db,
      tenant: t.tenants.defaultTenant,
      correlationId: randomUUID(),
      providers: t.providers,
      publish: (topic, payload) => {
        published.push({ topic, payload });
        return Promise.resolve();
      },
      log: t.app.log,
    };
    const answer = cyberSource.readAnswer(deps.tenant.gateways.cyberSource, gatewayAnswer(form));
    expect(answer).not.toBeNull();
    const booking = answer ? await matchAnswer(deps, answer, 'notify') : 'reference';
    expect(typeof booking).toBe('object');
    if (answer && typeof booking === 'object') {
      expect((await applyGatewayAnswer(deps, booking, answer, 'notify')).outcome).toBe('credited');
      expect((await applyGatewayAnswer(deps, booking, answer, 'return')).outcome).toBe('duplicate');
    }
    expect(published).toContainEqual({ topic: consultationSessionTopic(tenantId, sessionId), payload: { id: sessionId, changed: 'appointments' } });
    expect(published.filter((event) => event.topic === consultationSessionTopic(tenantId, sessionId))).toHaveLength(1);
  });

  it('records a DECLINE for history, redirects with Failure and leaves the appointment payable', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId, invoice } = await startPayment(patient);
    const reply = await post(
      '/payments/cybersource/return',
      gatewayAnswer(form, { decision: 'DECLINE', reason_code: '203', message: 'General decline of the card' }),
    );
    expect(reply.statusCode).toBe(303);
    expect(reply.headers.location).toBe(`/view/appointment?id=1&retry=1&paymentStatus=Failure&bookingId=${booking.id}`);
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({
      bookingStatus: 'failed',
      payments: ['DECLINE'],
      paymentStatus: 'pending',
      reasonCode: 'prepayment_collected',
    });
    const retry = await initiate(patient, { id: invoice.id });
    expect(retry.errors).toBeUndefined();
  });

  it('keeps a REVIEW pending (Failure redirect, "Payment is pending"), then credits its later ACCEPT', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    const review = gatewayAnswer(form, { decision: 'REVIEW', reason_code: '480', message: 'The order is marked for review' });
    const back = await post('/payments/cybersource/return', review);
    expect(back.headers.location).toContain(`paymentStatus=Failure&bookingId=${booking.id}`);
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'pending', payments: ['REVIEW'], paymentStatus: 'pending' });
    const [pending] = await t.database.db.select().from(payments).where(eq(payments.bookingRequestId, booking.id));
    expect(pending?.message).toBe('Payment is pending');
    const accepted = gatewayAnswer(form, { transaction_id: review.transaction_id ?? '' });
    expect((await post('/payments/cybersource/notify', accepted)).json()).toEqual({ status: 'credited' });
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'completed', payments: ['ACCEPT'], paymentStatus: 'paid' });
  });

  it('saves the card with its token encrypted, then quick pays another booking once per key', async () => {
    const patient = await makePatient();
    const { form } = await startPayment(patient, { savePaymentMethod: true });
    const settings = t.tenants.defaultTenant.gateways.cyberSource;
    // A token the sandbox's REST API accepts, as its hosted form would have made it.
    const token = issueSandboxToken(t.providers.appSecret, {
      merchantId: settings.merchantId,
      maskedNumber: '411111xxxxxx1111',
      cardType: '001',
      expiry: '12-2030',
    });
    expect((await post('/payments/cybersource/notify', gatewayAnswer(form, { payment_token: token }))).statusCode).toBe(200);
    const [method] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, patient.accountId));
    expect(method).toMatchObject({ cardNumber: '411111XXXXXXXXXX', cardExpiry: '12-2030', gateway: 'cyberSource' });
    expect(method?.gatewayToken).not.toContain(token);
    expect(openPaymentToken(t.providers.appSecret, method?.gatewayToken ?? '')).toBe(token);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, patient.accountId));
    expect(account?.defaultPaymentMethodId).toBe(method?.id);

    const next = await makeAppointment(patient);
    const invoice = (await prepare(patient, { appointmentId: next.appointmentId })).data?.prepareInvoice;
    const key = `quick-${randomUUID()}`;
    const quickPay = () =>
      t.gql<{ completeBooking: { id: string | null; status: string; message: string | null; paymentMethodId: string | null; sessionId: string | null } }>(
        'mutation ($input: CompleteBookingInput!, $key: String) { completeBooking(input: $input, idempotencyKey: $key) { id requestReference sessionId status message paymentMethodId } }',
        { input: { id: invoice?.id, paymentGatewayType: 'cyberSource' }, key },
        auth(patient),
      );
    const [first, second] = await Promise.all([quickPay(), quickPay()]);
    expect(first.errors).toBeUndefined();
    expect(first.data?.completeBooking).toMatchObject({ status: 'completed', paymentMethodId: method?.id, sessionId: next.sessionId });
    expect(second.data?.completeBooking.id).toBe(first.data?.completeBooking.id);
    const charged = await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.invoiceId, invoice?.id ?? ''));
    expect(charged).toHaveLength(1);
    expect(await stateOf(charged[0]?.id ?? '', next.appointmentId)).toMatchObject({
      bookingStatus: 'completed',
      payments: ['ACCEPT'],
      paymentStatus: 'paid',
    });
  });
});

const unescape = (text: string): string =>
  text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Posts the signed form with card fields to the sandbox, as the browser does; answers the page's hidden answer. */
async function payAtSandbox(formUrl: string, form: Record<string, string>, card: { number: string; expiry: string }) {
  const page = await t.app.inject({
    method: 'POST',
    url: formUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
    payload: new URLSearchParams({ ...form, card_type: '001', card_number: card.number, card_expiry_date: card.expiry, card_cvn: '123' }).toString(),
  });
  expect(page.statusCode).toBe(200);
  const fields: Record<string, string> = {};
  for (const match of page.body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescape(match[1] ?? '')] = unescape(match[2] ?? '');
  }
  return fields;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (done(value)) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

describe('through the sandbox gateway (issue 9 §4)', () => {
  it('ACCEPT test card: the notification and the browser return credit once, the return says Success', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    const answer = await payAtSandbox(booking.formUrl, form, { number: '4111111111111111', expiry: '12-2030' });
    expect(answer.decision).toBe('ACCEPT');
    const back = await post('/payments/cybersource/return', answer);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain(`paymentStatus=Success&bookingId=${booking.id}`);
    const state = await eventually(() => stateOf(booking.id, appointmentId), (value) => value.events.length > 0);
    expect(state).toMatchObject({ bookingStatus: 'completed', payments: ['ACCEPT'], paymentStatus: 'paid', events: ['credited'] });
  });

  it('DECLINE test card: Failure, and the appointment stays payable', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    const answer = await payAtSandbox(booking.formUrl, form, { number: '4000000000000002', expiry: '12-2030' });
    expect(answer.decision).toBe('DECLINE');
    const back = await post('/payments/cybersource/return', answer);
    expect(back.headers.location).toContain(`paymentStatus=Failure&bookingId=${booking.id}`);
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'failed', payments: ['DECLINE'], paymentStatus: 'pending' });
  });
});

describe("another account's ids answer ARO-E2001", () => {
  it('for prepareInvoice, initiateBooking, completeBooking, and history gives nothing', async () => {
    const owner = await makePatient();
    const stranger = await makePatient();
    const { appointmentId, invoice, booking, sessionId } = await startPayment(owner);
    const notFound = /^ARO-E2001:/;
    expect((await prepare(stranger, { appointmentId })).errors?.[0]?.message).toMatch(notFound);
    expect((await prepare(stranger, { sessionId, patientId: owner.patientId })).errors?.[0]?.message).toMatch(notFound);
    expect((await initiate(stranger, { id: invoice.id })).errors?.[0]?.message).toMatch(notFound);
    const [method] = await t.database.db
      .insert(paymentMethods)
      .values({ tenantId, accountId: owner.accountId, cardNumber: '411111XXXXXXXXXX', gatewayToken: sealPaymentToken(t.providers.appSecret, 'tok'), gateway: 'cyberSource' })
      .returning({ id: paymentMethods.id });
    const strangerVisit = await makeAppointment(stranger);
    const strangerInvoice = (await prepare(stranger, { appointmentId: strangerVisit.appointmentId })).data?.prepareInvoice;
    const complete = (patient: Patient, input: Record<string, unknown>) =>
      t.gql('mutation ($input: CompleteBookingInput!) { completeBooking(input: $input) { status } }', { input: { paymentGatewayType: 'cyberSource', ...input } }, auth(patient));
    expect((await complete(stranger, { id: strangerInvoice?.id, paymentMethodId: method?.id })).errors?.[0]?.message).toMatch(notFound);
    expect((await complete(stranger, { id: invoice.id, paymentMethodId: method?.id })).errors?.[0]?.message).toMatch(notFound);
    const history = await t.gql<{ queryPaymentGatewayCallback: unknown[] }>(
      'query ($b: ID) { queryPaymentGatewayCallback(bookingId: $b) { id } }',
      { b: booking.id },
      auth(stranger),
    );
    expect(history.data?.queryPaymentGatewayCallback).toEqual([]);
  });
});

describe('queryChargingScheme', () => {
  it("lists the active schemes of the tenant's hospital with decimal amounts", async () => {
    const patient = await makePatient();
    const answer = await t.gql<{ queryChargingScheme: { id: string; currency: string; items: { amount: string }[] }[] }>(
      'query ($o: ID!) { queryChargingScheme(organizationId: $o) { id name status currency items { category description amount } } }',
      { o: hospital },
      auth(patient),
    );
    const schemes = answer.data?.queryChargingScheme ?? [];
    expect(schemes.map((scheme) => scheme.id)).toEqual([schemeId]);
    expect(schemes[0]?.currency).toBe('LKR');
    expect(schemes[0]?.items.map((item) => item.amount)).toEqual(['2500.00', '499.99', '0.10', '-0.20']);
  });
});

describe('returnLocation', () => {
  it('appends the outcome to a path with or without a query, before a hash', () => {
    expect(returnLocation('/a', 'Success', 'b1')).toBe('/a?paymentStatus=Success&bookingId=b1');
    expect(returnLocation('/a?x=1#top', 'Failure', 'b1')).toBe('/a?x=1&paymentStatus=Failure&bookingId=b1#top');
  });
});

describe('GET /payments/:paymentId/invoice.pdf (spec doc 2 §2 Payment Invoice, Download as PDF)', () => {
  it("answers the owner's paid invoice as an A4 PDF with its lines, and the same not-found for anyone else", async () => {
    const patient = await makePatient();
    const { form, booking } = await startPayment(patient);
    expect((await post('/payments/cybersource/return', gatewayAnswer(form))).statusCode).toBe(303);
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.bookingRequestId, booking.id));
    const url = `/payments/${paid?.id ?? ''}/invoice.pdf`;

    const answer = await t.app.inject({ method: 'GET', url, headers: auth(patient) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="Invoice.pdf"');
    const { pages } = await readPdf(answer.rawPayload);
    expect(pages.map((page) => [Math.round(page.width), Math.round(page.height)])).toEqual([[595, 842]]);
    const text = pages[0]?.text ?? '';
    for (const line of ['Payment Invoice', 'Doctor fee', 'Hospital fee', '2500.00', '2999.89']) {
      expect(text).toContain(line);
    }
    // issue 29 §1.4: the method's and the card's names, not the gateway's codes.
    expect(text).toMatch(/Paid with:\s*Card/);
    expect(text).toMatch(/Card:\s*Visa 411111X+/);
    expect(text).not.toContain('cyberSource');

    // Another account, an unknown payment, a bad id: the same 404; no token: 401.
    const stranger = await makePatient();
    const refusals = await Promise.all([
      t.app.inject({ method: 'GET', url, headers: auth(stranger) }),
      t.app.inject({ method: 'GET', url: `/payments/${randomUUID()}/invoice.pdf`, headers: auth(patient) }),
      t.app.inject({ method: 'GET', url: '/payments/not-an-id/invoice.pdf', headers: auth(patient) }),
    ]);
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(404);
      expect(refusal.json()).toEqual({ error: 'ARO-E2001:The requested record was not found' });
    }
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows an appointment's proof of payment to its owner only (issue 29 §1.3)", async () => {
    const patient = await makePatient();
    const { form, appointmentId } = await startPayment(patient);
    await post('/payments/cybersource/return', gatewayAnswer(form));
    const RECORDS = `query ($ref: String) { queryPaymentGatewayCallback(requestReference: $ref) {
      id response { status amount cardType paymentGatewayType } invoice { total currency }
    } }`;
    type Records = { queryPaymentGatewayCallback: { id: string; response: { status: string; amount: string; paymentGatewayType: string }; invoice: { total: string } | null }[] };
    const ref = `Appointment/${appointmentId}`;
    const own = await t.gql<Records>(RECORDS, { ref }, auth(patient));
    expect(own.data?.queryPaymentGatewayCallback).toHaveLength(1);
    const [record] = own.data?.queryPaymentGatewayCallback ?? [];
    expect(record).toMatchObject({ response: { status: 'ACCEPT', amount: '2999.89', paymentGatewayType: 'cyberSource' }, invoice: { total: '2999.89' } });

    // Another account asking by the same appointment: nothing, and its invoice link is refused.
    const stranger = await makePatient();
    const theirs = await t.gql<Records>(RECORDS, { ref }, auth(stranger));
    expect(theirs.data?.queryPaymentGatewayCallback).toEqual([]);
    const pdf = await t.app.inject({ method: 'GET', url: `/payments/${record?.id ?? ''}/invoice.pdf`, headers: auth(stranger) });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toEqual({ error: 'ARO-E2001:The requested record was not found' });
  });

  it("is written in the account's language (issue 29 §1.4)", async () => {
    const patient = await makePatient();
    const chosen = await t.gql('mutation { setPreferredLanguage(language: ta) }', {}, auth(patient));
    expect(chosen.errors).toBeUndefined();
    const { form, booking } = await startPayment(patient);
    expect((await post('/payments/cybersource/return', gatewayAnswer(form))).statusCode).toBe(303);
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.bookingRequestId, booking.id));
    const answer = await t.app.inject({ method: 'GET', url: `/payments/${paid?.id ?? ''}/invoice.pdf`, headers: auth(patient) });
    expect(answer.statusCode).toBe(200);
    const { pages, title } = await readPdf(answer.rawPayload);
    const text = pages[0]?.text ?? '';
    expect(title).toBe(renderMessage('ta', 'paymentHistory.invoiceTitle'));
    // pdf.js splits shaped Tamil into pieces; the words without a pre-base vowel sign read whole.
    expect(text.replace(/\s+/g, '')).toContain('மருத்துவர்கட்டணம்');
    for (const english of ['Doctor fee', 'Hospital fee', 'Paid with', 'cyberSource']) {
      expect(text).not.toContain(english);
    }
  });

  it('has no invoice for a declined payment', async () => {
    const patient = await makePatient();
    const { form, booking } = await startPayment(patient);
    await post('/payments/cybersource/return', gatewayAnswer(form, { decision: 'DECLINE', reason_code: '203', message: 'Declined' }));
    const [declined] = await t.database.db.select().from(payments).where(eq(payments.bookingRequestId, booking.id));
    expect(declined?.status).toBe('DECLINE');
    const answer = await t.app.inject({ method: 'GET', url: `/payments/${declined?.id ?? ''}/invoice.pdf`, headers: auth(patient) });
    expect(answer.statusCode).toBe(404);
  });
});

describe('review fixes (issue 9 review)', () => {
  type QuickPayAnswer = { completeBooking: { id: string | null; status: string; message: string | null; paymentMethodId: string | null } };

  /** A saved default card of the patient whose token the sandbox's REST API accepts. */
  const saveCard = (patient: Patient) => saveSandboxCard(t, tenantId, patient);

  const quickPay = (patient: Patient, invoiceId: string | undefined, key?: string) =>
    t.gql<QuickPayAnswer>(
      'mutation ($input: CompleteBookingInput!, $key: String) { completeBooking(input: $input, idempotencyKey: $key) { id status message paymentMethodId } }',
      { input: { id: invoiceId, paymentGatewayType: 'cyberSource' }, key: key ?? null },
      auth(patient),
    );

  /** Runs `run` with the gateway's REST API answering through `fake` instead of the sandbox. */
  async function withGateway<T>(fake: (url: string, init: { body?: string }) => Promise<{ status: number; body: string }>, run: () => Promise<T>): Promise<T> {
    const providers = t.providers as unknown as { gatewayHttp: unknown };
    const real = providers.gatewayHttp;
    providers.gatewayHttp = fake;
    try {
      return await run();
    } finally {
      providers.gatewayHttp = real;
    }
  }

  /** A REST answer of the gateway to a token charge, for the amount it names. */
  const restAnswer = (init: { body?: string }, status: string, amount?: string) => {
    const sent = JSON.parse(init.body ?? '{}') as { clientReferenceInformation: { code: string }; orderInformation: { amountDetails: { totalAmount: string; currency: string } } };
    return {
      status: 201,
      body: JSON.stringify({
        id: `rest-${randomUUID()}`,
        status,
        clientReferenceInformation: { code: sent.clientReferenceInformation.code },
        orderInformation: { amountDetails: { authorizedAmount: amount ?? sent.orderInformation.amountDetails.totalAmount, currency: sent.orderInformation.amountDetails.currency } },
      }),
    };
  };

  async function payableAppointment(patient: Patient) {
    const visit = await makeAppointment(patient);
    const invoice = (await prepare(patient, { appointmentId: visit.appointmentId })).data?.prepareInvoice;
    if (!invoice) {
      throw new Error('no invoice');
    }
    return { ...visit, invoice };
  }

  async function bookingsOf(invoiceId: string) {
    return t.database.db.select().from(bookingRequests).where(eq(bookingRequests.invoiceId, invoiceId));
  }

  it('1/2: a quick pay with an unknown outcome (timeout, network error, 5xx, amount mismatch) is pending, blocks the invoice and goes to the cashier', async () => {
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    const fakes: [string, (url: string, init: { body?: string }) => Promise<{ status: number; body: string }>][] = [
      ['timeout', () => Promise.reject(timeout)],
      ['network', () => Promise.reject(new Error('ECONNRESET'))],
      ['5xx', () => Promise.resolve({ status: 503, body: '{"message":"Service Unavailable"}' })],
      ['amount mismatch', (_url, init) => Promise.resolve(restAnswer(init, 'AUTHORIZED', '1.00'))],
    ];
    for (const [name, fake] of fakes) {
      const patient = await makePatient();
      const methodId = await saveCard(patient);
      const { invoice, appointmentId } = await payableAppointment(patient);
      const answer = await withGateway(fake, () => quickPay(patient, invoice.id));
      expect(answer.errors, name).toBeUndefined();
      expect(answer.data?.completeBooking, name).toMatchObject({ status: 'pending', message: 'Payment is pending', id: null, paymentMethodId: methodId });
      const [booking] = await bookingsOf(invoice.id);
      expect(await stateOf(booking?.id ?? '', appointmentId), name).toMatchObject({
        bookingStatus: 'unknown',
        payments: [],
        paymentStatus: 'pending',
        reasonCode: 'prepayment_collected',
        events: ['reconcile'],
      });
      const cashier = await listUnmatchedGatewayEvents(t.database.db, { tenantId, organizationId: hospital });
      expect(cashier.some((row) => row.event.bookingRequestId === booking?.id && row.event.outcome === 'reconcile'), name).toBe(true);
      // The patient cannot pay the same invoice again meanwhile, by quick pay or the card form.
      const again = await quickPay(patient, invoice.id, `again-${randomUUID()}`);
      expect(again.errors?.[0]?.message, name).toBe('ARO-E5015:A payment for this invoice is still being processed. Please wait for its result');
      expect((await initiate(patient, { id: invoice.id })).errors?.[0]?.message, name).toMatch(/^ARO-E5015:/);
      expect(await bookingsOf(invoice.id), name).toHaveLength(1);
    }
  });

  it('1: a definite ERROR (400, invalid request) still fails and leaves the invoice payable', async () => {
    const patient = await makePatient();
    await saveCard(patient);
    const { invoice } = await payableAppointment(patient);
    const answer = await withGateway(() => Promise.resolve({ status: 400, body: '{"message":"Declined - invalid field"}' }), () => quickPay(patient, invoice.id));
    expect(answer.data?.completeBooking.status).toBe('failed');
    const [booking] = await bookingsOf(invoice.id);
    expect(booking?.status).toBe('failed');
    expect((await quickPay(patient, invoice.id)).data?.completeBooking.status).toBe('completed');
  });

  it('3: a REVIEW on quick pay answers pending with "Payment is pending" and blocks a second payment', async () => {
    const patient = await makePatient();
    await saveCard(patient);
    const { invoice } = await payableAppointment(patient);
    const answer = await withGateway((_url, init) => Promise.resolve(restAnswer(init, 'AUTHORIZED_PENDING_REVIEW')), () => quickPay(patient, invoice.id));
    expect(answer.data?.completeBooking).toMatchObject({ status: 'pending', message: 'Payment is pending' });
    expect(answer.data?.completeBooking.id).not.toBeNull();
    const [booking] = await bookingsOf(invoice.id);
    expect(booking?.status).toBe('pending');
    expect((await quickPay(patient, invoice.id)).errors?.[0]?.message).toMatch(/^ARO-E5015:/);
  });

  it('2: two quick pays of one invoice with different keys, at once, charge it once', async () => {
    const patient = await makePatient();
    await saveCard(patient);
    const { invoice, appointmentId } = await payableAppointment(patient);
    const answers = await Promise.all([quickPay(patient, invoice.id, `a-${randomUUID()}`), quickPay(patient, invoice.id, `b-${randomUUID()}`), quickPay(patient, invoice.id)]);
    const completed = answers.filter((answer) => answer.data?.completeBooking.status === 'completed');
    expect(completed).toHaveLength(1);
    for (const answer of answers.filter((one) => one.data?.completeBooking.status !== 'completed')) {
      expect(answer.errors?.[0]?.message).toMatch(/^ARO-E50(15|07|01):/);
    }
    const rows = await bookingsOf(invoice.id);
    expect(rows).toHaveLength(1);
    expect(await stateOf(rows[0]?.id ?? '', appointmentId)).toMatchObject({ bookingStatus: 'completed', payments: ['ACCEPT'], paymentStatus: 'paid' });
  });

  it('2: initiateBooking refuses an invoice with a booking request charging or pending', async () => {
    for (const status of ['charging', 'pending']) {
      const patient = await makePatient();
      const { invoice } = await payableAppointment(patient);
      await t.database.db.insert(bookingRequests).values({
        tenantId,
        accountId: patient.accountId,
        patientId: patient.patientId,
        invoiceId: invoice.id,
        organizationId: hospital,
        requestReference: invoice.requestReference,
        paymentGatewayType: 'cyberSource',
        amount: 2999.89,
        currency: 'LKR',
        externalReference: randomUUID(),
        status,
      });
      expect((await initiate(patient, { id: invoice.id })).errors?.[0]?.message, status).toMatch(/^ARO-E5015:/);
    }
  });

  it('4: a cancelled or entered-in-error appointment cannot be paid, by the card form or quick pay', async () => {
    for (const appointmentStatus of ['cancelled', 'entered_in_error']) {
      const patient = await makePatient();
      await saveCard(patient);
      const { invoice, appointmentId } = await payableAppointment(patient);
      await t.database.db.update(appointments).set({ appointmentStatus }).where(eq(appointments.id, appointmentId));
      expect((await initiate(patient, { id: invoice.id })).errors?.[0]?.message, appointmentStatus).toMatch(/^ARO-E5010:/);
      expect((await quickPay(patient, invoice.id)).errors?.[0]?.message, appointmentStatus).toMatch(/^ARO-E5010:/);
      expect(await bookingsOf(invoice.id)).toHaveLength(0);
    }
  });

  it('4: money for an appointment cancelled after the form was posted is recorded, not paid, and left to the cashier', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId } = await startPayment(patient);
    await t.database.db.update(appointments).set({ appointmentStatus: 'cancelled' }).where(eq(appointments.id, appointmentId));
    expect((await post('/payments/cybersource/notify', gatewayAnswer(form))).json()).toEqual({ status: 'reconcile' });
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({
      bookingStatus: 'completed',
      payments: ['ACCEPT'],
      paymentStatus: 'pending',
      events: ['reconcile'],
    });
    const [appointment] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(appointment?.appointmentStatus).toBe('cancelled');
  });

  it("5: prepareInvoice refuses a charging scheme other than the session's own", async () => {
    const patient = await makePatient();
    const visit = await makeAppointment(patient);
    const [cheap] = await t.database.db
      .insert(chargingSchemes)
      .values({ tenantId, organizationId: hospital, name: 'Cheap', currency: 'LKR', items: [{ category: 'doctor_fee', description: 'Doctor fee', amount: 1 }] })
      .returning({ id: chargingSchemes.id });
    const refused = await prepare(patient, { appointmentId: visit.appointmentId, chargingSchemeId: cheap?.id });
    expect(refused.errors?.[0]?.message).toBe('ARO-E5017:This charging scheme does not apply to this session');
    const forSession = await prepare(patient, { sessionId: visit.sessionId, patientId: patient.patientId, chargingSchemeId: cheap?.id });
    expect(forSession.errors?.[0]?.message).toMatch(/^ARO-E5017:/);
    const own = await prepare(patient, { appointmentId: visit.appointmentId, chargingSchemeId: schemeId });
    expect(own.data?.prepareInvoice.total).toBe('2999.89');
  });

  it('6: a Session/ invoice (temporary booking) cannot be paid yet', async () => {
    const patient = await makePatient();
    await saveCard(patient);
    const visit = await makeAppointment(patient);
    const invoice = (await prepare(patient, { sessionId: visit.sessionId, patientId: patient.patientId })).data?.prepareInvoice;
    expect((await initiate(patient, { id: invoice?.id })).errors?.[0]?.message).toBe(
      'ARO-E5016:This booking is not confirmed yet, so it cannot be paid online',
    );
    expect((await quickPay(patient, invoice?.id)).errors?.[0]?.message).toMatch(/^ARO-E5016:/);
    expect(await bookingsOf(invoice?.id ?? '')).toHaveLength(0);
  });

  it('8: the card credit locks the appointment before the invoice, as the cash desk does (no deadlock)', async () => {
    const patient = await makePatient();
    const { booking, form, appointmentId, invoice } = await startPayment(patient);
    let notified: ReturnType<typeof post> | null = null;
    // The cash desk's order: the appointment row first, then the invoice. A credit that took the
    // invoice first would deadlock with it on PostgreSQL; now it waits for the appointment instead.
    await t.database.db.transaction(async (tx) => {
      await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, appointmentId)).for('update');
      notified = post('/payments/cybersource/notify', gatewayAnswer(form));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.update(invoices).set({ updatedAt: new Date() }).where(eq(invoices.id, invoice.id));
    });
    expect((await (notified as unknown as ReturnType<typeof post>)).json()).toEqual({ status: 'credited' });
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'completed', paymentStatus: 'paid', reasonCode: 'revenue_collected' });
  });

  it('7: a card number the gateway masked beyond the first 6 digits is shown as received', async () => {
    const patient = await makePatient();
    const { booking, form } = await startPayment(patient);
    expect((await post('/payments/cybersource/notify', gatewayAnswer(form, { req_card_number: 'xxxxxxxxxxxx1111' }))).statusCode).toBe(200);
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.bookingRequestId, booking.id));
    expect(paid?.response.cardNumber).toBe('xxxxxxxxxxxx1111');
    const other = await startPayment(await makePatient());
    await post('/payments/cybersource/notify', gatewayAnswer(other.form, { req_card_number: '411111xxxxxx1111' }));
    const [shown] = await t.database.db.select().from(payments).where(eq(payments.bookingRequestId, other.booking.id));
    expect(shown?.response.cardNumber).toBe('411111XXXXXXXXXX');
  });
});
