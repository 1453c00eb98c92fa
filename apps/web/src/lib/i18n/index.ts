export { LanguageProvider, useLanguage, type LanguageValue } from './language-provider.tsx';
export {
  initialLanguage,
  storedLanguage,
  storeLanguage,
  languageStorageKey,
} from './language-storage.ts';
export { applyLanguage, needsWebFont } from './apply-language.ts';
