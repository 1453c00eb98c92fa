import { createHash } from 'node:crypto';
import type { TenantPublicConfig } from '@careline/domain/tenant';

/*
 * index.html rendered for the tenant of the request (issue 6 §3 "No blank first screen"): the built
 * page carries two markers, and the server fills them with the tenant's title, theme colour, icons,
 * theme variables and a splash, so a slow phone paints the right hospital's brand before any script.
 */

/** Replaced by the tenant's head (title, theme-color, icons, inline style); dev default between. */
export const headStartMarker = '<!--careline:head-->';
export const headEndMarker = '<!--/careline:head-->';
/** Replaced by the splash inside #root; React replaces it on its first render. */
export const splashMarker = '<!--careline:splash-->';
/** The id of the JSON block holding the tenant's public settings (read by lib/tenant). */
export const tenantConfigElementId = 'careline-tenant-config';

/** A screen the server writes into #root in place of the splash; the app replaces it when it renders. */
export type ServerScreen = {
  /** The screen's HTML (escaped by its writer). */
  html: string;
  /** The language it is written in, for <html lang>. */
  lang: string;
  /** The document title (text), as the app names the screen: its heading, then the hospital. */
  title: string;
  /** False for a page the app does not own (no script, no module preload). */
  withScripts: boolean;
  /**
   * The screen's own style rules (sizes and colours of its data, e.g. a bar's width), in the head with
   * their CSP hash: the page's policy allows no style attribute.
   */
  style?: string;
};

export type RenderedIndex = {
  html: string;
  /** 'sha256-…' of each inline style, for the response's Content-Security-Policy. */
  styleHashes: string[];
};

/** Stylesheets larger than this stay links: inlining them would delay the page more than the request. */
export const INLINE_STYLESHEET_MAX_BYTES = 16 * 1024;

