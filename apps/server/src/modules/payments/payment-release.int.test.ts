import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { bookingRequests, gatewayEvents, payments } from '../../db/schema/index.ts';
import type { HttpRequester } from '../../providers/payment-gateways/gateway.ts';
import { listUnmatchedGatewayEvents } from './staff-payments.repo.ts';
import {
  hiddenFields,
  initiateGatewayBooking,
  makePayableAppointment,
  makePaymentsSetting,
  makeSignedInPatient,
  patientAuth,
  postForm,
  sandboxCard,
  saveSandboxCard,
  startGatewayBooking,
  type FixturePatient,
  type PaymentsSetting,
} from './payments-test-fixture.ts';

/*
 * A payment whose answer never came back (issue 29 §2): the patient left the bank's 3-D Secure page
 * or the wallet's page and pays again. The gateway is asked (CyberSource's Transaction Search, the
 * wallet's API) and the invoice released at once when nothing was captured; otherwise the refusal
 * says until when. Every page of the sandbox has a Cancel that answers CANCEL, and the sandbox
 * refuses a reused transaction uuid with reason 104, as the real gateway does.
 */

let t: TestApp;
let setting: PaymentsSetting;

type Patient = FixturePatient;

const STILL_PROCESSING_UNTIL =
  'ARO-E5030:A payment for this invoice is still being processed. You can pay again after ';

const makePatient = () => makeSignedInPatient(t, setting.tenantId, setting.hospitalId);
/** A saved default card: the sandbox's 3-D Secure card (every token charge asks its cardholder). */
const saveChallengeCard = (patient: Patient) =>
  saveSandboxCard(t, setting.tenantId, patient, '400000xxxxxx1091');

type QuickPay = {
  completeBooking: { id: string | null; bookingId: string | null; status: string };
};
const quickPay = (patient: Patient, invoiceId: string, key: string | null = null) =>
  t.gql<QuickPay>(
    'mutation ($input: CompleteBookingInput!, $key: String) { completeBooking(input: $input, idempotencyKey: $key) { id bookingId status } }',
    { input: { id: invoiceId, paymentGatewayType: 'cyberSource' }, key },
    patientAuth(patient),
  );

/** The bank's step-up page of an authenticating quick pay, as authenticatePaymentGateway answers it. */
async function stepUpOf(patient: Patient, bookingId: string): Promise<Record<string, string>> {
  const answer = await t.gql<{
    authenticatePaymentGateway: { authentication: { redirectHtml?: string } };
  }>(
    'mutation ($id: ID!) { authenticatePaymentGateway(id: $id, successUrl: "/ok", failureUrl: "/no") }',
    { id: bookingId },
    patientAuth(patient),
  );
  expect(answer.errors).toBeUndefined();
  return hiddenFields(answer.data?.authenticatePaymentGateway.authentication.redirectHtml ?? '');
}

/** At the bank: the step-up's challenge page, then its code or its Cancel; answers the form back to us. */
async function atTheBank(stepUp: Record<string, string>, action: { code: string } | 'cancel') {
  const challenge = await postForm(t, '/sandbox/cybersource/cardinal/step-up', stepUp);
  expect(challenge.statusCode).toBe(200);
  expect(challenge.body).toContain('value="cancel"');
  const fields = hiddenFields(challenge.body);
  const back = await postForm(
    t,
    '/sandbox/cybersource/cardinal/challenge',
    action === 'cancel'
      ? { ...fields, sandbox_action: 'cancel' }
      : { ...fields, challenge_code: action.code },
  );
  expect(back.statusCode).toBe(200);
  return hiddenFields(back.body);
}

async function stateOf(invoiceId: string) {
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
  return {
    bookings: bookings.map((row) => row.status).sort(),
    payments: paid
      .map(
        (row) =>
          `${row.status}:${(row.response as { reasonCode?: string } | null)?.reasonCode ?? ''}`,
      )
      .sort(),
    events: events.map((row) => row.outcome).sort(),
  };
}

