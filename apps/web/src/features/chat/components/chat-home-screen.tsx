import { Suspense, lazy, useEffect, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from 'urql';
import {
  ACCESS_DENIED_ROUTE,
  AUTH_OUTCOME_SUCCEEDED,
  SIGN_IN_LINK_PARAM,
  formatCountdown,
  isInvalidLinkMobile,
  normaliseMobileNo,
  parseSignInLinkPayload,
  parseVerificationCode,
  splitSignInLinkToken,
  validateMobileNo,
  validateVerificationCode,
} from '@careline/domain/auth';
import { agentChatOffered, agentChatPath, chatMenuButtons, chatServiceForPath } from '@careline/domain/chat-flow';
import { fallbackErrorText } from '@careline/domain/error-wire';
import { REQUEST_STATE, greetingText } from '@careline/domain/shell';
import { errorCodes } from '../../../lib/graphql';
import { useLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import {
  completeAuthenticationMutation,
  initiateAuthenticationMutation,
  initiateLinkAuthenticationMutation,
} from '../../../lib/sign-in/sign-in-documents.ts';
import { signInErrorText } from '../../../lib/sign-in/sign-in-errors.ts';
import { useAuthNotice } from '../../../lib/sign-in/use-auth-notice.ts';
import { useChatPacing } from '../hooks/use-chat-pacing.ts';
import { useKeepInView } from '../hooks/use-keep-in-view.ts';
import { useSecondsUntil } from '../../../lib/sign-in/use-seconds-until.ts';
import { chatReducer, initialChatState } from '../utils/chat-flow.ts';
import { linkDestination } from '../utils/link-destination.ts';
import { takeServerChat } from '../utils/server-chat.ts';
import { serverScreenReplacedEvent } from '../../../lib/server-screen/takeover-event.ts';
import type { ChatConsultations } from '../utils/chat-consultations.ts';
import { forgetChatMemory, readChatMemory, saveChatMemory } from '../utils/chat-memory.ts';
import type { ChatOrderUploads, ChatOrders } from '../utils/chat-orders.ts';
import { useChatGuide } from './chat-guide.tsx';
import { ChatMessages } from './chat-messages.tsx';
import { ChatRetry } from './chat-retry.tsx';
import './chat.css';
import { useTranslate, useTranslateText } from '@careline/i18n/react';

// The chat with hospital staff loads only when opened (issue 12 §3): the chat home stays a small first screen.
const AgentChat = lazy(() => import('../agent/agent-chat.tsx').then((module) => ({ default: module.AgentChat })));

const digitsOnly = (value: string) => value.replace(/\D/g, '');

export type ChatHomeScreenProps = {
  /**
   * The consultations' operations, composed in by app/ (features never import each other): with
   * them Book a Doctor and What is my upcoming run in the chat (issue 12 §2).
   */
  consultations?: ChatConsultations;
  /** The orders' operations and the prescription upload, composed in by app/: Online Pharmacy runs in the chat. */
  orders?: ChatOrders;
  orderUploads?: ChatOrderUploads;
  /**
   * The profiles' registration form, composed in by app/ (issue 12 §2: inline in the chat, not a jump
   * to another page); without it the registration step leads to /profiles/registration.
   */
  registration?: (slot: ChatRegistrationSlot) => ReactNode;
};

/**
 * What the chat gives the registration form: onCreated once the profile is made (the chat reads the
 * account again and carries on); onShown once the form is on screen (the chat keeps it in view under
 * its question and moves focus into it; the form never scrolls on its own).
 */
export type ChatRegistrationSlot = { onCreated: () => void; onShown: () => void };

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The chat home (/chat-home, /chat-home/{category}; spec doc 1 §2 Chat assistant, §4 Chat flow). */
export function ChatHomeScreen({ consultations, orders, orderUploads, registration }: ChatHomeScreenProps = {}) {
  const session = useSession();
  const { language } = useLanguage();
  const t = useTranslate();
  const tx = useTranslateText();
  const tenant = useTenant();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const pacing = useChatPacing(state.messages, state.stepSeq, state.shownSeq);
  const secondsLeft = useSecondsUntil(state.resendAt);
  const [mobileInput, setMobileInput] = useState('');
  const [mobileAttempted, setMobileAttempted] = useState(false);
  const [codeInput, setCodeInput] = useState('');
  const [codeAttempted, setCodeAttempted] = useState(false);
  const [, initiate] = useMutation(initiateAuthenticationMutation);
  const [, complete] = useMutation(completeAuthenticationMutation);
  const [, initiateLink] = useMutation(
    initiateLinkAuthenticationMutation,
  );
  const started = useRef(false);
  // The registration form inline: how often it came on screen (the stream keeps it in view, focus
  // moves into it), and whether it made the profile (focus then goes on to the next step's actions).
  const [registrationShown, setRegistrationShown] = useState(0);
  const [registered, setRegistered] = useState(false);
  const chatInputRef = useRef<HTMLInputElement>(null);
  const authNotice = useAuthNotice(state.step === 'mobile');
  const linkToken = searchParams.get(SIGN_IN_LINK_PARAM);
  const { pathname } = useLocation();
  const accountLoading = session.accessToken !== null && session.accountState === REQUEST_STATE.PENDING;
  const guide = useChatGuide({
    consultations,
    orders,
    uploads: orderUploads,
    flowStep: state.step === 'guided' ? state.flowStep : null,
    ready: pacing.buttonsReady,
    dispatch,
  });
  // The app composed guided steps in: a signed-in start goes to the upcoming check, and the
  // conversation is kept on the device (issue 12 §1, §2).
  const guidedChat = guide.enabled || guide.ordersEnabled;
  const atAgentChat = pathname.replace(/\/$/, '') === agentChatPath;

  // spec doc 1 §4 Link sign-in: /chat-home?access_token=<base64> (entry init-link-follow).
  async function followLink(token: string) {
    const split = splitSignInLinkToken(token);
    if (!split || !parseSignInLinkPayload(split.payload)) {
      await navigate(ACCESS_DENIED_ROUTE, { replace: true });
      return;
    }
    dispatch({ type: 'linkStarted', greeting: greetingText(new Date()) });
    const result = await initiateLink({ token, language });
    const answer = result.data?.initiateLinkAuthentication;
    const destination = answer ? linkDestination(answer.target) : null;
    if (result.error || !answer || destination === null) {
      await navigate(ACCESS_DENIED_ROUTE, { replace: true });
      return;
    }
    if (answer.alreadySignedIn) {
      await navigate(destination, { replace: true });
      return;
    }
    if (isInvalidLinkMobile(answer.target.mobileNo) || answer.id === null) {
      dispatch({ type: 'linkWithoutCode', destination });
      return;
    }
    dispatch({ type: 'linkCodeSent', challengeId: answer.id, mobileNo: answer.target.mobileNo, destination, now: Date.now() });
  }

  useEffect(() => {
    if (started.current || (linkToken === null && accountLoading)) {
      return;
    }
    started.current = true;
    if (linkToken !== null) {
      void followLink(linkToken);
      return;
    }
    const hasPatients = (session.account?.patientList.length ?? 0) > 0;
    const accountId = session.userProfileId;
    const storage = localStorageOrNull();
    // issue 33 §1: the welcome the server's page showed for this account, taken over as shown.
    const serverWelcome = takeServerChat();
    if (guidedChat && session.loggedIn && hasPatients && accountId !== null && storage !== null) {
      // issue 12 §2: the conversation survives a reload; only this account's, and only a shape this
      // version reads. A /chat-home/{category} path goes on from the upcoming check with its service.
      const memory = readChatMemory(storage, accountId, Date.now());
      const pathService = chatServiceForPath(pathname);
      const resumeStep = pathService !== null || atAgentChat ? null : (memory?.flowStep ?? null);
      // The server writes the welcome of a visit that goes on from the menu; a step in the middle of a
      // flow is the device's to resume (its screen then replaces the server's).
      const welcomeShown = serverWelcome !== null && pathService === null && !atAgentChat && (resumeStep === null || resumeStep === 'service-type-menu');
      if (memory !== null && memory.messages.length > 0 && guide.restore(memory.guide, resumeStep)) {
        if (orders && memory.messages.some((message) => message.link !== undefined)) {
          // An order's link in the conversation opens its screen without waiting for its texts.
          void orders.prepareOrderView().catch(() => undefined);
        }
        if (welcomeShown) {
          dispatch({ type: 'shownByServer', kept: memory.messages, welcome: serverWelcome });
          return;
        }
        // issue 29 §12: a visit that goes on from the menu is greeted and told its upcoming events again.
        dispatch({
          type: 'restored',
          messages: memory.messages,
          flowStep: resumeStep,
          check: pathService !== null,
          greeting: guide.enabled ? greetingText(new Date()) : undefined,
        });
        return;
      }
      forgetChatMemory(storage, accountId);
      if (welcomeShown) {
        dispatch({ type: 'shownByServer', kept: [], welcome: serverWelcome });
        return;
      }
    }
    dispatch({
      type: 'started',
      greeting: greetingText(new Date()),
      loggedIn: session.loggedIn,
      hasPatients,
      guided: guidedChat,
    });
    // followLink and the session are read once, when the chat starts.
  });

  async function onSendNow(event: FormEvent) {
    event.preventDefault();
    setMobileAttempted(true);
    // spec doc 1 §5: normalised to the 94 form with 11 digits before sending (the plain rule: /chat-home
    // is a first screen, and zod, in '@careline/domain/auth/schemas', stays off it)
    const mobileNo = normaliseMobileNo(mobileInput);
    if (mobileNo === null || state.pending !== null) {
      return;
    }
    dispatch({ type: 'mobileSubmitted', mobileNo });
    const result = await initiate({ username: mobileNo, language });
    if (result.error || !result.data) {
      dispatch({ type: 'codeSendFailed', text: result.error ? signInErrorText(result.error) : fallbackErrorText });
      return;
    }
    setMobileAttempted(false);
    setCodeInput('');
    setCodeAttempted(false);
    dispatch({ type: 'codeSent', challengeId: result.data.initiateAuthentication.id, now: Date.now() });
  }

  async function onVerifyNow(event: FormEvent) {
    event.preventDefault();
    setCodeAttempted(true);
    if (validateVerificationCode(codeInput) !== null || state.pending !== null || state.challengeId === null) {
      return;
    }
    const code = codeInput;
    dispatch({ type: 'codeSubmitted', code });
    setCodeInput('');
    setCodeAttempted(false);
    // spec doc 1 §5: the code is sent as an integer
    const result = await complete({ id: state.challengeId, verificationCode: parseVerificationCode(code) });
    if (result.error) {
      if (errorCodes(result.error).includes('ARO-E1015')) {
        dispatch({ type: 'codeRejected', detail: signInErrorText(result.error) });
      } else {
        dispatch({ type: 'verifyFailed', text: signInErrorText(result.error) });
      }
      return;
    }
    const answer = result.data?.completeAuthentication;
    // spec doc 1 §4: any outcome other than 'succeeded' is a failure
    if (!answer || answer.outcome !== AUTH_OUTCOME_SUCCEEDED || !answer.accessToken) {
      dispatch({ type: 'codeRejected' });
      return;
    }
    const account = await session.signIn(answer.accessToken);
    if (!account) {
      dispatch({ type: 'verifyFailed', text: fallbackErrorText });
      return;
    }
    if (state.linkDestination !== null) {
      await navigate(state.linkDestination, { replace: true });
      return;
    }
    dispatch({ type: 'signedIn', hasPatients: account.patientList.length > 0, guided: guidedChat });
  }

  async function onResend() {
    if (state.mobileNo === null || state.pending !== null) {
      return;
    }
    dispatch({ type: 'resendStarted' });
    const result = await initiate({ username: state.mobileNo, language });
    if (result.error || !result.data) {
      dispatch({ type: 'resendFailed', text: result.error ? signInErrorText(result.error) : fallbackErrorText });
      return;
    }
    dispatch({ type: 'codeResent', challengeId: result.data.initiateAuthentication.id, now: Date.now() });
  }

  // issue 12 §2 (spec doc 1 §4 Profile creation: reload the profile, then go on): the profile made
  // inline, the account is read again; a failed read says so with 'Try again', never back to the form.
  async function readAccountAfterRegistration() {
    const account = await session.refreshAccount().catch(() => null);
    if (account === null || account.patientList.length === 0) {
      dispatch({ type: 'accountRefreshFailed' });
      return;
    }
    dispatch({ type: 'registered', guided: guidedChat });
  }

  const registrationSlot: ChatRegistrationSlot = {
    onCreated: () => {
      setRegistered(true);
      dispatch({ type: 'profileCreated' });
      void readAccountAfterRegistration();
    },
    onShown: () => setRegistrationShown((count) => count + 1),
  };

  useEffect(() => {
    if (registrationShown > 0) {
      // Focus only: the stream decides what is in view (useKeepInView below).
      actionsRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
    }
  }, [registrationShown]);

  // spec doc 1 §4: signed in, the flow starts at the upcoming check (or a path's service), once per entry.
  const checkedAt = useRef<number | null>(null);
  useEffect(() => {
    if (state.step !== 'checking' || checkedAt.current === state.stepSeq) {
      return;
    }
    checkedAt.current = state.stepSeq;
    guide.start(chatServiceForPath(pathname));
  });

  // issue 12 §2: the conversation is kept on the device for this account (cleared on sign-out with
  // the rest of the stored session: its key starts with 'careline.').
  const accountId = session.userProfileId;
  const keptStep = state.step === 'menu' || state.step === 'guided' ? state.step : null;
  const keptFlowStep = state.step === 'guided' ? state.flowStep : null;
  useEffect(() => {
    const storage = localStorageOrNull();
    if (!guidedChat || !session.loggedIn || accountId === null || keptStep === null || storage === null) {
      return;
    }
    saveChatMemory(storage, { accountId, savedAt: Date.now(), messages: state.messages, flowStep: keptFlowStep, guide: guide.data });
  }, [guidedChat, session.loggedIn, accountId, keptStep, keptFlowStep, state.messages, guide.data]);

  const inputsReady = pacing.shownCount >= state.messages.length;
  // issue 12 §3: /chat-home/agent-chat opens the chat with hospital staff once signed in, only where the tenant offers it.
  const agentChatShown =
    atAgentChat && agentChatOffered(tenant.features) && session.loggedIn && state.step === 'menu' && pacing.buttonsReady;
  const mobileMessage = mobileAttempted ? validateMobileNo(mobileInput) : null;
  const codeMessage = codeAttempted ? validateVerificationCode(codeInput) : null;
  const showMobileInput = state.step === 'mobile' && inputsReady && state.pending === null;
  const showCodeInput = state.step === 'otp' && inputsReady && (state.pending === null || state.pending === 'resend');
  // Which input is on screen, and since which step entry: each time one appears, focus moves into it.
  const inputShown = showMobileInput ? `mobile-${state.stepSeq}` : showCodeInput ? `otp-${state.stepSeq}` : null;

  useEffect(() => {
    if (inputShown !== null) {
      // The scroll that keeps the actions in view follows; focusing must not jump on its own.
      chatInputRef.current?.focus({ preventScroll: true });
    }
  }, [inputShown]);

  // issue 6 §4.2, issue 12 §2: whenever a message, the typing dots or the actions change, the newest
  // message and the actions under it are scrolled into view, clear of the bottom bar (useKeepInView,
  // the chat's one scroll owner).
  const actionsRef = useRef<HTMLElement>(null);
  const screenRef = useRef<HTMLDivElement>(null);
  // issue 33 §1: the app's screen rendered out of sight behind the server's, so it scrolls once shown.
  const [takenOver, setTakenOver] = useState(0);
  useEffect(() => {
    const replaced = () => setTakenOver((count) => count + 1);
    window.addEventListener(serverScreenReplacedEvent, replaced);
    return () => window.removeEventListener(serverScreenReplacedEvent, replaced);
  }, []);
  const shownActions = [
    takenOver,
    pacing.shownCount,
    pacing.typing,
    state.step,
    state.stepSeq,
    state.pending,
    pacing.buttonsReady,
    inputShown,
    mobileMessage,
    codeMessage,
    authNotice,
    registrationShown,
    guide.viewKey,
  ].join('|');
  // A widget too tall for both (the registration form) starts under its question.
  useKeepInView(actionsRef, shownActions, () => screenRef.current?.querySelector<HTMLElement>('.chat-messages > :last-child') ?? null);

  // issue 12 §2: a tapped button goes away with its step; once the next step's actions show, keyboard
  // and screen-reader users continue from the first of them instead of from the top of the page.
  const guidedActionsShown = (state.step === 'guided' || state.step === 'menu') && pacing.buttonsReady ? state.stepSeq : null;
  const tappedBefore = state.messages.some((message) => message.author === 'patient');
  useEffect(() => {
    if (guidedActionsShown === null || (!tappedBefore && !registered)) {
      return;
    }
    const focused = document.activeElement;
    if (focused === null || focused === document.body) {
      actionsRef.current?.querySelector<HTMLElement>('input, button:not([disabled])')?.focus({ preventScroll: true });
    }
  }, [guidedActionsShown, tappedBefore, registered]);

  return (
    <div ref={screenRef} className="chat-screen">
      {/* issue 6 §4.10: the shell's header already shows the logo; a second one here repeated it. */}
      <h1 className="visually-hidden">{t('chat.heading')}</h1>

      <ChatMessages messages={state.messages.slice(0, pacing.shownCount)} typing={pacing.typing} />

      {authNotice !== null ? (
        // spec doc 1 §8: why the last session ended (ARO-E1022, ARO-E1023, ARO-E1024)
        <p className="chat-error chat-session-notice" role="alert">
          {tx(authNotice)}
        </p>
      ) : null}

      {agentChatShown ? (
        <Suspense fallback={<span className="chat-spinner" role="status" aria-label={t('chat.loading')} />}>
          <AgentChat onBackToMenu={() => void navigate('/chat-home')} />
        </Suspense>
      ) : null}

      <section ref={actionsRef} className="chat-suggestions" aria-label={t('chat.suggestions')}>
        {state.step === 'starting' ||
        state.step === 'link-check' ||
        state.step === 'checking' ||
        state.pending === 'send' ||
        state.pending === 'verify' ||
        state.pending === 'refresh' ||
        guide.busy ? (
          <span className="chat-spinner" role="status" aria-label={t('chat.loading')} />
        ) : null}

        {showMobileInput ? (
          <form className="chat-input-row" noValidate onSubmit={(event) => void onSendNow(event)}>
            <input
              ref={chatInputRef}
              className="chat-input"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              aria-label={t('auth.mobileLabel')}
              placeholder={t('auth.mobilePlaceholder')}
              value={mobileInput}
              aria-invalid={mobileMessage !== null}
              aria-describedby="chat-mobile-error"
              onChange={(event) => setMobileInput(digitsOnly(event.target.value))}
            />
            <button className="chat-button" type="submit">
              {t('auth.sendNow')}
            </button>
            <p id="chat-mobile-error" className="chat-error" role="alert">
              {tx(mobileMessage ?? '')}
            </p>
          </form>
        ) : null}

        {showCodeInput ? (
          <form className="chat-input-row" noValidate onSubmit={(event) => void onVerifyNow(event)}>
            <input
              ref={chatInputRef}
              className="chat-input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label={t('auth.codeLabel')}
              placeholder={t('auth.codePlaceholder')}
              value={codeInput}
              aria-invalid={codeMessage !== null}
              aria-describedby="chat-code-error"
              onChange={(event) => setCodeInput(digitsOnly(event.target.value))}
            />
            <button className="chat-button" type="submit" disabled={state.pending !== null}>
              {t('auth.verifyNow')}
            </button>
            <p id="chat-code-error" className="chat-error" role="alert">
              {tx(codeMessage ?? '')}
            </p>
            <button
              className="chat-button chat-button-secondary"
              type="button"
              disabled={state.pending !== null || secondsLeft > 0}
              aria-busy={state.pending === 'resend'}
              onClick={() => void onResend()}
            >
              {t('auth.resendOtp')}
              {secondsLeft > 0 ? <span className="chat-countdown"> {formatCountdown(secondsLeft)}</span> : null}
            </button>
            {/* issue 6 §4.6: as on /login, the number can be changed at the code step */}
            <button
              className="chat-button chat-button-secondary"
              type="button"
              disabled={state.pending !== null}
              onClick={() => {
                setCodeInput('');
                setCodeAttempted(false);
                dispatch({ type: 'changeNumber' });
              }}
            >
              {t('auth.changeNumber')}
            </button>
          </form>
        ) : null}

        {state.step === 'registration' && pacing.buttonsReady && registration ? (
          <Suspense fallback={<span className="chat-spinner" role="status" aria-label={t('chat.loading')} />}>
            {registration(registrationSlot)}
          </Suspense>
        ) : null}

        {state.step === 'registered' && state.pending === null && pacing.buttonsReady ? (
          <ChatRetry
            onRetry={() => {
              dispatch({ type: 'accountRefreshRetried' });
              void readAccountAfterRegistration();
            }}
          />
        ) : null}

        {state.step === 'registration' && pacing.buttonsReady && !registration ? (
          <div className="chat-buttons">
            <button
              className="chat-button"
              type="button"
              onClick={() => void navigate(`/profiles/registration?${new URLSearchParams({ back: '/chat-home' }).toString()}`)}
            >
              {t('profiles.addNewProfile')}
            </button>
          </div>
        ) : null}

        {state.step === 'menu' && pacing.buttonsReady && !agentChatShown ? (
          <div className="chat-buttons">
            {chatMenuButtons(tenant.features, session.loggedIn, guide.enabled, guide.ordersEnabled).map((button) => (
              <button
                key={button.label}
                className="chat-button chat-button-secondary"
                type="button"
                disabled={guide.busy}
                onClick={() => {
                  switch (button.kind) {
                    case 'route':
                      void navigate(button.to);
                      break;
                    case 'flow':
                      guide.chooseFromMenu(button.on, button.label);
                      break;
                    case 'reply':
                      dispatch({ type: 'menuReply', choice: button.label, reply: button.reply });
                      break;
                  }
                }}
              >
                {tx(button.label)}
              </button>
            ))}
          </div>
        ) : null}

        {(state.step === 'guided' || state.step === 'menu') && pacing.buttonsReady ? guide.retry : null}

        {state.step === 'guided' ? guide.widget : null}
      </section>

      <footer className="chat-footer">
        {tenant.branding.hospitalName} · v{tenant.appVersion}
      </footer>
    </div>
  );
}
