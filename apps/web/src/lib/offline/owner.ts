import { savedAccount } from '../session/session-storage.ts';

// Apart from the stores, so that the entry can name the owner without loading IndexedDB code.

/**
 * A short digest (FNV-1a, 2 x 32 bits), so that the device names whose data an entry is without
 * storing the account's id in the clear.
 * @param text - what to digest
 */
export function digestOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

/**
 * Whose offline data (kept answers, visit pass, outbox) the session may read and write (issue 32 §4.7):
 * the account, as a digest of its id, so that a token refresh or a new sign-in of the same account keeps
 * them. Known only through the account the server answered for this very token (kept with it by the
 * session), so another account on the same device never reads them; null when signed out or before
 * this token's account first loaded.
 * @param token - the access token, or null when signed out
 */
export function ownerOf(token: string | null): string | null {
  const accountId = token ? savedAccount(token)?.id : null;
  return accountId ? digestOf(`account:${accountId}`) : null;
}
