// Zod-free on purpose: the patient app's first screen imports this subpath. The zod schemas of the
// same rules are in '@careline/domain/auth/schemas' (./schemas.ts).
export {
  validateMobileNo,
  normaliseMobileNo,
  printedMobileNo,
  isLoggedIn,
  digitsOnly,
  mobileNoTexts,
  MOBILE_NO_LENGTHS,
} from './mobile-number.ts';
export {
  validateVerificationCode,
  parseVerificationCode,
  isVerificationCodeValue,
  formatVerificationCode,
  formatCountdown,
  verificationCodeTexts,
  OTP_LENGTH,
  RESEND_COUNTDOWN_SECONDS,
  CODE_MESSAGE_STAGES_MS,
} from './verification-code.ts';
export {
  type SignInLinkTarget,
  formatSignInLinkPayload,
  canFormatSignInLink,
  parseSignInLinkPayload,
  joinSignInLinkToken,
  splitSignInLinkToken,
  signInLinkPath,
  signInLinkDestination,
  isInvalidLinkMobile,
  INVALID_LINK_MOBILE,
  ORDER_LINK_PREFIX,
  SIGN_IN_LINK_ROUTE,
  SIGN_IN_LINK_PARAM,
} from './sign-in-link.ts';
export { encodeBase64, decodeBase64, encodeBase64Url } from './base64.ts';
export { authTexts, ACCESS_DENIED_ROUTE, AUTH_OUTCOME_SUCCEEDED } from './texts.ts';
export {
  CODE_USED_UP_ERROR,
  NUMBER_LOCKED_ERROR,
  localTimeInWords,
  localiseSignInText,
} from './lockout.ts';
