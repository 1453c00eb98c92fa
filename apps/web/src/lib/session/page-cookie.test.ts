// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncPageCookie } from './page-cookie.ts';
import { clearStoredSession, setAccessToken } from './session-storage.ts';

// issue 33 §1: the server's copy of the session for writing this account's pages follows the stored token.
describe('the page cookie', () => {
  const network = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  afterEach(() => {
    network.mockClear();
    window.localStorage.clear();
  });

  it('is asked for with the token when one is stored, and ended when the session is cleared', async () => {
    window.fetch = network;
    setAccessToken('a-token-of-twenty-chars');
    await vi.waitFor(() => expect(network).toHaveBeenCalledTimes(1));
    expect(network).toHaveBeenCalledWith('/session/page-cookie', {
      method: 'POST',
      keepalive: true,
      headers: { authorization: 'Bearer a-token-of-twenty-chars' },
    });
    clearStoredSession();
    await vi.waitFor(() => expect(network).toHaveBeenCalledTimes(2));
    expect(network).toHaveBeenLastCalledWith('/session/page-cookie/clear', { method: 'POST', keepalive: true });
  });

  it("asks at a start only without the server's readable flag", () => {
    window.fetch = network;
    document.cookie = 'careline-page-session=1';
    syncPageCookie('a-token-of-twenty-chars', true);
    expect(network).not.toHaveBeenCalled();
    document.cookie = 'careline-page-session=; max-age=0';
    syncPageCookie('a-token-of-twenty-chars', true);
    expect(network).toHaveBeenCalledTimes(1);
  });
});
