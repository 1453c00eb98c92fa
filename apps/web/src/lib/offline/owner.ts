// Apart from the stores, so that the entry can name the session without loading IndexedDB code.

/**
 * A short digest of the access token, naming whose data an entry is without storing the token (FNV-1a,
 * 2 x 32 bits): a new sign-in (another account, or the same one again) starts a new owner.
 * @param token - the access token, or null when signed out
 */
export function ownerOf(token: string | null): string | null {
  if (!token) {
    return null;
  }
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let index = 0; index < token.length; index += 1) {
    const code = token.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}
