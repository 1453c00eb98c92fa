import { describe, expect, it } from 'vitest';
import { flaggedResult, resultFlag, type ResultFlag } from './result-flag.ts';
import type { ReferenceRange } from './types.ts';

describe('resultFlag (issue 30 §3.7)', () => {
  const cases: [string, number | string | null, ReferenceRange | null, ResultFlag | null][] = [
    ['58 U/L against 0–41 is high', 58, { low: 0, high: 41 }, 'H'],
    ['as text too', '58', { low: '0', high: '41' }, 'H'],
    ['below the range is low', 9.8, { low: 11.5, high: 16.5 }, 'L'],
    ['inside the range: none', 13, { low: 11.5, high: 16.5 }, null],
    ['the upper bound is inside', 41, { low: 0, high: 41 }, null],
    ['the lower bound is inside', 0, { low: 0, high: 41 }, null],
    ['only a high bound', 250, { high: 200 }, 'H'],
    ['only a low bound', 30, { low: 40 }, 'L'],
    ['< 200 and 200 is high', 200, { comparator: '<', value: 200 }, 'H'],
    ['< 200 and 199 is fine', 199, { comparator: '<', value: 200 }, null],
    ['<= 200 and 200 is fine', 200, { comparator: '<=', value: 200 }, null],
    ['<= 200 and 201 is high', 201, { comparator: '<=', value: 200 }, 'H'],
    ['> 40 and 40 is low', 40, { comparator: '>', value: 40 }, 'L'],
    ['>= 40 and 40 is fine', 40, { comparator: '>=', value: 40 }, null],
    ['>= 40 and 39 is low', 39, { comparator: '>=', value: 40 }, 'L'],
    ['a text result: none', 'Positive', { low: 0, high: 41 }, null],
    ['a text range: none', 58, { text: 'Negative' }, null],
    ['no range: none', 58, null, null],
    ['no result: none', null, { low: 0, high: 41 }, null],
    ['a result with a unit typed in is not a number', '58 U/L', { low: 0, high: 41 }, null],
    ['a negative value under a negative range', -5, { low: -2, high: 2 }, 'L'],
  ];
  it.each(cases)('%s', (_name, result, range, flag) => {
    expect(resultFlag(result, range)).toBe(flag);
  });

  it('prints the flag after the value', () => {
    expect(flaggedResult('58', 'H')).toBe('58 H');
    expect(flaggedResult('9.8', 'L')).toBe('9.8 L');
    expect(flaggedResult('13', null)).toBe('13');
  });
});
