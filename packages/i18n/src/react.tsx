import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { MessageId } from './catalogues/en.ts';
import type { MessageValues } from './core.ts';

export { I18nProvider, useLingui } from '@lingui/react';

/** A typed translate function for the active language; components using it re-render on a switch. */
export function useTranslate(): (id: MessageId, values?: MessageValues) => string {
  const { _ } = useLingui();
  return useCallback((id: MessageId, values?: MessageValues) => _(id, values), [_]);
}
