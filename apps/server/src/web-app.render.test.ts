import { describe, expect, it } from 'vitest';
import { baseTenantConfig } from '@careline/domain/tenant';
import { createHash } from 'node:crypto';
import { escapeHtml, jsonForScriptElement, renderIndexHtml } from './web-app.render.ts';

const template =
  '<html><head><!--careline:head--><title>Dev</title><!--/careline:head--></head>' +
  '<body><div id="root"><!--careline:splash--></div></body></html>';

describe('renderIndexHtml', () => {
  it('cannot be broken out of by a tenant name', () => {
    const config = {
      ...baseTenantConfig,
      branding: { ...baseTenantConfig.branding, hospitalName: '</script><script>alert(1)</script>"' },
    };
    const { html } = renderIndexHtml(template, config);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;</title>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it("puts a small logo inside the splash as a data: URL, and links any other", () => {
    const logo = 'data:image/svg+xml;base64,PHN2Zy8+';
    const inlined = renderIndexHtml(template, baseTenantConfig, {
      images: new Map([[baseTenantConfig.branding.logoUrl, logo]]),
    });
    expect(inlined.html).toContain(`<img class="splash__logo" src="${logo}"`);
    const linked = renderIndexHtml(template, baseTenantConfig, { images: new Map([['/brand/other.svg', logo]]) });
    expect(linked.html).toContain(`<img class="splash__logo" src="${baseTenantConfig.branding.logoUrl}"`);
  });

  it("puts a written screen's own style in the head, with its CSP hash", () => {
    const screen = { html: '<main></main>', lang: 'en', title: 'T', withScripts: true, style: '.server-style-0{width:15%}' };
    const { html, styleHashes } = renderIndexHtml(template, baseTenantConfig, { screen });
    expect(html).toContain('<style>.server-style-0{width:15%}</style>');
    expect(styleHashes).toContain(`sha256-${createHash('sha256').update(screen.style).digest('base64')}`);
    const breaking = renderIndexHtml(template, baseTenantConfig, { screen: { ...screen, style: 'a{}</style><script>x</script>' } });
    expect(breaking.html).not.toContain('</style><script>');
  });

  it('refuses a template without its markers', () => {
    expect(() => renderIndexHtml('<html></html>', baseTenantConfig)).toThrow(/markers/);
  });

  it('escapes for attributes and script data blocks', () => {
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    expect(JSON.parse(jsonForScriptElement({ a: '</script>&' }))).toEqual({ a: '</script>&' });
    expect(jsonForScriptElement({ a: '</script>' })).not.toContain('</');
  });

  describe('inline stylesheets (issue 6 §3: no extra round trip before the first paint)', () => {
    const withEntryCss =
      '<html><head><!--careline:head--><title>Dev</title><!--/careline:head-->' +
      '<link rel="stylesheet" crossorigin href="/assets/index-a.css"></head>' +
      '<body><div id="root"><!--careline:splash--></div></body></html>';
    const preload = { scripts: ['/assets/login-b.js'], styles: ['/assets/login-b.css'] };
    const hash = (css: string): string => `sha256-${createHash('sha256').update(css).digest('base64')}`;

    it("inlines the entry's and the preloaded screen's stylesheets, each with its CSP hash", () => {
      const stylesheets = new Map([
        ['/assets/index-a.css', '.app{color:red}'],
        ['/assets/login-b.css', '.login{font:url(/assets/f.woff2)}'],
      ]);
      const { html, styleHashes } = renderIndexHtml(withEntryCss, baseTenantConfig, { preload, stylesheets });
      expect(html).toContain('<style>.app{color:red}</style>');
      expect(html).not.toContain('href="/assets/index-a.css"');
      // The screen's link stays, disabled, so the lazy chunk's loader does not fetch it again.
      expect(html).toContain(
        '<style>.login{font:url(/assets/f.woff2)}</style><link rel="stylesheet" crossorigin href="/assets/login-b.css" disabled />',
      );
      expect(styleHashes).toEqual(expect.arrayContaining([hash('.app{color:red}'), hash('.login{font:url(/assets/f.woff2)}')]));
      expect(styleHashes).toHaveLength(3);
    });

    it('keeps links for unknown, unsafe or page-relative stylesheets', () => {
      const stylesheets = new Map([
        ['/assets/index-a.css', '.x{}</style><script>alert(1)</script>'],
        ['/assets/login-b.css', '.y{background:url(img.png)}'],
      ]);
      const { html, styleHashes } = renderIndexHtml(withEntryCss, baseTenantConfig, { preload, stylesheets });
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a.css">');
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/login-b.css" />');
      expect(html).not.toContain('alert(1)');
      expect(styleHashes).toHaveLength(1);
      expect(renderIndexHtml(withEntryCss, baseTenantConfig).html).toContain('href="/assets/index-a.css"');
      for (const css of ['@import "other.css";.x{}', '.x{background:image-set("a.png" 1x)}']) {
        const page = renderIndexHtml(withEntryCss, baseTenantConfig, { stylesheets: new Map([['/assets/index-a.css', css]]) });
        expect(page.html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a.css">');
      }
    });
  });
});
