import type { Branding } from '@careline/domain/tenant';

type ThemeKey = keyof Branding['theme'];

/** The CSS variable for a theme colour: primaryContrast → --color-primary-contrast. */
export function themeVariable(key: ThemeKey): string {
  return `--color-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * Applies a tenant's branding to the page: title, theme colour variables, theme-color meta, icon.
 * @param branding - the tenant's branding
 * @param doc - the document to brand
 */
export function applyBranding(branding: Branding, doc: Document = document): void {
  // A screen names the document after its heading and the hospital (useScreenHeading); branding that
  // arrives later must not overwrite that, only a title without the hospital's name.
  if (!doc.title.includes(branding.hospitalName)) {
    doc.title = branding.hospitalName;
  }
  const root = doc.documentElement;
  (Object.keys(branding.theme) as ThemeKey[]).forEach((key) => {
    root.style.setProperty(themeVariable(key), branding.theme[key]);
  });
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.theme.primary);
  doc.querySelector('link[rel="icon"]')?.setAttribute('href', branding.iconUrl);
}
