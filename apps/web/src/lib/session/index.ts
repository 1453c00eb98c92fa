export { getAccessToken, setAccessToken, clearStoredSession, storedSessionPrefix, storedDatabasePrefix } from './session-storage.ts';
export { SessionProvider, useSession, type SessionValue } from './session-provider.tsx';
export { toAccountView, type AccountView } from './account-view.ts';
export {
  queryOneProfileQuery,
  logoutMutation,
  type LoyaltyAccount,
  type PaymentMethod,
  type ServerUserProfile,
} from './account-query.ts';