/** The gateway requester with calls answered by `requester` (the real one stays bound to the app). */
function stubHttp(requester: HttpRequester): () => void {
  const real = t.providers.gatewayHttp;
  t.providers.gatewayHttp = Object.assign(requester, { bindLocal: real.bindLocal });
  return () => {
    t.providers.gatewayHttp = real;
  };
}

/** Every gateway call, with the real gateway answering them. */
function watchGateway(): { urls: string[]; restore: () => void } {
  const real = t.providers.gatewayHttp;
  const urls: string[] = [];
  const restore = stubHttp((url, init) => {
    urls.push(url);
    return real(url, init);
  });
  return { urls, restore };
}

beforeAll(async () => {
  t = await createTestApp();
  setting = await makePaymentsSetting(t, [
    { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('a payment left at the bank without an answer (issue 29 §2)', () => {
  it('pays again at once: the gateway is asked, finds nothing captured, and the abandoned step-up authorises nothing later', async () => {
    const patient = await makePatient();
    await saveChallengeCard(patient);
    const { invoiceId } = await makePayableAppointment(t, setting, patient);
    const first = (await quickPay(patient, invoiceId)).data?.completeBooking;
    expect(first?.status).toBe('authenticating');
    const abandoned = await stepUpOf(patient, first?.bookingId ?? '');

    // The patient backs out of the bank's page and taps the saved card again.
    const gateway = watchGateway();
    let again: QuickPay['completeBooking'] | undefined;
    try {
      again = (await quickPay(patient, invoiceId)).data?.completeBooking;
    } finally {
      gateway.restore();
    }
    expect(gateway.urls).toContain('/sandbox/cybersource/tss/v2/searches');
    expect(again?.status).toBe('authenticating');
    expect(again?.bookingId).not.toBe(first?.bookingId);
    expect(await stateOf(invoiceId)).toEqual({
      bookings: ['authenticating', 'failed'],
      payments: [],
      events: [],
    });

    // The first page finished after all: nothing is authorised for it.
    const late = await postForm(
      t,
      '/payments/cybersource/authenticated',
      await atTheBank(abandoned, { code: '1234' }),
    );
    expect(late.headers.location).toBe(
      `/no?paymentStatus=Failure&bookingId=${first?.bookingId ?? ''}`,
    );
    // The second pays, once.
    const paid = await postForm(
      t,
      '/payments/cybersource/authenticated',
      await atTheBank(await stepUpOf(patient, again?.bookingId ?? ''), { code: '1234' }),
    );
    expect(paid.headers.location).toBe(
      `/ok?paymentStatus=Success&bookingId=${again?.bookingId ?? ''}`,
    );
    expect(await stateOf(invoiceId)).toEqual({
      bookings: ['completed', 'failed'],
      payments: ['ACCEPT:100'],
      events: ['credited'],
    });
  });

  it.each([
    [
      'the gateway cannot be reached',
      (): Promise<{ status: number; body: string }> =>
        Promise.reject(new Error('connect ECONNREFUSED')),
    ],
    [
      'the gateway found a capture',
      (): Promise<{ status: number; body: string }> =>
        Promise.resolve({
          status: 201,
          body: JSON.stringify({
            totalCount: 1,
            _embedded: {
              transactionSummaries: [
                {
                  id: '1',
                  applicationInformation: {
                    rCode: '1',
                    applications: [{ name: 'ics_bill', rCode: '1' }],
                  },
                },
              ],
            },
          }),
        }),
    ],
  ])(
    'keeps the invoice when %s, and says until when the step-up expires',
    async (_case, search) => {
      const patient = await makePatient();
      await saveChallengeCard(patient);
      const { invoiceId } = await makePayableAppointment(t, setting, patient);
      const first = (await quickPay(patient, invoiceId)).data?.completeBooking;
      const [row] = await t.database.db
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.id, first?.bookingId ?? ''));
      const real = t.providers.gatewayHttp;
      const restore = stubHttp((url, init) =>
        url.endsWith('/tss/v2/searches') ? search() : real(url, init),
      );
      try {
        const refused = await quickPay(patient, invoiceId);
        expect(refused.errors?.[0]?.message).toBe(
          `${STILL_PROCESSING_UNTIL}${new Date(row?.authentication?.expiresAt ?? '').toISOString()}`,
        );
        expect(
          (await initiateGatewayBooking(t, patient, invoiceId, 'genie')).errors?.[0]?.message,
        ).toMatch(/^ARO-E5030:/);
      } finally {
        restore();
      }
      expect(await stateOf(invoiceId)).toMatchObject({ bookings: ['authenticating'] });
    },
  );

  it("the bank page's Cancel answers CANCEL: nothing charged, and the invoice is payable at once", async () => {
    const patient = await makePatient();
    await saveChallengeCard(patient);
    const { invoiceId } = await makePayableAppointment(t, setting, patient);
    const first = (await quickPay(patient, invoiceId)).data?.completeBooking;
    const back = await postForm(
      t,
      '/payments/cybersource/authenticated',
      await atTheBank(await stepUpOf(patient, first?.bookingId ?? ''), 'cancel'),
    );
    expect(back.headers.location).toBe(
      `/no?paymentStatus=Failure&bookingId=${first?.bookingId ?? ''}`,
    );
    expect(await stateOf(invoiceId)).toEqual({
      bookings: ['failed'],
      payments: ['CANCEL:'],
      events: ['failed'],
    });
    expect((await quickPay(patient, invoiceId)).data?.completeBooking.status).toBe(
      'authenticating',
    );
  });

  it("a card payment's 3-D Secure page has a Cancel that answers CANCEL to the merchant", async () => {
    const patient = await makePatient();
    const { invoiceId } = await makePayableAppointment(t, setting, patient);
    const started = await t.gql<{
      initiateBooking: {
        formUrl: string;
        signature: { parameter: { name: string; value: string }[] };
      };
    }>(
      'mutation ($input: InitiateBookingInput!) { initiateBooking(input: $input) { formUrl signature { parameter { name value } } } }',
      {
        input: {
          id: invoiceId,
          successUrl: '/ok',
          failureUrl: '/no',
          paymentGatewayType: 'cyberSource',
        },
      },
      patientAuth(patient),
    );
    const booking = started.data?.initiateBooking;
    const form = Object.fromEntries(
      (booking?.signature.parameter ?? []).map((field) => [field.name, field.value]),
    );
    const paid = await postForm(t, booking?.formUrl ?? '', {
      ...form,
      card_type: '001',
      card_number: sandboxCard('CHALLENGE'),
      card_expiry_date: '12-2031',
      card_cvn: '123',
    });
    expect(paid.statusCode).toBe(303);
    const challenge = await t.app.inject({
      method: 'GET',
      url: String(paid.headers.location),
      headers: { host: 'localhost' },
    });
    expect(challenge.body).toContain('value="cancel"');
    const cancelled = await postForm(t, '/sandbox/cybersource/challenge', {
      ...hiddenFields(challenge.body),
      sandbox_action: 'cancel',
    });
    const answer = hiddenFields(cancelled.body);
    expect(answer).toMatchObject({
      decision: 'CANCEL',
      req_reference_number: form.reference_number,
    });
    const back = await postForm(t, '/payments/cybersource/return', answer);
    expect(back.headers.location).toMatch(/^\/no\?paymentStatus=Failure&bookingId=/);
    expect(await stateOf(invoiceId)).toMatchObject({ bookings: ['failed'], payments: ['CANCEL:'] });
  });

  it('a wallet page cancelled while its answer could not be read: the wallet is asked again and the invoice released at once', async () => {
    const patient = await makePatient();
    const { booking, invoiceId } = await startGatewayBooking(t, setting, patient, 'genie');
    const real = t.providers.gatewayHttp;
    let readBack: () => void = () => undefined;
    const webhookRead = new Promise<void>((resolve) => {
      readBack = resolve;
    });
    // The patient cancels on Genie's page; the webhook comes, but Genie's API cannot be read then.
    const restore = stubHttp((url, init) => {
      if (init.method === 'GET' && url.includes('/sandbox/genie/transactions/')) {
        readBack();
        return Promise.resolve({ status: 503, body: '' });
      }
      return real(url, init);
    });
    try {
      const cancelled = await t.app.inject({
        method: 'POST',
        url: booking.formUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
        payload: new URLSearchParams({ sandbox_action: 'cancel' }).toString(),
      });
      expect(cancelled.statusCode).toBe(303);
      await webhookRead;
    } finally {
      restore();
    }
    expect(await stateOf(invoiceId)).toMatchObject({ bookings: ['initiated'], payments: [] });
    // Back in the app without an answer, the patient pays again.
    const again = await initiateGatewayBooking(t, patient, invoiceId, 'genie');
    expect(again.errors).toBeUndefined();
    expect(await stateOf(invoiceId)).toMatchObject({
      bookings: ['failed', 'initiated'],
      payments: ['CANCEL:'],
      events: ['failed'],
    });
  });
});

describe('a reused transaction uuid (issue 29 §2)', () => {
  it('is refused by the sandbox with reason 104: charged once, nothing for the cashier to reconcile', async () => {
    const patient = await makePatient();
    const { invoiceId } = await makePayableAppointment(t, setting, patient);
    const started = await t.gql<{
      initiateBooking: {
        id: string;
        formUrl: string;
        signature: { parameter: { name: string; value: string }[] };
      };
    }>(
      'mutation ($input: InitiateBookingInput!) { initiateBooking(input: $input) { id formUrl signature { parameter { name value } } } }',
      {
        input: {
          id: invoiceId,
          successUrl: '/ok',
          failureUrl: '/no',
          paymentGatewayType: 'cyberSource',
        },
      },
      patientAuth(patient),
    );
    const booking = started.data?.initiateBooking;
    const form = Object.fromEntries(
      (booking?.signature.parameter ?? []).map((field) => [field.name, field.value]),
    );
    const card = {
      card_type: '001',
      card_number: sandboxCard('ACCEPT'),
      card_expiry_date: '12-2031',
      card_cvn: '123',
    };
    const first = hiddenFields(
      (await postForm(t, booking?.formUrl ?? '', { ...form, ...card })).body,
    );
    expect(first).toMatchObject({ decision: 'ACCEPT', reason_code: '100' });
    expect((await postForm(t, '/payments/cybersource/return', first)).headers.location).toBe(
      `/ok?paymentStatus=Success&bookingId=${booking?.id ?? ''}`,
    );

    // The same signed form again (a resubmitted page): the gateway refuses it and charges nothing.
    const second = hiddenFields(
      (await postForm(t, booking?.formUrl ?? '', { ...form, ...card })).body,
    );
    expect(second).toMatchObject({
      decision: 'ERROR',
      reason_code: '104',
      req_transaction_uuid: form.transaction_uuid,
    });
    // The browser still lands on the payment's real outcome.
    expect((await postForm(t, '/payments/cybersource/return', second)).headers.location).toBe(
      `/ok?paymentStatus=Success&bookingId=${booking?.id ?? ''}`,
    );
    expect(await stateOf(invoiceId)).toEqual({
      bookings: ['completed'],
      payments: ['ACCEPT:100'],
      events: ['credited', 'duplicate'],
    });
    const unmatched = await listUnmatchedGatewayEvents(t.database.db, {
      tenantId: setting.tenantId,
      organizationId: setting.hospitalId,
    });
    expect(
      unmatched.filter(
        (row) => row.event.bookingRequestId === booking?.id && row.event.outcome === 'reconcile',
      ),
    ).toEqual([]);
  });
});
