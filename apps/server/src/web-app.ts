import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.ts';

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const defaultWebDistDir = path.join(appsDir, 'web/dist');
export const defaultStaffDistDir = path.join(appsDir, 'staff/dist');

// Paths the server owns; everything else is a single-page app.
const serverPrefixes = ['/graphql', '/blob/', '/dev/', '/healthz', '/feedback', '/payments/'];

/** The staff console's address (its own bundle, built with base '/staff/'). */
export const staffBasePath = '/staff';

/** One built single-page app: where its files are, and under which path it is served. */
type MountedApp = { prefix: string; root: string; indexFile: string };

const setHeaders = (res: { setHeader: (name: string, value: string) => void }, filePath: string) => {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'no-cache');
  }
};

/** Whether a path is the staff console's: /staff itself or anything under /staff/. */
function isStaffPath(url: string): boolean {
  return url === staffBasePath || url.startsWith(`${staffBasePath}/`);
}

/**
 * Serves the built web apps: the patient app at / and the staff console at /staff. Hashed assets are
 * cached for a year, index.html never; client-side routes are answered with their app's index.html.
 * @param app - the Fastify app
 * @param deps - config (WEB_DIST_DIR, STAFF_DIST_DIR)
 */
export async function registerWebApp(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const mounted: MountedApp[] = [];
  const webRoot = deps.env.WEB_DIST_DIR ? path.resolve(deps.env.WEB_DIST_DIR) : defaultWebDistDir;
  const staffRoot = deps.env.STAFF_DIST_DIR ? path.resolve(deps.env.STAFF_DIST_DIR) : defaultStaffDistDir;

  if (fs.existsSync(path.join(staffRoot, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: staffRoot,
      prefix: `${staffBasePath}/`,
      wildcard: false,
      index: false,
      decorateReply: false,
      // send's own Cache-Control (max-age=0) would replace the one set below.
      cacheControl: false,
      setHeaders,
    });
    mounted.push({ prefix: staffBasePath, root: staffRoot, indexFile: path.join(staffRoot, 'index.html') });
  } else {
    app.log.warn({ root: staffRoot }, 'staff console not built: run `npm run build` (npm start does it for you)');
  }

  if (fs.existsSync(path.join(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, cacheControl: false, setHeaders });
    mounted.push({ prefix: '', root: webRoot, indexFile: path.join(webRoot, 'index.html') });
  } else {
    app.log.warn({ root: webRoot }, 'web app not built: run `npm run build` (npm start does it for you)');
  }

  if (mounted.length === 0) {
    return;
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = serverPrefixes.some((prefix) => url.startsWith(prefix));
    // The staff console's routes never fall through to the patient app, built or not.
    const target = isStaffPath(url)
      ? mounted.find((entry) => entry.prefix === staffBasePath)
      : mounted.find((entry) => entry.prefix === '');
    if (request.method !== 'GET' || isServerPath || path.extname(url) !== '' || !target) {
      return reply.code(404).send({ error: 'Not Found' });
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(target.indexFile));
  });
}
