import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeChargingScheme,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeSessionAppointment,
} from '../../../test/factories.ts';
import { eq, inArray } from 'drizzle-orm';
import { accounts, authEvents, paymentMethods, type chargingSchemes } from '../../db/schema/index.ts';
import { issueSandboxToken } from '../../providers/payment-gateways/sandbox/sandbox-token.ts';
import { TEST_CARDS, type TestCardOutcome } from '../../providers/payment-gateways/sandbox/test-cards.ts';
import { signFields } from '../../providers/payment-gateways/signature.ts';
import { signIn } from '../auth/auth.testing.ts';
import { gatewaysFor } from '../tenants/index.ts';
import { sealPaymentToken } from '../../providers/card-tokens/card-tokens.ts';
import { type PaymentsDeps } from './payments.context.ts';

/*
 * The set-up the payments int tests repeat (test-only; never imported by the app): signed-in
 * patients, GraphQL calls with their token, the gateway's signed answers as the sandbox posts them,
 * form posts to the gateway return and notify URLs, and service dependencies that record what was
 * published.
 */

/** A signed-in patient: the account, its own profile and the access token. */
export type FixturePatient = { accountId: string; patientId: string; token: string };

/**
 * A patient account of the hospital, signed in. The per-address sign-in limit is reset first (auth's
 * own tests cover it), so a file's many patients are not refused with ARO-E1100.
 * @param t - the test app
 * @param tenantId - the tenant
 * @param hospitalId - the profile's hospital
 */
export async function makeSignedInPatient(t: TestApp, tenantId: string, hospitalId: string): Promise<FixturePatient> {
  const made = await makePatientAccount(t.database.db, tenantId, { hospitalId });
  await t.database.db.delete(authEvents).where(inArray(authEvents.kind, ['initiate_ip', 'verify_ip']));
  const token = await signIn(t, made.account.mobileNo);
  return { accountId: made.account.id, patientId: made.patient.id, token };
}

/** The authorization header of a patient. */
export const patientAuth = (patient: FixturePatient): Record<string, string> => authHeader(patient.token);

/** The hidden inputs of a sandbox page: the answer it posts back to the merchant. */
export function hiddenFields(html: string): Record<string, string> {
  const unescape = (text: string) =>
    text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescape(match[1] ?? '')] = unescape(match[2] ?? '');
  }
  return fields;
}

/**
 * A published sandbox test card with the given outcome.
 * @param outcome - ACCEPT, DECLINE, ERROR, REVIEW or CHALLENGE
 */
export function sandboxCard(outcome: TestCardOutcome): string {
  const card = TEST_CARDS.find((entry) => entry.outcome === outcome);
  if (!card) {
    throw new Error(`no sandbox card for ${outcome}`);
  }
  return card.number;
}

/**
 * POSTs form fields (the gateway's answer, or a form to the sandbox) as the browser or the gateway would.
 * @param t - the test app
 * @param path - the URL path
 * @param fields - the form fields
 * @param host - the Host header (the tenant's host)
 */
export function postForm(t: TestApp, path: string, fields: Record<string, string>, host = 'localhost') {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host },
    payload: new URLSearchParams(fields).toString(),
  });
}

let transactionCounter = 0;

/**
 * The gateway's signed answer to a checkout form, as the sandbox would post it.
 * @param form - the signed form fields initiateBooking answered
 * @param secret - the tenant's CyberSource secret key
 * @param overrides - fields to change (decision, reason_code, …)
 */
export function signedGatewayAnswer(
  form: Record<string, string>,
  secret: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  transactionCounter += 1;
  const fields: Record<string, string> = {
    decision: 'ACCEPT',
    reason_code: '100',
    message: 'Request was processed successfully.',
    transaction_id: `7${Date.now()}${transactionCounter}`,
    req_reference_number: form.reference_number ?? '',
    req_transaction_uuid: form.transaction_uuid ?? '',
    req_amount: form.amount ?? '',
    auth_amount: form.amount ?? '',
    req_currency: form.currency ?? '',
    req_profile_id: form.profile_id ?? '',
    req_access_key: form.access_key ?? '',
    req_card_number: '411111xxxxxx1111',
    req_card_type: '001',
    req_card_expiry_date: '12-2030',
    req_bill_to_forename: form.bill_to_forename ?? '',
    req_bill_to_surname: form.bill_to_surname ?? '',
    auth_time: '2026-11-24T101010Z',
    signed_date_time: '2026-11-24T10:10:10Z',
    ...overrides,
  };
  const names = [...Object.keys(fields), 'signed_field_names'];
  fields.signed_field_names = names.join(',');
  fields.signature = signFields(fields, names, secret);
  return fields;
}

