import { HOSTED_FORM_MESSAGES, luhnValid } from '@careline/domain/payments';
import { describe, expect, it } from 'vitest';
import { hostedCardErrors } from './cybersource-sandbox.protocol.ts';
import { issueSandboxToken, readSandboxToken } from './sandbox-token.ts';
import { findTestCard, gatewayMaskedNumber, TEST_CARDS } from './test-cards.ts';

const KEY = Buffer.from('k'.repeat(32));
const CARD = {
  merchantId: 'm-1',
  maskedNumber: '411111xxxxxx1111',
  cardType: '001',
  expiry: '12-2031',
};

describe('sandbox payment tokens', () => {
  it('carry the masked card back, and differ each time', () => {
    const token = issueSandboxToken(KEY, CARD);
    expect(token).toMatch(/^sbx_/);
    expect(token).not.toContain('4111111111111111');
    expect(readSandboxToken(KEY, token)).toEqual(CARD);
    expect(issueSandboxToken(KEY, CARD)).not.toBe(token);
  });

  it('refuse an altered token, another key and foreign strings', () => {
    const token = issueSandboxToken(KEY, CARD);
    const [payload, mac] = token.slice(4).split('.');
    const altered = Buffer.from(
      JSON.stringify({ m: 'm-1', n: '400000xxxxxx0002', t: '001', e: '12-2031', r: 'x' }),
    ).toString('base64url');
    expect(readSandboxToken(KEY, `sbx_${altered}.${mac}`)).toBeNull();
    expect(readSandboxToken(KEY, `sbx_${payload}.${mac}x`)).toBeNull();
    expect(readSandboxToken(Buffer.from('other-key'), token)).toBeNull();
    expect(readSandboxToken(KEY, `${token}.more`)).toBeNull();
    expect(readSandboxToken(KEY, '4111111111111111')).toBeNull();
  });
});

describe('sandbox test cards', () => {
  it('are valid card numbers, told apart by their masked form', () => {
    for (const card of TEST_CARDS) {
      expect(luhnValid(card.number)).toBe(true);
      expect(findTestCard(gatewayMaskedNumber(card.number))).toBe(card);
    }
    expect(gatewayMaskedNumber('4111111111111111')).toBe('411111xxxxxx1111');
    expect(TEST_CARDS.map((card) => card.outcome)).toEqual([
      'ACCEPT',
      'ACCEPT',
      'DECLINE',
      'ERROR',
      'REVIEW',
      'CHALLENGE',
    ]);
  });

  it('gives the hosted-form errors of spec doc 2 §5', () => {
    const good = { number: '4111111111111111', expiry: '12-2031', cvn: '123', cardType: '001' };
    expect(hostedCardErrors(good)).toEqual([]);
    expect(hostedCardErrors({ ...good, number: '4111111111111112' })).toEqual([
      HOSTED_FORM_MESSAGES.number,
    ]);
    expect(hostedCardErrors({ ...good, expiry: '12-31' })).toEqual([
      HOSTED_FORM_MESSAGES.expiryYear,
    ]);
    expect(hostedCardErrors({ ...good, expiry: '13-2031' })).toEqual([
      HOSTED_FORM_MESSAGES.expiryMonth,
    ]);
    expect(hostedCardErrors({ ...good, cvn: '12' })).toEqual([HOSTED_FORM_MESSAGES.securityCode]);
    expect(hostedCardErrors({ number: '', expiry: '', cvn: '', cardType: '' })).toEqual([
      'Card number invalid or missing.',
      'Expiry year invalid or missing.',
      'Expiry month invalid or missing.',
      'Security code invalid.',
    ]);
  });
});
