import { describe, expect, it } from 'vitest';
import { dataToSign, signFields, verifyFields } from './signature.ts';

// A fixed example; the expected signature was computed outside our code:
// printf '%s' '<data>' | openssl dgst -sha256 -hmac 'secret-key-ü' -binary | base64
const KEY = 'secret-key-ü';
const NAMES = [
  'access_key',
  'profile_id',
  'transaction_uuid',
  'signed_field_names',
  'amount',
  'currency',
];
const FIELDS: Record<string, string> = {
  access_key: 'abc123',
  profile_id: 'PROFILE-1',
  transaction_uuid: '5f1c0a',
  signed_field_names: NAMES.join(','),
  amount: '2500.00',
  currency: 'LKR',
};
const DATA =
  'access_key=abc123,profile_id=PROFILE-1,transaction_uuid=5f1c0a,signed_field_names=access_key,profile_id,transaction_uuid,signed_field_names,amount,currency,amount=2500.00,currency=LKR';
const EXPECTED = '580WlhfR5kXduPFU3c/z0K74tdAMZY7EHeyhg0JCra8=';

describe('Secure Acceptance signature', () => {
  it('signs name=value pairs in signed_field_names order, joined by commas', () => {
    expect(dataToSign(FIELDS, NAMES)).toBe(DATA);
    expect(signFields(FIELDS, NAMES, KEY)).toBe(EXPECTED);
  });

  it('verifies a body signed with the key', () => {
    expect(
      verifyFields({ ...FIELDS, signature: EXPECTED, card_number: '4111111111111111' }, KEY),
    ).toBe(true);
  });

  it('refuses a changed value, a changed order, another key or another signature', () => {
    expect(verifyFields({ ...FIELDS, amount: '2500.01', signature: EXPECTED }, KEY)).toBe(false);
    const reordered = ['profile_id', ...NAMES.filter((name) => name !== 'profile_id')].join(',');
    expect(
      verifyFields({ ...FIELDS, signed_field_names: reordered, signature: EXPECTED }, KEY),
    ).toBe(false);
    expect(verifyFields({ ...FIELDS, signature: EXPECTED }, 'secret-key-u')).toBe(false);
    expect(verifyFields({ ...FIELDS, signature: EXPECTED.replace('5', '6') }, KEY)).toBe(false);
    expect(verifyFields({ ...FIELDS, signature: `${EXPECTED}=` }, KEY)).toBe(false);
  });

  it('refuses a body whose signed_field_names is missing or does not sign itself', () => {
    const { signed_field_names: _dropped, ...unlisted } = FIELDS;
    expect(verifyFields({ ...unlisted, signature: EXPECTED }, KEY)).toBe(false);
    const notSelf = NAMES.filter((name) => name !== 'signed_field_names');
    const body = { ...FIELDS, signed_field_names: notSelf.join(',') };
    expect(verifyFields({ ...body, signature: signFields(body, notSelf, KEY) }, KEY)).toBe(false);
  });

  it('refuses a listed field that is absent, no signature, and an empty key', () => {
    const { currency: _dropped, ...noCurrency } = FIELDS;
    expect(
      verifyFields({ ...noCurrency, signature: signFields(noCurrency, NAMES, KEY) }, KEY),
    ).toBe(false);
    expect(verifyFields(FIELDS, KEY)).toBe(false);
    expect(verifyFields({ ...FIELDS, signature: signFields(FIELDS, NAMES, '') }, '')).toBe(false);
  });
});