/**
 * The payments service's dependencies for the default tenant, recording every publish.
 * @param t - the test app
 */
export function recordingDeps(t: TestApp): { deps: PaymentsDeps; published: { topic: string; payload: unknown }[] } {
  const published: { topic: string; payload: unknown }[] = [];
  return {
    published,
    deps: {
      db: t.database.db,
      tenant: t.tenants.defaultTenant,
      correlationId: randomUUID(),
      providers: t.providers,
      publish: (topic, payload) => {
        published.push({ topic, payload });
        return Promise.resolve();
      },
      log: t.app.log,
    },
  };
}

/**
 * Waits until a check passes (a notification the sandbox posts in the background), or gives up after
 * the hang guard and lets the caller's assertion fail.
 * @param check - answers true once done
 * @param guardMs - the most to wait
 */
export async function eventually(check: () => Promise<boolean>, guardMs = 5000): Promise<void> {
  for (let waited = 0; waited < guardMs; waited += 50) {
    if (await check()) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A saved default card of the patient whose token the sandbox's REST API accepts (as its hosted form
 * would have made it); answers the payment method's id.
 * @param t - the test app
 * @param tenantId - the tenant
 * @param patient - the card's owner
 * @param maskedNumber - the card's masked number (the sandbox's plain Visa unless told)
 * @param savedAt - the hospital whose merchant saved the card (issue 9 §2): its token is sealed with
 *   that merchant; unless told, a card saved before hospitals had merchants (the tenant's)
 */
export async function saveSandboxCard(
  t: TestApp,
  tenantId: string,
  patient: FixturePatient,
  maskedNumber = '411111xxxxxx1111',
  savedAt?: string,
): Promise<string> {
  const settings = gatewaysFor(t.tenants.defaultTenant, savedAt).cyberSource;
  const token = issueSandboxToken(t.providers.appSecret, {
    merchantId: settings.merchantId,
    maskedNumber,
    cardType: '001',
    expiry: '12-2030',
  });
  const [method] = await t.database.db
    .insert(paymentMethods)
    .values({
      tenantId,
      accountId: patient.accountId,
      type: 'card',
      cardType: '001',
      cardNumber: `${maskedNumber.slice(0, 6)}XXXXXXXXXX`,
      cardExpiry: '12-2030',
      gatewayToken:
        savedAt === undefined
          ? sealPaymentToken(t.providers.appSecret, token)
          : sealPaymentToken(t.providers.appSecret, token, settings.merchantId),
      gateway: 'cyberSource',
    })
    .returning({ id: paymentMethods.id });
  await t.database.db.update(accounts).set({ defaultPaymentMethodId: method?.id ?? null }).where(eq(accounts.id, patient.accountId));
  return method?.id ?? '';
}

/** A file's payments setting: the default tenant, a hospital, its doctor and a consultation charging scheme. */
export type PaymentsSetting = { tenantId: string; hospitalId: string; doctorId: string; schemeId: string };

/**
 * A hospital of the default tenant with a doctor and a 'Consultation' charging scheme in LKR.
 * @param t - the test app
 * @param items - the scheme's items
 * @param organizationId - the hospital's id, when the tenant's configuration names it (hospitalGateways)
 */
export async function makePaymentsSetting(
  t: TestApp,
  items: (typeof chargingSchemes.$inferInsert)['items'],
  organizationId?: string,
): Promise<PaymentsSetting> {
  const db = t.database.db;
  const tenantId = t.tenants.defaultTenant.id;
  const hospitalId = (await makeOrganization(db, tenantId, organizationId ? { id: organizationId } : {})).id;
  const doctorId = (await makePractitioner(db, tenantId, hospitalId)).id;
  const scheme = await makeChargingScheme(db, tenantId, hospitalId, { items });
  return { tenantId, hospitalId, doctorId, schemeId: scheme.id };
}

/**
 * An appointment of the patient (token 1) in a new session of the setting's doctor, charged by its scheme.
 * @param t - the test app
 * @param setting - the hospital, doctor and scheme
 * @param patient - the appointment's patient
 * @param fields - the appointment's payment or appointment status, if not the defaults
 */
export async function makeFixtureAppointment(
  t: TestApp,
  setting: PaymentsSetting,
  patient: FixturePatient,
  fields: { paymentStatus?: string; appointmentStatus?: string } = {},
): Promise<{ appointmentId: string; sessionId: string }> {
  const { session, appointment } = await makeSessionAppointment(
    t.database.db,
    setting.tenantId,
    { practitionerId: setting.doctorId, organizationId: setting.hospitalId },
    patient,
    { session: { chargingSchemeId: setting.schemeId, issuedTokens: 1, liveAppointments: 1 }, appointment: fields },
  );
  return { appointmentId: appointment.id, sessionId: session.id };
}

/**
 * An appointment of the patient with its open invoice (prepareInvoice as the patient).
 * @param t - the test app
 * @param setting - the hospital, doctor and scheme
 * @param patient - the appointment's patient
 */
export async function makePayableAppointment(
  t: TestApp,
  setting: PaymentsSetting,
  patient: FixturePatient,
): Promise<{ appointmentId: string; invoiceId: string }> {
  const visit = await makeFixtureAppointment(t, setting, patient);
  const prepared = await t.gql<{ prepareInvoice: { id: string } }>(
    'mutation ($input: PrepareInvoiceInput!) { prepareInvoice(input: $input) { id } }',
    { input: { appointmentId: visit.appointmentId } },
    patientAuth(patient),
  );
  const invoiceId = prepared.data?.prepareInvoice.id;
  if (!invoiceId || !visit.appointmentId) {
    throw new Error('no invoice');
  }
  return { appointmentId: visit.appointmentId, invoiceId };
}

/** initiateBooking's answer: the gateway's page and the signed fields to send it. */
export type GatewayBooking = {
  id: string;
  formUrl: string;
  formMethod: string;
  signature: { parameter: { name: string; value: string }[] };
  unsignedFieldNames: string[];
};

/**
 * initiateBooking of an invoice through a redirect gateway, as the patient.
 * @param t - the test app
 * @param patient - the invoice's patient
 * @param invoiceId - the invoice
 * @param gateway - the gateway
 * @param key - the idempotency key
 */
export function initiateGatewayBooking(
  t: TestApp,
  patient: FixturePatient,
  invoiceId: string,
  gateway: 'genie' | 'mobileBill',
  key: string | null = null,
) {
  return t.gql<{ initiateBooking: GatewayBooking }>(
    'mutation ($input: InitiateBookingInput!, $key: String) { initiateBooking(input: $input, idempotencyKey: $key) { id formUrl formMethod signature { parameter { name value } } unsignedFieldNames } }',
    { input: { id: invoiceId, successUrl: '/ok', failureUrl: '/no', paymentGatewayType: gateway }, key },
    patientAuth(patient),
  );
}

/**
 * A payable appointment whose booking through the gateway is started: the booking and its signed fields.
 * @param t - the test app
 * @param setting - the hospital, doctor and scheme
 * @param patient - the paying patient
 * @param gateway - the gateway
 */
export async function startGatewayBooking(t: TestApp, setting: PaymentsSetting, patient: FixturePatient, gateway: 'genie' | 'mobileBill') {
  const visit = await makePayableAppointment(t, setting, patient);
  const started = await initiateGatewayBooking(t, patient, visit.invoiceId, gateway);
  const booking = started.data?.initiateBooking;
  if (!booking) {
    throw new Error(`initiateBooking failed: ${JSON.stringify(started.errors)}`);
  }
  const fields = Object.fromEntries(booking.signature.parameter.map((field) => [field.name, field.value]));
  return { ...visit, booking, fields };
}
