import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
import { genie, genieWebhookSignature } from '../../providers/payment-gateways/genie.ts';
import {
  initiateGatewayBooking,
  makePayableAppointment,
  makePaymentsSetting,
  makeSignedInPatient,
  startGatewayBooking,
  type FixturePatient,
  type GatewayBooking,
  type PaymentsSetting,
} from './payments-test-fixture.ts';

/*
 * Genie (spec doc 2 §7 Payment gateways, issue 9 §2–§4) through its sandbox at /sandbox/genie: the
 * signed transaction, the payment page, the browser's return and the signed webhook, verified
 * against Genie's own record and credited exactly once.
 */

let t: TestApp;
let setting: PaymentsSetting;

type Patient = FixturePatient;
type Booking = GatewayBooking;

const makePatient = () => makeSignedInPatient(t, setting.tenantId, setting.hospitalId);
const payableAppointment = (patient: Patient) => makePayableAppointment(t, setting, patient);
const initiate = (patient: Patient, invoiceId: string, key: string | null = null) =>
  initiateGatewayBooking(t, patient, invoiceId, 'genie', key);
const startGenie = (patient: Patient) => startGatewayBooking(t, setting, patient, 'genie');

/** The patient on Genie's page: opens it with the fields in its query, then approves, declines or cancels. */
async function payAtGenie(booking: Booking, action: 'approve' | 'decline' | 'cancel') {
  const query = new URLSearchParams(
    booking.signature.parameter.map((field): [string, string] => [field.name, field.value]),
  ).toString();
  const page = await t.app.inject({
    method: 'GET',
    url: `${booking.formUrl}?${query}`,
    headers: { host: 'localhost' },
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Pay with Genie');
  const answer = await t.app.inject({
    method: 'POST',
    url: booking.formUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
    payload: new URLSearchParams({ sandbox_action: action }).toString(),
  });
  expect(answer.statusCode).toBe(303);
  const back = new URL(String(answer.headers.location));
  return `${back.pathname}${back.search}`;
}

const comeBack = (path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } });

/** A webhook as Genie signs it (or with another key). */
function webhook(
  body: Record<string, unknown>,
  apiKey = t.tenants.defaultTenant.gateways.genie.apiKey,
  host = 'localhost',
) {
  const nonce = randomUUID();
  const timestamp = String(Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: '/payments/genie/notify',
    headers: {
      'content-type': 'application/json',
      host,
      'x-signature-nonce': nonce,
      'x-signature-timestamp': timestamp,
      'x-signature': genieWebhookSignature(nonce, timestamp, apiKey),
    },
    payload: JSON.stringify(body),
  });
}

async function stateOf(bookingId: string, appointmentId: string) {
  const db = t.database.db;
  const [booking] = await db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.id, bookingId));
  const paid = await db.select().from(payments).where(eq(payments.bookingRequestId, bookingId));
  const events = await db
    .select()
    .from(gatewayEvents)
    .where(eq(gatewayEvents.bookingRequestId, bookingId));
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  const [invoice] = booking?.invoiceId
    ? await db.select().from(invoices).where(eq(invoices.id, booking.invoiceId))
    : [];
  return {
    bookingStatus: booking?.status,
    payments: paid.map((row) => `${row.paymentGatewayType}:${row.status}`),
    events: events.map((row) => `${row.gateway}:${row.outcome}`).sort(),
    paymentStatus: appointment?.paymentStatus,
    reasonCode: invoice?.reasonCode,
  };
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

/** The gateway requester with calls answered by requester (the real one stays bound to the app). */
function stubHttp(
  real: TestApp['providers']['gatewayHttp'],
  requester: HttpRequester,
): TestApp['providers']['gatewayHttp'] {
  return Object.assign(requester, { bindLocal: real.bindLocal });
}

