import { locales } from '@careline/i18n/locales';
import { builder } from './builder.ts';

/** The languages of the catalogues (issue 6 §5): en, si, ta. */
export const LanguageEnum = builder.enumType('Language', {
  description: 'A language of the texts and SMS: en (English), si (Sinhala), ta (Tamil).',
  values: locales,
});
