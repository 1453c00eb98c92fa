import type { TenantPublicConfig } from '@careline/domain/tenant';
import { builder } from '../../graphql/builder.ts';

/** The tenant's public settings, loaded by the web app at start (branding, flags, texts). */
builder.queryField('tenantConfig', (t) =>
  t.field({
    type: 'JSON',
    description: 'Public settings of the tenant serving this host: branding, feature flags, currency.',
    resolve: (_root, _args, ctx): TenantPublicConfig => ctx.tenant.publicConfig,
  }),
);
