import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCardPayment, makePatientAccount, makeSessionAppointment, makeSignedInStaff } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  appointments,
  bookingRequests,
  invoices,
  paymentMethods,
  payments,
  refundRequests,
} from '../../db/schema/index.ts';
import { genieWebhookSignature } from '../../providers/payment-gateways/genie.ts';
import { mobileBillHeaders } from '../../providers/payment-gateways/mobile-bill.ts';
import { issueSandboxToken } from '../../providers/payment-gateways/sandbox/sandbox-token.ts';
import { demoTenants } from '../tenants/tenants.testing.ts';
import { gatewaysFor } from '../tenants/index.ts';
import { openSavedCardToken } from '../../providers/card-tokens/card-tokens.ts';
import {
  initiateGatewayBooking,
  makePayableAppointment,
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
 * Gateway settings per hospital (issue 9 §2): two hospitals of one tenant with their own merchant
 * accounts and keys, and one that uses the tenant's. Every payment is signed, verified, charged and
 * refunded with the keys of the hospital the money belongs to, never another hospital's.
 */

const HOSPITAL_A = randomUUID();
const HOSPITAL_B = randomUUID();

/** A hospital's own merchant account in the sandbox: every key differs from the tenant's. */
function merchantOf(name: string) {
  return {
    cyberSource: {
      profileId: `${name}-profile`,
      accessKey: `${name}-access-key`,
      secretKey: `${name}-secret-key`,
      merchantId: `${name}-merchant`,
      restKeyId: `${name}-rest-key`,
      restSecretKey: Buffer.from(`${name}-rest-secret`).toString('base64'),
    },
    genie: { apiKey: `${name}-genie-key`, secretKey: `${name}-genie-secret` },
    mobileBill: { merchantId: `${name}-carrier-merchant`, secretKey: `${name}-carrier-secret` },
  };
}

let t: TestApp;
let tenantsFile: string;
let atA: PaymentsSetting;
let atB: PaymentsSetting;
let atTenant: PaymentsSetting;

const ITEMS = [
  { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
  { category: 'hospital_fee', description: 'Hospital fee', amount: 500 },
];

const code = (body: { errors?: { message: string }[] }): string | null => body.errors?.[0]?.message.split(':')[0] ?? null;

const settingsOf = (hospital: string) => gatewaysFor(t.tenants.defaultTenant, hospital);

/** A card payment of a new appointment of the setting's hospital, started: its signed form fields. */
async function startCardPayment(setting: PaymentsSetting, patient: FixturePatient) {
  const visit = await makePayableAppointment(t, setting, patient);
  const started = await t.gql<{ initiateBooking: { id: string; formUrl: string; signature: { parameter: { name: string; value: string }[] } } }>(
    'mutation ($input: InitiateBookingInput!) { initiateBooking(input: $input) { id formUrl signature { parameter { name value } } } }',
    { input: { id: visit.invoiceId, successUrl: '/ok', failureUrl: '/no', paymentGatewayType: 'cyberSource' } },
    patientAuth(patient),
  );
  const booking = started.data?.initiateBooking;
  if (!booking) {
    throw new Error(`initiateBooking failed: ${JSON.stringify(started.errors)}`);
  }
  const form = Object.fromEntries(booking.signature.parameter.map((field) => [field.name, field.value]));
  return { ...visit, booking, form };
}

async function creditOf(bookingId: string, appointmentId: string) {
  const db = t.database.db;
  const [booking] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, bookingId));
  const paid = await db.select().from(payments).where(eq(payments.bookingRequestId, bookingId));
  const [appointment] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
  return { bookingStatus: booking?.status, payments: paid.map((row) => row.status), paymentStatus: appointment?.paymentStatus };
}

function genieWebhook(transactionId: string, apiKey: string) {
  const nonce = randomUUID();
  const timestamp = String(Math.floor(Date.now() / 1000));
  return t.app.inject({
    method: 'POST',
    url: '/payments/genie/notify',
    headers: {
      'content-type': 'application/json',
      host: 'localhost',
      'x-signature-nonce': nonce,
      'x-signature-timestamp': timestamp,
      'x-signature': genieWebhookSignature(nonce, timestamp, apiKey),
    },
    payload: JSON.stringify({ transactionId, state: 'CONFIRMED' }),
  });
}