beforeAll(async () => {
  t = await createTestApp();
  setting = await makePaymentsSetting(t, [
    { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
    { category: 'hospital_fee', description: 'Hospital fee', amount: 499.99 },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('Genie (spec doc 2 §7 Payment gateways)', () => {
  it('initiateBooking answers Genie’s page with token, paymentMethod, chargeTotal and related fields, to open with GET', async () => {
    const patient = await makePatient();
    const { booking, fields } = await startGenie(patient);
    expect(booking.formMethod).toBe('GET');
    expect(booking.formUrl).toMatch(/^\/sandbox\/genie\/pay\/[0-9a-f-]{36}$/);
    expect(Object.keys(fields)).toEqual([
      'token',
      'paymentMethod',
      'chargeTotal',
      'currency',
      'localId',
    ]);
    expect(fields).toMatchObject({
      paymentMethod: 'genie',
      chargeTotal: '2999.99',
      currency: 'LKR',
    });
    expect(booking.formUrl.endsWith(fields.token ?? 'none')).toBe(true);
    // No key or secret reaches the browser.
    expect(JSON.stringify(booking)).not.toContain(t.tenants.defaultTenant.gateways.genie.apiKey);
  });

  it('approved: the webhook and the browser return credit once, replays change nothing, Success', async () => {
    const patient = await makePatient();
    const { booking, appointmentId, fields } = await startGenie(patient);
    const back = await payAtGenie(booking, 'approve');
    expect(back.startsWith('/payments/genie/return?reference=')).toBe(true);
    const returns = await Promise.all([
      comeBack(back),
      comeBack(back),
      webhook({
        eventType: 'NOTIFY_TRANSACTION_CHANGE',
        transactionId: fields.token,
        state: 'CONFIRMED',
      }),
    ]);
    for (const reply of returns.slice(0, 2)) {
      expect(reply.statusCode).toBe(303);
      expect(reply.headers.location).toBe(`/ok?paymentStatus=Success&bookingId=${booking.id}`);
    }
    for (let i = 0; i < 5; i += 1) {
      expect((await comeBack(back)).statusCode).toBe(303);
    }
    const state = await eventually(
      () => stateOf(booking.id, appointmentId),
      (value) => value.events.length > 0 && value.bookingStatus === 'completed',
    );
    expect(state).toEqual({
      bookingStatus: 'completed',
      payments: ['genie:ACCEPT'],
      events: ['genie:credited'],
      paymentStatus: 'paid',
      reasonCode: 'revenue_collected',
    });
  });

  it('declined: Failure, recorded for history, and the appointment stays payable', async () => {
    const patient = await makePatient();
    const { booking, appointmentId, invoiceId } = await startGenie(patient);
    const reply = await comeBack(await payAtGenie(booking, 'decline'));
    expect(reply.headers.location).toBe(`/no?paymentStatus=Failure&bookingId=${booking.id}`);
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({
      bookingStatus: 'failed',
      payments: ['genie:DECLINE'],
      paymentStatus: 'pending',
    });
    expect((await initiate(patient, invoiceId)).errors).toBeUndefined();
  });

  it('trusts neither the query nor the webhook body: only what Genie’s own record says', async () => {
    const patient = await makePatient();
    const { booking, appointmentId, fields } = await startGenie(patient);
    const reference = fields.localId ?? '';
    // The patient never paid: a crafted CONFIRMED return and a signed webhook claiming it credit nothing.
    const crafted = await comeBack(
      `/payments/genie/return?reference=${reference}&transactionId=${fields.token}&state=CONFIRMED`,
    );
    // Not final at Genie: pending ('Payment is pending', a REVIEW record), never reported as failed.
    expect(crafted.headers.location).toBe(`/no?paymentStatus=Pending&bookingId=${booking.id}`);
    const claimed = await webhook({
      eventType: 'NOTIFY_TRANSACTION_CHANGE',
      transactionId: fields.token,
      state: 'CONFIRMED',
    });
    // Not handled: Genie retries its webhook until the transaction is final.
    expect(claimed.statusCode).toBe(503);
    expect(claimed.json()).toEqual({ status: 'open' });
    // Another transaction id for the reference, or an unknown reference, is refused: the browser is
    // sent to the payment history, with no id in the address.
    for (const path of [
      `/payments/genie/return?reference=${reference}&transactionId=${randomUUID()}`,
      `/payments/genie/return?reference=${randomUUID()}`,
    ]) {
      const back = await comeBack(path);
      expect([back.statusCode, back.headers.location]).toEqual([303, '/profiles/my-payment-history']);
    }
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({
      bookingStatus: 'initiated',
      payments: ['genie:REVIEW'],
      events: [],
      paymentStatus: 'pending',
    });
  });

  it('a transaction not final yet shows pending, blocks a second payment, and its final answer replaces the pending record', async () => {
    const patient = await makePatient();
    const { booking, appointmentId, invoiceId, fields } = await startGenie(patient);
    const reference = fields.localId ?? '';
    const back = await comeBack(
      `/payments/genie/return?reference=${reference}&transactionId=${fields.token}`,
    );
    expect(back.headers.location).toBe(`/no?paymentStatus=Pending&bookingId=${booking.id}`);
    const pending = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.bookingRequestId, booking.id));
    expect(pending.map((row) => [row.status, row.message])).toEqual([
      ['REVIEW', 'Payment is pending'],
    ]);
    // The patient may still approve it on Genie's page: no second payment of the invoice meanwhile,
    // and the refusal says until when (issue 29 §2: 15 minutes after the page was opened).
    const [opened] = await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.id, booking.id));
    const until = new Date((opened?.createdAt.getTime() ?? 0) + 15 * 60_000).toISOString();
    expect((await initiate(patient, invoiceId)).errors?.[0]?.message).toBe(
      `ARO-E5030:A payment for this invoice is still being processed. You can pay again after ${until}`,
    );
    // Past the bounded block an abandoned page no longer blocks.
    await t.database.db
      .update(bookingRequests)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(bookingRequests.id, booking.id));
    const again = await initiate(patient, invoiceId);
    expect(again.errors).toBeUndefined();
    // The first page is approved after all: the final answer replaces the pending record.
    const approved = await comeBack(await payAtGenie(booking, 'approve'));
    expect(approved.headers.location).toBe(`/ok?paymentStatus=Success&bookingId=${booking.id}`);
    const state = await eventually(
      () => stateOf(booking.id, appointmentId),
      (value) => value.bookingStatus === 'completed' && value.events.length > 0,
    );
    expect(state).toMatchObject({ payments: ['genie:ACCEPT'], paymentStatus: 'paid' });
  });

  it('answers a webhook 503 (retry) while Genie cannot be read, and the return shows pending', async () => {
    const patient = await makePatient();
    const { booking, fields } = await startGenie(patient);
    const http = t.providers.gatewayHttp;
    t.providers.gatewayHttp = stubHttp(http, async (url, init) =>
      init.method === 'GET' ? { status: 502, body: 'bad gateway' } : http(url, init),
    );
    try {
      const hook = await webhook({ transactionId: fields.token, state: 'CONFIRMED' });
      expect(hook.statusCode).toBe(503);
      expect(hook.json()).toEqual({ status: 'unverified' });
      const back = await comeBack(`/payments/genie/return?reference=${fields.localId ?? ''}`);
      expect(back.headers.location).toBe(`/no?paymentStatus=Pending&bookingId=${booking.id}`);
    } finally {
      t.providers.gatewayHttp = http;
    }
  });

  it("refuses a forged webhook signature and another tenant's webhook, and changes nothing", async () => {
    const patient = await makePatient();
    const { booking, appointmentId, fields } = await startGenie(patient);
    await payAtGenie(booking, 'approve');
    const forged = await webhook(
      { transactionId: fields.token, state: 'CONFIRMED' },
      'not-the-key',
    );
    expect(forged.statusCode).toBe(403);
    const other = t.tenants.all().find((tenant) => tenant.id !== setting.tenantId);
    const foreign = await webhook(
      { transactionId: fields.token, state: 'CONFIRMED' },
      other?.gateways.genie.apiKey,
      other?.hosts[0],
    );
    expect(foreign.statusCode).toBe(400);
    // Only the sandbox's own (validly signed) webhook could have credited it: wait for it, once.
    // stateOf reads table by table, so the credit may commit between its payments read and its events
    // read (seen on PostgreSQL): wait until both show it.
    const state = await eventually(
      () => stateOf(booking.id, appointmentId),
      (value) => value.events.length > 0 && value.payments.length > 0,
    );
    expect(state).toMatchObject({ payments: ['genie:ACCEPT'], events: ['genie:credited'] });
  });

  it('asks Genie outside the transaction: the booking request is committed first, and a failed call marks it failed', async () => {
    const patient = await makePatient();
    const { invoiceId } = await payableAppointment(patient);
    const http = t.providers.gatewayHttp;
    const seen: (string | undefined)[] = [];
    let creates = 0;
    let refuse = true;
    t.providers.gatewayHttp = stubHttp(http, async (url, init) => {
      if (init.method === 'POST' && url.endsWith('/transactions')) {
        creates += 1;
        const localId = String((JSON.parse(init.body ?? '{}') as { localId?: unknown }).localId);
        // Another request's read while the gateway is asked: it neither waits for nor misses the request.
        const [row] = await t.database.db
          .select()
          .from(bookingRequests)
          .where(eq(bookingRequests.externalReference, localId));
        seen.push(row?.status);
        if (refuse) {
          return { status: 500, body: 'down' };
        }
      }
      return http(url, init);
    });
    const key = randomUUID();
    try {
      const failed = await initiate(patient, invoiceId, key);
      expect(failed.errors?.[0]?.message).toBe(
        'ARO-E5021:Genie could not start this payment. Please try again',
      );
      const rows = await t.database.db
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.invoiceId, invoiceId));
      expect(rows.map((row) => row.status)).toEqual(['failed']);
      refuse = false;
      // The retry of the failed tap (same key) starts again; its double tap creates one Genie
      // transaction and answers one booking request.
      const [first, second] = await Promise.all([
        initiate(patient, invoiceId, key),
        initiate(patient, invoiceId, key),
      ]);
      const third = await initiate(patient, invoiceId, key);
      expect(first.errors).toBeUndefined();
      expect(second.data?.initiateBooking).toEqual(first.data?.initiateBooking);
      expect(third.data?.initiateBooking).toEqual(first.data?.initiateBooking);
      expect(first.data?.initiateBooking.formUrl).toMatch(/^\/sandbox\/genie\/pay\//);
      expect(creates).toBe(2);
      expect(seen).toEqual(['initiated', 'initiated']);
    } finally {
      t.providers.gatewayHttp = http;
    }
  });

  it('refuses a payment page that is neither https nor ours: the request fails with ARO-E5021', async () => {
    const http = t.providers.gatewayHttp;
    for (const page of ['http://pay.example.com/p', 'javascript:alert(1)', '//evil.example/p']) {
      const patient = await makePatient();
      const { invoiceId } = await payableAppointment(patient);
      t.providers.gatewayHttp = stubHttp(http, async (url, init) => {
        const answer = await http(url, init);
        if (init.method === 'POST' && url.endsWith('/transactions')) {
          return {
            ...answer,
            body: JSON.stringify({ ...(JSON.parse(answer.body) as object), url: page }),
          };
        }
        return answer;
      });
      try {
        expect((await initiate(patient, invoiceId)).errors?.[0]?.message).toMatch(/^ARO-E5021:/);
      } finally {
        t.providers.gatewayHttp = http;
      }
      const rows = await t.database.db
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.invoiceId, invoiceId));
      expect(rows.map((row) => row.status)).toEqual(['failed']);
    }
    // An https page is given to the browser.
    const patient = await makePatient();
    const { invoiceId } = await payableAppointment(patient);
    t.providers.gatewayHttp = stubHttp(http, async (url, init) => {
      const answer = await http(url, init);
      if (init.method === 'POST' && url.endsWith('/transactions')) {
        return {
          ...answer,
          body: JSON.stringify({
            ...(JSON.parse(answer.body) as object),
            url: 'https://pay.genie.lk/p/1',
          }),
        };
      }
      return answer;
    });
    try {
      expect((await initiate(patient, invoiceId)).data?.initiateBooking.formUrl).toBe(
        'https://pay.genie.lk/p/1',
      );
    } finally {
      t.providers.gatewayHttp = http;
    }
  });

  it('a VOID of a credited transaction is kept for reconciliation, never a silent failure', async () => {
    const patient = await makePatient();
    const { booking, appointmentId, fields } = await startGenie(patient);
    await comeBack(await payAtGenie(booking, 'approve'));
    await eventually(
      () => stateOf(booking.id, appointmentId),
      (value) => value.bookingStatus === 'completed' && value.events.length > 0,
    );
    const http = t.providers.gatewayHttp;
    t.providers.gatewayHttp = stubHttp(http, async (url, init) => {
      const answer = await http(url, init);
      if (init.method === 'GET' && url.endsWith(`/transactions/${fields.token}`)) {
        return {
          ...answer,
          body: JSON.stringify({ ...(JSON.parse(answer.body) as object), state: 'VOIDED' }),
        };
      }
      return answer;
    });
    try {
      const hook = await webhook({ transactionId: fields.token, state: 'VOIDED' });
      expect(hook.statusCode).toBe(200);
      // The sandbox's own webhook may read the VOID first: then this one is its duplicate.
      expect(['reconcile', 'duplicate']).toContain(hook.json<{ status: string }>().status);
    } finally {
      t.providers.gatewayHttp = http;
    }
    expect(
      await eventually(
        () => stateOf(booking.id, appointmentId),
        (value) => value.events.length > 1,
      ),
    ).toMatchObject({
      bookingStatus: 'completed',
      payments: ['genie:ACCEPT'],
      events: ['genie:credited', 'genie:reconcile'],
      paymentStatus: 'paid',
    });
  });

  it('the sandbox sends browsers and webhooks to this server only: another address is refused with 400', async () => {
    const settings = t.tenants.defaultTenant.gateways.genie;
    const cases = [
      {
        redirectUrl: 'https://evil.example/back',
        webhookUrl: 'http://localhost/payments/genie/notify',
      },
      {
        redirectUrl: 'http://localhost/payments/genie/return',
        webhookUrl: 'https://evil.example/hook',
      },
      { redirectUrl: '//evil.example/back', webhookUrl: '/payments/genie/notify' },
    ];
    for (const urls of cases) {
      const created = await genie.createTransaction(t.providers.gatewayHttp, settings, {
        localId: randomUUID(),
        amountMinor: 1000,
        currency: 'LKR',
        ...urls,
      });
      if ('error' in created) {
        throw new Error(created.error);
      }
      const page = created.transaction.url ?? '';
      const answer = await t.app.inject({
        method: 'POST',
        url: page,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
        payload: new URLSearchParams({ sandbox_action: 'approve' }).toString(),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.headers.location).toBeUndefined();
      // Nothing changed: the page is still open.
      expect(
        (await t.app.inject({ method: 'GET', url: page, headers: { host: 'localhost' } }))
          .statusCode,
      ).toBe(200);
    }
  });

  it('is refused with ARO-E5020 where the tenant has Genie off', async () => {
    const patient = await makePatient();
    const { invoiceId } = await payableAppointment(patient);
    const flags = t.tenants.defaultTenant.publicConfig.features.paymentGateWay;
    const kept = flags.genie;
    flags.genie = false;
    try {
      expect((await initiate(patient, invoiceId)).errors?.[0]?.message).toBe(
        'ARO-E5020:Payment by Genie is not available',
      );
    } finally {
      flags.genie = kept;
    }
  });
});
