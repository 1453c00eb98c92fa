import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { allGatewaySettings, type TenantRegistry } from '../modules/tenants/index.ts';

/** The origin of an absolute http(s) URL, or null for a same-origin path. */
function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) {
    return null;
  }
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Origins outside our own that the tenants' configuration points the browser at: logos and icons
 * (img-src) and the hosted payment forms the browser posts to (form-action).
 * @param tenants - every tenant served
 */
export function tenantOrigins(tenants: TenantRegistry): { images: string[]; forms: string[] } {
  const images = new Set<string>();
  const forms = new Set<string>();
  for (const tenant of tenants.all()) {
    const { branding } = tenant.publicConfig;
    for (const url of [branding.logoUrl, branding.iconUrl]) {
      const origin = originOf(url);
      if (origin) {
        images.add(origin);
      }
    }
    // issue 9 §2: every hospital's gateways (their own form URLs and step-up origins) are allowed.
    const urls = allGatewaySettings(tenant).flatMap((gateways) => [
      gateways.cyberSource.formUrl,
      gateways.genie.merchantUrl,
      ...gateways.cyberSource.stepUpOrigins,
    ]);
    for (const url of urls) {
      const origin = originOf(url);
      if (origin) {
        forms.add(origin);
      }
    }
  }
  return { images: [...images].sort(), forms: [...forms].sort() };
}

/**
 * The Content-Security-Policy directives of every response. Scripts come only from our own origin
 * (no inline script, no eval); inline styles are refused too, except the tenant's head style of
 * index.html, which that response allows by its hash (web-app.ts). The tenant theme's CSS variables
 * are set through the CSSOM (lib/tenant/apply-branding.ts), which style-src does not restrict.
 * @param options - production (upgrade to https) and the tenants' outside origins
 */
export function contentSecurityPolicy(options: {
  production: boolean;
  images: string[];
  forms: string[];
  styleHashes?: string[];
}): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", ...(options.styleHashes ?? []).map((hash) => `'${hash}'`)],
    // blob: for previews of a picked file before upload; data: for tiny inline images in CSS.
    'img-src': ["'self'", 'data:', 'blob:', ...options.images],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the same-origin graphql-ws socket (ws:/wss:) in CSP level 3 browsers.
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...options.forms],
    'frame-ancestors': ["'none'"],
  };
  if (options.production) {
    directives['upgrade-insecure-requests'] = [];
  }
  return directives;
}

/** Serialises CSP directives into a header value. */
export function cspHeaderValue(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** helmet's options for every response: CSP, Referrer-Policy, nosniff, HSTS in production only. */
function helmetOptions(options: { production: boolean; tenants: TenantRegistry }): HelmetOptions {
  const { images, forms } = tenantOrigins(options.tenants);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({ production: options.production, images, forms }),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // A development server on http://*.localhost must not pin https.
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Blobs and icons are fetched by our own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The security headers helmet sets, computed once: helmet runs against a recording response at
 * start, so its rules and validation are the library's own, but nothing is rebuilt per request.
 * @param options - production, and the tenant registry for the outside origins the CSP allows
 */
export function securityHeaders(options: { production: boolean; tenants: TenantRegistry }): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(options))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      // helmet 8 throws bad options itself; an error handed here is its older way of saying so.
      if (error instanceof Error) {
        throw error;
      }
    },
  );
  return headers;
}

/**
 * Security headers on every response (helmet): CSP, frame-ancestors 'none', Referrer-Policy, nosniff,
 * and HSTS in production only. @fastify/helmet rebuilt helmet (parsing every CSP directive) on each
 * request, which cut the server's throughput to a third on a trivial query (npm run bench:graphql);
 * the headers are the same for every response, so they are computed once.
 * @param app - the Fastify app
 * @param options - production, the tenant registry for the outside origins the CSP allows, and the
 *   header that echoes the request's correlation id (set in the same hook)
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; tenants: TenantRegistry; correlationHeader?: string },
): Promise<void> {
  const headers = securityHeaders(options);
  const correlationHeader = options.correlationHeader;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (correlationHeader) {
      reply.header(correlationHeader, request.id);
    }
    done();
  });
}
