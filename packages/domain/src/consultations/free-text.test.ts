import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './appointment-rules.ts';

describe('hasControlCharacters (feedback comments, refund notes)', () => {
  it.each([
    ['Very kind doctor', false],
    ['Line one\nLine two\r\n\tindented', false],
    ['සුභ දවසක් — நன்றி', false],
    ['bell\u0007', true],
    ['nul\u0000', true],
    ['escape\u001b[31m', true],
    ['delete\u007f', true],
    ['c1\u0085', true],
  ])('%j → %s', (text, expected) => {
    expect(hasControlCharacters(text)).toBe(expected);
  });
});
