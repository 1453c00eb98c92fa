/**
 * The control-character rules of every text field, in one place: a one-line field (a name, a code,
 * a search) refuses the C0 characters and DEL, NUL included; a free text (a comment, a note) may
 * hold tab and line breaks but refuses the other C0 characters, DEL and the C1 range.
 */

/** Whether a code is a C0 control character or DEL. */
function isLineControl(code: number): boolean {
  return code < 0x20 || code === 0x7f;
}

/**
 * Whether a one-line text holds C0 control characters or DEL (NUL included), which no form field
 * should carry.
 * @param value - the text
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    if (isLineControl(value.charCodeAt(i))) {
      return true;
    }
  }
  return false;
}

/**
 * True when a free text holds control characters other than tab and line breaks (which a
 * multi-line comment may hold): such text is refused, not stored.
 * @param text - a comment or note
 */
export function hasFreeTextControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
    if (!allowed && (code < 0x20 || (code >= 0x7f && code <= 0x9f))) {
      return true;
    }
  }
  return false;
}

/**
 * A one-line text with each C0 control character and DEL replaced by U+FFFD, for echoing a refused
 * value back safely.
 * @param value - the text
 */
export function maskControlCharacters(value: string): string {
  let masked = '';
  for (const char of value) {
    masked += isLineControl(char.charCodeAt(0)) ? '\uFFFD' : char;
  }
  return masked;
}
