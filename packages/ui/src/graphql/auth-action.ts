import { parseErrorString } from '@careline/domain/error-wire';
import { authErrorAction, type AuthErrorAction } from '@careline/domain/shell';

export type OperationKind = 'query' | 'mutation' | 'subscription' | 'teardown';

/** The action an authentication error asks for, with the text to show after it (spec doc 1 §8). */
export type PickedAuthError = { action: AuthErrorAction; text: string | null };

/**
 * The authentication error action for an operation's errors (spec doc 1 §8): ARO-E1022 acts on a
 * query only ("'Authentication failed' on a query"); ARO-E1023 and ARO-E1024 on any operation.
 * @param messages - the operation's error messages ('CODE:message')
 * @param kind - the operation's kind
 */
export function authActionFor(messages: readonly string[], kind: OperationKind): PickedAuthError | null {
  const parsed = messages.map((message) => {
    const { code, text } = parseErrorString(message);
    return { action: authErrorAction(code), text };
  });
  const chosen =
    parsed.find((entry) => entry.action === 'logout') ??
    (kind === 'query' ? parsed.find((entry) => entry.action === 'reload-clear') : undefined);
  if (!chosen?.action) {
    return null;
  }
  return { action: chosen.action, text: chosen.text.trim().length > 0 ? chosen.text : null };
}
