import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { cyberSource } from '../cybersource.ts';
import { acceptFormBodies } from '../form-body.ts';
import type { CheckoutInput, CyberSourceSettings, GatewayAnswer } from '../gateway.ts';
import { isSandboxProfile } from './cybersource-sandbox.protocol.ts';
import { paymentSandboxOn, TEST_CARDS } from './cybersource-sandbox.routes.ts';
import { loadEnv } from '../../../config/env.ts';

// The sandbox gateway end to end (issue 9 §4): our signed checkout form, posted with a test card,
// comes back as a signed answer our adapter accepts, in the browser and as the merchant notification.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const card = (outcome: string) => TEST_CARDS.find((entry) => entry.outcome === outcome)!.number;

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The hidden inputs of a sandbox page (the answer it posts back, or the fields it keeps). */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescapeHtml(match[1]!)] = unescapeHtml(match[2]!);
  }
  return fields;
}

describe('CyberSource sandbox gateway', () => {
  let t: TestApp;
  let settings: CyberSourceSettings;
  const notifications: Record<string, string>[] = [];
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        // The merchant's notification endpoint, as the payments module will have it.
        beforeReady: async (app) => {
          await app.register(async (scope) => {
            acceptFormBodies(scope);
            scope.post('/test-merchant/notify', async (request) => {
              notifications.push(request.body as Record<string, string>);
              return { ok: true };
            });
          });
        },
      },
    );
    settings = t.tenants.defaultTenant.gateways.cyberSource;
  });
  afterAll(async () => {
    await t.close();
  });

  function checkout(overrides: Partial<CheckoutInput> = {}): Record<string, string> {
    counter += 1;
    const form = cyberSource.checkoutForm(settings, {
      referenceNumber: `REF-${counter}`,
      transactionUuid: `uuid-${counter}-${Date.now()}`,
      amount: '1500.00',
      currency: 'LKR',
      locale: 'en',
      transactionType: 'sale,create_payment_token',
      billTo: {
        forename: 'Nimal',
        surname: 'Perera',
        email: 'nimal@example.test',
        address1: '1 Main St',
        city: 'Colombo',
        country: 'LK',
      },
      returnUrl: 'http://localhost/test-merchant/return',
      notifyUrl: 'http://localhost/test-merchant/notify',
      signedDateTime: `${new Date().toISOString().slice(0, 19)}Z`,
      ...overrides,
    });
    expect(form.action).toBe('/sandbox/cybersource/silent/pay');
    return Object.fromEntries(form.fields.map((field) => [field.name, field.value]));
  }

  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
    });

  async function pay(
    number: string,
    overrides: Record<string, string> = {},
    input: Partial<CheckoutInput> = {},
  ) {
    const fields = checkout(input);
    return post('/sandbox/cybersource/silent/pay', {
      ...fields,
      card_type: '001',
      card_number: number,
      card_expiry_date: '12-2031',
      card_cvn: '123',
      ...overrides,
    });
  }

  async function answerOf(response: { statusCode: number; body: string }): Promise<GatewayAnswer> {
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('action="http://localhost/test-merchant/return"');
    const answer = cyberSource.readAnswer(settings, hiddenFields(response.body));
    expect(answer).not.toBeNull();
    return answer!;
  }

  it('answers an ACCEPT card with a signed answer, to the browser and to the notification URL', async () => {
    const response = await pay(card('ACCEPT'));
    const answer = await answerOf(response);
    expect(answer).toMatchObject({
      decision: 'ACCEPT',
      reasonCode: '100',
      amount: '1500.00',
      currency: 'LKR',
      cardType: '001',
      maskedCardNumber: '411111xxxxxx1111',
      cardExpiry: '12-2031',
      forename: 'Nimal',
      surname: 'Perera',
    });
    expect(answer.transactionId).toMatch(/^\d{22}$/);
    expect(answer.paymentToken).toMatch(/^sbx_/);
    // The page posts itself by a script file (no inline script under our CSP), or by its button.
    expect(response.body).toContain(
      '<script src="/sandbox/cybersource/assets/auto-submit.js" defer></script>',
    );
    expect(response.body).not.toMatch(/<script>/);
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('>Continue</button>');
    const script = await t.app.inject({
      method: 'GET',
      url: '/sandbox/cybersource/assets/auto-submit.js',
    });
    expect(script.headers['content-type']).toContain('javascript');

    await expect
      .poll(() => notifications.some((fields) => fields.transaction_id === answer.transactionId))
      .toBe(true);
    const notified = notifications.find(
      (fields) => fields.transaction_id === answer.transactionId,
    )!;
    expect(cyberSource.readAnswer(settings, notified)).toMatchObject({
      decision: 'ACCEPT',
      transactionId: answer.transactionId,
    });

    const second = await answerOf(await pay(card('ACCEPT')));
    expect(second.transactionId).not.toBe(answer.transactionId);
  });

  it('gives the DECLINE, ERROR and REVIEW cards their decisions, and a past expiry reason 202', async () => {
    expect(await answerOf(await pay(card('DECLINE')))).toMatchObject({
      decision: 'DECLINE',
      reasonCode: '203',
    });
    expect(await answerOf(await pay(card('ERROR')))).toMatchObject({
      decision: 'ERROR',
      reasonCode: '150',
    });
    const review = await answerOf(await pay(card('REVIEW')));
    expect(review).toMatchObject({ decision: 'REVIEW', reasonCode: '480' });
    expect(
      await answerOf(await pay(card('ACCEPT'), { card_expiry_date: '01-2020' })),
    ).toMatchObject({
      decision: 'DECLINE',
      reasonCode: '202',
    });
    const declined = await answerOf(await pay(card('DECLINE')));
    expect(declined.paymentToken).toBeUndefined();
  });

  it('makes no token for a plain sale', async () => {
    expect(
      (await answerOf(await pay(card('ACCEPT'), {}, { transactionType: 'sale' }))).paymentToken,
    ).toBeUndefined();
  });

  it('refuses a forged signature with a 403 page', async () => {
    const fields = checkout();
    const forged = await post('/sandbox/cybersource/silent/pay', {
      ...fields,
      amount: '1.00',
      card_number: card('ACCEPT'),
      card_expiry_date: '12-2031',
      card_cvn: '123',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('The request signature is not valid');
    expect(forged.body).not.toContain('test-merchant');
    const unsigned = await post('/sandbox/cybersource/silent/pay', {
      ...fields,
      signature: 'AAAA',
      card_number: card('ACCEPT'),
    });
    expect(unsigned.statusCode).toBe(403);
  });

  it('shows the hosted card page with the hosted-form errors, and charges the card it posts back', async () => {
    const response = await pay('', { card_expiry_date: '13-31', card_cvn: '1' });
    expect(response.statusCode).toBe(200);
    for (const message of [
      'Card number invalid or missing.',
      'Expiry year invalid or missing.',
      'Expiry month invalid or missing.',
      'Security code invalid.',
    ]) {
      expect(response.body).toContain(message);
    }
    expect(response.body).toContain('<label for="card_number">Card number</label>');
    const kept = hiddenFields(response.body);
    expect(kept.signature).toBeDefined();
    expect(kept.card_number).toBeUndefined();
    const charged = await post('/sandbox/cybersource/pay', {
      ...kept,
      card_type: '002',
      card_number: '5555 5555 5555 4444',
      card_expiry_month: '7',
      card_expiry_year: '2031',
      card_cvn: '321',
      sandbox_action: 'pay',
    });
    expect(await answerOf(charged)).toMatchObject({
      decision: 'ACCEPT',
      maskedCardNumber: '555555xxxxxx4444',
      cardType: '002',
      cardExpiry: '07-2031',
    });
  });

  it('only the missing card number is reported when the rest is right', async () => {
    const response = await pay('');
    expect(response.body).toContain('Card number invalid or missing.');
    expect(response.body).not.toContain('Security code invalid.');
  });

  it('serves the hosted checkout page and its cancel', async () => {
    const fields = checkout();
    const first = await post('/sandbox/cybersource/pay', fields);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<title>Card payment - sandbox gateway</title>');
    expect(first.body).not.toContain('role="alert"');
    const cancelled = await post('/sandbox/cybersource/pay', {
      ...hiddenFields(first.body),
      sandbox_action: 'cancel',
    });
    expect(await answerOf(cancelled)).toMatchObject({ decision: 'CANCEL' });
  });

  it('challenges the 3-D Secure card: 1234 passes, another code fails with reason 476', async () => {
    for (const [code, expected] of [
      ['1234', { decision: 'ACCEPT', reasonCode: '100' }],
      ['0000', { decision: 'DECLINE', reasonCode: '476' }],
    ] as const) {
      const response = await pay(card('CHALLENGE'));
      expect(response.statusCode).toBe(303);
      const location = String(response.headers.location);
      expect(location).toMatch(/^\/sandbox\/cybersource\/challenge\?id=[0-9a-f]{32}$/);
      const page = await t.app.inject({ method: 'GET', url: location });
      expect(page.body).toContain('<label for="challenge_code">One-time code</label>');
      const id = new URL(location, 'http://localhost').searchParams.get('id')!;
      const answered = await post('/sandbox/cybersource/challenge', {
        challenge_id: id,
        challenge_code: code,
      });
      expect(await answerOf(answered)).toMatchObject(expected);
      const again = await post('/sandbox/cybersource/challenge', {
        challenge_id: id,
        challenge_code: code,
      });
      expect(again.statusCode).toBe(404);
    }
  });

  it("has a Cancel on the 3-D Secure page that answers CANCEL to the merchant's cancel page (issue 29 §2)", async () => {
    const response = await pay(card('CHALLENGE'));
    const location = String(response.headers.location);
    const page = await t.app.inject({ method: 'GET', url: location });
    expect(page.body).toContain('<button type="submit" name="sandbox_action" value="cancel" class="secondary">Cancel</button>');
    const id = new URL(location, 'http://localhost').searchParams.get('id')!;
    const cancelled = await answerOf(
      await post('/sandbox/cybersource/challenge', { challenge_id: id, sandbox_action: 'cancel' }),
    );
    expect(cancelled).toMatchObject({ decision: 'CANCEL', reasonCode: '' });
  });

  it('refuses a second submission of a transaction uuid with reason 104 and charges nothing (issue 29 §2)', async () => {
    const fields = checkout();
    const sent = { ...fields, card_type: '001', card_number: card('ACCEPT'), card_expiry_date: '12-2031', card_cvn: '123' };
    const first = await answerOf(await post('/sandbox/cybersource/silent/pay', sent));
    expect(first).toMatchObject({ decision: 'ACCEPT', reasonCode: '100' });
    const again = await answerOf(await post('/sandbox/cybersource/silent/pay', sent));
    expect(again).toMatchObject({
      decision: 'ERROR',
      reasonCode: '104',
      referenceNumber: fields.reference_number,
      transactionUuid: fields.transaction_uuid,
    });
    expect(again.authTime).toBeUndefined();
    expect(again.paymentToken).toBeUndefined();
    // A new uuid for the same reference is a new request.
    const renewed = checkout({ referenceNumber: fields.reference_number });
    expect(
      await answerOf(await post('/sandbox/cybersource/silent/pay', { ...sent, ...renewed })),
    ).toMatchObject({ decision: 'ACCEPT', transactionUuid: renewed.transaction_uuid });
  });

  it("answers Transaction Search with a reference's transactions, signed like the REST API (issue 29 §2)", async () => {
    const http = t.providers.gatewayHttp;
    const reference = `SEARCH-${Date.now()}`;
    expect(await cyberSource.searchTransactions(http, settings, reference)).toEqual({ found: 'nothing' });
    await answerOf(await pay(card('DECLINE'), {}, { referenceNumber: reference }));
    expect(await cyberSource.searchTransactions(http, settings, reference)).toEqual({ found: 'nothing' });
    const held = `HELD-${Date.now()}`;
    const review = await answerOf(await pay(card('REVIEW'), {}, { referenceNumber: held }));
    expect(await cyberSource.searchTransactions(http, settings, held)).toEqual({ found: 'authorised', transactionIds: [review.transactionId] });
    const accepted = await answerOf(await pay(card('ACCEPT'), {}, { referenceNumber: reference }));
    expect(await cyberSource.searchTransactions(http, settings, reference)).toEqual({ found: 'captured', transactionIds: [accepted.transactionId] });
    // Unsigned, it is refused; another merchant's keys find nothing of ours.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/sandbox/cybersource/tss/v2/searches',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: `clientReferenceInformation.code:${reference}` }),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await cyberSource.searchTransactions(http, { ...settings, restSecretKey: Buffer.from('another key').toString('base64') }, reference)).toMatchObject({ found: 'unknown' });
  });

  it('charges a created token through the in-process requester, and refunds up to the amount', async () => {
    const saved = await answerOf(await pay(card('ACCEPT')));
    const http = t.providers.gatewayHttp;
    const charged = await cyberSource.chargeToken(http, settings, {
      referenceNumber: 'QUICK-1',
      amount: '1500.00',
      currency: 'LKR',
      paymentToken: saved.paymentToken!,
    });
    expect(charged).toMatchObject({
      decision: 'ACCEPT',
      reasonCode: '100',
      referenceNumber: 'QUICK-1',
      amount: '1500.00',
    });

    const refund = (amount: string) =>
      cyberSource.refund(http, settings, {
        transactionId: charged.transactionId,
        referenceNumber: 'QUICK-1',
        amount,
        currency: 'LKR',
      });
    expect(await refund('1000.00')).toMatchObject({ status: 'refunded', message: 'PENDING' });
    expect(await refund('500.00')).toMatchObject({ status: 'refunded' });
    expect(await refund('0.01')).toMatchObject({ status: 'failed', refundId: null });

    // A payment made on the card page is refundable the same way.
    expect(
      await cyberSource.refund(http, settings, {
        transactionId: saved.transactionId,
        referenceNumber: 'REF',
        amount: '1500.01',
        currency: 'LKR',
      }),
    ).toMatchObject({ status: 'failed' });
    expect(
      await cyberSource.refund(http, settings, {
        transactionId: saved.transactionId,
        referenceNumber: 'REF',
        amount: '1500.00',
        currency: 'LKR',
      }),
    ).toMatchObject({ status: 'refunded' });
  });

  it('refuses an altered token, a bad REST signature and a declined saved card', async () => {
    const saved = await answerOf(await pay(card('ACCEPT')));
    const http = t.providers.gatewayHttp;
    const input = {
      referenceNumber: 'QUICK-2',
      amount: '10.00',
      currency: 'LKR',
      paymentToken: `${saved.paymentToken!}x`,
    };
    expect(await cyberSource.chargeToken(http, settings, input)).toMatchObject({
      decision: 'ERROR',
      reasonCode: '102',
    });
    const wrongKey = { ...settings, restSecretKey: Buffer.from('not-the-key').toString('base64') };
    expect(
      await cyberSource.chargeToken(http, wrongKey, {
        ...input,
        paymentToken: saved.paymentToken!,
      }),
    ).toMatchObject({
      decision: 'ERROR',
      reasonCode: '150',
    });
    const review = await answerOf(await pay(card('REVIEW')));
    expect(
      await cyberSource.chargeToken(http, settings, {
        ...input,
        paymentToken: review.paymentToken!,
      }),
    ).toMatchObject({
      decision: 'REVIEW',
    });
  });

  it('leaves the app JSON parser alone outside the sandbox', async () => {
    const result = await t.gql<{ __typename: string }>('{ __typename }');
    expect(result.data?.__typename).toBe('Query');
  });
});

