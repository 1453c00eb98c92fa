import { useEffect, useState } from 'react';
import { clearAuthNotice, peekAuthNotice } from '../graphql/auth-errors.ts';

/**
 * The text of the authentication error that ended the last session (spec doc 1 §8: ARO-E1022,
 * ARO-E1023, ARO-E1024), shown once: it is removed from storage as soon as it is on screen.
 * @param active - whether the sign-in step that shows it (/login or the chat's mobile step) is on screen
 */
export function useAuthNotice(active: boolean): string | null {
  // Read once on mount (a StrictMode double effect must not lose it); removed once shown.
  const [notice] = useState(peekAuthNotice);
  useEffect(() => {
    if (active && notice !== null) {
      clearAuthNotice();
    }
  }, [active, notice]);
  return active ? notice : null;
}
