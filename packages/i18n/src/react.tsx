import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { MessageId } from './catalogues/message-ids.ts';
import type { MessageValues } from './core.ts';
import { translateText } from './errors.ts';

export { I18nProvider, useLingui } from '@lingui/react';

/** A typed translate function for the active language; components using it re-render on a switch. */
export function useTranslate(): (id: MessageId, values?: MessageValues) => string {
  const { _ } = useLingui();
  return useCallback((id: MessageId, values?: MessageValues) => _(id, values), [_]);
}

/**
 * Shows an English text made by a rule (packages/domain) or the server in the active language:
 * for texts held in state, e.g. a validation message or a server error's text.
 */
export function useTranslateText(): (english: string) => string {
  const { i18n, _ } = useLingui();
  // `_` changes with the language, so the callback does too.
  return useCallback((english: string) => translateText(i18n, english), [i18n, _]);
}
