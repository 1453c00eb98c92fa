import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { mountWebApp } from './web-app.ts';
import { apiSyncCompressionMaxBytes } from './http/compression.ts';

// A built app as Vite leaves it: the real index.html template, a hashed script with its
// precompressed copies, the service worker and a brand icon.
const template = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
const script = `console.log(${JSON.stringify('careline '.repeat(300))});\n`;
const loginCss = '.auth-screen{min-height:100vh}';
const smallLogo = '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="40"/></svg>';
// Over INLINE_LOGO_MAX_BYTES: stays a link.
const largeLogo = `<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(5000)}--></svg>`;

function writeBuild(dir: string, marker: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'brand'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), template.replace('</body>', `<!--${marker}--></body>`));
  const asset = path.join(dir, 'assets', 'index-4f3a2b1c.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(dir, 'assets', 'login-screen-3c4d.css'), loginCss);
  fs.writeFileSync(path.join(dir, 'sw.js'), '/* worker */');
  fs.writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify({
      '/login': { scripts: ['/assets/login-screen-1a2b.js'], styles: ['/assets/login-screen-3c4d.css'] },
      '/chat-home': { scripts: ['/assets/chat-home-screen-5e6f.js'], styles: [] },
    }),
  );
  fs.writeFileSync(path.join(dir, 'brand', 'lakeside-icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'brand', 'careline-logo.svg'), smallLogo);
  fs.writeFileSync(path.join(dir, 'brand', 'lakeside-logo.svg'), largeLogo);
}

describe('the web app and its HTTP headers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    const scratch = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'careline-web-'));
    writeBuild(path.join(scratch, 'web'), 'patient-app');
    writeBuild(path.join(scratch, 'staff'), 'staff-app');
    // A second app mounted at /staff, the way apps/staff will be.
    testApp = await createTestApp({ WEB_DIST_DIR: path.join(scratch, 'web') }, {
      beforeReady: async (app, deps) => {
        await mountWebApp(app, deps, { prefix: '/staff', distDir: path.join(scratch, 'staff') });
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  describe('security headers', () => {
    it.each(['/', '/login', '/graphql?query=%7B__typename%7D'])('are on %s', async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim()).toBe("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Not in development or test: a browser would pin https for localhost.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('allow the inline styles of index.html (the tenant style, inlined stylesheets) by their hashes only', async () => {
      const response = await get('/login');
      const styles = [...response.body.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1] ?? '');
      expect(styles[0]).toContain('--color-primary:#0b6e69');
      expect(styles).toHaveLength(2);
      const hashes = styles.map((style) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`);
      const styleSrc = String(response.headers['content-security-policy'])
        .split(';')
        .find((part) => part.trim().startsWith('style-src'));
      expect(styleSrc?.trim()).toBe(`style-src 'self' ${hashes.join(' ')}`);
      // No executable inline script: only the tenant's settings as a JSON data block.
      const inlineScripts = [...response.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
      expect(inlineScripts).toEqual([' id="careline-tenant-config" type="application/json"']);
    });

    it('include HSTS in production', async () => {
      const { productionEnv } = await import('../test/production-env.ts');
      const production = await createTestApp(productionEnv());
      try {
        const response = await production.app.inject({ method: 'GET', url: '/healthz' });
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      } finally {
        await production.close();
      }
    });
  });

  describe('caching', () => {
    it('caches hashed assets for a year and revalidates index.html and other files', async () => {
      expect((await get('/assets/index-4f3a2b1c.js')).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      expect((await get('/')).headers['cache-control']).toBe('no-cache');
      expect((await get('/profiles/registration/1')).headers['cache-control']).toBe('no-cache');
      expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    });

    it('answers HEAD / and HEAD on a client route with 200', async () => {
      for (const url of ['/', '/login']) {
        const response = await testApp.app.inject({ method: 'HEAD', url, headers: { host: 'localhost' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toBe('');
      }
    });

    it('answers 404 for missing files and server paths, never the page', async () => {
      expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
      expect((await get('/blob/get/nothing/else')).statusCode).toBe(404);
      expect((await testApp.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
    });

    it('answers the probes as JSON and 404 JSON for unknown paths under the server’s prefixes (issue 31 §2.5)', async () => {
      const live = await get('/livez');
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: 'ready', liveUpdates: 'in-process', blobStorage: 'ready' });
      for (const url of ['/metrics', '/readyz/extra', '/sandbox/nothing', '/graphql/nothing', '/fhir/nothing']) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/json');
      }
    });
  });

  describe('compression', () => {
    it('sends the precompressed brotli or gzip copy by Accept-Encoding, with Vary', async () => {
      const br = await get('/assets/index-4f3a2b1c.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.rawPayload.length).toBeLessThan(script.length / 4);

      const gzip = await get('/assets/index-4f3a2b1c.js', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

      const plain = await get('/assets/index-4f3a2b1c.js', { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });

    it('compresses index.html and API responses above 1 KB, but not small ones', async () => {
      // /login carries the sign-in form instead of the splash (issue 33 §2, web-app.sign-in.int.test.ts).
      const page = await get('/', { 'accept-encoding': 'br' });
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div class="splash"');

      const big = await testApp.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { host: 'localhost', 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
        payload: { query: '{ tenantConfig }' },
      });
      expect(big.statusCode).toBe(200);
      expect(big.headers['content-encoding']).toBe('br');
      expect(String(big.headers.vary).toLowerCase()).toContain('accept-encoding');
      const body = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as {
        data: { tenantConfig: { tenantId: string } };
      };
      expect(body.data.tenantConfig.tenantId).toBe('careline-demo');

      // Tens of KB (a page of sessions; here the schema) are compressed in one call
      // (apiSyncCompressionMaxBytes), not through a zlib stream sent in chunks: the length is known.
      const schemaPage = await testApp.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { host: 'localhost', 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
        payload: { query: '{ __schema { types { name description fields { name description } } } }' },
      });
      const pageText = brotliDecompressSync(schemaPage.rawPayload).toString();
      expect(pageText.length).toBeGreaterThan(16 * 1024);
      expect(pageText.length).toBeLessThan(apiSyncCompressionMaxBytes);
      expect(schemaPage.headers['content-encoding']).toBe('br');
      expect(Number(schemaPage.headers['content-length'])).toBe(schemaPage.rawPayload.length);
      expect(schemaPage.headers['transfer-encoding']).toBeUndefined();

      const small = await testApp.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { host: 'localhost', 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
        payload: { query: '{ __typename }' },
      });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toEqual({ data: { __typename: 'Query' } });
    });
  });

  describe('index.html for the tenant of the request', () => {
    it("shows Lakeside's name, colour, icons and splash on first.localhost, never Careline's", async () => {
      const response = await get('/chat-home', { host: 'first.localhost' });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title>Lakeside Medical Group</title>');
      expect(html).toContain('<meta name="theme-color" content="#1f4e9c" />');
      expect(html).toContain('href="/brand/lakeside-icon.svg"');
      expect(html).toContain('<link rel="apple-touch-icon" href="/brand/lakeside-icon-192.png" />');
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html).toMatch(/<div id="root"><div class="splash"[^>]*><img class="splash__logo" src="\/brand\/lakeside-logo.svg"/);
      expect(html).toContain('<p class="splash__name">Lakeside Medical Group</p>');
      expect(html).not.toMatch(/careline-(icon|logo|maskable)/);
      expect(html).not.toContain('Careline');
      expect(html).not.toContain('#0b6e69');
      const config = /<script id="careline-tenant-config" type="application\/json">([^<]*)<\/script>/.exec(html);
      expect(JSON.parse(config?.[1] ?? 'null')).toMatchObject({
        tenantId: 'first-tenant',
        branding: { hospitalName: 'Lakeside Medical Group' },
      });
    });

    it("names the base tenant's brand on localhost", async () => {
      const html = (await get('/')).body;
      expect(html).toContain('<title>Careline Hospitals</title>');
      expect(html).toContain('href="/brand/careline-icon.svg"');
      // A small logo comes inside the page: the splash waits for no request (a large one stays a link,
      // Lakeside's above).
      expect(html).toContain(
        `<img class="splash__logo" src="data:image/svg+xml;base64,${Buffer.from(smallLogo).toString('base64')}"`,
      );
      expect(html).not.toContain('Lakeside');
      expect(html).toContain('<!--patient-app-->');
    });

    it("serves the service worker's /index.html shell rendered too", async () => {
      const response = await get('/index.html', { host: 'first.localhost' });
      expect(response.body).toContain('<title>Lakeside Medical Group</title>');
      expect(response.body).not.toContain('<!--careline:head-->');
    });

    it("gives Lakeside's manifest its own icons and only the features it has", async () => {
      const response = await get('/manifest.webmanifest', { host: 'first.localhost' });
      const manifest = response.json<{ name: string; description: string; icons: { src: string }[] }>();
      expect(manifest.name).toBe('Lakeside Medical Group');
      expect(manifest.icons.map((icon) => icon.src)).toEqual([
        '/brand/lakeside-icon-192.png',
        '/brand/lakeside-icon-512.png',
        '/brand/lakeside-maskable-512.png',
        '/brand/lakeside-icon.svg',
      ]);
      expect(JSON.stringify(manifest)).not.toMatch(/careline/i);
      // Lakeside has medication orders off (spec doc 1 §6 first tenant override).
      expect(manifest.description).not.toContain('medicines');
      expect(manifest.description).toContain('lab tests');
    });
  });

  describe("preloading the first screen's chunks with the page", () => {
    it('lists the route screen chunk and stylesheet in the head of that route only', async () => {
      const login = (await get('/login')).body;
      expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-screen-1a2b.js" />');
      // Inlined with the page (no round trip before the first paint); the disabled link is never
      // fetched, and tells the lazy chunk's loader that the stylesheet is there.
      expect(login).toContain(
        `<style>${loginCss}</style><link rel="stylesheet" crossorigin href="/assets/login-screen-3c4d.css" disabled />`,
      );
      const csp = String((await get('/login')).headers['content-security-policy']);
      expect(csp).toContain(`'sha256-${createHash('sha256').update(loginCss).digest('base64')}'`);
      expect(login).not.toContain('chat-home-screen');
      expect((await get('/chat-home/doctors')).body).toContain('href="/assets/chat-home-screen-5e6f.js"');
      expect((await get('/profiles')).body).not.toContain('modulepreload');
      expect((await get('/login-elsewhere')).body).not.toContain('modulepreload');
    });
  });

  describe('a second app mounted at /staff', () => {
    it('serves its own index.html, assets and client routes under its prefix', async () => {
      for (const url of ['/staff', '/staff/', '/staff/audit']) {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<!--staff-app-->');
        expect(response.body).toContain('<title>Careline Hospitals</title>');
      }
      expect((await get('/staff/assets/index-4f3a2b1c.js')).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      expect((await get('/login')).body).toContain('<!--patient-app-->');
    });
  });
});
