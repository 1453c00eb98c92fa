import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { graphql } from '@careline/contract/graphql';
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

function TenantFromServer({ children, loading, failed }: Omit<TenantProviderProps, 'value'>) {
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
