import { describe, expect, it } from 'vitest';
import { cyberSource } from './cybersource.ts';
import type { CheckoutInput, CyberSourceSettings, HttpRequester } from './gateway.ts';
import {
  bodyDigest,
  parseSignatureHeader,
  restSignature,
  signingString,
} from './http-signature.ts';
import { signFields, verifyFields } from './signature.ts';

const SETTINGS: CyberSourceSettings = {
  profileId: 'PROFILE-1',
  accessKey: 'access-1',
  secretKey: 'secret-1',
  formUrl: '/sandbox/cybersource/silent/pay',
  merchantId: 'merchant-1',
  restKeyId: 'rest-key-1',
  restSecretKey: Buffer.from('rest-secret-1').toString('base64'),
  restBaseUrl: 'https://api.example.test',
  stepUpOrigins: [],
};

const INPUT: CheckoutInput = {
  referenceNumber: 'REF-1',
  transactionUuid: 'uuid-1',
  amount: '2500.00',
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
  returnUrl: 'https://care.example.test/payments/cybersource/return',
  notifyUrl: 'https://care.example.test/payments/cybersource/notify',
  signedDateTime: '2026-11-24T04:47:01Z',
};

/** A signed answer as the gateway would post it. */
function signedAnswer(
  fields: Record<string, string>,
  key = SETTINGS.secretKey,
): Record<string, string> {
  const names = [...Object.keys(fields), 'signed_field_names'];
  const body = { ...fields, signed_field_names: names.join(',') };
  return { ...body, signature: signFields(body, names, key) };
}

const ACCEPTED = {
  decision: 'ACCEPT',
  reason_code: '100',
  message: 'Request was processed successfully.',
  transaction_id: '1234567890123456789012',
  req_access_key: 'access-1',
  req_profile_id: 'PROFILE-1',
  req_reference_number: 'REF-1',
  req_transaction_uuid: 'uuid-1',
  req_amount: '2500.00',
  auth_amount: '2500.00',
  req_currency: 'LKR',
  req_card_type: '001',
  req_card_number: '411111xxxxxx1111',
  req_card_expiry_date: '12-2030',
  req_bill_to_forename: 'Nimal',
  req_bill_to_surname: 'Perera',
  payment_token: 'sbx_token',
  auth_time: '2026-11-24T044701Z',
};

describe('cyberSource.checkoutForm', () => {
  it('signs the documented fields in order, with the card fields unsigned', () => {
    const form = cyberSource.checkoutForm(SETTINGS, INPUT);
    expect(form.action).toBe('/sandbox/cybersource/silent/pay');
    expect(form.unsignedFieldNames).toEqual([
      'card_type',
      'card_number',
      'card_expiry_date',
      'card_cvn',
    ]);
    const fields = Object.fromEntries(form.fields.map((field) => [field.name, field.value]));
    expect(fields.signed_field_names).toBe(
      'access_key,profile_id,transaction_uuid,signed_field_names,unsigned_field_names,signed_date_time,locale,transaction_type,reference_number,amount,currency,payment_method,bill_to_forename,bill_to_surname,bill_to_email,bill_to_address_line1,bill_to_address_city,bill_to_address_country,override_custom_receipt_page,override_custom_cancel_page,override_backoffice_post_url',
    );
    expect(fields).toMatchObject({
      unsigned_field_names: 'card_type,card_number,card_expiry_date,card_cvn',
      payment_method: 'card',
      amount: '2500.00',
      override_backoffice_post_url: INPUT.notifyUrl,
      override_custom_cancel_page: INPUT.returnUrl,
    });
    expect(form.fields.at(-1)?.name).toBe('signature');
    expect(verifyFields(fields, SETTINGS.secretKey)).toBe(true);
    expect(verifyFields({ ...fields, amount: '1.00' }, SETTINGS.secretKey)).toBe(false);
  });

  it('signs the phone when there is one', () => {
    const form = cyberSource.checkoutForm(SETTINGS, {
      ...INPUT,
      billTo: { ...INPUT.billTo, phone: '0771234567' },
    });
    const fields = Object.fromEntries(form.fields.map((field) => [field.name, field.value]));
    expect(fields.signed_field_names).toContain(
      'bill_to_email,bill_to_phone,bill_to_address_line1',
    );
    expect(verifyFields(fields, SETTINGS.secretKey)).toBe(true);
  });
});

