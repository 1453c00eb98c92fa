import { formatMinor, toMinor } from '@careline/domain/payments';

/**
 * A session's fee as the app writes money (spec doc 2 §9: 2 decimals, the currency after it):
 * { amount: '2500.00', currency: 'LKR' } → '2,500.00 LKR'. Null without a fee or with an amount
 * that is not one, so nothing is invented.
 * @param fee - the session's fee from the server
 */
export function sessionFeeText(fee: { amount: string; currency: string } | null | undefined): string | null {
  if (!fee) {
    return null;
  }
  try {
    return formatMinor(toMinor(fee.amount), fee.currency);
  } catch {
    return null;
  }
}
