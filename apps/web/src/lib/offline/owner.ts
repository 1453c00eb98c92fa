import { accountOwner } from '@careline/domain/ids';
import { savedAccount } from '../session/session-storage.ts';

// Apart from the stores, so that the entry can name the owner without loading IndexedDB code.

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
  return accountId ? accountOwner(accountId) : null;
}