describe('CyberSource sandbox switched off', () => {
  it('is not served when PAYMENT_SANDBOX is false', async () => {
    const t = await createTestApp({ PAYMENT_SANDBOX: 'false' });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/sandbox/cybersource/silent/pay',
        headers: FORM,
        payload: 'a=b',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('where the sandbox may answer (a review found it signing ACCEPTs with any tenant\'s secret)', () => {
  it('is never on in production, whatever PAYMENT_SANDBOX says', () => {
    expect(paymentSandboxOn(loadEnv({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true', APP_SECRET: 'x'.repeat(40) }))).toBe(false);
    expect(paymentSandboxOn(loadEnv({ NODE_ENV: 'development' }))).toBe(true);
    expect(paymentSandboxOn(loadEnv({ NODE_ENV: 'test', PAYMENT_SANDBOX: 'false' }))).toBe(false);
  });

  it('stands in only for profiles that post to it, never for a tenant with the real gateway', () => {
    const sandbox = { formUrl: '/sandbox/cybersource/silent/pay', restBaseUrl: '/sandbox/cybersource' } as CyberSourceSettings;
    expect(isSandboxProfile(sandbox)).toBe(true);
    expect(isSandboxProfile({ ...sandbox, formUrl: 'https://secureacceptance.cybersource.com/silent/pay' })).toBe(false);
    expect(isSandboxProfile({ ...sandbox, restBaseUrl: 'https://api.cybersource.com' })).toBe(false);
    expect(isSandboxProfile({ ...sandbox, formUrl: '/sandbox/cybersourcex/silent/pay' })).toBe(false);
  });
});

