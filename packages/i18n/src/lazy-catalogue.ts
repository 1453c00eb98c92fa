import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { use, useCallback } from 'react';
import type { MessageId } from './catalogues/en.ts';
import type { MessageValues } from './core.ts';
import { isLocale, sourceLocale, type Locale } from './locales.ts';

/** A catalogue fetched with the screens that use it (its own chunks, English included), merged once per language. */
export type LazyCatalogue<Id extends string> = {
  /** Merges the catalogue's texts of a language into the app's Lingui instance, once. */
  load: (i18n: I18n, locale: Locale) => Promise<void>;
  /** True once the catalogue's texts of a language are in the instance. */
  has: (i18n: I18n, locale: Locale) => boolean;
  /**
   * A typed translate function over the catalogue's and the shared keys; re-renders on a language
   * switch. It suspends (nearest Suspense boundary) while the active language's texts load.
   */
  useTranslate: () => (id: Id | MessageId, values?: MessageValues) => string;
};

/**
 * A lazily loaded catalogue: /login never fetches it.
 * @param loaders - per language, the import of its compiled messages
 */
export function lazyCatalogue<Id extends string>(loaders: Record<Locale, () => Promise<Messages>>): LazyCatalogue<Id> {
  // Per instance and language: the load under way or done (a failed one is dropped, to retry).
  const loads = new WeakMap<I18n, Map<Locale, Promise<void>>>();
  const loaded = new WeakMap<I18n, Set<Locale>>();

  function load(i18n: I18n, locale: Locale): Promise<void> {
    const perInstance = loads.get(i18n) ?? new Map<Locale, Promise<void>>();
    loads.set(i18n, perInstance);
    const existing = perInstance.get(locale);
    if (existing) {
      return existing;
    }
    const pending = loaders[locale]().then(
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
    perInstance.set(locale, pending);
    return pending;
  }

  function has(i18n: I18n, locale: Locale): boolean {
    return loaded.get(i18n)?.has(locale) ?? false;
  }

  function useTranslate(): (id: Id | MessageId, values?: MessageValues) => string {
    const { i18n, _ } = useLingui();
    const locale = isLocale(i18n.locale) ? i18n.locale : sourceLocale;
    if (!has(i18n, locale)) {
      use(load(i18n, locale));
    }
    return useCallback((id: Id | MessageId, values?: MessageValues) => _(id, values), [_]);
  }

  return { load, has, useTranslate };
}
