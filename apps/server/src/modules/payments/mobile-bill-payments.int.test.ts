import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  appointments,
  bookingRequests,
  gatewayEvents,
  invoices,
  payments,
} from '../../db/schema/index.ts';
import { mobileBill, mobileBillHeaders } from '../../providers/payment-gateways/mobile-bill.ts';
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
 * Mobile bill (spec doc 2 §7: a flag without a body; our design, docs/api-contract.md) through its
 * sandbox at /sandbox/mobile-bill: the signed charge, the carrier's code page, the browser's return
 * and the signed notification, verified against the carrier's own record and credited exactly once.
 */

let t: TestApp;
let setting: PaymentsSetting;

type Patient = FixturePatient;
type Booking = GatewayBooking;

const makePatient = () => makeSignedInPatient(t, setting.tenantId, setting.hospitalId);
const payableAppointment = (patient: Patient) => makePayableAppointment(t, setting, patient);
const initiate = (patient: Patient, invoiceId: string, key: string | null = null) =>
  initiateGatewayBooking(t, patient, invoiceId, 'mobileBill', key);
const startCharge = (patient: Patient) => startGatewayBooking(t, setting, patient, 'mobileBill');

/** The patient on the carrier's page: opens it, then types a code or cancels. */
async function confirmAtCarrier(booking: Booking, code: string | null) {
  const page = await t.app.inject({
    method: 'GET',
    url: booking.formUrl,
    headers: { host: 'localhost' },
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Confirm the charge to your mobile bill');
  const answer = await t.app.inject({
    method: 'POST',
    url: booking.formUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
    payload: new URLSearchParams(
      code === null ? { sandbox_action: 'cancel' } : { sandbox_action: 'confirm', code },
    ).toString(),
  });
  expect(answer.statusCode).toBe(303);
  const back = new URL(String(answer.headers.location));
  return `${back.pathname}${back.search}`;
}

const comeBack = (path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } });

