import type { FastifyInstance } from 'fastify';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import type { AppDeps } from '../../app-deps.ts';

type ManifestIcon = { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' };

/** The web app manifest of a tenant: its name, colours and icons make the installed app its own. */
export function webAppManifest(config: TenantPublicConfig): Record<string, unknown> {
  const { branding } = config;
  const icons: ManifestIcon[] = [
    { src: '/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
  if (branding.iconUrl.endsWith('.svg')) {
    icons.push({ src: branding.iconUrl, sizes: 'any', type: 'image/svg+xml', purpose: 'any' });
  }
  return {
    id: '/',
    name: branding.hospitalName,
    short_name: branding.shortName,
    description: `${branding.hospitalName}: book doctors, order medicines and lab tests, pay and chat.`,
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
