import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64, encodeBase64Url } from './base64.ts';

// Cross-checked against the well-known RFC 4648 §10 test vectors.
describe('base64', () => {
  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ])('%j ↔ %j', (text, encoded) => {
    expect(encodeBase64(text)).toBe(encoded);
    expect(decodeBase64(encoded)).toBe(text);
  });

  it.each(['94771234567_0_a-b_c-d.sig', 'ශ්‍රී ලංකා', 'தமிழ்', '😀 emoji', '\u0000\u007f\u0080\u07ff\u0800\uffff'])(
    'round-trips %j through UTF-8',
    (text) => {
      expect(decodeBase64(encodeBase64(text))).toBe(text);
      expect(decodeBase64(encodeBase64Url(text))).toBe(text);
    },
  );

  it('writes URL-safe base64 without padding', () => {
    // '>>>?' encodes to 'Pj4+Pw==' in the standard alphabet.
    expect(encodeBase64('>>>?')).toBe('Pj4+Pw==');
    expect(encodeBase64Url('>>>?')).toBe('Pj4-Pw');
  });

  it.each(['a', 'Zm9v!', 'Zm=9v', '@@@@', '/w=='])('rejects %j', (encoded) => {
    // '/w==' is the lone byte 0xff, which is not UTF-8.
    expect(decodeBase64(encoded)).toBeNull();
  });
});
