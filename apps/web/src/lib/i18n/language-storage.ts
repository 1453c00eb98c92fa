import { isLocale, matchLocale, sourceLocale, type Locale } from '@careline/i18n/locales';

// Not under the 'careline.' prefix that logout clears: the language outlives a sign-out.
export const languageStorageKey = 'careline-language';
/** The cookie with the same choice, for the pages the server writes before the app runs (issue 33 §2). */
export const languageCookieName = 'careline-language';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The language chosen on this device, or null when none was chosen (or storage is blocked). */
export function storedLanguage(store: Pick<Storage, 'getItem'> | null = storage()): Locale | null {
  const value = store?.getItem(languageStorageKey) ?? null;
  return isLocale(value) ? value : null;
}

/**
 * Remembers the chosen language on this device.
 * @param locale - the chosen language
 */
export function storeLanguage(
  locale: Locale,
  store: Pick<Storage, 'setItem'> | null = storage(),
): void {
  try {
    store?.setItem(languageStorageKey, locale);
  } catch {
    // A full or blocked storage only costs the memory of the choice.
  }
  try {
    if (typeof document !== 'undefined') {
      document.cookie = `${languageCookieName}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
    }
  } catch {
    // Cookies blocked: the server's pages follow the browser's language instead.
  }
}

/**
 * The language to start in: the remembered choice, else the browser's first supported language, else English.
 * @param preferred - the browser's languages (navigator.languages)
 */
export function initialLanguage(
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
  store: Pick<Storage, 'getItem'> | null = storage(),
): Locale {
  return storedLanguage(store) ?? matchLocale(preferred) ?? sourceLocale;
}
