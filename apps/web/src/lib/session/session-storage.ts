// spec doc 1 §7: the access token is kept in local storage.
const accessTokenKey = 'accessToken';
// Other stored login data (the chosen patient, pending requests) uses this prefix, so that
// clearStoredSession can remove it all (spec doc 1 §8 ARO-E1022 "clears stored login data").
export const storedSessionPrefix = 'careline.';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (private mode, disabled cookies): behave as signed out.
    return null;
  }
}

/** The stored access token, or null when signed out. */
export function getAccessToken(): string | null {
  const token = storage()?.getItem(accessTokenKey) ?? null;
  return token && token.length > 0 ? token : null;
}

/** Stores the access token (spec doc 1 §4: a 'succeeded' sign-in stores the token). */
export function setAccessToken(token: string): void {
  storage()?.setItem(accessTokenKey, token);
}

/** Removes the access token and every other piece of stored login data. */
export function clearStoredSession(): void {
  const store = storage();
  if (!store) {
    return;
  }
  store.removeItem(accessTokenKey);
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(storedSessionPrefix)) {
      keys.push(key);
    }
  }
  keys.forEach((key) => store.removeItem(key));
  try {
    window.sessionStorage.clear();
  } catch {
    // Nothing stored there when storage is blocked.
  }
}
