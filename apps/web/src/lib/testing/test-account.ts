import { REQUEST_STATE } from '@careline/domain/shell';
import type { ServerPatient } from '@careline/domain/profiles';
import { toAccountView, type AccountView, type ServerUserProfile, type SessionValue } from '../session';

/**
 * A patient as queryOneProfile returns it: Mrs <given> Perera, of hospital h-1.
 * @param id - the profile id
 * @param relationship - Me, Mother, …; null for none
 * @param given - the given name
 * @param overrides - any other field
 */
export function serverPatient(
  id: string,
  relationship: string | null,
  given: string,
  overrides: Partial<ServerPatient> = {},
): ServerPatient {
  return {
    id,
    name: { prefix: 'Mrs', given: [given], family: 'Perera' },
    telecom: [],
    birthDate: '1960-04-09',
    gender: 'female',
    address: null,
    extension: relationship === null ? [] : [{ valueId: 'relationship', value: relationship }],
    link: [],
    hospitalId: 'h-1',
    medicalRecordNumber: '',
    ...overrides,
  };
}

/**
 * A signed-in account (up-1, 94771234567) with the given profiles (Me Kamala and Mother Sita by
 * default) and loyalty accounts.
 * @param patients - the account's profiles
 * @param loyaltyAccounts - its loyalty accounts
 */
export function testAccount(
  patients: ServerPatient[] = [serverPatient('p-me', 'Me', 'Kamala'), serverPatient('p-mother', 'Mother', 'Sita')],
  loyaltyAccounts: ServerUserProfile['loyaltyAccounts'] = [],
): AccountView {
  const profile: ServerUserProfile = {
    id: 'up-1',
    identifier: '94771234567',
    status: 'active',
    mobileNo: '94771234567',
    patients,
    paymentMethods: [],
    defaultPaymentMethod: null,
    hasPaymentMethod: false,
    bookingReqId: null,
    loyaltyAccounts,
    preferredLanguage: null,
  };
  return toAccountView(profile, new Date(2026, 0, 1));
}

/**
 * A session signed in to an account with token-1, whose refresh answers the same account.
 * @param account - the account (testAccount() by default)
 */
export function signedInSession(account: AccountView = testAccount()): SessionValue {
  return {
    accessToken: 'token-1',
    account,
    accountState: REQUEST_STATE.DONE,
    mobileNo: account.mobileNo,
    userProfileId: account.id,
    loggedIn: true,
    signIn: async () => account,
    refreshAccount: async () => account,
    logout: async () => undefined,
  };
}
