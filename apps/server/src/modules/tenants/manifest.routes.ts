import type { FastifyInstance } from 'fastify';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import type { AppDeps } from '../../app-deps.ts';

type ManifestIcon = { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' };

/**
 * What the installed app offers, from the tenant's enabled features: a tenant without medication
 * orders or chat must not promise them.
 * @param config - the tenant's public settings
 */
export function manifestDescription(config: TenantPublicConfig): string {
  const { features } = config;
  const offers: string[] = [];
  if (features.channelling.enabled || features.videoChannelling.enabled) {
    offers.push(features.videoChannelling.enabled ? 'book doctors and video consultations' : 'book doctors');
  }
  const orders = [
    features.medicationOrder.enabled ? 'medicines' : null,
    features.examinationOrder.enabled ? 'lab tests' : null,
    features.procedureOrder.enabled ? 'procedures' : null,
  ].filter((item): item is string => item !== null);
  if (orders.length > 0) {
    const last = orders.pop();
    offers.push(`order ${orders.length > 0 ? `${orders.join(', ')} and ${last}` : last}`);
  }
  offers.push('pay your bills');
  if (features.chat.enabled) {
    offers.push('chat with the hospital');
  }
  const last = offers.pop();
  const list = offers.length > 0 ? `${offers.join(', ')} and ${last}` : last;
  return `${config.branding.hospitalName}: ${list}.`;
}

/** The web app manifest of a tenant: its name, colours and icons make the installed app its own. */
export function webAppManifest(config: TenantPublicConfig): Record<string, unknown> {
  const { branding } = config;
  const icons: ManifestIcon[] = [
    { src: branding.appIcons.png192, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: branding.appIcons.png512, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: branding.appIcons.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
  if (branding.iconUrl.endsWith('.svg')) {
    icons.push({ src: branding.iconUrl, sizes: 'any', type: 'image/svg+xml', purpose: 'any' });
  }
  return {
    id: '/',
    name: branding.hospitalName,
    short_name: branding.shortName,
    description: manifestDescription(config),
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: branding.theme.primary,
    background_color: branding.theme.background,
    icons,
  };
}

/** GET /manifest.webmanifest: built per request from the tenant serving the request's host. */
export async function registerManifestRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/manifest.webmanifest', { logLevel: 'warn' }, async (request, reply) => {
    const tenant = deps.tenants.resolve(request.hostname);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Host')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webAppManifest(tenant.publicConfig)));
  });
}
