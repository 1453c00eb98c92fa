import type { ServerUserProfile } from './account-query.ts';
import { syncPageCookie } from './page-cookie.ts';

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
  // issue 33 §1: the server writes this account's first screens by its page cookie.
  syncPageCookie(token);
}

/** Removes the access token and every other piece of stored login data. */
export function clearStoredSession(): void {
  syncPageCookie(null);
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
  deleteStoredDatabases();
}

/**
 * The prefix of every IndexedDB database that holds an account's data on the device (e.g. the order
 * drafts with their photos): logout deletes them all (spec doc 3 §4 'Logout clears the patient and requests').
 */
export const storedDatabasePrefix = 'careline-';

/** Best effort: deletes this app's IndexedDB databases (the browser finishes a deletion begun before a reload). */
function deleteStoredDatabases(): void {
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') {
      return;
    }
    void indexedDB.databases().then(
      (databases) => {
        for (const { name } of databases) {
          if (name?.startsWith(storedDatabasePrefix)) {
            indexedDB.deleteDatabase(name);
          }
        }
      },
      () => undefined,
    );
  } catch {
    // IndexedDB can be blocked (private mode): nothing was stored there.
  }
}

// The last account the server answered, so that a signed-in user who opens the app offline sees
// their screens (issue 6 §4.3). Bound to the token it was loaded with; cleared with the session.
const savedAccountKey = `${storedSessionPrefix}account`;

/**
 * Keeps the signed-in account's last answer for an offline start.
 * @param token - the access token it was loaded with
 * @param profile - queryOneProfile's answer
 */
export function saveAccount(token: string, profile: ServerUserProfile, savedAt: Date = new Date()): void {
  try {
    storage()?.setItem(savedAccountKey, JSON.stringify({ token, profile, savedAt: savedAt.toISOString() }));
  } catch {
    // Storage full or blocked: an offline start then shows the login screen.
  }
}

/**
 * The account last loaded with this token, or null.
 * @param token - the current access token
 */
export function savedAccount(token: string): ServerUserProfile | null {
  try {
    const raw = storage()?.getItem(savedAccountKey);
    if (!raw) {
      return null;
    }
    const saved = JSON.parse(raw) as { token?: unknown; profile?: ServerUserProfile };
    return saved.token === token && saved.profile ? saved.profile : null;
  } catch {
    return null;
  }
}

/**
 * When the account kept for this token was answered by the server (ISO), for "Last updated" on an
 * offline start (issue 32 §4.7); null when none is kept.
 * @param token - the current access token
 */
export function savedAccountAt(token: string): string | null {
  try {
    const raw = storage()?.getItem(savedAccountKey);
    const saved = raw ? (JSON.parse(raw) as { token?: unknown; savedAt?: unknown }) : null;
    return saved?.token === token && typeof saved.savedAt === 'string' ? saved.savedAt : null;
  } catch {
    return null;
  }
}
