import { describe, expect, it } from 'vitest';
import { UUID_PATTERN, isUuid } from './ids.ts';

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
