import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { HttpRequester } from '../../providers/payment-gateways/gateway.ts';
import {
  appointments,
  bookingRequests,
  gatewayEvents,
  invoices,
  payments,
} from '../../db/schema/index.ts';
import {
  makePayableAppointment,
  makePaymentsSetting,
  makeSignedInPatient,
  patientAuth,
  saveSandboxCard,
  type FixturePatient,
  type PaymentsSetting,
} from './payments-test-fixture.ts';

/*
 * 3-D Secure of a quick pay with a saved card (spec doc 2 §7 authenticatePaymentGateway, issue 9 §3):
 * the sandbox's 3-D Secure card (4000…1091) asks for its cardholder on every token charge; the
 * charge waits as 'authenticating', the bank's page (code 1234) returns to
 * /payments/cybersource/authenticated, and the payment ends in the right state, credited once.
 */

let t: TestApp;
let setting: PaymentsSetting;

type Patient = FixturePatient;
type QuickPay = {
  completeBooking: {
    id: string | null;
    bookingId: string | null;
    status: string;
    message: string | null;
  };
};

const auth = patientAuth;
const makePatient = () => makeSignedInPatient(t, setting.tenantId, setting.hospitalId);
/** A saved default card whose token the sandbox accepts; the 3-D Secure test card unless told. */
const saveCard = (patient: Patient, maskedNumber = '400000xxxxxx1091') =>
  saveSandboxCard(t, setting.tenantId, patient, maskedNumber);
const payableAppointment = (patient: Patient) => makePayableAppointment(t, setting, patient);

const quickPay = (patient: Patient, invoiceId: string, key: string | null = null) =>
  t.gql<QuickPay>(
    'mutation ($input: CompleteBookingInput!, $key: String) { completeBooking(input: $input, idempotencyKey: $key) { id bookingId status message } }',
    { input: { id: invoiceId, paymentGatewayType: 'cyberSource' }, key },
    auth(patient),
  );

const authenticate = (patient: Patient, id: string, successUrl = '/view/appointment?id=1') =>
  t.gql<{
    authenticatePaymentGateway: { authentication: { redirectHtml?: string; redirectUrl?: string } };
  }>(
    'mutation ($id: ID!, $s: String) { authenticatePaymentGateway(id: $id, successUrl: $s) }',
    { id, s: successUrl },
    auth(patient),
  );

const unescape = (text: string): string =>
  text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The form of an HTML page: its action and hidden fields. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = unescape(/<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescape(match[1] ?? '')] = unescape(match[2] ?? '');
  }
  return { action, fields };
}

const postForm = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
    payload: new URLSearchParams(fields).toString(),
  });

/** The cardholder at the bank: the step-up page, then the one-time code; answers the bank's way back. */
async function passStepUp(redirectHtml: string, code: string) {
  const stepUp = formOf(redirectHtml);
  const challenge = await postForm(stepUp.action, stepUp.fields);
  expect(challenge.statusCode).toBe(200);
  const page = formOf(challenge.body);
  const back = await postForm(page.action, { ...page.fields, challenge_code: code });
  expect(back.statusCode).toBe(200);
  return formOf(back.body);
}

async function stateOf(invoiceId: string, appointmentId: string) {
  const db = t.database.db;
  const bookings = await db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.invoiceId, invoiceId));
  const ids = bookings.map((row) => row.id);
  const paid = ids.length
    ? await db.select().from(payments).where(inArray(payments.bookingRequestId, ids))
    : [];
  const events = ids.length
    ? await db.select().from(gatewayEvents).where(inArray(gatewayEvents.bookingRequestId, ids))
    : [];
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return {
    bookings: bookings.map((row) => row.status).sort(),
    payments: paid
      .map(
        (row) =>
          `${row.status}:${(row.response as { reasonCode?: string } | null)?.reasonCode ?? ''}`,
      )
      .sort(),
    events: events.map((row) => row.outcome).sort(),
    paymentStatus: appointment?.paymentStatus,
    reasonCode: invoice?.reasonCode,
  };
}

