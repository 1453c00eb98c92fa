/**
 * The chat flow's words (spec doc 1 §2 'Chat steps', §4): every step's id, how the chat is entered,
 * and the shape of a step and its choices. The steps themselves, as data, are ./steps.ts.
 */
import type { ChatCondition, ChatService } from './conditions.ts';
import type { ChatFeature } from './features.ts';
import type { ChatTextKey } from './texts.ts';
import type { ChatWidget } from './widgets.ts';

/** Every step and flow state of the chat. */
export const CHAT_STEP_IDS = [
  // Entries and flow states (spec doc 1 §4 Chat flow).
  'normal',
  'restart',
  'link-follow',
  'init-link-follow',
  'check-user-loggedin',
  'suggest-recent-organization-lab',
  'suggest-recent-organization-medication',
  'suggest-recent-organization-procedure',
  // The guided screens (spec doc 1 §2 Chat steps), in the spec's order.
  'greeting',
  'upcoming-check',
  'upcoming-events',
  'service-type-menu',
  'search-actions',
  'recent-doctor',
  'doctor-by-name',
  'specialty',
  'recent-organization',
  'organization-picker',
  'organization-chosen',
  'session-list',
  'consultation-booking',
  'agent-chat',
  'mobile-number',
  'otp',
  'registration',
  'delivery-mode',
  'delivery-address',
  'prescription-upload',
  'more-upload-prompt',
  'order-confirmation',
  'lab-test-selection',
  'sample-collection-address',
  'sample-collection-time',
  'home-visit-time',
  'procedure-code',
  'procedure-confirmation',
] as const;
/** A step of the chat. */
export type ChatStepId = (typeof CHAT_STEP_IDS)[number];

/** The three ways into the chat (spec doc 1 §4: "The entry is normal, restart, or link-follow"). */
export const CHAT_ENTRIES = ['normal', 'restart', 'link-follow'] as const;
/** An entry of the chat. */
export type ChatEntry = (typeof CHAT_ENTRIES)[number];

/**
 * What happens at a step: a button the patient taps (a 'user' choice, which has a label unless the
 * widget's own item is tapped, e.g. a session card), an answer the host reports after a call
 * ('outcome'), or 'auto', taken as soon as the step's messages are said.
 */
export type ChatChoiceBy = 'user' | 'outcome' | 'auto';

/** Where a choice leads: a step, or a route of the app (placeholders: {linkDestination}, {sessionId}, {appointmentId}). */
export type ChatTarget = { step: ChatStepId } | { route: string };

/** One message the assistant says; 'event' is an event notice (spec doc 1 §2 message kinds). */
export type ChatSay = { text: ChatTextKey; kind?: 'assistant' | 'event'; when?: readonly ChatCondition[] };

/** One way out of a step. */
export type ChatChoice = {
  /** The choice's name, as the host reports it. */
  on: string;
  by: ChatChoiceBy;
  /** The button's label, for a labelled user choice. */
  label?: ChatTextKey;
  to: ChatTarget;
  /** Show conditions, all required; the first choice of a name whose conditions hold is taken. */
  when?: readonly ChatCondition[];
  /** Feature flags, any one of which must be on. */
  features?: readonly ChatFeature[];
  /** What the assistant says when the choice is taken, before the next step's own messages. */
  say?: readonly ChatSay[];
  /** The service this choice starts (the conversation's service from here on). */
  service?: ChatService;
};

/**
 * A step. 'entry' steps start the chat; 'decision' steps show no widget and go on by their 'auto'
 * choices or by an outcome; 'screen' steps say their messages and show their widget. Entering a step from another
 * says its messages; a choice that stays on the step (a wrong code, 'See more') says only its own.
 */
export type ChatStepDefinition = {
  id: ChatStepId;
  kind: 'entry' | 'decision' | 'screen';
  say: readonly ChatSay[];
  widget: ChatWidget | null;
  /** Show conditions, all required. */
  showWhen: readonly ChatCondition[];
  /** Where the flow goes instead when a show condition fails. */
  otherwise: ChatStepId | null;
  /** Feature flags, any one of which must be on (besides chat.enabled, which every step needs). */
  features: readonly ChatFeature[];
  /** The step acts for a profile: the relationship modal opens first when none is chosen (spec doc 1 §2). */
  needsProfile: boolean;
  next: readonly ChatChoice[];
};

/** Where the flow goes when it reaches a step a feature flag hides (a /chat-home/{category} path of a service the tenant has off). */
export const CHAT_FLAG_FALLBACK: ChatStepId = 'check-user-loggedin';
