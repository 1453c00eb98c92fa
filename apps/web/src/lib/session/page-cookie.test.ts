// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageCookieSet } from './page-cookie.ts';
import { clearStoredSession, setAccessToken } from './session-storage.ts';

// issue 33 §1: the server's copy of the session for writing this account's pages follows the stored token.
describe('the page cookie', () => {
  const network = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  afterEach(() => {
    network.mockClear();
    window.localStorage.clear();
  });

  it('is asked for with the token when one is stored, and ended when the session is cleared', () => {
    window.fetch = network;
    setAccessToken('a-token-of-twenty-chars');
    expect(network).toHaveBeenCalledWith('/session/page-cookie', {
      method: 'POST',
      headers: { authorization: 'Bearer a-token-of-twenty-chars' },
      credentials: 'same-origin',
    });
    clearStoredSession();
    expect(network).toHaveBeenLastCalledWith('/session/page-cookie/clear', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
    });
  });

  it("reads the server's readable flag", () => {
    expect(pageCookieSet()).toBe(false);
    document.cookie = 'careline-page-session=1';
    expect(pageCookieSet()).toBe(true);
    document.cookie = 'careline-page-session=; max-age=0';
  });
});
