import type { AccountView, PaymentMethod } from '../../../lib/session';
import { cardTypeText, maskedCardText, presentText } from './payment-records.ts';

/** A saved card as the list shows it (spec doc 2 §3 Payment method, §5: first 6 digits, then masked). */
export type SavedCardView = {
  id: string;
  /** 'Visa', 'Mastercard', or null when the type is unknown. */
  typeName: string | null;
  /** '411111XXXXXXXXXX', or null. */
  maskedNumber: string | null;
  /** As stored ('12-2030' or '12/30'), or null. */
  expiry: string | null;
  isDefault: boolean;
};

/**
 * The account's saved cards for the list, the default first, then in the server's order. A card is
 * the default when the account names it (defaultPaymentMethod) or, when the account names none, when
 * the card says so itself (defaultMethod).
 * @param account - the signed-in account's payment methods and default
 */
export function savedCards(account: Pick<AccountView, 'paymentMethods' | 'defaultPaymentMethod'>): SavedCardView[] {
  const cards = account.paymentMethods.map((method: PaymentMethod) => ({
    id: method.id,
    typeName: cardTypeText(method.cardType),
    maskedNumber: maskedCardText(method.cardNumber),
    expiry: presentText(method.cardExpiry),
    isDefault: account.defaultPaymentMethod ? method.id === account.defaultPaymentMethod : method.defaultMethod,
  }));
  return [...cards.filter((card) => card.isDefault), ...cards.filter((card) => !card.isDefault)];
}

/**
 * The name in 'Sorry {name}, There is a problem loading your payment methods' (spec doc 2 §8): the
 * account holder's own profile (relationship Me), else the first profile, else the mobile number.
 * @param account - the last known account, if any
 * @param mobileNo - the session's mobile number
 */
export function accountHolderName(account: Pick<AccountView, 'patientList'> | null, mobileNo: string | null): string {
  const patients = account?.patientList ?? [];
  const holder = patients.find((patient) => patient.relationship === 'Me') ?? patients[0];
  const name = holder?.givenName.trim() || holder?.displayName.trim();
  if (name) {
    return name;
  }
  return mobileNo ? `+${mobileNo}` : '';
}
