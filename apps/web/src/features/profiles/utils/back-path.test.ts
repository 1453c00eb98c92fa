import { describe, expect, it } from 'vitest';
import { safeBackPath } from './back-path.ts';

describe('safeBackPath', () => {
  it.each([
    ['/chat-home', '/chat-home'],
    ['/profiles?x=1', '/profiles?x=1'],
    [null, null],
    ['', null],
    ['https://evil.example', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
  ])('%s → %s', (value, path) => {
    expect(safeBackPath(value)).toBe(path);
  });
});
