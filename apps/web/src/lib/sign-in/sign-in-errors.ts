import { localiseSignInText } from '@careline/domain/auth';
import { errorText } from '../graphql';

/**
 * The text to show for a failed sign-in call: errorText, with the time a locked number may try again
 * (ARO-E1103) in the user's own time and words (issue 6 §4.4).
 * @param error - a urql CombinedError, an Error or a 'CODE:message' string
 * @param now - the current time
 */
export function signInErrorText(error: unknown, now: Date = new Date()): string {
  return localiseSignInText(errorText(error), now);
}
