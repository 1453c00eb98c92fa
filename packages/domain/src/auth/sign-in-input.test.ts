import { describe, expect, it } from 'vitest';
import { mobileNoTexts } from './mobile-number.ts';
import { mobileNoInput, verificationCodeInput, verificationCodeValue } from './schemas.ts';
import { verificationCodeTexts } from './verification-code.ts';

// The zod schemas the sign-in forms and the server share (issue 7 §5), with the spec's values
// (spec doc 1 §5 'Mobile number', 'One-time code'; §9).
function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? '');
}

describe('mobileNoInput', () => {
  it.each([
    ['', mobileNoTexts.empty],
    ['  ', mobileNoTexts.empty],
    ['0112345678', mobileNoTexts.invalid],
    ['077123456a', mobileNoTexts.invalid],
    ['9477123456', mobileNoTexts.with94],
    ['077123456', mobileNoTexts.with0],
    ['77123456', mobileNoTexts.plain],
    ['+94771234567', mobileNoTexts.plain],
  ])('%j fails with %j', (typed, message) => {
    expect(firstMessage(mobileNoInput.safeParse(typed))).toBe(message);
  });

  it.each([
    ['0771234567', '94771234567'],
    ['771234567', '94771234567'],
    ['94771234567', '94771234567'],
    [' 0711234567\n', '94711234567'],
  ])('%j parses to %j (the 94 form the server receives)', (typed, mobileNo) => {
    expect(mobileNoInput.parse(typed)).toBe(mobileNo);
  });

  it('refuses what is not text (a client that skips the form)', () => {
    expect(mobileNoInput.safeParse(771234567).success).toBe(false);
  });
});

describe('verificationCodeInput', () => {
  it.each([
    ['', verificationCodeTexts.empty],
    ['   ', verificationCodeTexts.empty],
    ['123', verificationCodeTexts.length],
    ['12345', verificationCodeTexts.length],
    ['12a4', verificationCodeTexts.length],
  ])('%j fails with %j', (typed, message) => {
    expect(firstMessage(verificationCodeInput.safeParse(typed))).toBe(message);
  });

  it.each([
    ['1234', 1234],
    ['0123', 123],
    [' 0007 ', 7],
  ])('%j parses to the integer %d (spec doc 1 §5: sent as an integer)', (typed, code) => {
    expect(verificationCodeInput.parse(typed)).toBe(code);
  });
});

describe('verificationCodeValue (the server side of the same rule)', () => {
  it.each([0, 123, 9999])('accepts %d', (code) => {
    expect(verificationCodeValue.safeParse(code).success).toBe(true);
  });

  it.each([-1, 10000, 1.5, Number.NaN])('refuses %d, which no 4-digit code gives', (code) => {
    expect(verificationCodeValue.safeParse(code).success).toBe(false);
  });

  it('accepts exactly what the form sends', () => {
    for (const typed of ['0000', '0123', '9999']) {
      expect(verificationCodeValue.safeParse(verificationCodeInput.parse(typed)).success).toBe(true);
    }
  });
});