/** The gateway requester with calls answered by requester (the real one stays bound to the app). */
function stubHttp(
  real: TestApp['providers']['gatewayHttp'],
  requester: HttpRequester,
): TestApp['providers']['gatewayHttp'] {
  return Object.assign(requester, { bindLocal: real.bindLocal });
}

beforeAll(async () => {
  t = await createTestApp();
  setting = await makePaymentsSetting(t, [{ category: 'doctor_fee', description: 'Doctor fee', amount: 2500 }]);
});

afterAll(async () => {
  await t.close();
});

describe('authenticatePaymentGateway (spec doc 2 §7, 3-D Secure of a quick pay)', () => {
  it('waits for the bank, then the right code pays once: Success, paid, one credited event, replays change nothing', async () => {
    const patient = await makePatient();
    await saveCard(patient);
    const { appointmentId, invoiceId } = await payableAppointment(patient);
    const key = `quick-${randomUUID()}`;
    const [first, twin] = await Promise.all([
      quickPay(patient, invoiceId, key),
      quickPay(patient, invoiceId, key),
    ]);
    expect(first.errors).toBeUndefined();
    expect(first.data?.completeBooking).toMatchObject({ status: 'authenticating', id: null });
    const bookingId = first.data?.completeBooking.bookingId ?? '';
    expect(twin.data?.completeBooking).toMatchObject({ status: 'authenticating', bookingId });
    // Nothing charged yet (a new tap meanwhile releases this attempt: payment-release.int.test.ts).
    expect(await stateOf(invoiceId, appointmentId)).toMatchObject({
      bookings: ['authenticating'],
      payments: [],
      paymentStatus: 'pending',
    });

    const answer = await authenticate(patient, bookingId);
    expect(answer.errors).toBeUndefined();
    const html = answer.data?.authenticatePaymentGateway.authentication.redirectHtml ?? '';
    const stepUp = formOf(html);
    expect(stepUp.action).toBe('/sandbox/cybersource/cardinal/step-up');
    expect(Object.keys(stepUp.fields).sort()).toEqual(['JWT', 'MD']);
    expect(html).not.toContain('<script');

    const bankBack = await passStepUp(html, '1234');
    expect(new URL(bankBack.action).pathname).toBe('/payments/cybersource/authenticated');
    const returns = [];
    for (let i = 0; i < 5; i += 1) {
      returns.push(await postForm('/payments/cybersource/authenticated', bankBack.fields));
    }
    for (const back of returns) {
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(
        `/view/appointment?id=1&paymentStatus=Success&bookingId=${bookingId}`,
      );
    }
    expect(await stateOf(invoiceId, appointmentId)).toEqual({
      bookings: ['completed'],
      payments: ['ACCEPT:100'],
      events: ['credited'],
      paymentStatus: 'paid',
      reasonCode: 'revenue_collected',
    });
    // Done: no second step-up.
    expect((await authenticate(patient, bookingId)).errors?.[0]?.message).toMatch(/^ARO-E5018:/);
  });

  it('a second return while the first is still authorising waits for its outcome: both Success', async () => {
    const patient = await makePatient();
    await saveCard(patient);
    const { appointmentId, invoiceId } = await payableAppointment(patient);
    const bookingId = (await quickPay(patient, invoiceId)).data?.completeBooking.bookingId ?? '';
    const html =
      (await authenticate(patient, bookingId, '/ok')).data?.authenticatePaymentGateway
        .authentication.redirectHtml ?? '';
    const bankBack = await passStepUp(html, '1234');
    const http = t.providers.gatewayHttp;
    let started: () => void = () => undefined;
    const charging = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.providers.gatewayHttp = stubHttp(http, async (url, init) => {
      if (init.method === 'POST') {
        started();
        await released;
      }
      return http(url, init);
    });
    try {
      const first = postForm('/payments/cybersource/authenticated', bankBack.fields);
      await charging;
      const second = postForm('/payments/cybersource/authenticated', bankBack.fields);
      // Let the twin find the request 'charging' before the gateway answers the first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      for (const back of await Promise.all([first, second])) {
        expect(back.statusCode).toBe(303);
        expect(back.headers.location).toBe(`/ok?paymentStatus=Success&bookingId=${bookingId}`);
      }
    } finally {
      release();
      t.providers.gatewayHttp = http;
    }
    expect(await stateOf(invoiceId, appointmentId)).toMatchObject({
      bookings: ['completed'],
      payments: ['ACCEPT:100'],
      events: ['credited'],
    });
  });

  it('a wrong code fails the payment (476), redirects with Failure and leaves the appointment payable', async () => {
    const patient = await makePatient();
    await saveCard(patient);
    const { appointmentId, invoiceId } = await payableAppointment(patient);
    const bookingId = (await quickPay(patient, invoiceId)).data?.completeBooking.bookingId ?? '';
    const html =
      (await authenticate(patient, bookingId, '/ok')).data?.authenticatePaymentGateway
        .authentication.redirectHtml ?? '';
    const bankBack = await passStepUp(html, '0000');
    const back = await postForm('/payments/cybersource/authenticated', bankBack.fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/ok?paymentStatus=Failure&bookingId=${bookingId}`);
    expect(await stateOf(invoiceId, appointmentId)).toMatchObject({
      bookings: ['failed'],
      payments: ['DECLINE:476'],
      events: ['failed'],
      paymentStatus: 'pending',
    });
    // Payable again: the next quick pay asks the bank again.
    expect((await quickPay(patient, invoiceId)).data?.completeBooking.status).toBe(
      'authenticating',
    );
  });

  it('refuses a forged or foreign return and answers the same not-found for another account', async () => {
    const patient = await makePatient();
    const other = await makePatient();
    await saveCard(patient);
    const { appointmentId, invoiceId } = await payableAppointment(patient);
    const bookingId = (await quickPay(patient, invoiceId)).data?.completeBooking.bookingId ?? '';
    expect((await authenticate(other, bookingId)).errors?.[0]?.message).toMatch(/^ARO-E2001:/);
    expect((await authenticate(other, randomUUID())).errors?.[0]?.message).toMatch(/^ARO-E2001:/);
    expect(
      (await authenticate(patient, bookingId, 'https://evil.example/')).errors?.[0]?.message,
    ).toMatch(/^ARO-E5009:/);
    const [row] = await t.database.db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.id, bookingId));
    // The right reference with a made-up transaction id, and a return before the cardholder passed.
    expect(
      (
        await postForm('/payments/cybersource/authenticated', {
          MD: row?.externalReference ?? '',
          TransactionId: 'forged',
        })
      ).headers.location,
    ).toBe('/profiles/my-payment-history');
    const early = await postForm('/payments/cybersource/authenticated', {
      MD: row?.externalReference ?? '',
      TransactionId: row?.authentication?.authenticationTransactionId ?? '',
    });
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toContain('paymentStatus=Failure');
    expect(await stateOf(invoiceId, appointmentId)).toMatchObject({
      bookings: ['failed'],
      payments: ['ERROR:102'],
      paymentStatus: 'pending',
    });
  });

  it('a card without 3-D Secure is still charged at once', async () => {
    const patient = await makePatient();
    await saveCard(patient, '411111xxxxxx1111');
    const { appointmentId, invoiceId } = await payableAppointment(patient);
    expect((await quickPay(patient, invoiceId)).data?.completeBooking.status).toBe('completed');
    expect(await stateOf(invoiceId, appointmentId)).toMatchObject({
      payments: ['ACCEPT:100'],
      paymentStatus: 'paid',
    });
  });
});
