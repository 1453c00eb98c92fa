/**
 * Mobile number rules (spec doc 1 §5 'Mobile number', §9).
 *
 * Our reading of the spec's table, applied row by row in its order to the trimmed input:
 * 1. empty → 'Type Your Mobile No.'
 * 2. starts with 0, is longer than 9 characters and does not start with 07 followed by a digit
 *    (a Sri Lankan mobile is 07X XXX XXXX; 011..., 0a... are landlines or junk) → 'Invalid Mobile No!'
 * 3. starts with 94 but is not 11 characters → 'Mobile No. starting with 94, should have 11 digits!'
 * 4. starts with 0 but is not 10 characters → 'Mobile No. starting with 0, should have 10 digits!'
 * 5. any other input must be exactly 9 digits → 'Mobile No. should have 9 digits!' (the spec's
 *    "must be 9 digits and numeric": a non-numeric input gets this message too).
 * Inputs that pass rows 3 or 4 by length but carry a non-digit (e.g. '07a1234567') are
 * 'Invalid Mobile No!': the spec's inputs are type number, so non-digits are never a number.
 * Only surrounding whitespace is forgiven; '+94...' or inner spaces are not digits and fail.
 *
 * The rule lives here once, as plain functions without zod: the patient app's first screen (/login)
 * calls them directly and stays free of zod. The zod schema the server and the other forms use,
 * mobileNoInput in '@careline/domain/auth/schemas' (./schemas.ts), wraps these functions.
 */

export const mobileNoTexts = {
  empty: 'Type Your Mobile No.',
  invalid: 'Invalid Mobile No!',
  with94: 'Mobile No. starting with 94, should have 11 digits!',
  with0: 'Mobile No. starting with 0, should have 10 digits!',
  plain: 'Mobile No. should have 9 digits!',
} as const;

/** Lengths of the three accepted forms (spec doc 1 §9). */
export const MOBILE_NO_LENGTHS = { plain: 9, withZero: 10, with94: 11 } as const;

const allDigits = /^\d+$/;

/** The spec's message for the first row of the table the trimmed input breaks, or null. */
function mobileNoProblem(value: string): string | null {
  if (value === '') {
    return mobileNoTexts.empty;
  }
  if (value.startsWith('0') && value.length > MOBILE_NO_LENGTHS.plain && !/^07\d/.test(value)) {
    return mobileNoTexts.invalid;
  }
  if (value.startsWith('94')) {
    if (value.length !== MOBILE_NO_LENGTHS.with94) {
      return mobileNoTexts.with94;
    }
    return allDigits.test(value) ? null : mobileNoTexts.invalid;
  }
  if (value.startsWith('0')) {
    if (value.length !== MOBILE_NO_LENGTHS.withZero) {
      return mobileNoTexts.with0;
    }
    return allDigits.test(value) ? null : mobileNoTexts.invalid;
  }
  if (value.length !== MOBILE_NO_LENGTHS.plain || !allDigits.test(value)) {
    return mobileNoTexts.plain;
  }
  return null;
}

/**
 * Validates a typed mobile number, returning the spec's message or null when valid (spec doc 1 §5).
 * @param input - the text as typed, e.g. '0771234567', '771234567' or '94771234567'
 */
export function validateMobileNo(input: string): string | null {
  return mobileNoProblem(input.trim());
}

/**
 * The number in the 94-prefixed 11-digit form sent to the server, or null when invalid (spec doc 1 §5, §9).
 * @param input - the text as typed in any accepted form
 */
export function normaliseMobileNo(input: string): string | null {
  const value = input.trim();
  if (mobileNoProblem(value) !== null) {
    return null;
  }
  if (value.startsWith('94')) {
    return value;
  }
  return value.startsWith('0') ? `94${value.slice(1)}` : `94${value}`;
}

/**
 * A stored mobile number as screens write it, in the international form with its '+' (issue 30
 * §11: '+94771234567'); '' for none. A number that already carries its '+' is kept as it is.
 * @param mobileNo - the stored number, '94771234567'
 */
export function printedMobileNo(mobileNo: string | null | undefined): string {
  const value = (mobileNo ?? '').trim();
  if (value === '') {
    return '';
  }
  return value.startsWith('+') ? value : `+${value}`;
}

/**
 * Whether a user counts as logged in: a mobile number is present (spec doc 1 §5 'Logged in').
 * @param mobileNo - the stored mobile number, if any
 */
export function isLoggedIn(mobileNo: string | null | undefined): boolean {
  return typeof mobileNo === 'string' && mobileNo.trim() !== '';
}

/**
 * Keeps only the digits of a typed value: the spec's number inputs (type number) take nothing else
 * (spec doc 1 §5). The app filters as the user types; the server's plain sign-in form (issue 33 §2)
 * filters what was posted the same way.
 * @param value - the raw input value
 */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}
