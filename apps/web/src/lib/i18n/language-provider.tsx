import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { activateLocale, type I18n } from '@careline/i18n/core';
import type { Locale } from '@careline/i18n/locales';
import { I18nProvider } from '@careline/i18n/react';
import { applyLanguage } from './apply-language.ts';
import { storeLanguage } from './language-storage.ts';

export type LanguageValue = {
  /** The language the texts are shown in. */
  language: Locale;
  /** Switches the texts (loading the catalogue and font when needed) and remembers the choice. */
  chooseLanguage: (locale: Locale) => Promise<void>;
};

const LanguageContext = createContext<LanguageValue | null>(null);

type LanguageProviderProps = {
  /** The Lingui instance, with the starting language already active. */
  i18n: I18n;
  children: ReactNode;
  /** Told after each switch the user makes (the session stores it on the account). */
  onChosen?: (locale: Locale) => void;
};

/** Holds the shown language and gives every screen the active catalogue (issue 6 §5). */
export function LanguageProvider({ i18n, children, onChosen }: LanguageProviderProps) {
  const [language, setLanguage] = useState<Locale>(() => i18n.locale as Locale);
  // Only the newest choice is applied when catalogues arrive out of order.
  const latest = useRef(0);
  const onChosenRef = useRef(onChosen);
  onChosenRef.current = onChosen;

  const chooseLanguage = useCallback(
    async (locale: Locale) => {
      const request = ++latest.current;
      storeLanguage(locale);
      await activateLocale(i18n, locale);
      if (request !== latest.current) {
        return;
      }
      applyLanguage(locale);
      setLanguage(locale);
      onChosenRef.current?.(locale);
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

/** The shown language and the way to change it. */
export function useLanguage(): LanguageValue {
  const value = useContext(LanguageContext);
  if (!value) {
    throw new Error('useLanguage needs a LanguageProvider');
  }
  return value;
}
