import { useCallback, useEffect, useReducer, useRef, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from 'urql';
import {
  AUTH_OUTCOME_SUCCEEDED,
  CODE_USED_UP_ERROR,
  formatCountdown,
  normaliseMobileNo,
  parseVerificationCode,
  validateVerificationCode,
} from '@careline/domain/auth';
import { fallbackErrorText } from '@careline/domain/error-wire';
import { errorCodes } from '../../../lib/graphql';
import { useLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import {
  completeAuthenticationMutation,
  initiateAuthenticationMutation,
} from '../../../lib/sign-in/sign-in-documents.ts';
import { signInErrorText } from '../../../lib/sign-in/sign-in-errors.ts';
import { useAuthNotice } from '../../../lib/sign-in/use-auth-notice.ts';
import { useSecondsUntil } from '../../../lib/sign-in/use-seconds-until.ts';
import {
  forgetServerSignInForm,
  hasServerSignIn,
  serverSignInForm,
  takeServerSignIn,
} from '../../../lib/sign-in/server-sign-in.ts';
import { REQUEST_TYPE_PARAM, afterSignInPath } from '../utils/after-sign-in-path.ts';
import { codeError, digitsOnly, initialLoginState, loginReducer, mobileError, type LoginState } from '../utils/login-state.ts';
import './auth.css';
import { useTranslate, useTranslateText } from '@careline/i18n/react';

// issue 33 §2: the number typed into the server's form before the app ran is the screen's first value.
function initialState(): LoginState {
  const typed = serverSignInForm();
  return typed ? { ...initialLoginState, mobileInput: digitsOnly(typed.mobileInput) } : initialLoginState;
}

/** The /login screen: mobile number, then the SMS code (spec doc 1 §2, §4 'Sign-in', §5). */
export function LoginScreen() {
  const [state, dispatch] = useReducer(loginReducer, undefined, initialState);
  const [, initiate] = useMutation(
    initiateAuthenticationMutation,
  );
  const [, complete] = useMutation(
    completeAuthenticationMutation,
  );
  const session = useSession();
  const { language } = useLanguage();
  const t = useTranslate();
  const translateText = useTranslateText();
  // No message, no lookup: an unknown text (the empty one included) is tried against every template
  // of the catalogue, a regular expression each, which cost the first render a long task.
  const tx = (text: string | null): string => (text ? translateText(text) : '');
  const tenant = useTenant();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const secondsLeft = useSecondsUntil(state.resendAt);
  const authNotice = useAuthNotice(state.step === 'mobile');
  const codeInputRef = useRef<HTMLInputElement>(null);
  const mobileInputRef = useRef<HTMLInputElement>(null);

  // The server's form is gone now: its focus moves to the screen's own field.
  useEffect(() => {
    if (serverSignInForm()?.focused) {
      mobileInputRef.current?.focus();
    }
    forgetServerSignInForm();
  }, []);

  const finishSignIn = useCallback(
    async (accessToken: string) => {
      const account = await session.signIn(accessToken);
      if (!account) {
        dispatch({ type: 'requestFailed', text: fallbackErrorText });
        return;
      }
      await navigate(
        afterSignInPath({
          patientCount: account.patientList.length,
          requestType: searchParams.get(REQUEST_TYPE_PARAM),
          uxFlow: tenant.uxFlow,
        }),
        { replace: true },
      );
    },
    [session, navigate, searchParams, tenant.uxFlow],
  );

  // issue 33 §2: a sign-in the server's plain form finished before the app ran is finished here, as
  // one made on this screen (the token waits in an HttpOnly cookie, taken once). Looked for on the
  // first run only: finishSignIn changes with the session and the address, and the flag cookie stays
  // until the server's answer clears it, so a later run would finish the same sign-in again.
  const serverSignInLookedFor = useRef(false);
  useEffect(() => {
    if (serverSignInLookedFor.current) {
      return;
    }
    serverSignInLookedFor.current = true;
    if (!hasServerSignIn()) {
      return;
    }
    void takeServerSignIn().then((token) => (token ? finishSignIn(token) : undefined));
  }, [finishSignIn]);

  // The mobile form is replaced by the code form: move focus to the code input, not the page top.
  useEffect(() => {
    if (state.step === 'code') {
      codeInputRef.current?.focus();
    }
  }, [state.step]);

  async function requestCode(mobileNo: string, kind: 'send' | 'resend') {
    dispatch({ type: kind === 'send' ? 'sendStarted' : 'resendStarted' });
    const result = await initiate({ username: mobileNo, language });
    if (result.error || !result.data) {
      dispatch({ type: 'requestFailed', text: result.error ? signInErrorText(result.error) : fallbackErrorText });
      return;
    }
    const challengeId = result.data.initiateAuthentication.id;
    dispatch(
      kind === 'send'
        ? { type: 'codeSent', challengeId, mobileNo, now: Date.now() }
        : { type: 'codeResent', challengeId, now: Date.now() },
    );
  }

  async function onSendNow(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: 'mobileSubmitted' });
    // spec doc 1 §5: normalised to the 94 form with 11 digits before sending. The plain rule, not the
    // zod schema of '@careline/domain/auth/schemas': zod stays off the first screen (issue 7).
    const mobileNo = normaliseMobileNo(state.mobileInput);
    if (mobileNo !== null && state.pending === null) {
      await requestCode(mobileNo, 'send');
    }
  }

  async function onVerifyNow(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: 'codeSubmitted' });
    if (validateVerificationCode(state.codeInput) !== null || state.pending !== null || !state.challengeId) {
      return;
    }
    dispatch({ type: 'verifyStarted' });
    const result = await complete({
      id: state.challengeId,
      // spec doc 1 §5: the code is sent as an integer
      verificationCode: parseVerificationCode(state.codeInput),
    });
    if (result.error) {
      // spec doc 1 §4, §8: ARO-E1015 is a wrong code, shown with the server's own text
      // ('Invalid verification code'); a used-up code says to ask for a new one (issue 6 §4.4);
      // any other error (a locked number: until when) shows its text
      const codes = errorCodes(result.error);
      const text = signInErrorText(result.error);
      dispatch(
        codes.includes('ARO-E1015')
          ? { type: 'codeRejected', detail: text }
          : codes.includes(CODE_USED_UP_ERROR)
            ? { type: 'codeUsedUp', text }
            : { type: 'requestFailed', text },
      );
      return;
    }
    const answer = result.data?.completeAuthentication;
    // spec doc 1 §4: any outcome other than 'succeeded' is a failure
    if (!answer || answer.outcome !== AUTH_OUTCOME_SUCCEEDED || !answer.accessToken) {
      dispatch({ type: 'codeRejected' });
      return;
    }
    await finishSignIn(answer.accessToken);
  }

  const mobileMessage = mobileError(state);
  const codeMessage = codeError(state);

  return (
    <div className="auth-screen">
      {/* issue 6 §4.10: the shell's header already shows the logo; a second one here repeated it. */}
      <h1 className="auth-heading">{t('auth.heading')}</h1>
      {authNotice !== null ? (
        // spec doc 1 §8: why the last session ended (ARO-E1022, ARO-E1023, ARO-E1024)
        <p className="auth-error auth-session-notice" role="alert">
          {tx(authNotice)}
        </p>
      ) : null}
      {state.step === 'mobile' ? (
        <form className="auth-form" noValidate onSubmit={(event) => void onSendNow(event)}>
          <label className="auth-label" htmlFor="login-mobile">
            {t('auth.mobileLabel')}
          </label>
          <input
            id="login-mobile"
            ref={mobileInputRef}
            className="auth-input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t('auth.mobilePlaceholder')}
            value={state.mobileInput}
            aria-invalid={mobileMessage !== null}
            aria-describedby="login-mobile-error"
            onChange={(event) => dispatch({ type: 'mobileTyped', value: event.target.value })}
          />
          <p id="login-mobile-error" className="auth-error" role="alert" aria-live="assertive">
            {tx(mobileMessage ?? state.serverError)}
          </p>
          <button className="auth-button" type="submit" disabled={state.pending !== null} aria-busy={state.pending === 'send'}>
            {state.pending === 'send' ? <span className="auth-spinner" aria-hidden="true" /> : null}
            {t('auth.sendNow')}
          </button>
        </form>
      ) : (
        <form className="auth-form" noValidate onSubmit={(event) => void onVerifyNow(event)}>
          <p className="auth-sent-to">
            +{state.mobileNo}{' '}
            <button
              type="button"
              className="auth-link-button"
              disabled={state.pending !== null}
              onClick={() => dispatch({ type: 'changeNumber' })}
            >
              {t('auth.changeNumber')}
            </button>
          </p>
          <label className="auth-label" htmlFor="login-code">
            {t('auth.codeLabel')}
          </label>
          <input
            id="login-code"
            ref={codeInputRef}
            className="auth-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('auth.codePlaceholder')}
            value={state.codeInput}
            aria-invalid={codeMessage !== null}
            aria-describedby="login-code-error login-sms-delay"
            onChange={(event) => dispatch({ type: 'codeTyped', value: event.target.value })}
          />
          <p id="login-code-error" className="auth-error" role="alert" aria-live="assertive">
            {codeMessage === null && state.serverError !== null && state.serverDetail !== null ? (
              // Two lines: the wrong-code text, then the server's text (spec doc 1 §4, §8)
              <>
                <span className="auth-error-line">{tx(state.serverError)}</span>
                <span className="auth-error-line">{tx(state.serverDetail)}</span>
              </>
            ) : (
              tx(codeMessage ?? state.serverError)
            )}
          </p>
          <p className="auth-notice" role="status" aria-live="polite">
            {tx(state.notice)}
          </p>
          <button
            className="auth-button"
            type="submit"
            disabled={state.pending !== null}
            aria-busy={state.pending === 'verify'}
          >
            {state.pending === 'verify' ? <span className="auth-spinner" aria-hidden="true" /> : null}
            {t('auth.verifyNow')}
          </button>
          <button
            className="auth-button auth-button-secondary"
            type="button"
            disabled={state.pending !== null || secondsLeft > 0 || state.mobileNo === null}
            aria-busy={state.pending === 'resend'}
            onClick={() => {
              if (state.mobileNo !== null) {
                void requestCode(state.mobileNo, 'resend');
              }
            }}
          >
            {state.pending === 'resend' ? <span className="auth-spinner" aria-hidden="true" /> : null}
            {t('auth.resendOtp')}
            {secondsLeft > 0 ? <span className="auth-countdown"> {formatCountdown(secondsLeft)}</span> : null}
          </button>
          <p id="login-sms-delay" className="auth-hint">
            {t('auth.smsDelay')}
          </p>
        </form>
      )}
    </div>
  );
}
