import { CombinedError } from '@urql/core';
import { fallbackErrorText, parseErrorString } from '@careline/domain/errors';

/** The raw messages an error carries (GraphQL errors of a CombinedError, or the message). */
export function errorMessages(error: unknown): string[] {
  if (error instanceof CombinedError) {
    return error.graphQLErrors.map((graphQLError) => graphQLError.message);
  }
  if (typeof error === 'string') {
    return [error];
  }
  if (error instanceof Error) {
    return [error.message];
  }
  return [];
}

/** The catalogue codes carried by an error ('CODE:message' strings, spec doc 1 §8). */
export function errorCodes(error: unknown): string[] {
  return errorMessages(error)
    .map((message) => parseErrorString(message).code)
    .filter((code): code is string => code !== null);
}

/**
 * The text to show a user for an error: the part after the colon of a 'CODE:message' error
 * (spec doc 1 §8); anything else (network failure, unexpected shape) gives the generic text.
 * @param error - a urql CombinedError, an Error or a 'CODE:message' string
 */
export function errorText(error: unknown): string {
  for (const message of errorMessages(error)) {
    const parsed = parseErrorString(message);
    if (parsed.code !== null && parsed.text.trim().length > 0) {
      return parsed.text;
    }
  }
  return fallbackErrorText;
}
