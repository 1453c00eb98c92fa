import { setupI18n, type I18n } from '@lingui/core';
import { compileCatalogue, readCatalogue } from './catalogue-files.ts';
import type { MessageId } from './catalogues/message-ids.ts';
import type { ConsultationsMessageId } from './consultations/message-ids.ts';
import type { MessageValues } from './core.ts';
import { isLocale, locales, sourceLocale, type Locale } from './locales.ts';

export type { MessageId } from './catalogues/message-ids.ts';

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

// English text → id, for the texts without placeholders (a rule's text from packages/domain): the
// catalogue's order decides between ids sharing a text, the last one holding it, as the apps' translateText.
let englishIds: Map<string, MessageId> | null = null;

/**
 * A text some rule produced in English (a spec text from packages/domain) in a language, when the
 * shared catalogue holds it as a text without placeholders; else the text unchanged. For the pages the
 * server writes itself (the plain sign-in form, issue 33 §2).
 * @param locale - the language; anything unknown gives English
 * @param text - the English text
 */
export function renderEnglishText(locale: string | null | undefined, text: string): string {
  if (!englishIds) {
    englishIds = new Map();
    for (const [id, message] of Object.entries(readCatalogue('catalogues', sourceLocale))) {
      if (!/[{}]/.test(message)) {
        englishIds.set(message, id as MessageId);
      }
    }
  }
  const id = englishIds.get(text);
  return id === undefined ? text : renderMessage(locale, id);
}

// The consultations' catalogue, for the /doctor screen the server writes (issue 33 §1): compiled per
// language when first asked for, so a server that never writes it never reads it.
const consultationsInstances = new Map<Locale, I18n>();

/**
 * The text of a consultations message in a language, for the screens the server writes (/doctor).
 * @param locale - the language; anything unknown gives English
 * @param id - the consultations catalogue's key
 * @param values - values for the message's {placeholders} and plurals
 */
export function renderConsultationsMessage(
  locale: string | null | undefined,
  id: ConsultationsMessageId,
  values?: MessageValues,
): string {
  const language = isLocale(locale) ? locale : sourceLocale;
  let instance = consultationsInstances.get(language);
  if (!instance) {
    instance = setupI18n({
      locale: language,
      messages: { [language]: compileCatalogue(readCatalogue('consultations', language)) },
    });
    consultationsInstances.set(language, instance);
  }
  return instance._(id, values);
}
