/**
 * Reading a server's 'CODE:message' error (spec doc 1 §8), without the error catalogue: the web app's
 * entry needs these, and the catalogue's texts (packages/domain/src/errors.ts) would otherwise ship with
 * every route (issue 33 §3). errors.ts re-exports both.
 */

/** The generic fallback text when nothing better is known (spec doc 1 §8). */
export const fallbackErrorText = 'Something went wrong';

/**
 * Splits a server error into its code and the text to show (spec doc 1 §8).
 * @param raw - the error message as received, e.g. 'ARO-E1015:Invalid verification code'
 */
export function parseErrorString(raw: string): { code: string | null; text: string } {
  const match = /^([A-Z]+-[A-Z]?\d+):([\s\S]*)$/.exec(raw);
  if (!match) {
    return { code: null, text: raw };
  }
  return { code: match[1] ?? null, text: match[2] ?? '' };
}
