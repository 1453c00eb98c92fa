import { describe, expect, it } from 'vitest';
import {
  genie,
  genieRequestSignature,
  genieWebhookSignature,
  genieWebhookVerified,
  type GenieSettings,
} from './genie.ts';

const settings: GenieSettings = {
  merchantUrl: '/sandbox/genie',
  apiKey: 'foo',
  secretKey: 'unused',
};

describe('Genie signatures (docs/api-contract.md Genie)', () => {
  it("signs a transaction as Genie Business's published client test does: amount=123, EUR, key foo", () => {
    // The value of the public client's own test (VerifyTest), also checked with `sha1sum`.
    expect(genieRequestSignature(123, 'EUR', 'foo')).toBe(
      '458776b3f175e2ae56f65acab1f685c7a1350d79',
    );
    expect(genieRequestSignature(250000, 'LKR', 'sandbox-genie-key')).toBe(
      '5318fa4f7b648ddc09ac097fabad6b9b11278525',
    );
  });

  it('signs a webhook as sha256(nonce + timestamp + apiKey)', () => {
    // printf 'nonce-1''1700000000''foo' | sha256sum
    expect(genieWebhookSignature('nonce-1', '1700000000', 'foo')).toBe(
      '7686e969cb626d1bfa460418641e459625696093fc72e5c7bf91f02d7c6f78ad',
    );
  });

  it('verifies a webhook only with all three headers, the right key and a recent timestamp', () => {
    const now = new Date(1_700_000_000_000);
    const headers = {
      'x-signature-nonce': 'nonce-1',
      'x-signature-timestamp': '1700000000',
      'x-signature': '7686e969cb626d1bfa460418641e459625696093fc72e5c7bf91f02d7c6f78ad',
    };
    expect(genieWebhookVerified(settings, headers, now)).toBe(true);
    expect(genieWebhookVerified({ ...settings, apiKey: 'bar' }, headers, now)).toBe(false);
    expect(
      genieWebhookVerified(settings, { ...headers, 'x-signature-nonce': 'nonce-2' }, now),
    ).toBe(false);
    expect(genieWebhookVerified(settings, { ...headers, 'x-signature': '' }, now)).toBe(false);
    // A day later the same headers are a replay.
    expect(genieWebhookVerified(settings, headers, new Date(now.getTime() + 86_400_000))).toBe(
      false,
    );
  });
});

describe('Genie states as gateway answers', () => {
  const transaction = { id: 'tx-1', amount: 250000, currency: 'LKR', localId: 'ref-1' };
  it.each([
    ['CONFIRMED', 'ACCEPT'],
    ['FAILED', 'DECLINE'],
    ['CANCELLED', 'CANCEL'],
    ['VOIDED', 'CANCEL'],
  ])('%s is %s, in decimal money, named by reference and transaction id', (state, decision) => {
    expect(genie.answerOf({ ...transaction, state })).toMatchObject({
      decision,
      amount: '2500.00',
      currency: 'LKR',
      referenceNumber: 'ref-1',
      transactionUuid: 'tx-1',
      transactionId: 'tx-1',
    });
  });

  it.each(['INITIATED', 'QR_CODE_GENERATED', 'AUTHORIZED', 'SOMETHING_NEW'])(
    '%s is still open: no answer',
    (state) => {
      expect(genie.answerOf({ ...transaction, state })).toBeNull();
    },
  );
});

describe('Genie without an API key (blank in production until the tenant sets it)', () => {
  const blank: GenieSettings = { ...settings, apiKey: '' };
  const refusingHttp = () => Promise.reject(new Error('nothing may be sent without a key'));

  it('refuses to create or read a transaction without calling Genie', async () => {
    let calls = 0;
    const http = () => {
      calls += 1;
      return refusingHttp();
    };
    const created = await genie.createTransaction(http, blank, {
      localId: 'ref-1',
      amountMinor: 1000,
      currency: 'LKR',
      redirectUrl: 'https://example.test/back',
      webhookUrl: 'https://example.test/notify',
    });
    expect(created).toEqual({ error: 'the Genie API key is not configured' });
    expect(await genie.fetchTransaction(http, blank, 'txn-1')).toBeNull();
    expect(calls).toBe(0);
  });

  it('verifies no webhook, not even one signed with the blank key', () => {
    const now = new Date(1_700_000_000_000);
    const headers = {
      'x-signature-nonce': 'nonce-1',
      'x-signature-timestamp': '1700000000',
      'x-signature': genieWebhookSignature('nonce-1', '1700000000', ''),
    };
    expect(genieWebhookVerified(blank, headers, now)).toBe(false);
  });
});
