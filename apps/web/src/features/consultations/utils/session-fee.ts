/** A wire amount: digits, a point and 2 decimals at most (docs/api-contract.md: money is a 2-decimal string). */
const WIRE_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A session's fee as the app writes money (spec doc 2 §9: 2 decimals, the currency after it; the
 * same text as formatMinor of @careline/domain/payments, written here on the digits so that /doctor
 * does not load the payment rules, issue 29 §4.15): { amount: '2500', currency: 'LKR' } →
 * '2,500.00 LKR'. Null without a fee or with an amount that is not one, so nothing is invented.
 * @param fee - the session's fee from the server
 */
export function sessionFeeText(fee: { amount: string; currency: string } | null | undefined): string | null {
  const match = fee ? WIRE_AMOUNT.exec(fee.amount.trim()) : null;
  if (!fee || !match) {
    return null;
  }
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(match[2] ?? '').padEnd(2, '0')} ${fee.currency}`;
}
