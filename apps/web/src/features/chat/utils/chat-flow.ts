/**
 * The chat home's flow (spec doc 1 §2 Chat assistant, §4 'Sign-in' and 'Chat flow') as a pure
 * reducer: greeting, then the mobile number, OTP and registration steps when needed, then the
 * service-type menu. A wrong code loops back to verification; an OTP send or verification failure
 * shows a failure event and returns to the OTP-error state (spec doc 1 §8). Link sign-in
 * (init-link-follow) enters at the OTP step once the server has sent the code.
 */
import { RESEND_COUNTDOWN_SECONDS, authTexts } from '@careline/domain/auth';
import { CHAT_TEXTS, type ChatAppointmentCard, type ChatLineRole, type ChatStepId } from '@careline/domain/chat-flow';

/**
 * 'registered': the registration form inline in the chat made the profile, and the account is read
 * again (pending 'refresh') before the chat goes on; a failed read says so with 'Try again' (issue 12 §2).
 * 'guided': a step of the domain's step graph after the menu (flowStep says which; issue 12 §2).
 * 'checking': signed in, the upcoming check (or a /chat-home/{category} start) is being asked for
 * before the menu (spec doc 1 §4: the flow starts at the upcoming check).
 */
export type ChatStep =
  | 'starting'
  | 'link-check'
  | 'mobile'
  | 'otp'
  | 'registration'
  | 'registered'
  | 'checking'
  | 'menu'
  | 'guided';
export type ChatPending = 'send' | 'verify' | 'resend' | 'link' | 'refresh' | null;
export type ChatAuthor = 'assistant' | 'patient' | 'event';

/** An appointment the stream shows (the domain's, the one the server-written /chat-home writes too). */
export type { ChatAppointmentCard };

/**
 * A file the patient uploaded, in the stream (spec doc 1 §2 message kinds: patient-uploaded images
 * with a description): an image is shown as an image, read from the blob service at path; a PDF is
 * shown as a file, never as an image.
 */
export type ChatMessageFile = { name: string; kind: 'image' | 'pdf'; path: string | null };

export type ChatMessage = {
  id: number;
  author: ChatAuthor;
  text: string;
  tone: 'normal' | 'error';
  /** Appointments shown under the text, each with its link. */
  appointments?: ChatAppointmentCard[];
  /** A link under the text (e.g. the order just created); text is the English label. */
  link?: { href: string; text: string };
  /** The files a patient's message shows (the prescription just uploaded); text names them. */
  files?: ChatMessageFile[];
  /** Read back from the device after a reload: shown at once, not typed again. */
  restored?: boolean;
  /** The flow the line belongs to: each menu choice, and each visit that greets again, starts the next (issue 29 §12). */
  flow?: number;
  /** What the line is to the kept conversation (sign-in, the registration prompt, a flow's result). */
  role?: ChatLineRole;
};

/** A message to add, before it has an id. */
export type ChatMessageDraft = Omit<ChatMessage, 'id'>;

export type ChatState = {
  step: ChatStep;
  /** Counts step entries, so re-entering a step (a wrong code) counts as new. */
  stepSeq: number;
  messages: ChatMessage[];
  mobileNo: string | null;
  challengeId: string | null;
  pending: ChatPending;
  /** When (epoch ms) 'Resend OTP' unlocks. */
  resendAt: number | null;
  /** Where a link sign-in goes once the code is verified. */
  linkDestination: string | null;
  /** The step of the domain's step graph, while step is 'guided'. */
  flowStep: ChatStepId | null;
  /** The current flow's number (ChatMessage.flow). */
  flow: number;
  /**
   * The step entry whose messages and actions the server's page already showed (issue 33 §1): its
   * actions show at once, not paced again.
   */
  shownSeq: number | null;
};

