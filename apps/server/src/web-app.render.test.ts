import { describe, expect, it } from 'vitest';
import { baseTenantConfig } from '@careline/domain/tenant';
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

  it('refuses a template without its markers', () => {
    expect(() => renderIndexHtml('<html></html>', baseTenantConfig)).toThrow(/markers/);
  });

  it('escapes for attributes and script data blocks', () => {
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    expect(JSON.parse(jsonForScriptElement({ a: '</script>&' }))).toEqual({ a: '</script>&' });
    expect(jsonForScriptElement({ a: '</script>' })).not.toContain('</');
  });
});
