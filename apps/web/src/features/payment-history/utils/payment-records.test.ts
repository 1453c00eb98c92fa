import { describe, expect, it } from 'vitest';
import {
  cardTypeText,
  maskedCardText,
  payerNameText,
  paymentAmountText,
  paymentExpandedOnArrival,
  paymentHistoryBackPath,
  paymentStatusView,
  paymentSubject,
  presentText,
  type PaymentHistoryRecord,
} from './payment-records.ts';

const record = (id: string, status: string | null, requestReference = `Appointment/a-${id}`): PaymentHistoryRecord => ({
  id,
  bookingId: `b-${id}`,
  requestReference,
  organizationName: 'Colombo General',
  createdTime: '2026-11-24T04:45:00Z',
  response: { status, amount: '2500.00' },
  invoice: null,
});

describe('payment status mapping (spec doc 2 §4, doc 3 §4 Payment status display)', () => {
  it.each([
    ['ACCEPT', 'Success', 'green', true],
    ['DECLINE', 'Failed', 'red', false],
    ['ERROR', 'Failed', 'red', false],
    ['REVIEW', 'REVIEW', 'neutral', false],
    [null, 'Not Available', 'neutral', false],
  ] as const)('%s is %s (%s), invoice %s', (decision, label, tone, showInvoice) => {
    expect(paymentStatusView(record('p1', decision))).toEqual({ label, tone, showInvoice });
  });
});

describe('back rule (spec doc 2 §2, doc 3 §2)', () => {
  it('goes to /doctor with a paymentId, else /profiles', () => {
    expect(paymentHistoryBackPath(new URLSearchParams('paymentId=p1'))).toBe('/doctor');
    expect(paymentHistoryBackPath(new URLSearchParams(''))).toBe('/profiles');
    expect(paymentHistoryBackPath(new URLSearchParams('orderId=o1'))).toBe('/profiles');
    expect(paymentHistoryBackPath(new URLSearchParams('sessionId=s1&appointmentId=a1'))).toBe('/profiles');
  });
});

describe('the card open on arrival', () => {
  const records = [record('p1', 'ACCEPT'), record('p2', 'DECLINE', 'ServiceRequest/o-9'), record('p3', 'ACCEPT', 'ServiceRequest/o-9')];
  it('is the payment of paymentId, also by its booking id', () => {
    expect(paymentExpandedOnArrival(records, new URLSearchParams('paymentId=p3'))).toBe('p3');
    expect(paymentExpandedOnArrival(records, new URLSearchParams('paymentId=b-p2'))).toBe('p2');
  });
  it('is the newest payment of the order for orderId (doc 3 §2)', () => {
    expect(paymentExpandedOnArrival(records, new URLSearchParams('orderId=o-9'))).toBe('p2');
  });
  it('is none without either, or for an unknown id', () => {
    expect(paymentExpandedOnArrival(records, new URLSearchParams(''))).toBeNull();
    expect(paymentExpandedOnArrival(records, new URLSearchParams('paymentId=nope'))).toBeNull();
  });
});

describe('fields', () => {
  it('subjects from the request reference', () => {
    expect(paymentSubject('Appointment/a1')).toEqual({ kind: 'appointment', id: 'a1' });
    expect(paymentSubject('Session/s1')).toEqual({ kind: 'session', id: 's1' });
    expect(paymentSubject('ServiceRequest/o1')).toEqual({ kind: 'order', id: 'o1' });
    expect(paymentSubject('Whatever')).toEqual({ kind: 'other', id: null });
  });
  it('missing texts are null', () => {
    expect(presentText(undefined)).toBeNull();
    expect(presentText('  ')).toBeNull();
    expect(presentText(' x ')).toBe('x');
  });
  it('amounts with 2 decimals and currency', () => {
    expect(paymentAmountText('2500', 'LKR')).toBe('2,500.00 LKR');
    expect(paymentAmountText('2500.5', 'USD')).toBe('2,500.50 USD');
    expect(paymentAmountText(null, 'LKR')).toBeNull();
    expect(paymentAmountText('abc', 'LKR')).toBe('abc');
  });
  it('cards never show more than the first 6 digits', () => {
    expect(maskedCardText('4111111111111111')).toBe('411111XXXXXXXXXX');
    expect(maskedCardText('411111XXXXXXXXXX')).toBe('411111XXXXXXXXXX');
    expect(maskedCardText('4111-1111-1111-1111')).toBe('411111XXXXXXXXXX');
    expect(maskedCardText('xxxxxxxxxxxx1111')).toBe('XXXXXXXXXXXXXXXX');
    expect(maskedCardText(null)).toBeNull();
  });
  it('card types by code or name', () => {
    expect(cardTypeText('001')).toBe('Visa');
    expect(cardTypeText('002')).toBe('Mastercard');
    expect(cardTypeText('visa')).toBe('Visa');
    expect(cardTypeText('')).toBeNull();
  });
  it('payer names', () => {
    expect(payerNameText({ firstName: 'Kamala', lastName: 'Perera' })).toBe('Kamala Perera');
    expect(payerNameText({ firstName: null, lastName: ' ' })).toBeNull();
  });
});
