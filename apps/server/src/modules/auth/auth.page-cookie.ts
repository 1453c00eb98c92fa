import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorString } from '@careline/domain/errors';
import type { DbOrTx } from '../../db/client.ts';
import type { TenantRegistry } from '../tenants/index.ts';
import { ACCESS_SESSION_IDLE_MS, resolveAccessToken } from './auth.access-sessions.ts';
import { isSameOriginPost, readCookies } from './auth.form.ts';
import type { Viewer } from './auth.viewer.ts';

/*
 * The page cookie (issue 33 §1): the app keeps its access token in localStorage (spec doc 1 §7), which
 * a page request does not carry, so the server could not write a signed-in screen. When the app stores
 * a token it asks for this cookie (POST /session/page-cookie with the token as its bearer); when it
 * clears it, or logs out, the cookie goes (POST /session/page-cookie/clear).
 *
 * What it holds and why it is safe:
 * - the access token sealed with the app secret (AES-256-GCM, the tenant as its associated data): a
 *   leaked cookie is no bearer token anywhere, and another tenant's host cannot open it;
 * - HttpOnly (no script reads it), SameSite=Lax (a link from an SMS or another site opens the page
 *   signed in, a cross-site post never carries it), Path=/, Secure on https;
 * - it is read ONLY to write GET pages for its account (web-app.ts): never by GraphQL or any route that
 *   changes state, so it opens no CSRF surface; it is checked exactly as a bearer token is
 *   (resolveAccessToken: revocation, expiry, idle time, the host's tenant) on every page.
 * A readable flag cookie without any secret (careline-page-session) tells the app it need not ask again.
 */

/** The HttpOnly cookie with the sealed access token. */
export const pageCookie = 'careline-page';
/** The readable flag that the page cookie is set (no secret), so the app asks once. */
export const pageCookieFlag = 'careline-page-session';
/** Where the app asks for the cookie and for its end. */
export const pageCookiePaths = { set: '/session/page-cookie', clear: '/session/page-cookie/clear' } as const;

// As long as an unused session lives (auth.access-sessions.ts); every sign-in or start asks afresh.
const pageCookieSeconds = Math.floor(ACCESS_SESSION_IDLE_MS / 1000);

function sealKey(appSecret: Buffer): Buffer {
  return createHmac('sha256', appSecret).update('careline-page-cookie', 'utf8').digest();
}

/**
 * Seals an access token for the page cookie of a tenant.
 * @param appSecret - the app secret
 * @param tenantId - the tenant the cookie is for (its host alone can open it)
 * @param token - the access token
 */
export function sealPageToken(appSecret: Buffer, tenantId: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(appSecret), iv);
  cipher.setAAD(Buffer.from(tenantId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/**
 * The access token of a page cookie, or null when it was not sealed by this server for this tenant.
 * @param appSecret - the app secret
 * @param tenantId - the request's tenant
 * @param value - the cookie's value
 */
export function openPageToken(appSecret: Buffer, tenantId: string, value: string | undefined): string | null {
  const bytes = Buffer.from(value ?? '', 'base64url');
  if (bytes.length < 12 + 16 + 20 || bytes.length > 12 + 16 + 200) {
    return null;
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(appSecret), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(tenantId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What the page cookie needs of the server (AppDeps has it; not imported, which would close a cycle). */
export type PageCookieDeps = {
  env: { NODE_ENV: string };
  database: { db: DbOrTx };
  providers: { appSecret: Buffer };
  tenants: Pick<TenantRegistry, 'resolve'>;
};

function setCookie(name: string, value: string, maxAgeSeconds: number, httpOnly: boolean, secure: boolean): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'SameSite=Lax',
    ...(httpOnly ? ['HttpOnly'] : []),
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

const bearerOf = (header: string | undefined): string | null => /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? null;

/**
 * The account a page request is signed in as, by its page cookie, checked as a bearer token is, with
 * the token; null without one or when it is not valid here. Only for writing GET pages.
 * @param deps - database, app secret and tenants
 * @param request - the page request
 */
export async function pageViewer(deps: PageCookieDeps, request: FastifyRequest): Promise<{ viewer: Viewer; token: string } | null> {
  const value = readCookies(request.headers.cookie).get(pageCookie);
  if (!value) {
    return null;
  }
  const tenantId = deps.tenants.resolve(request.hostname).id;
  const token = openPageToken(deps.providers.appSecret, tenantId, value);
  const viewer = token === null ? null : await resolveAccessToken(deps.database.db, tenantId, token);
  return viewer && token !== null ? { viewer, token } : null;
}

/**
 * POST /session/page-cookie (the bearer token of a signed-in app: sets the page cookie) and
 * POST /session/page-cookie/clear (from this server's own page: removes it).
 * @param app - the server
 * @param deps - configuration, database, app secret and tenants
 */
export async function registerPageCookieRoutes(app: FastifyInstance, deps: PageCookieDeps): Promise<void> {
  const secureFor = (request: FastifyRequest) => deps.env.NODE_ENV === 'production' || request.protocol === 'https';
  app.post(pageCookiePaths.set, async (request, reply) => {
    const tenantId = deps.tenants.resolve(request.hostname).id;
    const token = bearerOf(request.headers.authorization);
    const viewer = token === null ? null : await resolveAccessToken(deps.database.db, tenantId, token);
    if (token === null || viewer === null) {
      return reply.code(401).send({ error: errorString('ARO-E1022') });
    }
    const secure = secureFor(request);
    reply.header('Cache-Control', 'no-store').header('Set-Cookie', [
      setCookie(pageCookie, sealPageToken(deps.providers.appSecret, tenantId, token), pageCookieSeconds, true, secure),
      setCookie(pageCookieFlag, '1', pageCookieSeconds, false, secure),
    ]);
    return reply.code(204).send();
  });
  app.post(pageCookiePaths.clear, async (request, reply) => {
    if (!isSameOriginPost(request)) {
      return reply.code(403).send({ error: errorString('ARO-E2002') });
    }
    const secure = secureFor(request);
    reply.header('Cache-Control', 'no-store').header('Set-Cookie', [
      setCookie(pageCookie, '', 0, true, secure),
      setCookie(pageCookieFlag, '', 0, false, secure),
    ]);
    return reply.code(204).send();
  });
}
