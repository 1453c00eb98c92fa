import { describe, expect, it } from 'vitest';
import { formatWireAmount, wireMinor } from './money.ts';

describe('wire amounts (spec doc 2 §5: 2 decimals)', () => {
  it.each([
    ['2500.00', 250000],
    ['750.5', 75050],
    ['-250.00', -25000],
    ['0.00', 0],
    ['abc', null],
    ['1.234', null],
  ])('%s → %s minor units', (amount, minor) => {
    expect(wireMinor(amount)).toBe(minor);
  });

  it.each([
    ['3000.5', 'LKR', '3,000.50 LKR'],
    ['-250.00', 'USD', '-250.00 USD'],
    ['0', 'LKR', '0.00 LKR'],
  ])('%s %s is shown as %s', (amount, currency, shown) => {
    expect(formatWireAmount(amount, currency)).toBe(shown);
  });
});
