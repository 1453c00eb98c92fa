// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { baseTenantConfig } from '@careline/domain/tenant';
import { embeddedConfig } from './tenant-provider.tsx';

describe('the tenant settings embedded in index.html', () => {
  it('are read from the JSON block the server renders, so the first render needs no round trip', () => {
    const config = { ...baseTenantConfig, tenantId: 'first-tenant' };
    document.head.innerHTML =
      `<script id="careline-tenant-config" type="application/json">${JSON.stringify(config)}</script>`;
    expect(embeddedConfig()).toEqual(config);
  });

  it('are null when the page has none (Vite dev server) or it is broken', () => {
    document.head.innerHTML = '';
    expect(embeddedConfig()).toBeNull();
    document.head.innerHTML = '<script id="careline-tenant-config" type="application/json">{oops</script>';
    expect(embeddedConfig()).toBeNull();
  });
});
