/**
 * The sign-in input rules as zod schemas (issue 7 §5), for the server's resolvers and any form that
 * already carries zod: '@careline/domain/auth/schemas'. Each schema wraps the plain rule in
 * ./mobile-number.ts or ./verification-code.ts, so a rule lives once and the spec's messages come from
 * there. Only this module imports zod: '@careline/domain/auth' stays free of it, which keeps zod out of
 * the patient app's first screen (/login, issue 7: "must not grow by a byte"; guarded by
 * apps/web/build/first-screen-imports.test.ts).
 */
import { z } from 'zod';
import { normaliseMobileNo, validateMobileNo, mobileNoTexts } from './mobile-number.ts';
import {
  isVerificationCodeValue,
  parseVerificationCode,
  validateVerificationCode,
  verificationCodeTexts,
} from './verification-code.ts';

/**
 * A mobile number as typed (spec doc 1 §5, §9), parsed to the 94-prefixed 11-digit form sent to the
 * server; an invalid one fails with the spec's message (validateMobileNo, normaliseMobileNo).
 */
export const mobileNoInput = z.string().transform((typed, ctx) => {
  const mobileNo = normaliseMobileNo(typed);
  if (mobileNo === null) {
    ctx.addIssue({ code: 'custom', message: validateMobileNo(typed) ?? mobileNoTexts.invalid, input: typed });
    return z.NEVER;
  }
  return mobileNo;
});

/**
 * A one-time code as typed (spec doc 1 §5), parsed to the integer completeAuthentication takes
 * ("sent as an integer": '0123' → 123); an invalid one fails with the spec's message
 * (validateVerificationCode, parseVerificationCode).
 */
export const verificationCodeInput = z.string().transform((typed, ctx) => {
  const message = validateVerificationCode(typed);
  if (message !== null) {
    ctx.addIssue({ code: 'custom', message, input: typed });
    return z.NEVER;
  }
  return parseVerificationCode(typed);
});

/**
 * The code completeAuthentication receives: the integer of 4 digits the form sends (0–9999,
 * isVerificationCodeValue). The server's side of verificationCodeInput.
 */
export const verificationCodeValue = z
  .number()
  .refine(isVerificationCodeValue, { message: verificationCodeTexts.length });
