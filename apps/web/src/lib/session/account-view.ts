import { toClientPatient, type ClientPatient } from '@careline/domain/profiles';
import { isLocale, type Locale } from '@careline/i18n/locales';
import type { LoyaltyAccount, PaymentMethod, ServerUserProfile } from './account-query.ts';

/** The signed-in account as screens use it (spec doc 1 §3 Account). */
export type AccountView = {
  id: string;
  mobileNo: string;
  status: string;
  /** spec doc 1 §3: patients is a map by patient id. */
  patients: Record<string, ClientPatient>;
  /** The same patients in the server's order. */
  patientList: ClientPatient[];
  paymentMethods: PaymentMethod[];
  defaultPaymentMethod: string | null;
  hasPaymentMethod: boolean;
  bookingReqId: string | null;
  loyaltyAccounts: LoyaltyAccount[];
  /** The account's language (issue 6 §5); null until one is chosen. */
  preferredLanguage?: Locale | null;
};

/**
 * Maps the server's account to the view screens use.
 * @param profile - queryOneProfile's answer
 * @param now - the current time, for age labels
 */
export function toAccountView(profile: ServerUserProfile, now: Date = new Date()): AccountView {
  const patientList = profile.patients.map((patient) => toClientPatient(patient, profile.patients, now));
  return {
    id: profile.id,
    mobileNo: profile.mobileNo,
    status: profile.status,
    patients: Object.fromEntries(patientList.map((patient) => [patient.id, patient])),
    patientList,
    paymentMethods: profile.paymentMethods,
    defaultPaymentMethod: profile.defaultPaymentMethod,
    hasPaymentMethod: profile.hasPaymentMethod,
    bookingReqId: profile.bookingReqId,
    loyaltyAccounts: profile.loyaltyAccounts,
    preferredLanguage: isLocale(profile.preferredLanguage) ? profile.preferredLanguage : null,
  };
}
