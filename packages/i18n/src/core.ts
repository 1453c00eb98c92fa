/// <reference types="./po-modules.d.ts" />
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { messages as english } from './catalogues/en.po';
import type { MessageId } from './catalogues/message-ids.ts';
import { sourceLocale, type Locale } from './locales.ts';

export type { I18n } from '@lingui/core';
export type { MessageId } from './catalogues/message-ids.ts';

/** Values for a message's {placeholders}. */
export type MessageValues = Record<string, string | number>;

// English ships with the first screen; Sinhala and Tamil are separate chunks, fetched when chosen.
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => Promise.resolve(english),
  si: () => import('./catalogues/si.po').then((module) => module.messages),
  ta: () => import('./catalogues/ta.po').then((module) => module.messages),
};

/** A Lingui instance with English loaded and active: texts render before any other language arrives. */
export function createI18n(): I18n {
  // A copy: Lingui merges every later load of a language into the object it first got, and the
  // imported catalogue is shared (translateText indexes it as the source catalogue alone).
  return setupI18n({ locale: sourceLocale, messages: { [sourceLocale]: { ...english } } });
}

// The languages whose catalogue each instance holds (Lingui's own getter shows the active one only).
const loadedLocales = new WeakMap<I18n, Set<Locale>>();

/**
 * Loads a language's catalogue once (lazily for si and ta) and makes it the active one.
 * @param i18n - the instance from createI18n
 * @param locale - the language to switch to
 */
export async function activateLocale(i18n: I18n, locale: Locale): Promise<void> {
  const loaded = loadedLocales.get(i18n) ?? new Set<Locale>([sourceLocale]);
  loadedLocales.set(i18n, loaded);
  if (!loaded.has(locale)) {
    i18n.load(locale, { ...(await loaders[locale]()) });
    loaded.add(locale);
  }
  i18n.activate(locale);
}

/**
 * The text of a message in the instance's active language.
 * @param i18n - the Lingui instance
 * @param id - the catalogue key
 * @param values - values for the message's {placeholders} and plurals
 */
export function translate(i18n: I18n, id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}
