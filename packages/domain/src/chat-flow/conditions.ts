/**
 * What the chat flow knows about the conversation when it decides which step, button or text to
 * show (spec doc 1 §2 Chat assistant: "A chat button can be hidden by a show condition or a
 * disabled feature flag"), and the named show conditions read from it.
 */

/**
 * The service a conversation is about: chosen from the service-type menu, or given by the path
 * /chat-home/{category} (spec doc 3 §2). Shared steps (the organization picker, the order
 * confirmation) go on by it.
 */
export const CHAT_SERVICES = ['consultation', 'video-consultation', 'medication', 'examination', 'procedure', 'agent-chat'] as const;
/** A service of the guided chat. */
export type ChatService = (typeof CHAT_SERVICES)[number];

/** The facts the show conditions read. The host (the web app) keeps them up to date. */
export type ChatFlowContext = {
  /** spec doc 1 §5 Logged in: a mobile number is present. */
  signedIn: boolean;
  /** The account has at least one patient profile. */
  hasProfiles: boolean;
  /** spec doc 1 §4 Chat flow: consultations today or later, not cancelled, fulfilled or entered_in_error. */
  hasUpcomingEvents: boolean;
  /** spec doc 1 §2: the context marks the chat as single-organization, hiding multi-organization options. */
  singleOrganization: boolean;
  /** The account has booked with a doctor before (the recent doctor step). */
  hasRecentDoctor: boolean;
  /** The account has used an organization before (the recent organization steps). */
  hasRecentOrganization: boolean;
  /** The session search found sessions (spec doc 1 §8: else 'I couldn't find any sessions'). */
  hasSessions: boolean;
  /** The session list has more sessions than it shows ('See more'). */
  hasMoreSessions: boolean;
  /** The chat was opened by a sign-in link (entry link-follow); after the code it goes to the link's page. */
  followingLink: boolean;
  /** The service this conversation is about, or null before one is chosen. */
  service: ChatService | null;
};

/** A context with nothing known yet: signed out, nothing recent, no service. */
export const emptyChatFlowContext: ChatFlowContext = {
  signedIn: false,
  hasProfiles: false,
  hasUpcomingEvents: false,
  singleOrganization: false,
  hasRecentDoctor: false,
  hasRecentOrganization: false,
  hasSessions: false,
  hasMoreSessions: false,
  followingLink: false,
  service: null,
};

/** Every named show condition. A test checks each both where it holds and where it does not. */
export const CHAT_CONDITIONS = [
  'signed-in',
  'signed-out',
  'has-profiles',
  'no-profiles',
  'has-upcoming-events',
  'no-upcoming-events',
  'multi-organization',
  'single-organization',
  'has-recent-doctor',
  'no-recent-doctor',
  'has-recent-organization',
  'no-recent-organization',
  'has-sessions',
  'no-sessions',
  'has-more-sessions',
  'no-more-sessions',
  'following-link',
  'not-following-link',
  'service-consultation',
  'service-medication',
  'service-examination',
  'service-procedure',
  'service-agent-chat',
  'no-service',
] as const;
/** A named show condition. */
export type ChatCondition = (typeof CHAT_CONDITIONS)[number];

/**
 * Whether one show condition holds.
 * @param condition - the condition's name
 * @param context - what the flow knows
 */
export function conditionHolds(condition: ChatCondition, context: ChatFlowContext): boolean {
  switch (condition) {
    case 'signed-in':
      return context.signedIn;
    case 'signed-out':
      return !context.signedIn;
    case 'has-profiles':
      return context.hasProfiles;
    case 'no-profiles':
      return !context.hasProfiles;
    case 'has-upcoming-events':
      return context.hasUpcomingEvents;
    case 'no-upcoming-events':
      return !context.hasUpcomingEvents;
    case 'multi-organization':
      return !context.singleOrganization;
    case 'single-organization':
      return context.singleOrganization;
    case 'has-recent-doctor':
      return context.hasRecentDoctor;
    case 'no-recent-doctor':
      return !context.hasRecentDoctor;
    case 'has-recent-organization':
      return context.hasRecentOrganization;
    case 'no-recent-organization':
      return !context.hasRecentOrganization;
    case 'has-sessions':
      return context.hasSessions;
    case 'no-sessions':
      return !context.hasSessions;
    case 'has-more-sessions':
      return context.hasMoreSessions;
    case 'no-more-sessions':
      return !context.hasMoreSessions;
    case 'following-link':
      return context.followingLink;
    case 'not-following-link':
      return !context.followingLink;
    case 'service-consultation':
      // A video consultation books through the same steps as one in person.
      return context.service === 'consultation' || context.service === 'video-consultation';
    case 'service-medication':
      return context.service === 'medication';
    case 'service-examination':
      return context.service === 'examination';
    case 'service-procedure':
      return context.service === 'procedure';
    case 'service-agent-chat':
      return context.service === 'agent-chat';
    case 'no-service':
      return context.service === null;
  }
}

/**
 * Whether every condition of a list holds (an empty list always holds).
 * @param conditions - the conditions, all required
 * @param context - what the flow knows
 */
export function allConditionsHold(conditions: readonly ChatCondition[], context: ChatFlowContext): boolean {
  return conditions.every((condition) => conditionHolds(condition, context));
}
