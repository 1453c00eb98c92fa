/// <reference types="../po-modules.d.ts" />
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { messages as english } from '../catalogues/en.po';
import type { MessageId } from '../catalogues/message-ids.ts';
import type { MessageValues } from '../core.ts';
import { sourceLocale, type Locale } from '../locales.ts';
import { messages as staffEnglish } from './en.po';
import type { StaffMessageId } from './message-ids.ts';

export type { StaffMessageId } from './message-ids.ts';

// The console's texts come on top of the shared catalogue (its server error texts); Sinhala and Tamil
// of both are separate chunks, fetched when chosen.
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => Promise.resolve({ ...english, ...staffEnglish }),
  si: async () => {
    const [shared, staff] = await Promise.all([
      import('../catalogues/si.po'),
      import('./si.po'),
    ]);
    return { ...shared.messages, ...staff.messages };
  },
  ta: async () => {
    const [shared, staff] = await Promise.all([
      import('../catalogues/ta.po'),
      import('./ta.po'),
    ]);
    return { ...shared.messages, ...staff.messages };
  },
};

const loadedLocales = new WeakMap<I18n, Set<Locale>>();

/** A Lingui instance for the staff console, with English (shared and console texts) active. */
export function createStaffI18n(): I18n {
  const i18n = setupI18n({
    locale: sourceLocale,
    messages: { [sourceLocale]: { ...english, ...staffEnglish } },
  });
  loadedLocales.set(i18n, new Set<Locale>([sourceLocale]));
  return i18n;
}

/**
 * Loads a language for the console once (lazily for si and ta) and makes it the active one.
 * @param i18n - the instance from createStaffI18n
 * @param locale - the language to switch to
 */
export async function activateStaffLocale(i18n: I18n, locale: Locale): Promise<void> {
  const loaded = loadedLocales.get(i18n) ?? new Set<Locale>([sourceLocale]);
  loadedLocales.set(i18n, loaded);
  if (!loaded.has(locale)) {
    i18n.load(locale, await loaders[locale]());
    loaded.add(locale);
  }
  i18n.activate(locale);
}

/** A typed translate function over the console's and the shared keys; re-renders on a language switch. */
export function useStaffTranslate(): (
  id: StaffMessageId | MessageId,
  values?: MessageValues,
) => string {
  const { _ } = useLingui();
  return useCallback(
    (id: StaffMessageId | MessageId, values?: MessageValues) => _(id, values),
    [_],
  );
}