/** Splash logos up to this size come inside the page as a data: URL (SVG only; img-src allows data:). */
export const INLINE_LOGO_MAX_BYTES = 4 * 1024;

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML text node or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/** JSON safe inside a <script type="application/json"> element (no '</script>' can close it). */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// Colours are validated as #rgb/#rrggbb by the tenant loader; anything else never reaches CSS.
const safeColour = (value: string): string => (/^#[0-9a-fA-F]{3,8}$/.test(value) ? value : '#000000');

function iconType(url: string): string {
  if (url.endsWith('.svg')) {
    return 'image/svg+xml';
  }
  return url.endsWith('.png') ? 'image/png' : 'image/x-icon';
}

/**
 * The tenant's inline style: its theme as the CSS variables the app's stylesheet reads, and the
 * splash. `html:root` outranks the stylesheet's neutral `:root` defaults.
 * @param config - the tenant's public settings
 */
export function tenantStyle(config: TenantPublicConfig): string {
  const { theme } = config.branding;
  const variables = (Object.keys(theme) as (keyof typeof theme)[])
    .map((key) => `--color-${key.replace(/[A-Z]/g, (l) => `-${l.toLowerCase()}`)}:${safeColour(theme[key])}`)
    .join(';');
  return [
    `html:root{${variables}}`,
    `html,body{background:${safeColour(theme.background)}}`,
    '.splash{min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;align-items:center;' +
      'justify-content:center;gap:16px;padding:24px;margin:0;text-align:center;' +
      `font:600 1.25rem/1.3 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:${safeColour(theme.text)}}`,
    '.splash__logo{width:96px;height:96px}',
    `.splash__name{margin:0;color:${safeColour(theme.primary)}}`,
  ].join('');
}

/**
 * Renders the built index.html for one tenant.
 * @param template - the built index.html, with the head and splash markers
 * @param config - the tenant's public settings
 * @param options - title: the page title (the hospital's name by default); preload: the route's screen
 *   chunks and stylesheets, fetched with the page instead of after the entry script; stylesheets: the
 *   build's small stylesheets by URL; images: the build's small SVG images by URL, as data: URLs;
 *   screen: a screen the server wrote, in place of the splash (the plain sign-in form, issue 33 §2)
 */
export function renderIndexHtml(
  template: string,
  config: TenantPublicConfig,
  options: {
    title?: string;
    preload?: { scripts: string[]; styles: string[] };
    stylesheets?: ReadonlyMap<string, string>;
    images?: ReadonlyMap<string, string>;
    screen?: ServerScreen;
  } = {},
): RenderedIndex {
  const { branding } = config;
  const style = tenantStyle(config);
  const screenStyle = options.screen?.style?.replace(/<\/style/gi, '');
  const styleHashes = [hashOf(style), ...(screenStyle ? [hashOf(screenStyle)] : [])];
  const inline = (href: string): string | null => {
    const css = options.stylesheets?.get(href);
    // Not inlined: a relative url(), @import or image-set() would resolve against the page instead of
    // the stylesheet.
    if (
      css === undefined ||
      /<\/style/i.test(css) ||
      /url\(\s*['"]?(?![/'"]|data:|https?:)/i.test(css) ||
      /@import|image-set\(/i.test(css)
    ) {
      return null;
    }
    styleHashes.push(hashOf(css));
    return `<style>${css}</style>`;
  };
  const title = options.screen?.title ?? options.title ?? branding.hospitalName;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(`${branding.hospitalName}: your hospital in your pocket.`)}" />`,
    `<meta name="theme-color" content="${safeColour(branding.theme.primary)}" />`,
    `<meta name="application-name" content="${escapeHtml(branding.shortName)}" />`,
    `<meta name="apple-mobile-web-app-title" content="${escapeHtml(branding.shortName)}" />`,
    `<link rel="icon" href="${escapeHtml(branding.iconUrl)}" type="${iconType(branding.iconUrl)}" />`,
    `<link rel="apple-touch-icon" href="${escapeHtml(branding.appIcons.png192)}" />`,
    `<style>${style}</style>`,
    ...(screenStyle ? [`<style>${screenStyle}</style>`] : []),
    `<script id="${tenantConfigElementId}" type="application/json">${jsonForScriptElement(config)}</script>`,
  ].join('\n    ');
  // The logo comes with the page when it is small: the splash, the largest thing a slow phone paints
  // first, then waits for no request that would queue behind the scripts (issue 6 §3).
  const logoSrc = options.images?.get(branding.logoUrl) ?? branding.logoUrl;
  const splash =
    `<div class="splash" role="status" aria-label="${escapeHtml(`Opening ${branding.hospitalName}`)}">` +
    `<img class="splash__logo" src="${escapeHtml(logoSrc)}" alt="" width="96" height="96" />` +
    `<p class="splash__name">${escapeHtml(branding.hospitalName)}</p></div>`;
  // After the entry's own stylesheet (end of head), so the screen's CSS keeps the cascade order it has
  // when Vite loads it with the lazy chunk.
  // An inlined screen stylesheet keeps a disabled link (never fetched, never applied): Vite's loader
  // of the lazy screen chunk finds it by its href and does not fetch the file again.
  const preloads = [
    ...(options.preload?.styles ?? []).map((href) => {
      const link = `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}"`;
      const inlined = inline(href);
      return inlined ? `${inlined}${link} disabled />` : `${link} />`;
    }),
    ...(options.preload?.scripts ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`,
    ),
  ]
    .map((link) => `  ${link}\n  `)
    .join('');
  const start = template.indexOf(headStartMarker);
  const end = template.indexOf(headEndMarker);
  if (start < 0 || end < start || !template.includes(splashMarker)) {
    throw new Error('index.html lacks the careline:head or careline:splash markers (apps/web/index.html)');
  }
  // The entry's own stylesheet is inlined where its link was, so the splash and the first screen
  // paint without waiting for another round trip on a slow network (issue 6 §3).
  const rest = template
    .slice(end + headEndMarker.length)
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (link, href: string) => inline(href) ?? link);
  const screen = options.screen;
  let html =
    template.slice(0, start) +
    head +
    rest.replace('</head>', () => `${preloads}</head>`).replace(splashMarker, () => screen?.html ?? splash);
  if (screen) {
    // The screen works without the app: the app's "needs JavaScript" note would say otherwise.
    html = html
      .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(screen.lang)}">`)
      .replace(/<noscript>[\s\S]*?<\/noscript>\s*/g, '');
    if (!screen.withScripts) {
      html = html
        .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
        .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
    }
  }
  return { html, styleHashes };
}

function hashOf(text: string): string {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}
