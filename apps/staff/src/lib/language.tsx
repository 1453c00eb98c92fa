import { isLocale, localeNames, locales, matchLocale, sourceLocale, type Locale } from '@careline/i18n/locales';
import { I18nProvider } from '@careline/i18n/react';
import { activateStaffLocale, createStaffI18n, useStaffTranslate } from '@careline/i18n/staff';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { I18n } from '@careline/i18n/core';

const languageKey = 'careline.staffLanguage';

function storedLanguage(): Locale | null {
  try {
    const value = window.localStorage.getItem(languageKey);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

// Sinhala and Tamil glyphs come from Noto (subset woff2), fetched only when the language is used, as in
// the patient app; English uses the system font.
const fontLoaders: Record<Locale, (() => Promise<unknown>) | null> = {
  en: null,
  si: () =>
    Promise.all([
      import('@fontsource/noto-sans-sinhala/sinhala-400.css'),
      import('@fontsource/noto-sans-sinhala/sinhala-600.css'),
      import('@fontsource/noto-sans-sinhala/sinhala-700.css'),
    ]),
  ta: () =>
    Promise.all([
      import('@fontsource/noto-sans-tamil/tamil-400.css'),
      import('@fontsource/noto-sans-tamil/tamil-600.css'),
      import('@fontsource/noto-sans-tamil/tamil-700.css'),
    ]),
};

const fontsRequested = new Set<Locale>();

function showLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
  const load = fontLoaders[locale];
  if (load && !fontsRequested.has(locale)) {
    fontsRequested.add(locale);
    load().catch(() => {
      // Offline before the font was cached: the system font shows the text; try again next time.
      fontsRequested.delete(locale);
    });
  }
}

function applyLanguage(locale: Locale): void {
  showLanguage(locale);
  try {
    window.localStorage.setItem(languageKey, locale);
  } catch {
    // Blocked storage only forgets the choice.
  }
}

/** The console's Lingui instance with the remembered (or the browser's) language active. */
export async function startStaffLanguage(): Promise<I18n> {
  const i18n = createStaffI18n();
  const initial = storedLanguage() ?? matchLocale(navigator.languages) ?? sourceLocale;
  await activateStaffLocale(i18n, initial);
  showLanguage(initial);
  return i18n;
}

type LanguageValue = { language: Locale; chooseLanguage: (locale: Locale) => Promise<void> };

const LanguageContext = createContext<LanguageValue | null>(null);

/** Gives every screen the active catalogue, and the way to switch it (remembered in this browser). */
export function StaffLanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [language, setLanguage] = useState<Locale>(() => i18n.locale as Locale);
  const chooseLanguage = useCallback(
    async (locale: Locale) => {
      await activateStaffLocale(i18n, locale);
      applyLanguage(locale);
      setLanguage(locale);
    },
    [i18n],
  );
  const value = useMemo(() => ({ language, chooseLanguage }), [language, chooseLanguage]);
  return (
    <LanguageContext.Provider value={value}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LanguageContext.Provider>
  );
}

/** The language switch: each language named in its own script. */
export function LanguageSwitch() {
  const value = useContext(LanguageContext);
  const t = useStaffTranslate();
  if (!value) {
    return null;
  }
  return (
    <label className="language-switch">
      <span>{t('staff.shell.language')}</span>
      <select value={value.language} onChange={(event) => void value.chooseLanguage(event.target.value as Locale)}>
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeNames[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
