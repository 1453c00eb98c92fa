/**
 * One-time code rules (spec doc 1 §4 Sign-in, §5 'One-time code', §9).
 *
 * The rules live here once, as plain functions without zod, so the patient app's first screen (/login)
 * stays free of zod; verificationCodeInput and verificationCodeValue in '@careline/domain/auth/schemas'
 * (./schemas.ts) wrap them for the server.
 */

/** The one-time code has 4 digits (spec doc 1 §9). */
export const OTP_LENGTH = 4;

/** The resend countdown starts at 1:00 (spec doc 1 §4, §9). */
export const RESEND_COUNTDOWN_SECONDS = 60;

/** Code messages in the chat are staged at 220 and 260 ms (spec doc 1 §9). */
export const CODE_MESSAGE_STAGES_MS = [220, 260] as const;

export const verificationCodeTexts = {
  empty: 'Type verification code we sent you SMS',
  length: 'verification code should have 4 digits!',
} as const;

const fourDigits = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/**
 * Validates a typed one-time code, returning the spec's message or null when valid (spec doc 1 §5).
 * @param input - the code as typed
 */
export function validateVerificationCode(input: string): string | null {
  const value = input.trim();
  if (value === '') {
    return verificationCodeTexts.empty;
  }
  return fourDigits.test(value) ? null : verificationCodeTexts.length;
}

/**
 * Whether a number is a code the form can send: an integer of at most 4 digits, 0–9999 (spec doc 1
 * §5: the code is "sent as an integer", so '0123' arrives as 123). What completeAuthentication accepts.
 * @param n - the verificationCode integer received
 */
export function isVerificationCodeValue(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < 10 ** OTP_LENGTH;
}

/**
 * The code as the integer sent to completeAuthentication (spec doc 1 §5: "sent as an integer").
 * Leading zeros are lost ('0123' → 123); the server restores them with formatVerificationCode.
 * Throws a RangeError when the input does not pass validateVerificationCode.
 * @param input - a valid 4-digit code as typed
 */
export function parseVerificationCode(input: string): number {
  if (validateVerificationCode(input) !== null) {
    throw new RangeError('verification code should have 4 digits');
  }
  return Number.parseInt(input.trim(), 10);
}

/**
 * The integer code back as the 4-digit string the server compares against ('123' → '0123').
 * A value outside 0–9999 or not an integer is returned unpadded, so it never equals a 4-digit code.
 * @param n - the verificationCode integer received
 */
export function formatVerificationCode(n: number): string {
  if (!isVerificationCodeValue(n)) {
    return String(n);
  }
  return String(n).padStart(OTP_LENGTH, '0');
}

/**
 * The resend countdown as m:ss (spec doc 1 §2 OTP step: 60 → '1:00', 5 → '0:05').
 * @param seconds - seconds left; negatives show as 0:00, fractions round up
 */
export function formatCountdown(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}
