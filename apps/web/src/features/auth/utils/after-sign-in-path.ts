/**
 * Where the app goes after a successful sign-in (spec doc 1 §2: "After login the app goes to
 * /home-dashboard when not in the chat flow. It goes to /doctor when the request type is
 * consultation."; §2 Profiles screen: an account with zero patients goes to /profiles/registration).
 */
import type { UxFlow } from '@careline/domain/tenant';

/** The query parameter that carries the request the user started before signing in. */
export const REQUEST_TYPE_PARAM = 'requestType';

export type AfterSignInInput = {
  patientCount: number;
  /** e.g. 'consultation' when the user was booking a doctor before signing in. */
  requestType: string | null;
  uxFlow: UxFlow;
};

/**
 * The path to navigate to once the account is loaded.
 * @param input - number of profiles, request type and the tenant's ux flow
 */
export function afterSignInPath(input: AfterSignInInput): string {
  if (input.patientCount === 0) {
    return '/profiles/registration';
  }
  if (input.requestType === 'consultation') {
    return '/doctor';
  }
  return input.uxFlow === 'chat' ? '/chat-home' : '/home-dashboard';
}
