/**
 * Invoice lines from a charging scheme (issue 9 §1; spec doc 2 §3 Invoice, Charging scheme; §4 Refund).
 */
import { DOCTOR_REQUESTED_EXCLUDED_CATEGORIES } from '../consultations/appointment-rules.ts';
import { toMinor } from './money.ts';

/**
 * The charge categories of a fee line: the doctor's fee plus the hospital's own categories that a
 * doctor-requested refund leaves out (spec doc 2 §4 Refund; issue 9 §1 Charges).
 */
export const CHARGE_CATEGORIES: readonly string[] = [
  'doctor_fee',
  ...DOCTOR_REQUESTED_EXCLUDED_CATEGORIES,
];

/** Categories whose lines lower the total; their amounts always count as negative. */
export const DISCOUNT_CATEGORIES: readonly string[] = [
  'scheme_discount_fee',
  'seasonal_discount_fee',
];

/** A fee line as a charging scheme stores it: amount in major units ('2500', 750.5). */
export type FeeLine = { category: string; description: string; amount: number };

/** An invoice line in exact minor units; discount lines are negative. */
export type InvoiceLine = { category: string; description: string; amountMinor: number };

/**
 * The invoice's lines and total from a scheme's fee lines. Discount categories count as negative
 * whatever the sign stored; any other line must be zero or more. The total never goes below 0.
 * @param lines - the scheme's fee lines (major units)
 * @throws RangeError on an unknown category, a negative non-discount amount, or an amount that is
 * not exact to 2 decimals (see toMinor)
 */
export function buildInvoiceLines(lines: FeeLine[]): { items: InvoiceLine[]; totalMinor: number } {
  const items = lines.map((line): InvoiceLine => {
    if (!CHARGE_CATEGORIES.includes(line.category)) {
      throw new RangeError(`Unknown charge category: ${line.category}`);
    }
    const discount = DISCOUNT_CATEGORIES.includes(line.category);
    if (!discount && line.amount < 0) {
      throw new RangeError(`A ${line.category} line cannot be negative`);
    }
    const minor = toMinor(Math.abs(line.amount));
    return {
      category: line.category,
      description: line.description,
      amountMinor: discount && minor > 0 ? -minor : minor,
    };
  });
  const sum = items.reduce((total, item) => total + item.amountMinor, 0);
  return { items, totalMinor: Math.max(0, sum) };
}

/**
 * What a refund may give back: the lines outside the excluded categories (spec doc 2 §4 Refund:
 * doctor-requested refunds leave out the hospital's categories), never more than the invoice's total
 * and never below 0. A discount in an excluded category is left out too, so the cap keeps a refund
 * within what was paid.
 * @param items - the invoice's lines
 * @param excludedCategories - the refund request's excluded categories (may be empty)
 */
export function refundableMinor(
  items: InvoiceLine[],
  excludedCategories: readonly string[],
): number {
  const total = Math.max(
    0,
    items.reduce((sum, item) => sum + item.amountMinor, 0),
  );
  const kept = items
    .filter((item) => !excludedCategories.includes(item.category))
    .reduce((sum, item) => sum + item.amountMinor, 0);
  return Math.min(total, Math.max(0, kept));
}

/**
 * The fee lines the catalogues name in every language, by their English name as the charging
 * schemes write them (spec doc 2 §3 Charging scheme; issue 29 §1.4).
 */
export const NAMED_FEE_LINES = {
  doctorFee: 'Doctor fee',
  hospitalFee: 'Hospital fee',
  hospitalFeeTax: 'Hospital fee tax',
} as const;

/** A fee line the catalogues name (invoice.line.<name>). */
export type NamedFeeLine = keyof typeof NAMED_FEE_LINES;

/**
 * Which named fee line an invoice line is, by its description ('Doctor fee' → 'doctorFee'), or null
 * for a hospital's own wording, which is shown as written.
 * @param description - the invoice line's description
 */
export function namedFeeLine(description: string): NamedFeeLine | null {
  const text = description.trim().toLowerCase();
  const names = Object.entries(NAMED_FEE_LINES) as [NamedFeeLine, string][];
  return names.find(([, name]) => name.toLowerCase() === text)?.[0] ?? null;
}

/** A payment method as the apps name it: card, Genie, mobile bill or cash. */
export type PaymentMethodName = 'card' | 'genie' | 'mobileBill' | 'cash';

/**
 * The payment method a gateway type stands for (spec doc 2 §7 Payment gateways: cyberSource and
 * masterCard take cards; Genie; mobile bill; cash at the desk), or null for one the apps do not name.
 * @param gatewayType - the recorded paymentGatewayType ('cyberSource', 'genie', …)
 */
export function paymentMethodName(gatewayType: string | null | undefined): PaymentMethodName | null {
  switch (gatewayType?.trim() ?? '') {
    case 'cyberSource':
    case 'masterCard':
      return 'card';
    case 'genie':
      return 'genie';
    case 'mobileBill':
      return 'mobileBill';
    case 'cash':
      return 'cash';
    default:
      return null;
  }
}

/**
 * Whether an appointment has nothing to pay: it is not paid and its session has no charging scheme,
 * so its invoice has no lines and totals 0 ('Can not pay Rs 00.00', spec doc 2 §5: pay buttons only
 * for a total above 0). No payment can be made or taken for it, so the patient is not told to pay
 * ('Payment pending', 'Retry Booking', 'Appointment not paid') and the cash desk collects nothing.
 * A scheme set on the session later makes it payable again.
 * @param appointment - the appointment's payment status
 * @param session - its session's charging scheme, null for none
 */
export function nothingToPay(appointment: { paymentStatus: string }, session: { chargingSchemeId: string | null }): boolean {
  return appointment.paymentStatus !== 'paid' && session.chargingSchemeId === null;
}
