/** Sign-in texts, copied character for character (spec doc 1 §2 chat step details, §4, §8). */
export const authTexts = {
  mobilePlaceholder: 'Type your mobile number here',
  sendNow: 'Send now',
  codePlaceholder: 'Type verification code',
  verifyNow: 'Verify now',
  resendOtp: 'Resend OTP',
  otpResent: 'OTP Resent',
  wrongCode: 'that is not the code I sent you',
  smsDelay: 'There may be SMS delays. Please wait and check again your SMS',
} as const;

/** The path a failed link sign-in goes to (spec doc 1 §2, §4). */
export const ACCESS_DENIED_ROUTE = '/accessDenied';

/** The completeAuthentication outcome that means success; any other is a failure (spec doc 1 §4). */
export const AUTH_OUTCOME_SUCCEEDED = 'succeeded';
