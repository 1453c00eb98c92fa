import { setupI18n, type I18n } from '@lingui/core';
import { compileCatalogue, readCatalogue } from './catalogue-files.ts';
import type { MessageId } from './catalogues/message-ids.ts';
import type { MessageValues } from './core.ts';
import { isLocale, locales, sourceLocale, type Locale } from './locales.ts';

// The server renders texts (SMS bodies) in any language at any time: every language of the shared
// catalogue, read from its PO file and compiled once, when this module loads (at the server's start).
const instances = new Map<Locale, I18n>(
  locales.map((locale) => [
    locale,
    setupI18n({ locale, messages: { [locale]: compileCatalogue(readCatalogue('catalogues', locale)) } }),
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
