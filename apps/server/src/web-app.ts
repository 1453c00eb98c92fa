import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.ts';

export const defaultWebDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

// Paths the server owns; everything else is the single-page app.
const serverPrefixes = ['/graphql', '/blob/', '/dev/', '/healthz', '/feedback', '/payments/'];

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached,
 * client-side routes answered with index.html.
 * @param app - the Fastify app
 * @param deps - config (WEB_DIST_DIR)
 */
export async function registerWebApp(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const root = deps.env.WEB_DIST_DIR ? path.resolve(deps.env.WEB_DIST_DIR) : defaultWebDistDir;
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ root }, 'web app not built: run `npm run build` (npm start does it for you)');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = serverPrefixes.some((prefix) => url.startsWith(prefix));
    if (request.method !== 'GET' || isServerPath || path.extname(url) !== '') {
      return reply.code(404).send({ error: 'Not Found' });
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(indexFile));
  });
}
