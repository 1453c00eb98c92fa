import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './app-deps.ts';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import { contentSecurityPolicy, cspHeaderValue, tenantOrigins } from './http/security-headers.ts';
import { INLINE_LOGO_MAX_BYTES, INLINE_STYLESHEET_MAX_BYTES, renderIndexHtml, type ServerScreen } from './web-app.render.ts';
import {
  pageViewer,
  registerPageCookieRoutes,
  registerSignInFormRoutes,
  signInPageView,
  type SignInFormView,
  type Viewer,
} from './modules/auth/index.ts';
import { requestLanguage, signInScreen } from './web-app.sign-in.ts';
import { doctorScreen, doctorScreenData, doctorScreenDocuments } from './web-app.doctor.ts';
import { accountOwner } from '@careline/domain/ids';
import { appointmentScreen, appointmentScreenData, appointmentScreenDocuments } from './web-app.appointment.ts';
import { chatScreen, chatScreenData, chatScreenDocuments } from './web-app.chat.ts';

export const defaultWebDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);
export const defaultStaffDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../staff/dist',
);

// Paths the server owns; everything else is the single-page app.
// An unknown path under one of them answers 404 JSON, never the app's HTML (a misconfigured probe must not pass).
const serverPrefixes = [
  '/graphql',
  '/blob/',
  '/dev/',
  '/healthz',
  '/livez',
  '/readyz',
  '/metrics',
  '/sandbox/',
  '/feedback',
  '/payments/',
  '/lab-reports/',
  '/fhir/',
  '/staff/',
];

const immutableCache = 'public, max-age=31536000, immutable';

/**
 * The only pages whose GET reads the page cookie (modules/auth auth.page-cookie.ts, issue 33 §1): the
 * screens the server writes for the signed-in account. Every other request leaves the cookie unread.
 */
export const pageCookieScreens = ['/view/appointment', '/chat-home'] as const;

export type WebAppMount = {
  /** Where the app lives: '/' for the patient app, '/staff' for the staff console. */
  prefix: string;
  /** The app's build output: index.html (with the careline:head/splash markers), assets/, public files. */
  distDir: string;
  /** The page title for a tenant; the hospital's name when unset. */
  title?: (config: TenantPublicConfig) => string;
  /** The patient app's /login as a plain form the server answers (issue 33 §2). */
  signInForm?: boolean;
  /**
   * Runs one of the app's queries as the request would (its tenant, no account): with it the patient
   * app's /doctor is written by the server from the answers, which go with the page (issue 33 §1).
   */
  runQuery?: RunQuery;
};

/**
 * Runs a GraphQL query for a page request, as its tenant and, when given, as the page cookie's account;
 * resolves to its data, rejects when it has errors.
 */
export type RunQuery = (
  request: FastifyRequest,
  source: string,
  variables: Record<string, unknown>,
  viewer?: Viewer,
) => Promise<unknown>;

type StaticFile = { relativePath: string; immutable: boolean };

type RoutePreload = { scripts: string[]; styles: string[] };

/** route-preloads.json of a build (apps/web/build/route-preloads.ts), or none. */
function readRoutePreloads(distDir: string): Map<string, RoutePreload> {
  const file = path.join(distDir, 'route-preloads.json');
  if (!fs.existsSync(file)) {
    return new Map();
  }
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RoutePreload>;
  return new Map(Object.entries(parsed));
}

/**
 * The build's small stylesheets by URL path (the page inlines those it links): the entry's and the
 * preloaded screens' CSS then arrive with the page instead of one round trip later.
 */
function readInlineStylesheets(distDir: string, prefix: string, files: Map<string, StaticFile>): Map<string, string> {
  const stylesheets = new Map<string, string>();
  for (const [urlPath, file] of files) {
    if (!file.immutable || !urlPath.endsWith('.css')) {
      continue;
    }
    const fullPath = path.join(distDir, file.relativePath);
    if (fs.statSync(fullPath).size <= INLINE_STYLESHEET_MAX_BYTES) {
      stylesheets.set(`${prefix}${urlPath}`, fs.readFileSync(fullPath, 'utf8'));
    }
  }
  return stylesheets;
}

