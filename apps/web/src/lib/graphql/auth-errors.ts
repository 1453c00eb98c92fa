import { parseErrorString } from '@careline/domain/errors';
import { authErrorAction, type AuthErrorAction } from '@careline/domain/shell';
import { clearStoredSession, getAccessToken } from '../session/session-storage.ts';

export type { AuthErrorAction };
export type OperationKind = 'query' | 'mutation' | 'subscription' | 'teardown';

/**
 * The authentication error action for an operation's errors (spec doc 1 §8): ARO-E1022 acts on a
 * query only ("'Authentication failed' on a query"); ARO-E1023 and ARO-E1024 on any operation.
 * @param messages - the operation's error messages ('CODE:message')
 * @param kind - the operation's kind
 */
export function authActionFor(messages: readonly string[], kind: OperationKind): AuthErrorAction | null {
  const actions = messages.map((message) => authErrorAction(parseErrorString(message).code));
  if (actions.includes('logout')) {
    return 'logout';
  }
  if (actions.includes('reload-clear') && kind === 'query') {
    return 'reload-clear';
  }
  return null;
}

type BrowserLocation = { reload: () => void; assign: (url: string) => void };

/**
 * Carries out an authentication error action. Does nothing when no login data is stored any more
 * (another failed request already acted), so parallel failures cannot reload the page in a loop.
 * @param action - reload-clear or logout
 * @param location - the page location (window.location)
 */
export function performAuthAction(action: AuthErrorAction, location: BrowserLocation = window.location): void {
  if (getAccessToken() === null) {
    return;
  }
  clearStoredSession();
  switch (action) {
    case 'reload-clear':
      location.reload();
      return;
    case 'logout':
      // spec doc 1 §2 logout: navigate to / and reload the page (assign does both).
      location.assign('/');
      return;
  }
}
