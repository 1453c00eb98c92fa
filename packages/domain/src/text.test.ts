import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasFreeTextControlCharacters, maskControlCharacters } from './text.ts';

describe('the control-character rules', () => {
  it.each([
    ['Nimal Perera', false, false],
    ['நிமல் නිමල්', false, false],
    ['line one\nline two\r\n\ttabbed', true, false],
    ['nul\u0000', true, true],
    ['bell\u0007', true, true],
    ['del\u007f', true, true],
    ['c1\u0085', false, true],
  ])('%j: one-line refuses %s, free text refuses %s', (text, oneLine, freeText) => {
    expect(hasControlCharacters(text)).toBe(oneLine);
    expect(hasFreeTextControlCharacters(text)).toBe(freeText);
  });

  it('masks each C0 character and DEL, and leaves the rest (surrogate pairs included)', () => {
    expect(maskControlCharacters('a\u0000b\tc\u007f😀')).toBe('a\uFFFDb\uFFFDc\uFFFD😀');
  });
});
