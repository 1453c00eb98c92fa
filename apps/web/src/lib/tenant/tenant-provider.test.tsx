// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseTenantConfig, type TenantPublicConfig } from '@careline/domain/tenant';
import { embeddedConfig, sameConfig, TenantProvider, useTenant } from './tenant-provider.tsx';

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

type Answer = { data: { tenantConfig: unknown } };

/** A client that answers tenantConfig from a function, recording when it is asked. */
function clientAnswering(answer: () => Answer | Promise<Answer>) {
  let calls = 0;
  const fakeFetch: typeof fetch = async () => {
    calls += 1;
    return new Response(JSON.stringify(await answer()), { headers: { 'content-type': 'application/json' } });
  };
  const client = new Client({ url: 'http://test.local/graphql', exchanges: [fetchExchange], fetch: fakeFetch });
  return { client, calls: () => calls };
}

function ShowTenant({ seen }: { seen: TenantPublicConfig[] }) {
  const tenant = useTenant();
  seen.push(tenant);
  return <p>{tenant.tenantId}</p>;
}

function renderProvider(client: Client, seen: TenantPublicConfig[]) {
  return render(
    <Provider value={client}>
      <TenantProvider loading={<p>loading</p>} failed={() => <p>failed</p>}>
        <ShowTenant seen={seen} />
      </TenantProvider>
    </Provider>,
  );
}

describe('TenantProvider with the settings in the page', () => {
  afterEach(() => {
    cleanup();
    document.head.innerHTML = '';
    vi.useRealTimers();
    window.localStorage.clear();
  });

  function embed(config: TenantPublicConfig) {
    document.head.innerHTML =
      `<script id="careline-tenant-config" type="application/json">${JSON.stringify(config)}</script>`;
  }

  it('renders from them at once and asks the server only once the first screen is up', async () => {
    vi.useFakeTimers();
    const config = { ...baseTenantConfig, tenantId: 'first-tenant' };
    embed(config);
    const { client, calls } = clientAnswering(() => ({ data: { tenantConfig: config } }));
    const seen: TenantPublicConfig[] = [];
    renderProvider(client, seen);
    expect(screen.getByText('first-tenant')).toBeTruthy();
    expect(calls()).toBe(0);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(calls()).toBe(1);
    // The same settings keep the page's object: the screens below do not render again for them.
    expect(new Set(seen).size).toBe(1);
    expect(JSON.parse(window.localStorage.getItem('tenantConfig') ?? 'null')).toEqual(config);
  });

  it('takes changed settings from the server', async () => {
    vi.useFakeTimers();
    embed({ ...baseTenantConfig, tenantId: 'first-tenant' });
    const renamed = { ...baseTenantConfig, tenantId: 'renamed' };
    const { client } = clientAnswering(() => ({ data: { tenantConfig: renamed } }));
    renderProvider(client, []);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.getByText('renamed')).toBeTruthy();
  });

  it('asks the server at once when the page has none (dev server)', async () => {
    const fromServer = { ...baseTenantConfig, tenantId: 'from-server' };
    const { client, calls } = clientAnswering(() => ({ data: { tenantConfig: fromServer } }));
    renderProvider(client, []);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('from-server')).toBeTruthy();
    expect(calls()).toBe(1);
  });
});

describe('sameConfig', () => {
  it('compares settings by what they say, not by key order', () => {
    expect(sameConfig({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameConfig({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [2, 1] } })).toBe(false);
    expect(sameConfig({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameConfig([1], { 0: 1 })).toBe(false);
  });
});
