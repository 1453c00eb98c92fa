import { formatMinor, toMinor } from '@careline/domain/payments';
import { describe, expect, it } from 'vitest';
import { sessionFeeText } from './session-fee.ts';

describe('sessionFeeText (issue 29 §4.14: the fee on each session card, as the app writes money)', () => {
  it.each(['0', '0.5', '5.00', '750.5', '2500', '2500.00', '1234567.89', '007.10'])('writes %s as formatMinor does', (amount) => {
    expect(sessionFeeText({ amount, currency: 'LKR' })).toBe(formatMinor(toMinor(amount), 'LKR'));
  });

  it('writes the examples of spec doc 2 §9', () => {
    expect(sessionFeeText({ amount: '2500.50', currency: 'LKR' })).toBe('2,500.50 LKR');
    expect(sessionFeeText({ amount: '3000.25', currency: 'USD' })).toBe('3,000.25 USD');
  });

  it('shows nothing for no fee or an amount that is not one', () => {
    expect(sessionFeeText(null)).toBeNull();
    expect(sessionFeeText(undefined)).toBeNull();
    expect(sessionFeeText({ amount: '-5.00', currency: 'LKR' })).toBeNull();
    expect(sessionFeeText({ amount: '1.234', currency: 'LKR' })).toBeNull();
    expect(sessionFeeText({ amount: 'abc', currency: 'LKR' })).toBeNull();
  });
});
