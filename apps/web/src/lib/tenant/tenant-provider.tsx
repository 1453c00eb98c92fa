import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useClient, useQuery } from 'urql';
import { graphql } from '../graphql/lazy-graphql.ts';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import { applyBranding } from './apply-branding.ts';

export const tenantConfigQuery = graphql(`
  query tenantConfig {
    tenantConfig
  }
`);

const TenantContext = createContext<TenantPublicConfig | null>(null);

// The last settings seen, so that an offline start (service worker shell) still shows the brand.
const savedConfigKey = 'tenantConfig';

function savedConfig(): TenantPublicConfig | null {
  try {
    const raw = window.localStorage.getItem(savedConfigKey);
    return raw ? (JSON.parse(raw) as TenantPublicConfig) : null;
  } catch {
    return null;
  }
}

// The server renders index.html with the tenant's settings in a JSON block (apps/server/src/web-app.render.ts),
// so the first render needs no round trip; the query still refreshes them.
const embeddedConfigId = 'careline-tenant-config';

/** The tenant settings the server put in the page, or null (dev server, old cached shell). */
export function embeddedConfig(doc: Document = document): TenantPublicConfig | null {
  const raw = doc.getElementById(embeddedConfigId)?.textContent;
  if (!raw) {
    return null;
  }
  try {
    return JSON.parse(raw) as TenantPublicConfig;
  } catch {
    return null;
  }
}

function saveConfig(config: TenantPublicConfig): void {
  try {
    window.localStorage.setItem(savedConfigKey, JSON.stringify(config));
  } catch {
    // Without storage an offline start shows the retry screen instead.
  }
}

type TenantProviderProps = {
  children: ReactNode;
  /** Shown while the settings load (neutral: the brand is not known yet). */
  loading: ReactNode;
  /** Shown when the settings cannot be loaded; retry asks again. */
  failed: (retry: () => void) => ReactNode;
  /** For tests: a ready config, nothing is fetched. */
  value?: TenantPublicConfig;
};

/** Whether two settings say the same (the refreshed settings against those the page carried). */
export function sameConfig(a: unknown, b: unknown): boolean {
  if (a === b) {
    return true;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return false;
  }
  if (Array.isArray(a) !== Array.isArray(b)) {
    return false;
  }
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every(
      (key) =>
        Object.hasOwn(b, key) && sameConfig((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** Runs once the browser is idle (or after a short wait where it cannot tell); returns the cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * The settings the server put in the page, shown at once. The first screen runs no query for them:
 * the refresh waits until the browser is idle, so that it takes no time from a slow phone's first
 * render, and settings equal to the page's keep its object, so that no screen renders again for it.
 */
function TenantFromPage({ embedded, children }: { embedded: TenantPublicConfig; children: ReactNode }) {
  const client = useClient();
  const [config, setConfig] = useState(embedded);
  useEffect(() => {
    let current = true;
    const cancel = whenIdle(() => {
      void client
        .query(tenantConfigQuery, {}, { requestPolicy: 'network-only' })
        .toPromise()
        .then((result) => {
          // tenantConfig is the JSON scalar: the server builds it from the validated tenant configuration.
          const fresh = (result.data?.tenantConfig as TenantPublicConfig | undefined) ?? null;
          if (!fresh || !current) {
            return;
          }
          saveConfig(fresh);
          setConfig((shown) => (sameConfig(shown, fresh) ? shown : fresh));
        });
    });
    return () => {
      current = false;
      cancel();
    };
  }, [client]);
  useLayoutEffect(() => {
    // The server rendered the page's own settings into its head (title, theme, icons) already.
    if (config !== embedded) {
      applyBranding(config.branding);
    }
  }, [config, embedded]);
  return <TenantContext.Provider value={config}>{children}</TenantContext.Provider>;
}

/** The settings from the tenantConfig query (a page without them: the dev server, an old cached shell). */
function TenantFromQuery({ children, loading, failed }: Omit<TenantProviderProps, 'value'>) {
  const [result, reexecute] = useQuery({ query: tenantConfigQuery });
  // tenantConfig is the JSON scalar: the server builds it from the validated tenant configuration.
  const fresh = (result.data?.tenantConfig as TenantPublicConfig | undefined) ?? null;
  const loadFailed = Boolean(result.error) && !result.fetching;
  const [fallback] = useState(savedConfig);
  const config = fresh ?? (loadFailed ? fallback : null);
  useLayoutEffect(() => {
    if (config) {
      applyBranding(config.branding);
    }
  }, [config]);
  useEffect(() => {
    if (fresh) {
      saveConfig(fresh);
    }
  }, [fresh]);
  if (config) {
    return <TenantContext.Provider value={config}>{children}</TenantContext.Provider>;
  }
  if (loadFailed) {
    return <>{failed(() => reexecute({ requestPolicy: 'network-only' }))}</>;
  }
  return <>{loading}</>;
}

function TenantFromServer(props: Omit<TenantProviderProps, 'value'>) {
  const [embedded] = useState(embeddedConfig);
  if (embedded) {
    return <TenantFromPage embedded={embedded}>{props.children}</TenantFromPage>;
  }
  return <TenantFromQuery {...props} />;
}

/** Loads the tenant's public settings before anything else renders, and applies its branding. */
export function TenantProvider({ value, children, ...rest }: TenantProviderProps) {
  useLayoutEffect(() => {
    if (value) {
      applyBranding(value.branding);
    }
  }, [value]);
  if (value) {
    return <TenantContext.Provider value={value}>{children}</TenantContext.Provider>;
  }
  return <TenantFromServer {...rest}>{children}</TenantFromServer>;
}

/** The tenant's public settings (branding, feature flags, currency, ux flow). */
export function useTenant(): TenantPublicConfig {
  const config = useContext(TenantContext);
  if (!config) {
    throw new Error('useTenant must be used inside TenantProvider');
  }
  return config;
}
