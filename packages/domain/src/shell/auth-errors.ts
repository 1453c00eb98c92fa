/** What the app does on authentication errors (spec doc 1 §8). */

export type AuthErrorAction = 'reload-clear' | 'logout';

/**
 * ARO-E1022 clears stored login data and reloads; ARO-E1023 and ARO-E1024 clear the session and
 * log out; anything else is no auth action (spec doc 1 §8).
 * @param code - the error code, from parseErrorString
 */
export function authErrorAction(code: string | null | undefined): AuthErrorAction | null {
  if (code === 'ARO-E1022') {
    return 'reload-clear';
  }
  return code === 'ARO-E1023' || code === 'ARO-E1024' ? 'logout' : null;
}
