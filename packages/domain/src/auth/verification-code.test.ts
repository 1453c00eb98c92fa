import { describe, expect, it } from 'vitest';
import {
  CODE_MESSAGE_STAGES_MS,
  OTP_LENGTH,
  RESEND_COUNTDOWN_SECONDS,
  formatCountdown,
  formatVerificationCode,
  parseVerificationCode,
  validateVerificationCode,
} from './verification-code.ts';

// spec doc 1 §9: 4 digits, resend countdown 1 minute, code messages staged at 220 and 260 ms.
it('holds the spec constants', () => {
  expect(OTP_LENGTH).toBe(4);
  expect(RESEND_COUNTDOWN_SECONDS).toBe(60);
  expect(CODE_MESSAGE_STAGES_MS).toEqual([220, 260]);
});

// spec doc 1 §5 'One-time code'.
describe('validateVerificationCode', () => {
  it.each([
    ['', 'Type verification code we sent you SMS'],
    [' ', 'Type verification code we sent you SMS'],
    ['1', 'verification code should have 4 digits!'],
    ['123', 'verification code should have 4 digits!'],
    ['12345', 'verification code should have 4 digits!'],
    ['12a4', 'verification code should have 4 digits!'],
    ['12.4', 'verification code should have 4 digits!'],
    ['1234', null],
    ['0000', null],
    ['0123', null],
  ])('%j → %s', (input, message) => {
    expect(validateVerificationCode(input)).toBe(message);
  });
});

// spec doc 1 §5: "It is sent as an integer."
describe('parseVerificationCode and formatVerificationCode', () => {
  it.each([
    ['1234', 1234, '1234'],
    ['0123', 123, '0123'],
    ['0007', 7, '0007'],
    ['0000', 0, '0000'],
    ['9999', 9999, '9999'],
  ])('%j → %i → %j', (typed, sent, compared) => {
    expect(parseVerificationCode(typed)).toBe(sent);
    expect(formatVerificationCode(sent)).toBe(compared);
  });

  it.each(['', '123', '12a4', '12345'])('refuses to parse %j', (typed) => {
    expect(() => parseVerificationCode(typed)).toThrow(RangeError);
  });

  it.each([10000, -1, 1.5, Number.NaN])('never formats %d as a 4-digit code', (n) => {
    expect(formatVerificationCode(n)).not.toMatch(/^\d{4}$/);
  });
});

// spec doc 1 §2 OTP step: a countdown m:ss starting at 1:00 (§4).
describe('formatCountdown', () => {
  it.each([
    [60, '1:00'],
    [59, '0:59'],
    [10, '0:10'],
    [5, '0:05'],
    [0, '0:00'],
    [-3, '0:00'],
    [125, '2:05'],
    [4.2, '0:05'],
  ])('%d → %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
