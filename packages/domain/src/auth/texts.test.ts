import { expect, it } from 'vitest';
import { authTexts } from './texts.ts';

// spec doc 1 §2 chat step details, §4 Sign-in, §8 other messages.
it.each([
  ['mobilePlaceholder', 'Type your mobile number here'],
  ['sendNow', 'Send now'],
  ['codePlaceholder', 'Type verification code'],
  ['verifyNow', 'Verify now'],
  ['resendOtp', 'Resend OTP'],
  ['otpResent', 'OTP Resent'],
  ['wrongCode', 'that is not the code I sent you'],
  ['smsDelay', 'There may be SMS delays. Please wait and check again your SMS'],
] as const)('authTexts.%s is %j', (key, text) => {
  expect(authTexts[key]).toBe(text);
});