function carrierNotification(chargeId: string, settings: { merchantId: string; secretKey: string; apiUrl: string }) {
  const body = JSON.stringify({ chargeId, status: 'SUCCEEDED' });
  return t.app.inject({
    method: 'POST',
    url: '/payments/mobile-bill/notify',
    headers: {
      'content-type': 'application/json',
      host: 'localhost',
      ...mobileBillHeaders(settings, { method: 'POST', path: '/payments/mobile-bill/notify', body }),
    },
    payload: body,
  });
}

beforeAll(async () => {
  tenantsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'careline-hospital-gateways-')), 'tenants.json');
  const [demo] = demoTenants;
  fs.writeFileSync(
    tenantsFile,
    JSON.stringify([{ ...demo, hospitalGateways: { [HOSPITAL_A]: merchantOf('hospital-a'), [HOSPITAL_B]: merchantOf('hospital-b') } }]),
  );
  t = await createTestApp({ TENANTS_FILE: tenantsFile });
  atA = await makePaymentsSetting(t, ITEMS, HOSPITAL_A);
  atB = await makePaymentsSetting(t, ITEMS, HOSPITAL_B);
  atTenant = await makePaymentsSetting(t, ITEMS);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(path.dirname(tenantsFile), { recursive: true, force: true });
});

describe('gateway settings per hospital (issue 9 §2)', () => {
  it('resolves a hospital override onto the tenant settings, and the tenant settings for the others', () => {
    const tenant = t.tenants.defaultTenant;
    expect(settingsOf(HOSPITAL_A).cyberSource).toMatchObject({ profileId: 'hospital-a-profile', merchantId: 'hospital-a-merchant' });
    // What the override leaves out comes from the tenant.
    expect(settingsOf(HOSPITAL_A).cyberSource.formUrl).toBe(tenant.gateways.cyberSource.formUrl);
    expect(settingsOf(HOSPITAL_A).cyberSource.stepUpOrigins).toEqual(tenant.gateways.cyberSource.stepUpOrigins);
    expect(settingsOf(atTenant.hospitalId)).toBe(tenant.gateways);
    expect(gatewaysFor(tenant, null)).toBe(tenant.gateways);
  });

  it("signs each hospital's form with its own profile and credits an answer signed with its own key", async () => {
    for (const setting of [atA, atB, atTenant]) {
      const patient = await makeSignedInPatient(t, setting.tenantId, setting.hospitalId);
      const { booking, appointmentId, form } = await startCardPayment(setting, patient);
      const own = settingsOf(setting.hospitalId).cyberSource;
      expect(form).toMatchObject({ profile_id: own.profileId, access_key: own.accessKey });
      const answer = await postForm(t, '/payments/cybersource/return', signedGatewayAnswer(form, own.secretKey));
      expect(answer.statusCode).toBe(303);
      expect(String(answer.headers.location)).toContain('paymentStatus=Success');
      expect(await creditOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'completed', payments: ['ACCEPT'], paymentStatus: 'paid' });
    }
  });

  it("refuses a return or notification signed with another hospital's key, and credits nothing", async () => {
    const patient = await makeSignedInPatient(t, atB.tenantId, atB.hospitalId);
    const { booking, appointmentId, form } = await startCardPayment(atB, patient);
    const a = settingsOf(HOSPITAL_A).cyberSource;
    // Hospital A's key, and A's profile too: still not an answer for B's payment.
    for (const fields of [
      signedGatewayAnswer(form, a.secretKey),
      signedGatewayAnswer(form, a.secretKey, { req_profile_id: a.profileId, req_access_key: a.accessKey }),
      signedGatewayAnswer(form, t.tenants.defaultTenant.gateways.cyberSource.secretKey),
    ]) {
      expect((await postForm(t, '/payments/cybersource/notify', fields)).statusCode).toBe(403);
      const back = await postForm(t, '/payments/cybersource/return', fields);
      expect(back.statusCode).toBe(303);
      expect(String(back.headers.location)).toBe('/profiles/my-payment-history');
    }
    expect(await creditOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'initiated', payments: [], paymentStatus: 'pending' });
    // An unknown reference is refused as before: 400 when signed with the tenant's key.
    const tenantCard = t.tenants.defaultTenant.gateways.cyberSource;
    const unknown = signedGatewayAnswer({ ...form, reference_number: randomUUID() }, tenantCard.secretKey, {
      req_profile_id: tenantCard.profileId,
      req_access_key: tenantCard.accessKey,
    });
    expect((await postForm(t, '/payments/cybersource/notify', unknown)).statusCode).toBe(400);
    // B's own key credits it.
    expect((await postForm(t, '/payments/cybersource/notify', signedGatewayAnswer(form, settingsOf(HOSPITAL_B).cyberSource.secretKey))).statusCode).toBe(200);
    expect(await creditOf(booking.id, appointmentId)).toMatchObject({ bookingStatus: 'completed', payments: ['ACCEPT'] });
  });

  it("verifies Genie and mobile-bill notifications with the key of the payment's hospital", async () => {
    const patient = await makeSignedInPatient(t, atB.tenantId, atB.hospitalId);
    const genieVisit = await makePayableAppointment(t, atB, patient);
    const genie = (await initiateGatewayBooking(t, patient, genieVisit.invoiceId, 'genie')).data?.initiateBooking;
    const genieId = genie?.signature.parameter.find((field) => field.name === 'token')?.value ?? '';
    expect(genieId).not.toBe('');
    expect((await genieWebhook(genieId, settingsOf(HOSPITAL_A).genie.apiKey)).statusCode).toBe(403);
    expect((await genieWebhook(genieId, t.tenants.defaultTenant.gateways.genie.apiKey)).statusCode).toBe(403);
    // B's key passes the check; the sandbox payment is not paid yet, so it is not final (503, retry).
    expect((await genieWebhook(genieId, settingsOf(HOSPITAL_B).genie.apiKey)).statusCode).toBe(503);
    expect(await creditOf(genie?.id ?? '', genieVisit.appointmentId)).toMatchObject({ payments: [] });

    const carrierVisit = await makePayableAppointment(t, atB, patient);
    const carrier = (await initiateGatewayBooking(t, patient, carrierVisit.invoiceId, 'mobileBill')).data?.initiateBooking;
    const chargeId = carrier?.signature.parameter.find((field) => field.name === 'token')?.value ?? '';
    expect(chargeId).not.toBe('');
    expect((await carrierNotification(chargeId, settingsOf(HOSPITAL_A).mobileBill)).statusCode).toBe(403);
    expect((await carrierNotification(chargeId, t.tenants.defaultTenant.gateways.mobileBill)).statusCode).toBe(403);
    expect((await carrierNotification(chargeId, settingsOf(HOSPITAL_B).mobileBill)).statusCode).toBe(503);
    expect(await creditOf(carrier?.id ?? '', carrierVisit.appointmentId)).toMatchObject({ payments: [] });
  });

  it('saves a card with the merchant of its hospital; quick pay through another merchant is refused (ARO-E5029)', async () => {
    const patient = await makeSignedInPatient(t, atA.tenantId, atA.hospitalId);
    const { booking, form } = await startCardPayment(atA, patient);
    await t.database.db.update(bookingRequests).set({ savePaymentMethod: true }).where(eq(bookingRequests.id, booking.id));
    const token = issueSandboxToken(t.providers.appSecret, { merchantId: 'hospital-a-merchant', maskedNumber: '411111xxxxxx1111', cardType: '001', expiry: '12-2030' });
    const saved = signedGatewayAnswer(form, settingsOf(HOSPITAL_A).cyberSource.secretKey, { payment_token: token });
    expect((await postForm(t, '/payments/cybersource/notify', saved)).statusCode).toBe(200);
    const [method] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, patient.accountId));
    expect(openSavedCardToken(t.providers.appSecret, method?.gatewayToken ?? '')).toEqual({ token, merchantId: 'hospital-a-merchant' });

    const quickPay = (invoiceId: string) =>
      t.gql<{ completeBooking: { status: string } }>(
        'mutation ($input: CompleteBookingInput!) { completeBooking(input: $input) { status } }',
        { input: { id: invoiceId, paymentGatewayType: 'cyberSource', paymentMethodId: method?.id } },
        patientAuth(patient),
      );
    for (const setting of [atB, atTenant]) {
      const elsewhere = await makePayableAppointment(t, setting, patient);
      expect(code(await quickPay(elsewhere.invoiceId))).toBe('ARO-E5029');
      // Refused before anything was recorded or charged.
      expect(await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.invoiceId, elsewhere.invoiceId))).toHaveLength(0);
      const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, elsewhere.invoiceId));
      expect(invoice?.reasonCode).toBe('prepayment_collected');
    }
    // At its own hospital it is charged through A's merchant (the sandbox knows the token only there).
    const again = await makePayableAppointment(t, atA, patient);
    const paid = await quickPay(again.invoiceId);
    expect(paid.errors).toBeUndefined();
    expect(paid.data?.completeBooking.status).toBe('completed');
  });

  it("a card saved at a hospital on the tenant's merchant is charged at another hospital on it", async () => {
    const patient = await makeSignedInPatient(t, atTenant.tenantId, atTenant.hospitalId);
    const methodId = await saveSandboxCard(t, atTenant.tenantId, patient, '411111xxxxxx1111', atTenant.hospitalId);
    const other = await makePaymentsSetting(t, ITEMS);
    const visit = await makePayableAppointment(t, other, patient);
    const paid = await t.gql<{ completeBooking: { status: string } }>(
      'mutation ($input: CompleteBookingInput!) { completeBooking(input: $input) { status } }',
      { input: { id: visit.invoiceId, paymentGatewayType: 'cyberSource', paymentMethodId: methodId } },
      patientAuth(patient),
    );
    expect(paid.errors).toBeUndefined();
    expect(paid.data?.completeBooking.status).toBe('completed');
  });

  it("refunds a card payment through the merchant of the payment's hospital", async () => {
    const db = t.database.db;
    const { account, patient } = await makePatientAccount(db, atA.tenantId, { hospitalId: HOSPITAL_A });
    const { session, appointment } = await makeSessionAppointment(
      db,
      atA.tenantId,
      { practitionerId: atA.doctorId, organizationId: HOSPITAL_A },
      { accountId: account.id, patientId: patient.id },
      { session: { chargingSchemeId: atA.schemeId, issuedTokens: 1, liveAppointments: 1 } },
    );
    const appointmentId = appointment.id;
    // Captured by hospital A's merchant in the sandbox: only A's merchant can refund it there.
    await makeCardPayment(t, { accountId: account.id, patientId: patient.id, appointmentId, sessionId: session.id }, HOSPITAL_A);
    const [request] = await db
      .insert(refundRequests)
      .values({ tenantId: atA.tenantId, accountId: account.id, patientId: patient.id, appointmentId, organizationId: HOSPITAL_A, notes: ['Other', 'other'], requestedBy: 'patient', excludedCategories: [] })
      .returning();
    await db.update(appointments).set({ paymentRefundStatus: 'requested' }).where(eq(appointments.id, appointmentId));
    const cashier = await makeSignedInStaff(t, atA.tenantId, [{ organizationId: HOSPITAL_A, role: 'cashier' }]);
    const decided = await t.gql<{ staffDecideRefund: { status: string; refundStatus: string | null; refundError: string | null } }>(
      'mutation ($o: ID!, $r: ID!) { staffDecideRefund(organizationId: $o, refundRequestId: $r, decision: REFUND_TO_CARD) { status refundStatus refundError } }',
      { o: HOSPITAL_A, r: request?.id },
      cashier.auth,
    );
    expect(decided.errors).toBeUndefined();
    expect(decided.data?.staffDecideRefund).toMatchObject({ status: 'refunded', refundStatus: 'refunded', refundError: null });
  });
});
