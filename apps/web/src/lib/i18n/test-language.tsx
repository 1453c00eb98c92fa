import { useState, type ReactNode } from 'react';
import { createI18n } from '@careline/i18n/core';
import { LanguageProvider } from './language-provider.tsx';

/** For component tests: the language provider in English, as the app starts without a stored choice. */
export function TestLanguage({ children }: { children: ReactNode }) {
  const [i18n] = useState(createI18n);
  return <LanguageProvider i18n={i18n}>{children}</LanguageProvider>;
}
