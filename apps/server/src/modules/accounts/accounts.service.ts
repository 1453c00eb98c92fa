import { isLocale, type Locale } from '@careline/i18n/locales';
import type { ServerPatient } from '@careline/domain/profiles';
import { listAccountPaymentMethods, type PaymentMethodView } from '../payments/index.ts';
import { findAccount, listPatients, toServerPatient, type ProfileDeps } from '../profiles/index.ts';
import { listLoyaltyAccounts } from './accounts.repo.ts';

/*
 * The signed-in account's overview (queryOneProfile): its profiles, saved cards and loyalty accounts.
 * It sits above profiles, payments and loyalty, so none of them needs another for it (issue 28).
 */

/** What the account overview needs from a request. */
export type AccountDeps = Pick<ProfileDeps, 'db' | 'tenant' | 'viewer'>;

/** One loyalty account of a profile of the account (spec doc 1 §7 queryOneProfile). */
export type LoyaltyAccountView = {
  id: string;
  patientId: string;
  patientRelationship: string | null;
  name: string;
  activePoints: number;
  rate: number;
};

/** The signed-in account as queryOneProfile returns it (docs/api-contract.md UserProfile). */
export type UserProfileView = {
  id: string;
  identifier: string;
  status: string;
  mobileNo: string;
  patients: ServerPatient[];
  paymentMethods: PaymentMethodView[];
  defaultPaymentMethod: string | null;
  hasPaymentMethod: boolean;
  bookingReqId: string | null;
  loyaltyAccounts: LoyaltyAccountView[];
  preferredLanguage: Locale | null;
};

/**
 * The signed-in account with its profiles, cards and loyalty accounts (spec doc 1 §3, §7 queryOneProfile).
 * @param deps - database, tenant, viewer
 */
export async function queryOneProfile(deps: AccountDeps): Promise<UserProfileView | null> {
  const owner = { tenantId: deps.tenant.id, accountId: deps.viewer.accountId };
  const account = await findAccount(deps.db, owner);
  if (!account) {
    return null;
  }
  const [patientRows, cards] = await Promise.all([
    listPatients(deps.db, owner),
    listAccountPaymentMethods(deps.db, owner, account.defaultPaymentMethodId),
  ]);
  const loyaltyRows = await listLoyaltyAccounts(
    deps.db,
    owner.tenantId,
    patientRows.map((row) => row.id),
  );
  const relationshipById = new Map(patientRows.map((row) => [row.id, row.relationship]));
  return {
    id: account.id,
    identifier: account.mobileNo,
    status: account.status,
    mobileNo: account.mobileNo,
    patients: patientRows.map(toServerPatient),
    ...cards,
    bookingReqId: account.bookingReqId,
    preferredLanguage: isLocale(account.preferredLanguage) ? account.preferredLanguage : null,
    loyaltyAccounts: loyaltyRows.map((row) => ({
      id: row.id,
      patientId: row.patientId,
      patientRelationship: relationshipById.get(row.patientId) ?? null,
      name: row.name,
      activePoints: row.activePoints,
      rate: row.rate,
    })),
  };
}
