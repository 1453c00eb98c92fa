import { SIGN_IN_LINK_PARAM } from '@careline/domain/auth';
import { REQUEST_STATE, type RequestState } from '@careline/domain/shell';
import type { UxFlow } from '@careline/domain/tenant';

export const HOME_DASHBOARD_ROUTE = '/home-dashboard';
export const CHAT_HOME_ROUTE = '/chat-home';
export const LOGIN_ROUTE = '/login';

/**
 * Where the root path goes: /chat-home when the ux flow is chat, otherwise /login (spec doc 1 §2).
 * @param uxFlow - the tenant's configured ux flow
 */
export function rootTarget(uxFlow: UxFlow): string {
  return uxFlow === 'chat' ? CHAT_HOME_ROUTE : LOGIN_ROUTE;
}

/**
 * Where /chat-home, /chat-home/{category} and /my-home go instead, if anywhere: in the flat flow they
 * go to /home-dashboard (spec doc 1 §2); in the chat flow /my-home goes to /chat-home.
 * Sign-in links always point at /chat-home (spec doc 1 §2 route table), so an address carrying an
 * access token stays there in either flow: the link is read and signed in there.
 * @param uxFlow - the tenant's configured ux flow
 * @param pathname - the address's path
 * @param search - the address's query string
 */
export function chatHomeRedirect(uxFlow: UxFlow, pathname: string, search = ''): string | null {
  const isMyHome = pathname === '/my-home' || pathname === '/my-home/';
  if (uxFlow === 'flat') {
    if (!isMyHome && carriesAccessToken(search)) {
      return null;
    }
    return HOME_DASHBOARD_ROUTE;
  }
  return isMyHome ? CHAT_HOME_ROUTE : null;
}

/**
 * Whether the address carries an access token (a sign-in link, spec doc 1 §2 and §4).
 * @param search - the address's query string
 */
export function carriesAccessToken(search: string): boolean {
  const token = new URLSearchParams(search).get(SIGN_IN_LINK_PARAM);
  return token !== null && token !== '';
}

/**
 * Where a user at /login goes instead, if anywhere: a logged-in user goes to /home-dashboard, unless
 * the address carries an access token (spec doc 1 §2); opened with no connection, to the visit pass
 * when one is kept (issue 32 §4.7: the token, not the sign-in form).
 * @param loggedIn - whether a mobile number is present (spec doc 1 §5)
 * @param search - the address's query string
 * @param offlinePass - the kept visit pass's address when the app started with no connection, else null
 */
export function loginRedirect(loggedIn: boolean, search: string, offlinePass: string | null = null): string | null {
  if (!loggedIn || carriesAccessToken(search)) {
    return null;
  }
  return offlinePass ?? HOME_DASHBOARD_ROUTE;
}

export type ShellAccess = 'allow' | 'wait' | 'login';

/**
 * Who gets the authenticated shell: it requires an access token and a user profile id; everyone else
 * gets the login screen (spec doc 1 §2, §6). While the account of a stored token loads, wait.
 * @param session - token, user profile id and the account's load state
 */
export function shellAccess(session: {
  accessToken: string | null;
  userProfileId: string | null;
  accountState: RequestState;
}): ShellAccess {
  if (!session.accessToken) {
    return 'login';
  }
  if (session.userProfileId) {
    return 'allow';
  }
  return session.accountState === REQUEST_STATE.PENDING ? 'wait' : 'login';
}
