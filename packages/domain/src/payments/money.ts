/**
 * Exact money (issue 9 §1; spec doc 2 §5 'Invoice amounts are shown with 2 decimals', §9).
 * Amounts in code are integer minor units (cents); the wire and the database carry 2-decimal
 * strings. Nothing here adds floats.
 */

/** A non-negative amount with at most 2 decimals, as text. */
const DECIMAL_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount in major units as integer minor units: 2500.5 or '2500.50' → 250050. Read from the
 * number's shortest decimal text, so 750.5 is exactly 75050 and never 75049.99….
 * @param amount - a non-negative amount with at most 2 decimals, as a number or a decimal string
 * @throws RangeError when the amount is negative, not a number, in exponent form, has more than 2
 * decimals or is beyond Number.MAX_SAFE_INTEGER minor units
 */
export function toMinor(amount: number | string): number {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  if (typeof amount === 'number' && !Number.isFinite(amount)) {
    throw new RangeError(`Not an amount: ${text}`);
  }
  if (text.startsWith('-')) {
    throw new RangeError(`A negative amount: ${text}`);
  }
  const match = DECIMAL_AMOUNT.exec(text);
  if (!match) {
    throw new RangeError(`Not an amount with at most 2 decimals: ${text}`);
  }
  const [, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`Amount too large: ${text}`);
  }
  return minor;
}

/**
 * Minor units as a 2-decimal string, the wire and database form: 250050 → '2500.50', -500 → '-5.00'.
 * @param minor - an integer number of minor units (negative for a discount line)
 * @throws RangeError when minor is not a safe integer
 */
export function minorToDecimal(minor: number): string {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`Not a whole number of minor units: ${String(minor)}`);
  }
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${String(whole)}.${String(cents).padStart(2, '0')}`;
}

/**
 * Minor units for display with thousands separators, 2 decimals and the currency suffix (spec doc 2
 * §9 'default currency suffix'): 250050, 'LKR' → '2,500.50 LKR'.
 * @param minor - an integer number of minor units
 * @param currency - the currency code shown after the amount
 */
export function formatMinor(minor: number, currency: string): string {
  const [whole = '0', cents = '00'] = minorToDecimal(minor).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${cents} ${currency}`;
}
