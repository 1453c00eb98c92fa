import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  makeConsultationSession,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
} from '../../../test/factories.ts';
import {
  appointments,
  authEvents,
  bookingRequests,
  chargingSchemes,
  gatewayEvents,
  invoices,
  payments,
} from '../../db/schema/index.ts';
import { genieWebhookSignature } from '../../providers/payment-gateways/genie.ts';
import { signIn } from '../auth/auth.testing.ts';

/*
 * Genie (spec doc 2 §7 Payment gateways, issue 9 §2–§4) through its sandbox at /sandbox/genie: the
 * signed transaction, the payment page, the browser's return and the signed webhook, verified
 * against Genie's own record and credited exactly once.
 */

let t: TestApp;
let tenantId: string;
let hospital: string;
let doctorId: string;
let schemeId: string;

type Patient = { accountId: string; patientId: string; token: string };
type Booking = {
  id: string;
  formUrl: string;
  formMethod: string;
  signature: { parameter: { name: string; value: string }[] };
  unsignedFieldNames: string[];
};

const auth = (patient: Patient) => ({ authorization: `Bearer ${patient.token}` });

async function makePatient(): Promise<Patient> {
  const made = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital });
  await t.database.db
    .delete(authEvents)
    .where(inArray(authEvents.kind, ['initiate_ip', 'verify_ip']));
  return {
    accountId: made.account.id,
    patientId: made.patient.id,
    token: await signIn(t, made.account.mobileNo),
  };
}

async function payableAppointment(patient: Patient) {
  const session = await makeConsultationSession(
    t.database.db,
    tenantId,
    { practitionerId: doctorId, organizationId: hospital },
    { chargingSchemeId: schemeId, issuedTokens: 1, liveAppointments: 1 },
  );
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      tenantId,
      sessionId: session.id,
      accountId: patient.accountId,
      patientId: patient.patientId,
      tokenNo: 1,
    })
    .returning({ id: appointments.id });
  const prepared = await t.gql<{ prepareInvoice: { id: string } }>(
    'mutation ($input: PrepareInvoiceInput!) { prepareInvoice(input: $input) { id } }',
    { input: { appointmentId: row?.id } },
    auth(patient),
  );
  if (!row || !prepared.data) {
    throw new Error('no invoice');
  }
  return { appointmentId: row.id, invoiceId: prepared.data.prepareInvoice.id };
}

const initiate = (patient: Patient, invoiceId: string, key: string | null = null) =>
  t.gql<{ initiateBooking: Booking }>(
    'mutation ($input: InitiateBookingInput!, $key: String) { initiateBooking(input: $input, idempotencyKey: $key) { id formUrl formMethod signature { parameter { name value } } unsignedFieldNames } }',
    {
      input: { id: invoiceId, successUrl: '/ok', failureUrl: '/no', paymentGatewayType: 'genie' },
      key,
    },
    auth(patient),
  );

async function startGenie(patient: Patient) {
  const visit = await payableAppointment(patient);
  const started = await initiate(patient, visit.invoiceId);
  const booking = started.data?.initiateBooking;
  if (!booking) {
    throw new Error(`initiateBooking failed: ${JSON.stringify(started.errors)}`);
  }
  return {
    ...visit,
    booking,
    fields: Object.fromEntries(
      booking.signature.parameter.map((field) => [field.name, field.value]),
    ),
  };
}

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

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospital = (await makeOrganization(db, tenantId)).id;
  doctorId = (await makePractitioner(db, tenantId, hospital)).id;
  const [scheme] = await db
    .insert(chargingSchemes)
    .values({
      tenantId,
      organizationId: hospital,
      name: 'Consultation',
      currency: 'LKR',
      items: [
        { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
        { category: 'hospital_fee', description: 'Hospital fee', amount: 499.99 },
      ],
    })
    .returning({ id: chargingSchemes.id });
  schemeId = scheme?.id ?? '';
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
    expect(crafted.headers.location).toContain('paymentStatus=Failure');
    const claimed = await webhook({
      eventType: 'NOTIFY_TRANSACTION_CHANGE',
      transactionId: fields.token,
      state: 'CONFIRMED',
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ status: 'open' });
    // Another transaction id for the reference, or an unknown reference, is refused.
    expect(
      (
        await comeBack(
          `/payments/genie/return?reference=${reference}&transactionId=${randomUUID()}`,
        )
      ).statusCode,
    ).toBe(400);
    expect((await comeBack(`/payments/genie/return?reference=${randomUUID()}`)).statusCode).toBe(
      400,
    );
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({
      bookingStatus: 'initiated',
      payments: [],
      events: [],
      paymentStatus: 'pending',
    });
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
    const other = t.tenants.all().find((tenant) => tenant.id !== tenantId);
    const foreign = await webhook(
      { transactionId: fields.token, state: 'CONFIRMED' },
      other?.gateways.genie.apiKey,
      other?.hosts[0],
    );
    expect(foreign.statusCode).toBe(400);
    // Only the sandbox's own (validly signed) webhook could have credited it: wait for it, once.
    const state = await eventually(
      () => stateOf(booking.id, appointmentId),
      (value) => value.events.length > 0,
    );
    expect(state).toMatchObject({ payments: ['genie:ACCEPT'], events: ['genie:credited'] });
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
