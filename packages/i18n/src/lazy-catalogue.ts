import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { use, useCallback, useEffect, useRef } from 'react';
import type { MessageId } from './catalogues/message-ids.ts';
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

/** A catalogue load with the status fields React reads on a thenable given to use(). */
type TrackedLoad = Promise<void> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: undefined;
  reason?: unknown;
};

/**
 * A lazily loaded catalogue: /login never fetches it.
 * @param loaders - per language, the import of its PO file (compiled on import by @lingui/vite-plugin)
 */
export function lazyCatalogue<Id extends string>(loaders: Record<Locale, () => Promise<Messages>>): LazyCatalogue<Id> {
  // Per instance and language: the load under way or done (a failed one is dropped, to retry).
  const loads = new WeakMap<I18n, Map<Locale, TrackedLoad>>();
  const loaded = new WeakMap<I18n, Set<Locale>>();

  function tracked(i18n: I18n, locale: Locale): TrackedLoad {
    const perInstance = loads.get(i18n) ?? new Map<Locale, TrackedLoad>();
    loads.set(i18n, perInstance);
    const existing = perInstance.get(locale);
    if (existing) {
      return existing;
    }
    const pending: TrackedLoad = loaders[locale]().then(
      (messages) => {
        // Lingui's load merges into the language's messages and tells every consumer to re-render. A copy:
        // were it the instance's first texts of the language, later loads would be merged into this module's.
        i18n.load(locale, { ...messages });
        const done = loaded.get(i18n) ?? new Set<Locale>();
        done.add(locale);
        loaded.set(i18n, done);
        // React reads these fields (use() of a thenable): a settled load is read without suspending.
        pending.status = 'fulfilled';
        pending.value = undefined;
      },
      (error: unknown) => {
        perInstance.delete(locale);
        pending.status = 'rejected';
        pending.reason = error;
        throw error;
      },
    );
    pending.status = 'pending';
    perInstance.set(locale, pending);
    return pending;
  }

  function load(i18n: I18n, locale: Locale): Promise<void> {
    return tracked(i18n, locale);
  }

  function has(i18n: I18n, locale: Locale): boolean {
    return loaded.get(i18n)?.has(locale) ?? false;
  }

  function useTranslate(): (id: Id | MessageId, values?: MessageValues) => string {
    const { i18n, _ } = useLingui();
    const locale = isLocale(i18n.locale) ? i18n.locale : sourceLocale;
    // Once a render of this component has suspended on the texts, it calls use() until it commits.
    // React replays a suspended render when the load settles, keeping the hooks made before the
    // suspension (this ref among them); a replay that skipped use() because the texts had arrived
    // meanwhile would call its later hooks out of step (React error #467). A render whose texts are in
    // calls no use() at all (no Suspense work; act() in tests treats any use() as a suspension).
    const suspended = useRef(false);
    useEffect(() => {
      suspended.current = false;
    });
    const pending = tracked(i18n, locale);
    if (suspended.current || pending.status !== 'fulfilled') {
      suspended.current = true;
      use(pending as Promise<void>);
    }
    return useCallback((id: Id | MessageId, values?: MessageValues) => _(id, values), [_]);
  }

  return { load, has, useTranslate };
}