export type ChatAction =
  /** guided: the app composed the guided steps in, so a signed-in start goes to the upcoming check. */
  | { type: 'started'; greeting: string; loggedIn: boolean; hasPatients: boolean; guided?: boolean }
  /** A conversation kept on the device for this account, read back after a reload (issue 12 §2). */
  /** greeting: said when the conversation goes on from the menu, a new visit (spec doc 1 §2: greeting, upcoming events, menu). */
  | { type: 'restored'; messages: ChatMessage[]; flowStep: ChatStepId | null; check?: boolean; greeting?: string }
  /**
   * The welcome the server's page showed (issue 33 §1: greeting, upcoming events, menu), taken over as
   * already shown, after what the device kept of the conversation.
   */
  | { type: 'shownByServer'; kept: ChatMessage[]; welcome: ChatMessageDraft[] }
  | { type: 'linkStarted'; greeting: string }
  | { type: 'linkCodeSent'; challengeId: string; mobileNo: string; destination: string; now: number }
  | { type: 'linkWithoutCode'; destination: string }
  | { type: 'mobileSubmitted'; mobileNo: string }
  | { type: 'codeSent'; challengeId: string; now: number }
  | { type: 'codeSendFailed'; text: string }
  | { type: 'codeSubmitted'; code: string }
  | { type: 'codeRejected'; detail?: string }
  | { type: 'verifyFailed'; text: string }
  | { type: 'resendStarted' }
  | { type: 'codeResent'; challengeId: string; now: number }
  | { type: 'resendFailed'; text: string }
  | { type: 'changeNumber' }
  | { type: 'signedIn'; hasPatients: boolean; guided?: boolean }
  /** The registration form inline in the chat made the profile: the account is read again (issue 12 §2). */
  | { type: 'profileCreated' }
  /** The account could not be read again: the failure answer, and 'Try again'. */
  | { type: 'accountRefreshFailed' }
  | { type: 'accountRefreshRetried' }
  /** The account, with the profile just made, is read: the chat carries on. */
  | { type: 'registered'; guided?: boolean }
  | { type: 'menuReply'; choice: string; reply: string }
  /** A tap or an answer moved the guided flow: the patient's words, what is said, where it lands. */
  | {
      type: 'flowed';
      patient: string | null;
      /** The files the patient's words are about (shown with them). */
      patientFiles?: ChatMessageFile[];
      messages: ChatMessageDraft[];
      flowStep: ChatStepId | null;
      /** A choice on the service-type menu: the patient's words start the next flow. */
      newFlow?: boolean;
    };

/** What the assistant says at each step. The spec shows only the inputs' texts; these are ours. */
export const chatAssistantTexts = {
  askMobile: 'Please type your mobile number to sign in.',
  codeSentTo: (mobileNo: string) => `I sent a verification code by SMS to +${mobileNo}.`,
  askRegistration: "I couldn't find a profile for this number. Add your profile to continue.",
  menu: 'How can I help you today?',
} as const;

export const initialChatState: ChatState = {
  step: 'starting',
  stepSeq: 0,
  messages: [],
  mobileNo: null,
  challengeId: null,
  pending: null,
  resendAt: null,
  linkDestination: null,
  flowStep: null,
  flow: 0,
  shownSeq: null,
};

function say(
  state: ChatState,
  author: ChatAuthor,
  text: string,
  tone: ChatMessage['tone'] = 'normal',
  more: Pick<ChatMessage, 'files' | 'role'> = {},
): ChatState {
  const id = (state.messages.at(-1)?.id ?? 0) + 1;
  return { ...state, messages: [...state.messages, { id, author, text, tone, flow: state.flow, ...more }] };
}

// Lines of the sign-in exchange: resolved once signed in, so not kept (issue 29 §12).
const SIGN_IN = { role: 'sign-in' } as const;
const REGISTRATION = { role: 'registration-prompt' } as const;

function enter(state: ChatState, step: ChatStep): ChatState {
  return { ...state, step, stepSeq: state.stepSeq + 1 };
}

