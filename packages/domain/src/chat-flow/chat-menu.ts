/**
 * The chat's service-type menu (spec doc 1 §2 Chat assistant): Book a Doctor, Video Channel, Home
 * Visit, Home Lab Test, Online Pharmacy and Chat With Hospital, each only if its feature is enabled;
 * 'What is my upcoming', 'Show my profile' and 'Show my online payment history' only when logged in.
 * A button navigates to a route or sends a canned reply. The app's menu and the server-written
 * /chat-home (issue 33 §1) both take it from here.
 */
import type { FeatureFlags } from '../tenant/types.ts';

export type ChatMenuButton =
  | { label: string; kind: 'route'; to: string }
  | { label: string; kind: 'reply'; reply: string }
  /** A choice of the step graph's service-type menu, taken in the chat (issue 12 §2). */
  | { label: string; kind: 'flow'; on: 'book-a-doctor' | 'what-is-my-upcoming' | 'online-pharmacy' | 'home-lab-test' | 'home-visit' };

/** spec doc 1 §8: 'I couldn't find any sessions' when there are none to show. */
export const noSessionsText = "I couldn't find any sessions";

/** Where 'Chat With Hospital' goes: the chat with hospital staff, inside the chat home (issue 12 §3). */
export const agentChatPath = '/chat-home/agent-chat';

/**
 * Whether the chat with hospital staff is offered: the tenant's chat and agentChat flags are both
 * on (spec doc 1 §6; the server refuses a new chat otherwise, ARO-E8012).
 * @param features - the tenant's feature flags
 */
export function agentChatOffered(features: FeatureFlags): boolean {
  return features.chat.enabled && features.agentChat.enabled;
}

type ServiceButton = { label: string; to: string; enabled: (features: FeatureFlags) => boolean };

// Routes of the screens later issues build (spec doc 1 §2 routes, doc 3 §2 /chat-home/{category}).
const serviceButtons: ServiceButton[] = [
  { label: 'Book a Doctor', to: '/doctor', enabled: (f) => f.channelling.enabled },
  { label: 'Video Channel', to: '/doctor?type=video', enabled: (f) => f.videoChannelling.enabled },
  { label: 'Home Visit', to: '/chat-home/Procedure', enabled: (f) => f.procedureOrder.enabled },
  { label: 'Home Lab Test', to: '/chat-home/Examination', enabled: (f) => f.examinationOrder.enabled },
  { label: 'Online Pharmacy', to: '/chat-home/Medication', enabled: (f) => f.medicationOrder.enabled },
  { label: 'Chat With Hospital', to: agentChatPath, enabled: (f) => agentChatOffered(f) },
];

/**
 * The menu buttons to show.
 * @param features - the tenant's feature flags
 * @param loggedIn - whether the user is logged in (spec doc 1 §5: a mobile number is present)
 * @param guided - whether the app composed the consultations' steps into the chat: Book a Doctor
 *   and What is my upcoming then run in the conversation (issue 12 §2)
 * @param guidedOrders - whether the app composed the orders' steps into the chat: Online Pharmacy,
 *   Home Lab Test and Home Visit then run in the conversation (issue 12 §2)
 */
export function chatMenuButtons(features: FeatureFlags, loggedIn: boolean, guided = false, guidedOrders = false): ChatMenuButton[] {
  const services: ChatMenuButton[] = serviceButtons
    .filter((button) => button.enabled(features))
    .map((button): ChatMenuButton => {
      if (guided && button.label === 'Book a Doctor') {
        return { label: button.label, kind: 'flow', on: 'book-a-doctor' };
      }
      if (guidedOrders && button.label === 'Online Pharmacy') {
        return { label: button.label, kind: 'flow', on: 'online-pharmacy' };
      }
      if (guidedOrders && button.label === 'Home Lab Test') {
        return { label: button.label, kind: 'flow', on: 'home-lab-test' };
      }
      if (guidedOrders && button.label === 'Home Visit') {
        return { label: button.label, kind: 'flow', on: 'home-visit' };
      }
      return { label: button.label, kind: 'route', to: button.to };
    });
  if (!loggedIn) {
    return services;
  }
  return [
    ...services,
    guided
      ? { label: 'What is my upcoming', kind: 'flow', on: 'what-is-my-upcoming' }
      : // Without the consultations composed in, there are no upcoming consultations to list.
        { label: 'What is my upcoming', kind: 'reply', reply: noSessionsText },
    { label: 'Show my profile', kind: 'route', to: '/profiles' },
    { label: 'Show my online payment history', kind: 'route', to: '/profiles/my-payment-history' },
  ];
}
