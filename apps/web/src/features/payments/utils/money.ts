import { formatMinor, toMinor } from '@careline/domain/payments';

/**
 * A wire amount ('2500.00', '-500.00' for a discount line) as integer minor units, or null when it is
 * not one (docs/api-contract.md: money is a 2-decimal string on the wire).
 * @param amount - the decimal string the server sent
 */
export function wireMinor(amount: string): number | null {
  const text = amount.trim();
  const negative = text.startsWith('-');
  try {
    const minor = toMinor(negative ? text.slice(1) : text);
    return negative ? -minor : minor;
  } catch {
    return null;
  }
}

/**
 * A wire amount for display, with 2 decimals and the currency (spec doc 2 §5 'Invoice amounts are
 * shown with 2 decimals', §9 currency suffix): '2500' , 'LKR' → '2,500.00 LKR'. An amount that cannot
 * be read is shown as sent, so nothing is invented.
 * @param amount - the decimal string the server sent
 * @param currency - the invoice's currency
 */
export function formatWireAmount(amount: string, currency: string): string {
  const minor = wireMinor(amount);
  return minor === null ? `${amount} ${currency}` : formatMinor(minor, currency);
}
