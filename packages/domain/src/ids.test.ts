import { describe, expect, it } from 'vitest';
import { UUID_PATTERN, accountOwner, digestOf, isUuid } from './ids.ts';

describe('the id shape', () => {
  it.each([
    ['0f8fad5b-d9cb-469f-a165-70867728950e', true],
    ['0F8FAD5B-D9CB-469F-A165-70867728950E', true],
    ['0f8fad5b-d9cb-469f-a165-70867728950', false],
    ['0f8fad5b-d9cb-469f-a165-70867728950e ', false],
    ["' OR 1=1 --", false],
    ['', false],
  ])('%j is an id: %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
    // The shared pattern keeps no state between calls.
    expect(UUID_PATTERN.test(value)).toBe(expected);
  });
});

describe("the account's owner digest (offline data, server-written screens)", () => {
  it('is 16 hex digits, the same for the same account and different for another', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(accountOwner(id)).toMatch(/^[0-9a-f]{16}$/);
    expect(accountOwner(id)).toBe(accountOwner(id));
    expect(accountOwner(id)).toBe(digestOf(`account:${id}`));
    expect(accountOwner(id)).not.toBe(accountOwner('1f8fad5b-d9cb-469f-a165-70867728950e'));
  });

  it('keeps the digest the device already stored its data under (FNV-1a, 2 x 32 bits)', () => {
    expect(digestOf('')).toBe('811c9dc501000193');
  });
});
