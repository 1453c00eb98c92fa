/**
 * Base64 for text, written out by hand: packages/domain is pure and runs in browsers and Node 20,
 * and its TypeScript lib has neither atob/btoa nor Buffer nor TextEncoder.
 */

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const alphabetIndex = new Map([...alphabet].map((char, index) => [char, index]));

function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) {
      bytes.push(code);
    } else if (code < 0x800) {
      bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return bytes;
}

function utf8Text(bytes: number[]): string | null {
  let text = '';
  let i = 0;
  while (i < bytes.length) {
    const first = bytes[i] ?? 0;
    const extra = first < 0x80 ? 0 : first >= 0xf0 && first < 0xf8 ? 3 : first >= 0xe0 ? 2 : first >= 0xc2 ? 1 : -1;
    if (extra < 0) {
      return null;
    }
    let code = extra === 0 ? first : first & (0x3f >> extra);
    for (let k = 1; k <= extra; k += 1) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) {
        return null;
      }
      code = (code << 6) | (next & 0x3f);
    }
    const minimum = [0, 0x80, 0x800, 0x10000][extra] ?? 0;
    if (code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      return null;
    }
    text += String.fromCodePoint(code);
    i += extra + 1;
  }
  return text;
}

/**
 * Standard base64 (with padding) of the UTF-8 bytes of a text.
 * @param text - any string
 */
export function encodeBase64(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += alphabet[(triple >> 18) & 63];
    out += alphabet[(triple >> 12) & 63];
    out += b === undefined ? '=' : alphabet[(triple >> 6) & 63];
    out += c === undefined ? '=' : alphabet[triple & 63];
  }
  return out;
}

/**
 * The text in a base64 string, accepting the standard and the URL-safe alphabet, with or without
 * padding; null when it is not base64 or not UTF-8.
 * @param encoded - base64 or base64url text
 */
export function decodeBase64(encoded: string): string | null {
  const clean = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (clean.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(clean)) {
    return null;
  }
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    buffer = (buffer << 6) | (alphabetIndex.get(char) ?? 0);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
      buffer &= (1 << bits) - 1;
    }
  }
  return utf8Text(bytes);
}

/**
 * URL-safe base64 without padding of a text (RFC 4648 §5).
 * @param text - any string
 */
export function encodeBase64Url(text: string): string {
  return encodeBase64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