/** A notification as the carrier signs it (or with another secret). */
function notification(
  body: Record<string, unknown>,
  secretKey = t.tenants.defaultTenant.gateways.mobileBill.secretKey,
) {
  const payload = JSON.stringify(body);
  const settings = { ...t.tenants.defaultTenant.gateways.mobileBill, secretKey };
  return t.app.inject({
    method: 'POST',
    url: '/payments/mobile-bill/notify',
    headers: {
      'content-type': 'application/json',
      host: 'localhost',
      ...mobileBillHeaders(settings, {
        method: 'POST',
        path: '/payments/mobile-bill/notify',
        body: payload,
      }),
    },
    payload,
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
  setting = await makePaymentsSetting(t, [
    { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
    { category: 'hospital_fee', description: 'Hospital fee', amount: 499.99 },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('mobile bill (our design)', () => {
  it("initiateBooking answers the carrier's page to open with GET, and the code 1234 pays once", async () => {
    const patient = await makePatient();
    const { booking, appointmentId, fields } = await startCharge(patient);
    expect(booking.formMethod).toBe('GET');
    expect(booking.formUrl).toMatch(/^\/sandbox\/mobile-bill\/approve\/[0-9a-f-]{36}$/);
    expect(fields).toMatchObject({
      paymentMethod: 'mobileBill',
      chargeTotal: '2999.99',
      currency: 'LKR',
    });
    const back = await confirmAtCarrier(booking, '1234');
    expect(back.startsWith('/payments/mobile-bill/return?reference=')).toBe(true);
    const replies = await Promise.all([
      comeBack(back),
      comeBack(back),
      notification({ chargeId: fields.token, status: 'APPROVED' }),
    ]);
    for (const reply of replies.slice(0, 2)) {
      expect(reply.headers.location).toBe(`/ok?paymentStatus=Success&bookingId=${booking.id}`);
    }
    const state = await eventually(
      () => stateOf(booking.id, appointmentId),
      (value) => value.events.length > 0 && value.bookingStatus === 'completed',
    );
    expect(state).toEqual({
      bookingStatus: 'completed',
      payments: ['mobileBill:ACCEPT'],
      events: ['mobileBill:credited'],
      paymentStatus: 'paid',
      reasonCode: 'revenue_collected',
    });
  });

  it('a wrong code declines: Failure, and the appointment stays payable', async () => {
    const patient = await makePatient();
    const { booking, appointmentId, invoiceId } = await startCharge(patient);
    const reply = await comeBack(await confirmAtCarrier(booking, '0000'));
    expect(reply.headers.location).toBe(`/no?paymentStatus=Failure&bookingId=${booking.id}`);
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({
      payments: ['mobileBill:DECLINE'],
      paymentStatus: 'pending',
    });
    expect((await initiate(patient, invoiceId)).errors).toBeUndefined();
  });

  it('refuses a forged notification and trusts no claim the carrier does not confirm', async () => {
    const patient = await makePatient();
    const { booking, appointmentId, fields } = await startCharge(patient);
    expect(
      (await notification({ chargeId: fields.token, status: 'APPROVED' }, 'not-the-secret'))
        .statusCode,
    ).toBe(403);
    const claimed = await notification({ chargeId: fields.token, status: 'APPROVED' });
    // Not final at the carrier: not handled (503), so that the carrier notifies again.
    expect(claimed.statusCode).toBe(503);
    expect(claimed.json()).toEqual({ status: 'open' });
    const crafted = await comeBack(
      `/payments/mobile-bill/return?reference=${fields.localId ?? ''}&chargeId=${fields.token}&status=APPROVED`,
    );
    // Pending (REVIEW: 'Payment is pending'), neither paid nor failed.
    expect(crafted.headers.location).toBe(`/no?paymentStatus=Pending&bookingId=${booking.id}`);
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({
      bookingStatus: 'initiated',
      payments: ['mobileBill:REVIEW'],
      events: [],
    });
  });

  it('a charge still PENDING at the carrier blocks a second payment of the invoice; once declined it is payable again', async () => {
    const patient = await makePatient();
    const { booking, appointmentId, invoiceId } = await startCharge(patient);
    // issue 29 §2: the carrier still has it open, so the refusal says until when.
    expect((await initiate(patient, invoiceId)).errors?.[0]?.message).toMatch(/^ARO-E5030:.* after \d{4}-\d{2}-\d{2}T/);
    const reply = await comeBack(await confirmAtCarrier(booking, '0000'));
    expect(reply.headers.location).toBe(`/no?paymentStatus=Failure&bookingId=${booking.id}`);
    expect(await stateOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'failed' });
    expect((await initiate(patient, invoiceId)).errors).toBeUndefined();
  });

  it('the sandbox sends browsers and notifications to this server only: another address is refused with 400', async () => {
    const settings = t.tenants.defaultTenant.gateways.mobileBill;
    const cases = [
      {
        returnUrl: 'https://evil.example/back',
        notifyUrl: 'http://localhost/payments/mobile-bill/notify',
      },
      {
        returnUrl: 'http://localhost/payments/mobile-bill/return',
        notifyUrl: 'https://evil.example/hook',
      },
      { returnUrl: '//evil.example/back', notifyUrl: '/payments/mobile-bill/notify' },
    ];
    for (const urls of cases) {
      const created = await mobileBill.createCharge(t.providers.gatewayHttp, settings, {
        reference: `ref-${Math.random().toString(36).slice(2)}`,
        msisdn: '+94771234567',
        amountMinor: 1000,
        currency: 'LKR',
        ...urls,
      });
      if ('error' in created) {
        throw new Error(created.error);
      }
      const page = created.charge.approvalUrl ?? '';
      const answer = await t.app.inject({
        method: 'POST',
        url: page,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
        payload: new URLSearchParams({ sandbox_action: 'confirm', code: '1234' }).toString(),
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

  it('is refused with ARO-E5020 where the tenant has mobile bill off', async () => {
    const patient = await makePatient();
    const { invoiceId } = await payableAppointment(patient);
    const flags = t.tenants.defaultTenant.publicConfig.features.paymentGateWay;
    const kept = flags.mobileBill;
    flags.mobileBill = false;
    try {
      expect((await initiate(patient, invoiceId)).errors?.[0]?.message).toBe(
        'ARO-E5020:Payment by mobile bill is not available',
      );
    } finally {
      flags.mobileBill = kept;
    }
  });
});
