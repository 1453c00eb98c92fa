// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { baseTenantConfig } from '@careline/domain/tenant';
import { applyBranding, themeVariable } from './apply-branding.ts';

describe('tenant branding', () => {
  it('names a CSS variable for every theme colour', () => {
    expect(themeVariable('primary')).toBe('--color-primary');
    expect(themeVariable('primaryContrast')).toBe('--color-primary-contrast');
  });

  it('sets the title, the colour variables, the theme-color meta and the icon', () => {
    document.head.innerHTML = '<meta name="theme-color" content="#000000"><link rel="icon" href="/x.svg">';
    const branding = {
      ...baseTenantConfig.branding,
      hospitalName: 'Lakeside Medical Group',
      iconUrl: '/brand/lakeside.svg',
      theme: { ...baseTenantConfig.branding.theme, primary: '#1f4e9c' },
    };
    applyBranding(branding);
    expect(document.title).toBe('Lakeside Medical Group');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe('#1f4e9c');
    for (const key of Object.keys(branding.theme) as (keyof typeof branding.theme)[]) {
      expect(style.getPropertyValue(themeVariable(key))).toBe(branding.theme[key]);
    }
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#1f4e9c');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/brand/lakeside.svg');
  });
});
