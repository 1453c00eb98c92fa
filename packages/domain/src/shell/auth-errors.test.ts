import { expect, it } from 'vitest';
import { parseErrorString } from '../errors.ts';
import { authErrorAction } from './auth-errors.ts';

// spec doc 1 §8: ARO-E1022 clears stored login data and reloads; E1023 and E1024 log out.
it.each([
  ['ARO-E1022:Authentication failed', 'reload-clear'],
  ['ARO-E1023:Please login', 'logout'],
  ['ARO-E1024:You have been logged out, please login again', 'logout'],
  ['ARO-E1015:Invalid verification code', null],
  ['Something went wrong', null],
])('%j → %s', (raw, action) => {
  expect(authErrorAction(parseErrorString(raw).code)).toBe(action);
});

it('does nothing without a code', () => {
  expect(authErrorAction(null)).toBeNull();
  expect(authErrorAction(undefined)).toBeNull();
});