describe('cyberSource.readAnswer', () => {
  it('maps a signed answer', () => {
    const answer = cyberSource.readAnswer(SETTINGS, signedAnswer(ACCEPTED));
    expect(answer).toMatchObject({
      decision: 'ACCEPT',
      reasonCode: '100',
      referenceNumber: 'REF-1',
      transactionUuid: 'uuid-1',
      transactionId: '1234567890123456789012',
      amount: '2500.00',
      currency: 'LKR',
      cardType: '001',
      maskedCardNumber: '411111xxxxxx1111',
      cardExpiry: '12-2030',
      paymentToken: 'sbx_token',
      forename: 'Nimal',
      surname: 'Perera',
      authTime: '2026-11-24T044701Z',
    });
    expect(answer?.raw.decision).toBe('ACCEPT');
  });

  it('uses req_amount when there is no auth_amount (a decline)', () => {
    const { auth_amount: _none, ...declined } = {
      ...ACCEPTED,
      decision: 'DECLINE',
      reason_code: '203',
    };
    expect(cyberSource.readAnswer(SETTINGS, signedAnswer(declined))).toMatchObject({
      decision: 'DECLINE',
      amount: '2500.00',
    });
  });

  it('refuses a tampered, unsigned, foreign or incomplete answer', () => {
    expect(
      cyberSource.readAnswer(SETTINGS, { ...signedAnswer(ACCEPTED), auth_amount: '1.00' }),
    ).toBeNull();
    expect(cyberSource.readAnswer(SETTINGS, signedAnswer(ACCEPTED, 'another-secret'))).toBeNull();
    expect(cyberSource.readAnswer(SETTINGS, { ...ACCEPTED })).toBeNull();
    expect(
      cyberSource.readAnswer(SETTINGS, signedAnswer({ ...ACCEPTED, req_profile_id: 'PROFILE-2' })),
    ).toBeNull();
    expect(
      cyberSource.readAnswer(SETTINGS, signedAnswer({ ...ACCEPTED, decision: 'MAYBE' })),
    ).toBeNull();
    const { req_transaction_uuid: _gone, ...noUuid } = ACCEPTED;
    expect(cyberSource.readAnswer(SETTINGS, signedAnswer(noUuid))).toBeNull();
  });

  it('reads only signed fields: an unsigned decision added later is ignored', () => {
    const { decision: _d, ...undecided } = ACCEPTED;
    expect(
      cyberSource.readAnswer(SETTINGS, { ...signedAnswer(undecided), decision: 'ACCEPT' }),
    ).toBeNull();
  });
});

type Sent = {
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string };
};
function fakeHttp(status: number, body: unknown, sent: Sent[] = []): HttpRequester {
  return async (url, init) => {
    sent.push({ url, init });
    return { status, body: JSON.stringify(body) };
  };
}