function afterSignIn(state: ChatState, hasPatients: boolean, guided: boolean): ChatState {
  if (!hasPatients) {
    return enter(say(state, 'assistant', chatAssistantTexts.askRegistration, 'normal', REGISTRATION), 'registration');
  }
  // spec doc 1 §4: the guided flow goes to the upcoming check first, which then says the menu.
  return guided ? enter(state, 'checking') : enter(say(state, 'assistant', chatAssistantTexts.menu), 'menu');
}

function codeStep(state: ChatState, challengeId: string, now: number): ChatState {
  const asked = say(
    say(state, 'assistant', chatAssistantTexts.codeSentTo(state.mobileNo ?? ''), 'normal', SIGN_IN),
    'event',
    authTexts.smsDelay,
    'normal',
    SIGN_IN,
  );
  return {
    ...enter(asked, 'otp'),
    challengeId,
    pending: null,
    // spec doc 1 §4: the resend button is disabled during a countdown that starts at 1:00
    resendAt: now + RESEND_COUNTDOWN_SECONDS * 1000,
  };
}

/**
 * The next chat state.
 * @param state - current state
 * @param action - what happened
 */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'started': {
      const greeted = say(initialChatState, 'assistant', action.greeting);
      if (action.loggedIn) {
        return afterSignIn(greeted, action.hasPatients, action.guided === true);
      }
      return enter(say(greeted, 'assistant', chatAssistantTexts.askMobile, 'normal', SIGN_IN), 'mobile');
    }
    case 'linkStarted':
      return { ...enter(say(initialChatState, 'assistant', action.greeting), 'link-check'), pending: 'link' };
    case 'linkCodeSent':
      return codeStep({ ...state, mobileNo: action.mobileNo, linkDestination: action.destination }, action.challengeId, action.now);
    case 'linkWithoutCode':
      // spec doc 1 §4: no code is sent for 'INVALID'; the normal mobile step follows
      return {
        ...enter(say(state, 'assistant', chatAssistantTexts.askMobile, 'normal', SIGN_IN), 'mobile'),
        pending: null,
        linkDestination: action.destination,
      };
    case 'mobileSubmitted':
      return { ...say(state, 'patient', `+${action.mobileNo}`, 'normal', SIGN_IN), mobileNo: action.mobileNo, pending: 'send' };
    case 'codeSent':
      return codeStep(state, action.challengeId, action.now);
    case 'codeSendFailed':
      return { ...enter(say(state, 'event', action.text, 'error', SIGN_IN), 'mobile'), pending: null };
    case 'codeSubmitted':
      return { ...say(state, 'patient', action.code, 'normal', SIGN_IN), pending: 'verify' };
    case 'codeRejected': {
      // spec doc 1 §8: the server's text ('Invalid verification code', ARO-E1015) as an event
      const told = action.detail ? say(state, 'event', action.detail, 'error', SIGN_IN) : state;
      // spec doc 1 §4, §8: 'that is not the code I sent you', and verification starts again
      return { ...enter(say(told, 'assistant', authTexts.wrongCode, 'normal', SIGN_IN), 'otp'), pending: null };
    }
    case 'verifyFailed':
      return { ...enter(say(state, 'event', action.text, 'error', SIGN_IN), 'otp'), pending: null };
    case 'resendStarted':
      return { ...state, pending: 'resend' };
    case 'codeResent':
      return {
        ...say(state, 'event', authTexts.otpResent, 'normal', SIGN_IN),
        challengeId: action.challengeId,
        pending: null,
        resendAt: action.now + RESEND_COUNTDOWN_SECONDS * 1000,
      };
    case 'resendFailed':
      return { ...say(state, 'event', action.text, 'error', SIGN_IN), pending: null };
    case 'changeNumber':
      // issue 6 §4.6: like /login's 'Change number': back to the mobile step, the code forgotten
      // (a link's destination belonged to the link's number, so it goes too)
      return {
        ...enter(say(state, 'assistant', chatAssistantTexts.askMobile, 'normal', SIGN_IN), 'mobile'),
        mobileNo: null,
        challengeId: null,
        pending: null,
        resendAt: null,
        linkDestination: null,
      };
    case 'profileCreated':
      return state.step === 'registration' ? { ...enter(state, 'registered'), pending: 'refresh' } : state;
    case 'accountRefreshFailed':
      // Never back to the registration step: the profile exists; only reading it back failed.
      return state.step === 'registered'
        ? { ...enter(say(state, 'event', CHAT_TEXTS.requestFailed, 'error', REGISTRATION), 'registered'), pending: null }
        : state;
    case 'accountRefreshRetried':
      return state.step === 'registered' ? { ...state, pending: 'refresh' } : state;
    case 'registered': {
      if (state.step !== 'registered') {
        return state;
      }
      // issue 29 §12: "I couldn't find a profile for this number" no longer holds once the profile is made.
      const messages = state.messages.filter((message) => message.role !== 'registration-prompt');
      return afterSignIn({ ...state, messages, pending: null }, true, action.guided === true);
    }
    case 'signedIn':
      return afterSignIn({ ...state, pending: null }, action.hasPatients, action.guided === true);
    case 'restored': {
      const messages = action.messages.map((message, index) => ({ ...message, id: index + 1, restored: true }));
      const flow = messages.reduce((highest, message) => Math.max(highest, message.flow ?? 0), 0);
      const menu = action.flowStep === null || action.flowStep === 'service-type-menu';
      // A visit that goes on from the menu (or a /chat-home/{category} start) is greeted again and
      // goes through the upcoming check (spec doc 1 §2 Chat steps: greeting, upcoming events, menu).
      if (action.check === true || (menu && action.greeting !== undefined)) {
        const visit = { ...initialChatState, messages, flow: flow + 1 };
        return enter(action.greeting === undefined ? visit : say(visit, 'assistant', action.greeting), 'checking');
      }
      return {
        ...enter({ ...initialChatState, messages, flow }, menu ? 'menu' : 'guided'),
        flowStep: menu ? null : action.flowStep,
      };
    }
    case 'shownByServer': {
      const kept = action.kept.map((message, index) => ({ ...message, id: index + 1, restored: true }));
      // A visit that greets again starts the next flow (issue 29 §12), as 'restored' with a greeting does.
      const flow = kept.length === 0 ? 0 : kept.reduce((highest, message) => Math.max(highest, message.flow ?? 0), 0) + 1;
      const welcome = action.welcome.map((draft, index) => ({ ...draft, id: kept.length + index + 1, flow, restored: true }));
      const shown = enter({ ...initialChatState, messages: [...kept, ...welcome], flow }, 'menu');
      return { ...shown, shownSeq: shown.stepSeq };
    }
    case 'menuReply':
      return enter(say(say({ ...state, flow: state.flow + 1 }, 'patient', action.choice), 'assistant', action.reply), 'menu');
    case 'flowed': {
      const files = action.patientFiles !== undefined && action.patientFiles.length > 0 ? { files: action.patientFiles } : {};
      const from = action.newFlow === true ? { ...state, flow: state.flow + 1 } : state;
      let next = action.patient === null ? from : say(from, 'patient', action.patient, 'normal', files);
      for (const draft of action.messages) {
        const id = (next.messages.at(-1)?.id ?? 0) + 1;
        next = { ...next, messages: [...next.messages, { ...draft, id, flow: next.flow }] };
      }
      // The service-type menu is the chat home's own 'menu' step; every other step is guided.
      const menu = action.flowStep === null || action.flowStep === 'service-type-menu';
      return { ...enter(next, menu ? 'menu' : 'guided'), flowStep: menu ? null : action.flowStep };
    }
  }
}
