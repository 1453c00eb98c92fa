import { describe, expect, it } from 'vitest';
import { formatMinor, minorToDecimal, toMinor } from './money.ts';

describe('toMinor (issue 9 §1: money is exact)', () => {
  it.each([
    [2500.5, 250050],
    ['2500.50', 250050],
    [2500, 250000],
    ['2500', 250000],
    [750.5, 75050],
    [499.99, 49999],
    [0.29, 29],
    ['1.5', 150],
    ['0.1', 10],
    [0, 0],
    ['  12.3 ', 1230],
  ])('%s is %s minor units', (amount, minor) => {
    expect(toMinor(amount)).toBe(minor);
  });

  it.each([
    [1.005],
    ['1.005'],
    [0.1 + 0.2],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [-1],
    ['-1.00'],
    ['abc'],
    [''],
    ['1e3'],
    [1e21],
    ['1.'],
    ['.5'],
  ])('rejects %s with a RangeError', (amount) => {
    expect(() => toMinor(amount)).toThrow(RangeError);
  });
});

describe('minorToDecimal (2 decimals on the wire, spec doc 2 §5)', () => {
  it.each([
    [250050, '2500.50'],
    [250000, '2500.00'],
    [5, '0.05'],
    [0, '0.00'],
    [-500, '-5.00'],
    [-5, '-0.05'],
  ])('%s reads %s', (minor, text) => {
    expect(minorToDecimal(minor)).toBe(text);
  });

  it('round-trips with toMinor', () => {
    for (const minor of [0, 1, 99, 100, 75050, 123456789]) {
      expect(toMinor(minorToDecimal(minor))).toBe(minor);
    }
  });

  it('refuses a fraction of a cent', () => {
    expect(() => minorToDecimal(1.5)).toThrow(RangeError);
  });
});

describe('formatMinor (spec doc 2 §9 currency suffix)', () => {
  it.each([
    [250050, 'LKR', '2,500.50 LKR'],
    [100, 'USD', '1.00 USD'],
    [123456789, 'LKR', '1,234,567.89 LKR'],
    [99999, 'LKR', '999.99 LKR'],
    [0, 'USD', '0.00 USD'],
    [-150000, 'LKR', '-1,500.00 LKR'],
  ])('%s %s reads %s', (minor, currency, text) => {
    expect(formatMinor(minor, currency)).toBe(text);
  });
});
