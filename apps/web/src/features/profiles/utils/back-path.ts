/**
 * The back query parameter as a path inside the app, or null (spec doc 1 §2 Add or Update Profile:
 * "Back goes to /profiles, or to the path in the back query parameter"). Only same-origin paths are
 * followed, so a crafted link cannot send the user to another site.
 * @param value - the raw back parameter
 */
export function safeBackPath(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  return value;
}
