import { CombinedError } from '@urql/core';
import { fallbackErrorText, parseErrorString } from '@careline/domain/error-wire';
import { networkTexts } from '@careline/domain/shell';

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
 * Whether a request failed because the server could not be reached (offline, connection refused):
 * fetch rejects with a TypeError then, while a server's error answer is a plain Error or GraphQL errors.
 * @param error - a urql CombinedError or anything else
 * @param online - navigator.onLine, where there is one
 */
export function isConnectionError(
  error: unknown,
  online: boolean = typeof navigator === 'undefined' ? true : navigator.onLine,
): boolean {
  if (!(error instanceof CombinedError) || error.graphQLErrors.length > 0 || !error.networkError) {
    return false;
  }
  return !online || error.networkError instanceof TypeError;
}

/**
 * The text to show a user for an error: the part after the colon of a 'CODE:message' error
 * (spec doc 1 §8); a request that could not reach the server names the connection (the offline
 * bar's text, issue 6 §4.10); anything else (unexpected shape) gives the generic text.
 * @param error - a urql CombinedError, an Error or a 'CODE:message' string
 */
export function errorText(error: unknown): string {
  if (isConnectionError(error)) {
    return networkTexts.offline;
  }
  for (const message of errorMessages(error)) {
    const parsed = parseErrorString(message);
    if (parsed.code !== null && parsed.text.trim().length > 0) {
      return parsed.text;
    }
  }
  return fallbackErrorText;
}
