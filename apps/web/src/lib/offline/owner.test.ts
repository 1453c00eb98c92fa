// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerUserProfile } from '../session/account-query.ts';
import { clearStoredSession, saveAccount } from '../session/session-storage.ts';
import { ownerOf } from './owner.ts';

const account = (id: string) => ({ id }) as ServerUserProfile;

// issue 32 §4.7: the device's offline data is the account's, not one token's: a token refresh or a new
// sign-in of the same account keeps it; another account never reads it.
describe('whose offline data a session holds', () => {
  afterEach(() => {
    clearStoredSession();
  });

  it('is the account answered for this token, the same across tokens of that account', () => {
    saveAccount('token-1', account('user-1'));
    const first = ownerOf('token-1');
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    // A new sign-in of the same account: once its account has loaded, the same owner.
    saveAccount('token-2', account('user-1'));
    expect(ownerOf('token-2')).toBe(first);
  });

  it.each([
    { name: 'signed out', token: null, saved: ['token-1', 'user-1'] as const },
    { name: "a token whose account has not loaded (the kept account is another token's)", token: 'token-2', saved: ['token-1', 'user-1'] as const },
    { name: 'no account kept', token: 'token-1', saved: null },
  ])('is nobody when $name', ({ token, saved }) => {
    if (saved) {
      saveAccount(saved[0], account(saved[1]));
    }
    expect(ownerOf(token)).toBeNull();
  });

  it('differs for another account, and never shows the id or the token', () => {
    saveAccount('token-1', account('user-1'));
    const first = ownerOf('token-1');
    saveAccount('token-3', account('user-2'));
    expect(ownerOf('token-3')).not.toBe(first);
    expect(ownerOf('token-3')).not.toContain('user');
    expect(ownerOf('token-1')).toBeNull();
  });
});
