/** The languages Careline speaks (issue 6 §5): English is the source, Sinhala and Tamil are translations. */
export const locales = ['en', 'si', 'ta'] as const;

export type Locale = (typeof locales)[number];

/** The source catalogue's language, and the language when nothing else is known. */
export const sourceLocale: Locale = 'en';

/** Each language's name in its own script, as the language switch shows it. */
export const localeNames: Record<Locale, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' };

/**
 * Whether a value names a supported language.
 * @param value - anything, e.g. a stored choice or a GraphQL argument
 */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The first supported language among a browser's preferred ones ('si-LK' → 'si'), or null.
 * @param preferred - BCP 47 tags, best first (navigator.languages)
 */
export function matchLocale(preferred: readonly string[]): Locale | null {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) {
      return language;
    }
  }
  return null;
}
