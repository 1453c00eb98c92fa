import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isLoggedIn } from '@careline/domain/auth';
import { REQUEST_STATE, type RequestState } from '@careline/domain/shell';
import { useGraphQLClient } from '../graphql/graphql-provider.tsx';
import { logoutMutation, queryOneProfileQuery } from './account-query.ts';
import { toAccountView, type AccountView } from './account-view.ts';
import {
  clearStoredSession,
  getAccessToken,
  saveAccount,
  savedAccount,
  savedAccountAt,
  setAccessToken,
} from './session-storage.ts';
import { syncPageCookie } from './page-cookie.ts';

const { IDLE: idle, PENDING: pending, DONE: done, FAILED: failed } = REQUEST_STATE;

export type SessionValue = {
  accessToken: string | null;
  account: AccountView | null;
  accountState: RequestState;
  mobileNo: string | null;
  userProfileId: string | null;
  /** When the account shown was kept on the device, if it was read from there for lack of a connection (issue 32 §4.7). */
  accountSavedAt?: string | null;
  /** spec doc 1 §5: logged in when a mobile number is present. */
  loggedIn: boolean;
  /** Stores the token and loads the account (spec doc 1 §4 Sign-in step 3). */
  signIn: (accessToken: string) => Promise<AccountView | null>;
  /** Loads the account again (after creating or editing a profile). */
  refreshAccount: () => Promise<AccountView | null>;
  /** spec doc 1 §2: clears the patient and all requests, navigates to / and reloads the page. */
  logout: () => Promise<void>;
};

const SessionContext = createContext<SessionValue | null>(null);

type SessionProviderProps = {
  children: ReactNode;
  /** For tests: a ready session, nothing is fetched. */
  value?: SessionValue;
  /** Where logout sends the browser; window.location by default. */
  location?: { assign: (url: string) => void };
};

function LiveSession({ children, location }: Omit<SessionProviderProps, 'value'>) {
  const { client, liveSocket } = useGraphQLClient();
  const [accessToken, setToken] = useState<string | null>(getAccessToken);
  const [account, setAccount] = useState<AccountView | null>(null);
  const [accountState, setAccountState] = useState<RequestState>(() => (getAccessToken() ? pending : idle));
  const [accountSavedAt, setAccountSavedAt] = useState<string | null>(null);
  // Only the newest load may set the account (sign-in and refresh can overlap).
  const loadCounter = useRef(0);

  const loadAccount = useCallback(async (): Promise<AccountView | null> => {
    const load = ++loadCounter.current;
    const token = getAccessToken();
    if (!token) {
      setAccount(null);
      setAccountState(idle);
      return null;
    }
    setAccountState(pending);
    const result = await client.query(queryOneProfileQuery, {}).toPromise();
    if (load !== loadCounter.current) {
      return result.data?.queryOneProfile ? toAccountView(result.data.queryOneProfile) : null;
    }
    const profile = result.data?.queryOneProfile;
    if (result.error?.networkError && !result.error.graphQLErrors.length) {
      // issue 6 §4.3: no connection is not signed out. Show the last known account, if any, and keep
      // the token; the online event reloads the page (spec doc 1 §4) and loads it afresh.
      const saved = savedAccount(token);
      setAccount(saved ? toAccountView(saved) : null);
      setAccountSavedAt(saved ? savedAccountAt(token) : null);
      setAccountState(failed);
      return saved ? toAccountView(saved) : null;
    }
    if (result.error || !profile) {
      setAccountState(failed);
      return null;
    }
    saveAccount(token, profile);
    // issue 33 §1: a session signed in before the page cookie existed (or whose cookie ran out) asks once.
    syncPageCookie(token, true);
    setAccountSavedAt(null);
    const view = toAccountView(profile);
    setAccount(view);
    setAccountState(done);
    return view;
  }, [client]);

  useEffect(() => {
    if (getAccessToken()) {
      void loadAccount();
    }
  }, [loadAccount]);

  const signIn = useCallback(
    async (token: string): Promise<AccountView | null> => {
      setAccessToken(token);
      setToken(token);
      // The live socket carries the token in its address: reconnect with the new one.
      liveSocket.restart();
      return loadAccount();
    },
    [liveSocket, loadAccount],
  );

  const logout = useCallback(async (): Promise<void> => {
    try {
      await client.mutation(logoutMutation, {}).toPromise();
    } catch {
      // Best effort: the stored session is cleared whatever the server says.
    }
    clearStoredSession();
    setToken(null);
    setAccount(null);
    setAccountState(idle);
    (location ?? window.location).assign('/');
  }, [client, location]);

  const value = useMemo<SessionValue>(() => {
    const mobileNo = account?.mobileNo ?? null;
    return {
      accessToken,
      account,
      accountState,
      accountSavedAt,
      mobileNo,
      userProfileId: account?.id ?? null,
      loggedIn: isLoggedIn(mobileNo),
      signIn,
      refreshAccount: loadAccount,
      logout,
    };
  }, [accessToken, account, accountState, accountSavedAt, signIn, loadAccount, logout]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Holds the access token and the signed-in account; loads the account at start when a token is stored. */
export function SessionProvider({ value, children, location }: SessionProviderProps) {
  if (value) {
    return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
  }
  return <LiveSession location={location}>{children}</LiveSession>;
}

/** The session: token, account, its load state, and signIn / refreshAccount / logout. */
export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) {
    throw new Error('useSession must be used inside SessionProvider');
  }
  return session;
}
