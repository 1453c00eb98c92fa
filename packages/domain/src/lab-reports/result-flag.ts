/**
 * The flag of a numeric result against its reference range (issue 30 §3.7): H above the range, L
 * below it, none inside it or when the result or the range is not a number; a critical result
 * (the laboratory's mark) prints in bold whatever its flag.
 */
import type { ReferenceRange } from './types.ts';

/** A result's flag: H (above the range), L (below it). */
export type ResultFlag = 'H' | 'L';

function numberOf(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  const text = value.trim();
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) {
    return null;
  }
  return Number(text);
}

/**
 * H when the result is above its range, L when below, null otherwise: inside it (the bounds
 * included), a result or range that is not a number (text such as 'Negative'), or no range. A
 * comparator range ('< 200', '>= 40') flags what it excludes: H past '<' / '<=', L under '>' / '>='.
 * @param result - the result as entered ('58', 58, 'Positive')
 * @param range - the sub-test's reference range
 */
export function resultFlag(
  result: number | string | null | undefined,
  range: ReferenceRange | null | undefined,
): ResultFlag | null {
  const value = numberOf(result);
  if (value === null || !range) {
    return null;
  }
  const low = numberOf(range.low);
  const high = numberOf(range.high);
  if (low !== null || high !== null) {
    if (high !== null && value > high) {
      return 'H';
    }
    if (low !== null && value < low) {
      return 'L';
    }
    return null;
  }
  const bound = numberOf(range.value);
  if (bound === null) {
    return null;
  }
  switch (range.comparator) {
    case '<':
      return value >= bound ? 'H' : null;
    case '<=':
      return value > bound ? 'H' : null;
    case '>':
      return value <= bound ? 'L' : null;
    case '>=':
      return value < bound ? 'L' : null;
    case null:
    case undefined:
      return null;
  }
}

/**
 * A printed result with its flag: '58 H', '2.1 L', '5' inside the range.
 * @param result - the result as printed
 * @param flag - its flag
 */
export function flaggedResult(result: string, flag: ResultFlag | null | undefined): string {
  return flag ? `${result} ${flag}` : result;
}
