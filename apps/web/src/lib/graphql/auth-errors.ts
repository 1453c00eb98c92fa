import type { AuthErrorAction } from '@careline/domain/shell';
import { clearStoredSession, getAccessToken } from '../session/session-storage.ts';

// Picking the action is shared with the staff console (packages/ui); carrying it out is the app's.
export { authActionFor, type OperationKind, type PickedAuthError } from '@careline/ui/graphql';
export type { AuthErrorAction };

/** Where the text of an authentication error waits for the next sign-in screen (spec doc 1 §8). */
export const authNoticeKey = 'careline.authNotice';

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be blocked (private mode): the notice is then simply not shown.
    return null;
  }
}

/**
 * Keeps an authentication error's text for the next sign-in screen. Session storage survives the
 * reload or navigation that follows, and is written after clearStoredSession, which empties it.
 * @param text - the text after the colon, e.g. 'Please login'
 */
export function saveAuthNotice(text: string): void {
  try {
    sessionStore()?.setItem(authNoticeKey, text);
  } catch {
    // A full or blocked storage only loses the notice.
  }
}

/** The waiting authentication notice, if any, without removing it. */
export function peekAuthNotice(): string | null {
  const text = sessionStore()?.getItem(authNoticeKey) ?? null;
  return text && text.length > 0 ? text : null;
}

/** Removes the waiting authentication notice once a sign-in screen has shown it. */
export function clearAuthNotice(): void {
  sessionStore()?.removeItem(authNoticeKey);
}

type BrowserLocation = { reload: () => void; assign: (url: string) => void };

/**
 * Carries out an authentication error action. Does nothing when no login data is stored any more
 * (another failed request already acted), so parallel failures cannot reload the page in a loop.
 * The error's text (spec doc 1 §8) is kept for the next sign-in screen to show once.
 * @param action - reload-clear or logout
 * @param location - the page location (window.location)
 * @param notice - the text to show after the reload, if any
 */
export function performAuthAction(
  action: AuthErrorAction,
  location: BrowserLocation = window.location,
  notice: string | null = null,
): void {
  if (getAccessToken() === null) {
    return;
  }
  clearStoredSession();
  if (notice !== null) {
    saveAuthNotice(notice);
  }
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
