import { describe, expect, it } from 'vitest';
import { savedCardText } from './card-text.ts';

describe('savedCardText (spec doc 2 §5, doc 3 §2: the first six digits shown and the rest masked)', () => {
  it.each<[string | null | undefined, string | null]>([
    ['4111111111111111', '411111XXXXXXXXXX'],
    ['4111-1111 1111-1111', '411111XXXXXXXXXX'],
    // Masked by the server: passed through, never turned into digits.
    ['411111XXXXXXXXXX', '411111XXXXXXXXXX'],
    ['411111xxxxxx1111', '411111XXXXXXXXXX'],
    ['4111********1111', '4111XXXXXXXXXXXX'],
    ['XXXXXXXXXXXX1111', 'XXXXXXXXXXXXXXXX'],
    [null, null],
    [undefined, null],
    ['', null],
  ])('%s → %s', (input, shown) => {
    expect(savedCardText(input)).toBe(shown);
  });

  it('never shows a zero the card does not have', () => {
    expect(savedCardText('4111XXXXXXXXXXXX')).not.toContain('0');
  });
});
