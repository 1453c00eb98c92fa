import type { Locale } from '@careline/i18n/locales';

// Sinhala and Tamil glyphs come from Noto (subset woff2, by unicode-range), fetched only when the
// language is used; English uses the system font. The weights are those of app.css (400, 600, 700).
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

/**
 * Whether a language needs a web font to show its script.
 * @param locale - the language
 */
export function needsWebFont(locale: Locale): boolean {
  return fontLoaders[locale] !== null;
}

/**
 * Marks the page's language (screen readers, hyphenation, the :lang() styles) and fetches its font once.
 * @param locale - the language now shown
 * @param root - the <html> element
 */
export function applyLanguage(locale: Locale, root: HTMLElement = document.documentElement): void {
  root.lang = locale;
  const load = fontLoaders[locale];
  if (load && !fontsRequested.has(locale)) {
    fontsRequested.add(locale);
    load().catch(() => {
      // Offline before the font was cached: the system font shows the text, try again next time.
      fontsRequested.delete(locale);
    });
  }
}
