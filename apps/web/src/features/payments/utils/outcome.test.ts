import { describe, expect, it } from 'vitest';
import { PAYMENT_TEXTS } from '@careline/domain/payments';
import { paymentHistoryPath, paymentProblemText } from './outcome.ts';

describe('the failed payment’s text (spec doc 2 §8)', () => {
  it.each([
    [null, PAYMENT_TEXTS.noResponse],
    [{ status: 'DECLINE', reasonCode: '202', additionalInfo: 'Request was rejected' }, 'Request was rejected'],
    [{ status: 'DECLINE', reasonCode: null, additionalInfo: null }, PAYMENT_TEXTS.failed],
    [{ status: 'DECLINE', reasonCode: '476', additionalInfo: 'x' }, PAYMENT_TEXTS.authFailed],
    [{ status: 'ERROR', reasonCode: '150', additionalInfo: 'General failure' }, 'Payment failed with system error: General failure'],
    [{ status: 'ERROR', reasonCode: null, additionalInfo: null }, PAYMENT_TEXTS.unknownError],
    [{ status: 'REVIEW', reasonCode: '480', additionalInfo: null }, PAYMENT_TEXTS.pending],
  ])('%j → %s', (response, text) => {
    expect(paymentProblemText(response)).toBe(text);
  });
});

it('payment history at a payment (spec doc 2 §2)', () => {
  expect(paymentHistoryPath('p-1')).toBe('/profiles/my-payment-history?paymentId=p-1');
  expect(paymentHistoryPath(null)).toBe('/profiles/my-payment-history');
});