/** The build's small SVG images by URL path, as data: URLs: a splash logo among them comes with the page. */
function readInlineImages(distDir: string, prefix: string, files: Map<string, StaticFile>): Map<string, string> {
  const images = new Map<string, string>();
  for (const [urlPath, file] of files) {
    const fullPath = path.join(distDir, file.relativePath);
    if (urlPath.endsWith('.svg') && fs.statSync(fullPath).size <= INLINE_LOGO_MAX_BYTES) {
      images.set(`${prefix}${urlPath}`, `data:image/svg+xml;base64,${fs.readFileSync(fullPath).toString('base64')}`);
    }
  }
  return images;
}

// br and gzip: compressed once, for a page kept for every request of its tenant; a page of one request
// is compressed on its way out by @fastify/compress (src/http/compression.ts).
type PreparedIndex = { html: string; br?: Buffer; gzip?: Buffer; csp: string };

/** Every file of a build, by URL path below the mount, except index.html and precompressed copies. */
function listStaticFiles(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) {
      continue;
    }
    const relativePath = path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (relativePath === 'index.html') {
      continue;
    }
    // Vite puts content-hashed files in assets/: their name changes with their bytes.
    files.set(`/${relativePath}`, { relativePath, immutable: relativePath.startsWith('assets/') });
  }
  return files;
}

/** Which precompressed copy to send: the client's choice among those built, brotli first. */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  const accepted = new Map<string, number>();
  for (const part of (typeof header === 'string' ? header : '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) {
      accepted.set(name, q === undefined ? 1 : Number(q));
    }
  }
  const wants = (name: string): boolean => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) {
    return 'br';
  }
  return wants('gzip') ? 'gzip' : null;
}

/**
 * Mounts a built single-page app: hashed assets cached for a year (precompressed brotli/gzip copies
 * sent by Accept-Encoding), other files and index.html revalidated every time, index.html rendered
 * for the request's tenant, and client-side routes answered with it. GET and HEAD.
 * A second app is one call: `await mountWebApp(app, deps, { prefix: '/staff', distDir })`.
 * @param app - the Fastify app
 * @param deps - tenants and config
 * @param mount - where the app is served from and where its build lives
 */
