import { describe, expect, it } from 'vitest';
import {
  mobileBill,
  mobileBillSignature,
  mobileBillVerified,
  type MobileBillSettings,
} from './mobile-bill.ts';

const settings: MobileBillSettings = {
  apiUrl: '/sandbox/mobile-bill',
  merchantId: 'm-1',
  secretKey: 'secret',
};
const message = { method: 'POST', path: '/charges', body: '{"a":1}' };
const timestamp = '2026-11-24T10:00:00.000Z';
// printf '2026-11-24T10:00:00.000Z\nPOST /charges\n{"a":1}' | openssl dgst -sha256 -hmac secret
const signature = '9b303ca8c792761c3b86a8f86b13e02ae064ae9fcff24018be2ea50323cef1bf';

describe('mobile bill signatures (our design, docs/api-contract.md)', () => {
  it('signs timestamp, method and path, and the exact body with HMAC-SHA256', () => {
    expect(mobileBillSignature('secret', { timestamp, ...message })).toBe(signature);
  });

  it('verifies the merchant, a recent timestamp and the signature over the body as received', () => {
    const now = new Date(timestamp);
    const headers = { 'x-merchant-id': 'm-1', 'x-timestamp': timestamp, 'x-signature': signature };
    expect(mobileBillVerified(settings, headers, message, now)).toBe(true);
    expect(mobileBillVerified(settings, headers, { ...message, body: '{"a":2}' }, now)).toBe(false);
    expect(mobileBillVerified(settings, { ...headers, 'x-merchant-id': 'm-2' }, message, now)).toBe(
      false,
    );
    expect(mobileBillVerified({ ...settings, secretKey: '' }, headers, message, now)).toBe(false);
    expect(
      mobileBillVerified(settings, headers, message, new Date(now.getTime() + 3_600_000)),
    ).toBe(false);
  });
});

describe('mobile bill statuses as gateway answers', () => {
  const charge = { id: 'c-1', reference: 'ref-1', amount: 150050, currency: 'LKR' };
  it.each([
    ['APPROVED', 'ACCEPT'],
    ['DECLINED', 'DECLINE'],
    ['CANCELLED', 'CANCEL'],
    ['EXPIRED', 'CANCEL'],
  ])('%s is %s', (status, decision) => {
    expect(mobileBill.answerOf({ ...charge, status })).toMatchObject({
      decision,
      amount: '1500.50',
      referenceNumber: 'ref-1',
      transactionUuid: 'c-1',
    });
  });

  it('PENDING is still open', () => {
    expect(mobileBill.answerOf({ ...charge, status: 'PENDING' })).toBeNull();
  });
});
