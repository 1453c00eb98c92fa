import { useState, type ReactNode } from 'react';
import { createI18n, type I18n } from '@careline/i18n/core';
import { LanguageProvider } from './language-provider.tsx';

/**
 * For component tests: the language provider, in English as the app starts without a stored choice,
 * or in the language already active on a given instance.
 */
export function TestLanguage({ children, i18n }: { children: ReactNode; i18n?: I18n }) {
  const [instance] = useState(() => i18n ?? createI18n());
  return <LanguageProvider i18n={instance}>{children}</LanguageProvider>;
}
