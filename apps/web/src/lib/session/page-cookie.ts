/*
 * The page cookie (issue 33 §1, apps/server/src/modules/auth/auth.page-cookie.ts): the access token stays
 * in localStorage (spec doc 1 §7), and the server keeps a sealed HttpOnly copy in a cookie only to write
 * this account's first screens (/view/appointment) before the app runs. Asked for when a token is stored
 * (or at a start that has none yet), ended when the stored session is cleared. Best effort: without it
 * the pages are the plain ones.
 */

/** The readable flag the server sets beside the HttpOnly cookie (no secret). */
export const pageCookieFlag = 'careline-page-session';

/** Whether the server has set the page cookie for this browser (its readable flag is there). */
export function pageCookieSet(): boolean {
  try {
    return document.cookie.split(';').some((part) => part.trim() === `${pageCookieFlag}=1`);
  } catch {
    return false;
  }
}

/**
 * Asks the server for the page cookie of a stored token.
 * @param token - the access token, sent as the bearer (the server checks it as any request's)
 */
export function askPageCookie(token: string): void {
  try {
    void fetch('/session/page-cookie', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // No fetch (tests without one): the plain pages.
  }
}

/** Ends the page cookie; keepalive, as logout navigates away at once. */
export function endPageCookie(): void {
  try {
    void fetch('/session/page-cookie/clear', { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // No fetch: the server's check of the session (revoked at logout) still refuses the cookie.
  }
}
