import { describe, expect, it } from 'vitest';
import { PAYMENT_TEXTS } from '@careline/domain/payments';
import {
  paymentHistoryPath,
  paymentProblemText,
  returnOutcome,
  type ReturnOutcome,
} from './outcome.ts';

describe('the failed payment’s text (spec doc 2 §8)', () => {
  it.each([
    [null, PAYMENT_TEXTS.noResponse],
    [
      {
        status: 'DECLINE',
        reasonCode: '203',
        additionalInfo: 'General decline of the card. No other information was provided by the issuing bank.',
      },
      PAYMENT_TEXTS.failed,
    ],
    [{ status: 'DECLINE', reasonCode: null, additionalInfo: null }, PAYMENT_TEXTS.failed],
    [{ status: 'DECLINE', reasonCode: '476', additionalInfo: 'x' }, PAYMENT_TEXTS.authFailed],
    [
      { status: 'ERROR', reasonCode: '150', additionalInfo: 'General failure' },
      'Payment failed with system error: General failure',
    ],
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

describe('the outcome of a return from the gateway (spec doc 2 §2 paymentStatus, §8)', () => {
  const base = {
    bookingId: 'br-1',
    addressStatus: 'Success' as const,
    reading: false,
    decision: null,
    appointmentPaid: false,
    gaveUp: false,
  };
  it.each<[string, Partial<Parameters<typeof returnOutcome>[0]>, ReturnOutcome]>([
    ['reading the record', { reading: true, decision: 'ACCEPT' }, 'checking'],
    ['ACCEPT', { decision: 'ACCEPT' }, 'accepted'],
    [
      'ACCEPT behind a Failure address',
      { addressStatus: 'Failure', decision: 'ACCEPT' },
      'accepted',
    ],
    ['REVIEW', { decision: 'REVIEW' }, 'review'],
    ['REVIEW behind a Failure address', { addressStatus: 'Failure', decision: 'REVIEW' }, 'review'],
    ['DECLINE behind a Success address', { decision: 'DECLINE' }, 'failed'],
    ['ERROR', { decision: 'ERROR' }, 'failed'],
    ['no record', { decision: null }, 'failed'],
    [
      'a paid appointment does not outweigh a DECLINE record',
      { decision: 'DECLINE', appointmentPaid: true },
      'failed',
    ],
    ['no booking id, Success, unpaid', { bookingId: null }, 'checking'],
    ['no booking id, Success, paid', { bookingId: null, appointmentPaid: true }, 'accepted'],
    [
      'no booking id, Success, still unpaid after the wait',
      { bookingId: null, gaveUp: true },
      'unconfirmed',
    ],
    ['no booking id, Failure', { bookingId: null, addressStatus: 'Failure' }, 'failed'],
  ])('%s', (_case, change, outcome) => {
    expect(returnOutcome({ ...base, ...change })).toBe(outcome);
  });
});
