import { setupI18n, type I18n } from '@lingui/core';
import type { MessageId } from './catalogues/en.ts';
import { messages as en } from './compiled/en.ts';
import { messages as si } from './compiled/si.ts';
import { messages as ta } from './compiled/ta.ts';
import type { MessageValues } from './core.ts';
import { isLocale, sourceLocale, type Locale } from './locales.ts';

// The server renders texts (SMS bodies) in any language at any time: every catalogue, loaded up front.
const instances = new Map<Locale, I18n>(
  (Object.entries({ en, si, ta }) as [Locale, typeof en][]).map(([locale, messages]) => [
    locale,
    setupI18n({ locale, messages: { [locale]: messages } }),
  ]),
);

/**
 * The text of a message in a language, for texts the server composes (SMS bodies).
 * @param locale - the language; anything unknown (null, a stale value) gives English
 * @param id - the catalogue key
 * @param values - values for the message's {placeholders} and plurals
 */
export function renderMessage(
  locale: string | null | undefined,
  id: MessageId,
  values?: MessageValues,
): string {
  const instance = instances.get(isLocale(locale) ? locale : sourceLocale);
  if (!instance) {
    throw new Error(`no catalogue for ${String(locale)}`);
  }
  return instance._(id, values);
}
