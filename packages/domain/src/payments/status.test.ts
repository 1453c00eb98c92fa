import { describe, expect, it } from 'vitest';
import { CARD_FORM_STATUS, failureText, historyStatus, PAYMENT_TEXTS } from './status.ts';

describe('payment texts (spec doc 2 §8)', () => {
  it('are the spec texts, character for character', () => {
    expect(PAYMENT_TEXTS).toEqual({
      success: 'Payment success',
      failed: 'Payment failed',
      unableToProcess: 'Unable to process payment!',
      pending: 'Payment is pending',
      problemHeading: 'Problem with your payment',
      authFailed: 'Payment failed, unable to authenticate your request from bank',
      noResponse: 'Payment failed, unable to get any response from bank',
      timeout: 'Payment failed with request timeout: {message}',
      systemError: 'Payment failed with system error: {message}',
      unknownError: 'Payment failed with unknown system error',
      notAvailable: 'Not Available',
      noOnline: "We don't accept online payments yet.",
      visitHospital: 'Visit hospital to make payments',
    });
  });

  it('card form states (spec doc 2 §4 Card form status)', () => {
    expect(CARD_FORM_STATUS).toEqual(['INITIALISING', 'READY', 'PAYMENT_PROCESSING', 'ERROR']);
  });
});

describe('historyStatus (spec doc 2 §4 Payment status mapping)', () => {
  it.each([
    ['ACCEPT', 'Success', 'green', true],
    ['accept', 'Success', 'green', true],
    ['DECLINE', 'Failed', 'red', false],
    ['ERROR', 'Failed', 'red', false],
    ['REVIEW', 'REVIEW', 'neutral', false],
    ['CANCEL', 'CANCEL', 'neutral', false],
    ['', 'Not Available', 'neutral', false],
  ])('%j shows %s (%s), invoice %s', (decision, label, tone, showInvoice) => {
    expect(historyStatus(decision)).toEqual({ label, tone, showInvoice });
  });
});

describe('failureText (spec doc 2 §8)', () => {
  it.each([
    [
      { decision: '', reasonCode: '', message: '' },
      'Payment failed, unable to get any response from bank',
    ],
    [
      { decision: 'ACCEPT', reasonCode: '100', message: 'Request was processed successfully.' },
      'Payment success',
    ],
    [
      { decision: 'REVIEW', reasonCode: '480', message: 'Order marked for review' },
      'Payment is pending',
    ],
    [
      { decision: 'DECLINE', reasonCode: '476', message: 'Authentication failed' },
      'Payment failed, unable to authenticate your request from bank',
    ],
    [
      { decision: 'ERROR', reasonCode: '475', message: '' },
      'Payment failed, unable to authenticate your request from bank',
    ],
    [
      { decision: 'ERROR', reasonCode: '151', message: 'Server time-out' },
      'Payment failed with request timeout: Server time-out',
    ],
    [
      { decision: 'ERROR', reasonCode: '152', message: '' },
      'Payment failed with request timeout: reason code 152',
    ],
    [
      { decision: 'ERROR', reasonCode: '150', message: 'General system failure.' },
      'Payment failed with system error: General system failure.',
    ],
    [
      { decision: 'ERROR', reasonCode: '999', message: '' },
      'Payment failed with unknown system error',
    ],
    // issue 29 §1.4: a decline reads the catalogue's text; the bank's own words stay in the record.
    [{ decision: 'DECLINE', reasonCode: '202', message: 'Expired card' }, 'Payment failed'],
    [
      {
        decision: 'DECLINE',
        reasonCode: '203',
        message: 'General decline of the card. No other information was provided by the issuing bank.',
      },
      'Payment failed',
    ],
    [{ decision: 'CANCEL', reasonCode: '', message: 'The cardholder cancelled the payment at the bank' }, 'Payment failed'],
    [{ decision: 'DECLINE', reasonCode: '203', message: '' }, 'Payment failed'],
    [{ decision: 'CANCEL', reasonCode: '', message: '' }, 'Payment failed'],
    [
      { decision: 'REJECT', reasonCode: '', message: '' },
      'Payment failed with unknown system error',
    ],
  ])('%o → %s', (answer, text) => {
    expect(failureText(answer)).toBe(text);
  });
});
