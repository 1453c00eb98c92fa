/**
 * The /login screen's sign-in steps as a pure reducer (spec doc 1 §4 'Sign-in', §5, §9).
 * Validation messages appear after the first submit attempt of a step and then follow the input live.
 */
import {
  RESEND_COUNTDOWN_SECONDS,
  authTexts,
  digitsOnly,
  validateMobileNo,
  validateVerificationCode,
} from '@careline/domain/auth';

export type LoginStep = 'mobile' | 'code';
export type LoginPending = 'send' | 'verify' | 'resend' | null;

export type LoginState = {
  step: LoginStep;
  mobileInput: string;
  mobileAttempted: boolean;
  /** The number as sent to the server (94 + 9 digits). */
  mobileNo: string | null;
  challengeId: string | null;
  codeInput: string;
  codeAttempted: boolean;
  pending: LoginPending;
  /** A server answer to show: the text after the colon, or the wrong-code text. */
  serverError: string | null;
  /** The server's own text shown under the wrong-code line (ARO-E1015 'Invalid verification code'). */
  serverDetail: string | null;
  /** 'OTP Resent' after a successful resend. */
  notice: string | null;
  /** When (epoch ms) the resend button unlocks. */
  resendAt: number | null;
};

export type LoginAction =
  | { type: 'mobileTyped'; value: string }
  | { type: 'mobileSubmitted' }
  | { type: 'sendStarted' }
  | { type: 'codeSent'; challengeId: string; mobileNo: string; now: number }
  | { type: 'requestFailed'; text: string }
  | { type: 'codeTyped'; value: string }
  | { type: 'codeSubmitted' }
  | { type: 'verifyStarted' }
  | { type: 'codeRejected'; detail?: string }
  | { type: 'codeUsedUp'; text: string }
  | { type: 'resendStarted' }
  | { type: 'codeResent'; challengeId: string; now: number }
  | { type: 'changeNumber' };

export const initialLoginState: LoginState = {
  step: 'mobile',
  mobileInput: '',
  mobileAttempted: false,
  mobileNo: null,
  challengeId: null,
  codeInput: '',
  codeAttempted: false,
  pending: null,
  serverError: null,
  serverDetail: null,
  notice: null,
  resendAt: null,
};

export { digitsOnly };

/**
 * The next login state.
 * @param state - current state
 * @param action - what happened
 */
export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'mobileTyped':
      return { ...state, mobileInput: digitsOnly(action.value), serverError: null, serverDetail: null };
    case 'mobileSubmitted':
      return { ...state, mobileAttempted: true };
    case 'sendStarted':
      return { ...state, pending: 'send', serverError: null, serverDetail: null, notice: null };
    case 'codeSent':
      return {
        ...state,
        step: 'code',
        mobileNo: action.mobileNo,
        challengeId: action.challengeId,
        codeInput: '',
        codeAttempted: false,
        pending: null,
        serverError: null,
        serverDetail: null,
        notice: null,
        // spec doc 1 §4: the resend button is disabled during a countdown that starts at 1:00
        resendAt: action.now + RESEND_COUNTDOWN_SECONDS * 1000,
      };
    case 'requestFailed':
      return { ...state, pending: null, serverError: action.text, serverDetail: null, notice: null };
    case 'codeTyped':
      return { ...state, codeInput: digitsOnly(action.value), serverError: null, serverDetail: null };
    case 'codeSubmitted':
      return { ...state, codeAttempted: true };
    case 'verifyStarted':
      return { ...state, pending: 'verify', serverError: null, serverDetail: null, notice: null };
    case 'codeRejected':
      // spec doc 1 §4: a wrong code shows 'that is not the code I sent you' and restarts verification
      return {
        ...state,
        pending: null,
        codeInput: '',
        codeAttempted: false,
        serverError: authTexts.wrongCode,
        // spec doc 1 §8: the server's text (ARO-E1015) is shown with the wrong-code line
        serverDetail: action.detail ?? null,
        notice: null,
      };
    case 'codeUsedUp':
      // issue 6 §4.4: the code's tries are used up; the text says to ask for a new one, and the
      // resend button does that (the server keeps the 1-minute spacing, so does its countdown)
      return {
        ...state,
        pending: null,
        codeInput: '',
        codeAttempted: false,
        serverError: action.text,
        serverDetail: null,
        notice: null,
      };
    case 'resendStarted':
      return { ...state, pending: 'resend', serverError: null, serverDetail: null, notice: null };
    case 'codeResent':
      return {
        ...state,
        challengeId: action.challengeId,
        pending: null,
        codeInput: '',
        codeAttempted: false,
        notice: authTexts.otpResent,
        resendAt: action.now + RESEND_COUNTDOWN_SECONDS * 1000,
      };
    case 'changeNumber':
      return { ...initialLoginState, mobileInput: state.mobileInput };
  }
}

/**
 * The mobile number message to show, if any (spec doc 1 §5 'Mobile number').
 * @param state - current state
 */
export function mobileError(state: LoginState): string | null {
  return state.mobileAttempted ? validateMobileNo(state.mobileInput) : null;
}

/**
 * The verification code message to show, if any (spec doc 1 §5 'One-time code').
 * @param state - current state
 */
export function codeError(state: LoginState): string | null {
  return state.codeAttempted ? validateVerificationCode(state.codeInput) : null;
}
