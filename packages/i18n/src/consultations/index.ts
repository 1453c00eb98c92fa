import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { use, useCallback } from 'react';
import type { MessageId } from '../catalogues/en.ts';
import type { MessageValues } from '../core.ts';
import { isLocale, sourceLocale, type Locale } from '../locales.ts';
import type { ConsultationsMessageId } from './en.ts';

export type { ConsultationsMessageId } from './en.ts';

// The consultation screens' texts, in their own chunks (English included): /login never fetches them.
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => import('./compiled/en.ts').then((module) => module.messages),
  si: () => import('./compiled/si.ts').then((module) => module.messages),
  ta: () => import('./compiled/ta.ts').then((module) => module.messages),
};

// Per instance and language: the load under way or done (a failed one is dropped, to retry).
const loads = new WeakMap<I18n, Map<Locale, Promise<void>>>();
const loaded = new WeakMap<I18n, Set<Locale>>();

/**
 * Merges the consultation texts of a language into the app's Lingui instance, once.
 * @param i18n - the web app's instance
 * @param locale - the language to add
 */
export function loadConsultationsMessages(i18n: I18n, locale: Locale): Promise<void> {
  const perInstance = loads.get(i18n) ?? new Map<Locale, Promise<void>>();
  loads.set(i18n, perInstance);
  const existing = perInstance.get(locale);
  if (existing) {
    return existing;
  }
  const load = loaders[locale]().then(
    (messages) => {
      // Lingui's load merges into the language's messages and tells every consumer to re-render.
      i18n.load(locale, messages);
      const done = loaded.get(i18n) ?? new Set<Locale>();
      done.add(locale);
      loaded.set(i18n, done);
    },
    (error: unknown) => {
      perInstance.delete(locale);
      throw error;
    },
  );
  perInstance.set(locale, load);
  return load;
}

/**
 * True once the consultation texts of a language are in the instance.
 * @param i18n - the web app's instance
 * @param locale - the language
 */
export function hasConsultationsMessages(i18n: I18n, locale: Locale): boolean {
  return loaded.get(i18n)?.has(locale) ?? false;
}

/**
 * A typed translate function over the consultation and shared keys; re-renders on a language switch.
 * It suspends (nearest Suspense boundary) while the active language's consultation texts load.
 */
export function useConsultationsTranslate(): (
  id: ConsultationsMessageId | MessageId,
  values?: MessageValues,
) => string {
  const { i18n, _ } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : sourceLocale;
  if (!hasConsultationsMessages(i18n, locale)) {
    use(loadConsultationsMessages(i18n, locale));
  }
  return useCallback(
    (id: ConsultationsMessageId | MessageId, values?: MessageValues) => _(id, values),
    [_],
  );
}
