/**
 * The reference range display (spec doc 3 §3 Reference range display): a low–high range, or a
 * comparator (>, >=, <, <=) followed by a value.
 */
import type { RangeComparator, ReferenceRange } from './types.ts';

/** The comparators the spec allows (doc 3 §3). */
export const RANGE_COMPARATORS: readonly RangeComparator[] = ['>', '>=', '<', '<='];

/** The separator of a low–high range: the en dash the spec writes (doc 3 §3 'low–high'). */
export const RANGE_SEPARATOR = '–';

function present(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  return text === '' ? null : text;
}

function isComparator(value: unknown): value is RangeComparator {
  return RANGE_COMPARATORS.includes(value as RangeComparator);
}

/**
 * A reference range as shown (spec doc 3 §3): '11.5–16.5' for low and high; '< 200' for a
 * comparator and value (a space between them, so a negative value reads '> -2', not '>-2'); the
 * laboratory's free text when it gave one instead; '' when there is no range. Only low or only
 * high (not in the spec) read as '>= low' and '<= high'.
 * @param range - the observation's reference range
 */
export function formatReferenceRange(range: ReferenceRange | null | undefined): string {
  if (!range) {
    return '';
  }
  const low = present(range.low);
  const high = present(range.high);
  if (low !== null && high !== null) {
    return `${low}${RANGE_SEPARATOR}${high}`;
  }
  const value = present(range.value);
  if (isComparator(range.comparator) && value !== null) {
    return `${range.comparator} ${value}`;
  }
  const text = present(range.text);
  if (text !== null) {
    return text;
  }
  if (low !== null) {
    return `>= ${low}`;
  }
  if (high !== null) {
    return `<= ${high}`;
  }
  return '';
}