describe('cyberSource.chargeToken', () => {
  const charge = {
    referenceNumber: 'REF-2',
    amount: '1500.50',
    currency: 'LKR',
    paymentToken: 'tok-1',
  };

  it('posts a signed REST payment with the token and reads AUTHORIZED as ACCEPT', async () => {
    const sent: Sent[] = [];
    const answer = await cyberSource.chargeToken(
      fakeHttp(
        201,
        {
          id: 'tx-9',
          status: 'AUTHORIZED',
          clientReferenceInformation: { code: 'REF-2' },
          orderInformation: { amountDetails: { authorizedAmount: '1500.50', currency: 'LKR' } },
        },
        sent,
      ),
      SETTINGS,
      charge,
    );
    expect(answer).toMatchObject({
      decision: 'ACCEPT',
      reasonCode: '100',
      transactionId: 'tx-9',
      amount: '1500.50',
      referenceNumber: 'REF-2',
    });
    const request = sent[0]!;
    expect(request.url).toBe('https://api.example.test/pts/v2/payments');
    const body = JSON.parse(request.init.body ?? '') as {
      paymentInformation: { customer: { customerId: string } };
      orderInformation: { amountDetails: unknown };
    };
    expect(body.paymentInformation.customer.customerId).toBe('tok-1');
    expect(body.orderInformation.amountDetails).toEqual({
      totalAmount: '1500.50',
      currency: 'LKR',
    });
    const headers = request.init.headers;
    expect(headers.digest).toBe(bodyDigest(request.init.body ?? ''));
    const params = parseSignatureHeader(headers.signature);
    expect(params?.keyid).toBe('rest-key-1');
    const text = signingString({
      host: 'api.example.test',
      date: headers.date!,
      method: 'POST',
      path: '/pts/v2/payments',
      digest: headers.digest!,
      merchantId: 'merchant-1',
    });
    expect(params?.signature).toBe(restSignature(SETTINGS.restSecretKey, text));
  });

  it('maps declines, invalid requests, server errors and no answer', async () => {
    expect(
      await cyberSource.chargeToken(
        fakeHttp(201, {
          id: 'tx',
          status: 'DECLINED',
          errorInformation: { reason: 'EXPIRED_CARD', message: 'Expired' },
        }),
        SETTINGS,
        charge,
      ),
    ).toMatchObject({ decision: 'DECLINE', reasonCode: '202', message: 'Expired' });
    expect(
      await cyberSource.chargeToken(
        fakeHttp(400, { status: 'INVALID_REQUEST', message: 'bad' }),
        SETTINGS,
        charge,
      ),
    ).toMatchObject({
      decision: 'ERROR',
      reasonCode: '102',
      message: 'bad',
    });
    expect(
      await cyberSource.chargeToken(fakeHttp(502, { status: 'SERVER_ERROR' }), SETTINGS, charge),
    ).toMatchObject({ decision: 'ERROR', reasonCode: '150' });
    const timeout: HttpRequester = async () => {
      throw new DOMException('timed out', 'TimeoutError');
    };
    expect(await cyberSource.chargeToken(timeout, SETTINGS, charge)).toMatchObject({
      decision: 'ERROR',
      reasonCode: '151',
    });
    expect(
      await cyberSource.chargeToken(fakeHttp(201, {}), { ...SETTINGS, restSecretKey: '' }, charge),
    ).toMatchObject({ decision: 'ERROR' });
  });
});

describe('cyberSource.refund', () => {
  const input = {
    transactionId: 'tx/9',
    referenceNumber: 'REF-2',
    amount: '500.00',
    currency: 'LKR',
  };

  it('posts to the payment refunds URL and reads PENDING as refunded', async () => {
    const sent: Sent[] = [];
    expect(
      await cyberSource.refund(
        fakeHttp(201, { id: 'rf-1', status: 'PENDING' }, sent),
        SETTINGS,
        input,
      ),
    ).toEqual({
      status: 'refunded',
      refundId: 'rf-1',
      message: 'PENDING',
    });
    expect(sent[0]?.url).toBe('https://api.example.test/pts/v2/payments/tx%2F9/refunds');
  });

  it('reports a refused refund with the gateway message', async () => {
    expect(
      await cyberSource.refund(
        fakeHttp(400, { status: 'INVALID_REQUEST', message: 'too much' }),
        SETTINGS,
        input,
      ),
    ).toEqual({
      status: 'failed',
      refundId: null,
      message: 'too much',
    });
  });
});