export async function mountWebApp(app: FastifyInstance, deps: AppDeps, mount: WebAppMount): Promise<void> {
  const root = path.resolve(mount.distDir);
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ root, prefix: mount.prefix }, 'web app not built: run `npm run build` (npm start does it for you)');
    return;
  }
  const prefix = mount.prefix.replace(/\/+$/, '');
  const template = fs.readFileSync(indexFile, 'utf8');
  const files = listStaticFiles(root);
  const routePreloads = readRoutePreloads(root);
  const stylesheets = readInlineStylesheets(root, prefix, files);
  const images = readInlineImages(root, prefix, files);
  // The route whose screen is preloaded with the page: the path itself, or its nearest parent listed.
  const preloadRouteFor = (urlPath: string): string | null => {
    let best: string | null = null;
    for (const route of routePreloads.keys()) {
      if ((urlPath === route || urlPath.startsWith(`${route}/`)) && route.length > (best?.length ?? 0)) {
        best = route;
      }
    }
    return best;
  };
  const production = deps.env.NODE_ENV === 'production';
  const origins = tenantOrigins(deps.tenants);

  // Tenants are fixed at start, so each tenant's page (per preloaded route) is rendered and compressed once;
  // a screen the server writes is kept too when its key says it is the same for every request.
  const pages = new Map<string, PreparedIndex>();
  const prepare = (
    request: FastifyRequest,
    route: string | null,
    screen: { key: string | null; screen: ServerScreen; scripts?: string[] } | null,
  ): PreparedIndex => {
    const tenant = deps.tenants.resolve(request.hostname);
    const key = screen?.key === null ? null : `${tenant.id} ${route ?? ''} ${screen?.key ?? ''}`;
    let page = key === null ? undefined : pages.get(key);
    if (!page) {
      const routePreload = route ? routePreloads.get(route) : undefined;
      // The screen's own extra chunks (a server-written screen's takeover code) load with it.
      const preload =
        routePreload && screen?.scripts
          ? { ...routePreload, scripts: [...routePreload.scripts, ...screen.scripts] }
          : routePreload;
      const rendered = renderIndexHtml(template, tenant.publicConfig, {
        ...(mount.title ? { title: mount.title(tenant.publicConfig) } : {}),
        ...(preload ? { preload } : {}),
        ...(screen ? { screen: screen.screen } : {}),
        stylesheets,
        images,
      });
      page = {
        html: rendered.html,
        ...(key === null
          ? {}
          : {
              br: brotliCompressSync(rendered.html, {
                params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
              }),
              gzip: gzipSync(rendered.html, { level: 9 }),
            }),
        csp: cspHeaderValue(
          contentSecurityPolicy({ production, ...origins, styleHashes: rendered.styleHashes }),
        ),
      };
      if (key !== null) {
        pages.set(key, page);
      }
    }
    return page;
  };

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: PreparedIndex,
    vary: string,
    compressed?: { encoding: 'br' | 'gzip'; body: Buffer },
    cacheControl = 'no-cache',
  ): FastifyReply => {
    const encoding = compressed?.encoding ?? (page.br && page.gzip ? acceptedEncoding(request) : null);
    reply
      .header('Cache-Control', cacheControl)
      .header('Vary', vary)
      .header('Content-Security-Policy', page.csp)
      .type('text/html; charset=utf-8');
    if (encoding) {
      return reply.header('Content-Encoding', encoding).send(compressed?.body ?? (encoding === 'br' ? page.br : page.gzip));
    }
    return reply.send(page.html);
  };

  // issue 33 §2: the sign-in screen, written by the server in the request's language. Shared: GET /login,
  // the same for every request of a tenant and language, with the app's scripts; else an answer of the form.
  const signInPage = (request: FastifyRequest, view: SignInFormView, shared: boolean): PreparedIndex => {
    const tenant = deps.tenants.resolve(request.hostname);
    const locale = requestLanguage(request);
    const { branding } = tenant.publicConfig;
    const screen = signInScreen(
      view,
      { locale, hospital: branding.hospitalName, logoSrc: images.get(branding.logoUrl) ?? branding.logoUrl, now: new Date() },
      shared,
    );
    return prepare(request, '/login', { key: shared ? `sign-in ${view.step} ${locale}` : null, screen });
  };
  const signInVary = 'Host, Accept-Encoding, Accept-Language, Cookie';

  // A page of one request (its answers are of now): compressed here, in the one encoding the client takes,
  // at a quality that costs little CPU (these routes are compress: false, for the pages kept compressed).
  // no-store: no cache keeps it, nor the app's service worker as its shell (public/sw.js).
  const sendFresh = (request: FastifyRequest, reply: FastifyReply, page: PreparedIndex, vary: string): FastifyReply => {
    const encoding = acceptedEncoding(request);
    const body =
      encoding === 'br'
        ? brotliCompressSync(page.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzipSync(page.html, { level: 6 })
          : null;
    return send(request, reply, page, vary, encoding && body ? { encoding, body } : undefined, 'no-store');
  };

  // issue 33 §1: /doctor written by the server from the app's own queries, in the request's language.
  const runQuery = mount.runQuery;
  // The chunks the app fetches for it at once (apps/web main.tsx, doctor-screen.tsx), by their names.
  const chunkNamed = (name: string): string[] => {
    const pattern = new RegExp(`^/assets/${name}-[\\w-]+\\.js$`);
    return [...files.keys()].filter((urlPath) => pattern.test(urlPath)).map((urlPath) => `${prefix}${urlPath}`);
  };
  const takeoverScripts = chunkNamed('server-screen');
  const resultsScripts = chunkNamed('session-results');
  const doctorPage = async (request: FastifyRequest): Promise<PreparedIndex | null> => {
    if (!runQuery) {
      return null;
    }
    const tenant = deps.tenants.resolve(request.hostname);
    const { branding } = tenant.publicConfig;
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    try {
      const data = await doctorScreenData(params, (operation, variables) =>
        runQuery(request, doctorScreenDocuments[operation], variables),
      );
      const screen = doctorScreen(data, {
        locale: requestLanguage(request),
        hospital: branding.hospitalName,
        logoSrc: images.get(branding.logoUrl) ?? branding.logoUrl,
        now: new Date(),
      });
      const scripts = data.sessions === null ? takeoverScripts : [...takeoverScripts, ...resultsScripts];
      return prepare(request, '/doctor', { key: null, screen, scripts });
    } catch (error) {
      // The app writes the screen itself then: a failed query costs the page nothing but its head start.
      request.log.warn({ err: error }, 'server-written /doctor failed; the app renders it');
      return null;
    }
  };

  // issue 33 §1: /view/appointment written by the server for the page cookie's account, from the app's
  // own queries run as that account (the ownership rule of queryAppointment); else the plain page.
  const appointmentPage = async (request: FastifyRequest): Promise<PreparedIndex | null> => {
    if (!runQuery) {
      return null;
    }
    try {
      const signedIn = await pageViewer(deps, request);
      if (!signedIn) {
        return null;
      }
      const params = new URLSearchParams(request.url.split('?')[1] ?? '');
      const data = await appointmentScreenData(params, (operation, variables) =>
        runQuery(request, appointmentScreenDocuments[operation], variables, signedIn.viewer),
      );
      if (!data) {
        return null;
      }
      const { branding } = deps.tenants.resolve(request.hostname).publicConfig;
      const screen = appointmentScreen(
        data,
        {
          locale: requestLanguage(request),
          hospital: branding.hospitalName,
          logoSrc: images.get(branding.logoUrl) ?? branding.logoUrl,
          now: new Date(),
        },
        accountOwner(signedIn.viewer.accountId),
      );
      return prepare(request, '/view/appointment', { key: null, screen, scripts: takeoverScripts });
    } catch (error) {
      request.log.warn({ err: error }, 'server-written /view/appointment failed; the app renders it');
      return null;
    }
  };

  // issue 33 §1: /chat-home's welcome written by the server for the page cookie's account (its profile and
  // upcoming appointments from the app's own queries run as that account); else the plain page, as the
  // app then shows (signed out: the sign-in chat; no profile yet: the registration step).
  const chatPage = async (request: FastifyRequest): Promise<PreparedIndex | null> => {
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    const { publicConfig } = deps.tenants.resolve(request.hostname);
    // A sign-in link's address is the app's (spec doc 1 §4 Link sign-in); a dashboard tenant's home is not the chat.
    if (!runQuery || params.has('access_token') || publicConfig.uxFlow === 'flat' || !publicConfig.features.chat.enabled) {
      return null;
    }
    try {
      const signedIn = await pageViewer(deps, request);
      if (!signedIn) {
        return null;
      }
      const data = await chatScreenData((operation, variables) =>
        runQuery(request, chatScreenDocuments[operation], variables, signedIn.viewer),
      );
      if (!data) {
        return null;
      }
      const { branding } = publicConfig;
      const screen = chatScreen(
        data,
        {
          locale: requestLanguage(request),
          hospital: branding.hospitalName,
          logoSrc: images.get(branding.logoUrl) ?? branding.logoUrl,
          now: new Date(),
          features: publicConfig.features,
          appVersion: publicConfig.appVersion,
        },
        accountOwner(signedIn.viewer.accountId),
      );
      return prepare(request, '/chat-home', { key: null, screen, scripts: takeoverScripts });
    } catch (error) {
      request.log.warn({ err: error }, 'server-written /chat-home failed; the app renders it');
      return null;
    }
  };
  const pageCookiePages: Record<(typeof pageCookieScreens)[number], (request: FastifyRequest) => Promise<PreparedIndex | null>> = {
    '/view/appointment': appointmentPage,
    '/chat-home': chatPage,
  };
  const isPageCookieScreen = (urlPath: string): urlPath is (typeof pageCookieScreens)[number] =>
    (pageCookieScreens as readonly string[]).includes(urlPath);

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, urlPath: string): Promise<FastifyReply> => {
    if (mount.signInForm && urlPath === '/login') {
      // The empty number form and the signed-in note are the same for every request of a tenant and language.
      return send(request, reply, signInPage(request, signInPageView(request), true), signInVary);
    }
    if (urlPath === '/doctor' && request.method === 'GET') {
      const page = await doctorPage(request);
      if (page) {
        return sendFresh(request, reply, page, 'Host, Accept-Encoding, Accept-Language, Cookie');
      }
    }
    if (mount.signInForm && isPageCookieScreen(urlPath) && request.method === 'GET') {
      const page = await pageCookiePages[urlPath](request);
      if (page) {
        return sendFresh(request, reply, page, 'Host, Accept-Encoding, Accept-Language, Cookie');
      }
    }
    return send(request, reply, prepare(request, preloadRouteFor(urlPath), null), 'Host, Accept-Encoding');
  };

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        serve: false,
        index: false,
        preCompressed: true,
        // Cache-Control is ours (setHeaders), not send's default max-age=0.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const relative = path.relative(root, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
          res.setHeader('Cache-Control', files.get(`/${relative}`)?.immutable ? immutableCache : 'no-cache');
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
      const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
        const url = (request.url.split('?')[0] ?? '/').slice(prefix.length) || '/';
        const file = files.get(url);
        if (file) {
          return reply.sendFile(file.relativePath);
        }
        const isServerPath = prefix === '' && serverPrefixes.some((p) => url.startsWith(p));
        if (isServerPath || (path.extname(url) !== '' && url !== '/index.html')) {
          return reply.code(404).send({ error: 'Not Found' });
        }
        return sendIndex(request, reply, url);
      };
      // The page and the files are compressed ahead of time; @fastify/compress leaves them alone.
      scope.get('/', { compress: false, logLevel: 'warn' }, handler);
      scope.get('/*', { compress: false, logLevel: 'warn' }, handler);
      if (mount.signInForm) {
        await registerSignInFormRoutes(
          scope,
          deps,
          (request, reply, view, status) =>
            send(request, reply.code(status), signInPage(request, view, false), signInVary),
          requestLanguage,
        );
        await registerPageCookieRoutes(scope, deps);
      }
    },
    { prefix },
  );
}

/**
 * Serves the patient web app at '/' from WEB_DIST_DIR (apps/web/dist by default) and the staff
 * console at '/staff' from STAFF_DIST_DIR (apps/staff/dist); /staff paths never fall through to
 * the patient app, built or not.
 * @param app - the Fastify app
 * @param deps - config (WEB_DIST_DIR, STAFF_DIST_DIR) and tenants
 * @param runQuery - runs the app's queries for the pages the server writes (/doctor, issue 33 §1)
 */
export async function registerWebApp(app: FastifyInstance, deps: AppDeps, runQuery?: RunQuery): Promise<void> {
  const distDir = deps.env.WEB_DIST_DIR ? path.resolve(deps.env.WEB_DIST_DIR) : defaultWebDistDir;
  const staffDistDir = deps.env.STAFF_DIST_DIR ? path.resolve(deps.env.STAFF_DIST_DIR) : defaultStaffDistDir;
  await mountWebApp(app, deps, { prefix: '/', distDir, signInForm: true, ...(runQuery ? { runQuery } : {}) });
  await mountWebApp(app, deps, {
    prefix: '/staff',
    distDir: staffDistDir,
    title: (config) => `Staff console – ${config.branding.hospitalName}`,
  });
}
