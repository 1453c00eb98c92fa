/*
 * The page cookie (issue 33 §1, apps/server/src/modules/auth/auth.page-cookie.ts): the access token stays
 * in localStorage (spec doc 1 §7), and the server keeps a sealed HttpOnly copy in a cookie only to write
 * this account's first screens (/view/appointment) before the app runs. Asked for when a token is stored
 * (or at a start that has none yet), ended when the stored session is cleared (keepalive: logout
 * navigates away at once). Best effort: without it the pages are the plain ones, and the server's check
 * of the session (revoked at logout) refuses a cookie left behind.
 */

/**
 * Asks the server for the page cookie of a stored token, or (null) to end it.
 * @param token - the access token, sent as the bearer (the server checks it as any request's)
 * @param unlessSet - only when the server's readable flag (no secret) says there is none yet
 */
export function syncPageCookie(token: string | null, unlessSet = false): void {
  if (unlessSet && document.cookie.includes('careline-page-session=1')) {
    return;
  }
  globalThis
    .fetch?.(`/session/page-cookie${token ? '' : '/clear'}`, {
      method: 'POST',
      keepalive: true,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    })
    .catch(() => undefined);
}
