import { describe, expect, it } from 'vitest';
import { RANGE_COMPARATORS, RANGE_SEPARATOR, formatReferenceRange } from './reference-range.ts';
import type { ReferenceRange } from './types.ts';

describe('formatReferenceRange (spec doc 3 §3: low–high, or a comparator followed by a value)', () => {
  it.each<[ReferenceRange | null | undefined, string]>([
    [{ low: 11.5, high: 16.5 }, '11.5–16.5'],
    [{ low: 150, high: 450 }, '150–450'],
    [{ low: 0, high: 20 }, '0–20'],
    [{ low: '4.0', high: '11.0' }, '4.0–11.0'],
    [{ comparator: '>', value: 40 }, '> 40'],
    [{ comparator: '>=', value: 40 }, '>= 40'],
    [{ comparator: '<', value: 200 }, '< 200'],
    [{ comparator: '<=', value: 5 }, '<= 5'],
    [{ comparator: '>', value: -2 }, '> -2'],
    // low and high win over a comparator when both are set.
    [{ low: 1, high: 2, comparator: '<', value: 3 }, '1–2'],
    // A comparator without a value is not a range.
    [{ comparator: '<' }, ''],
    [{ text: 'Negative' }, 'Negative'],
    [{ low: 8 }, '>= 8'],
    [{ high: 61 }, '<= 61'],
    [{ low: '', high: ' ' }, ''],
    [{}, ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (range, shown) => {
    expect(formatReferenceRange(range)).toBe(shown);
  });

  it('knows the four comparators and the en dash', () => {
    expect(RANGE_COMPARATORS).toEqual(['>', '>=', '<', '<=']);
    expect(RANGE_SEPARATOR).toBe('\u2013');
  });

  it('ignores a comparator the spec does not list', () => {
    expect(formatReferenceRange({ comparator: '==' as never, value: 3 })).toBe('');
  });
});
