/* Careline service worker: precaches the app shell, serves navigations network-first with the cached
 * shell as the offline fallback, caches hashed assets on fetch. Never touches server data paths.
 * The build (vite.config.ts, careline:precache-list) replaces the marker below with the built files. */
/* global self, caches */
const PRECACHE = /*__PRECACHE__*/{"version":"dev","files":[]};

const CACHE_PREFIX = 'careline-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${PRECACHE.version}`;
const SHELL_URL = '/index.html';
// Server-owned paths: live data, files, dev tools, payments, lab report PDFs. Never cached, never answered from cache.
const SERVER_PREFIXES = ['/graphql', '/blob/', '/dev/', '/healthz', '/feedback', '/payments/', '/lab-reports/', '/fhir/', '/manifest.webmanifest'];

function isServerPath(pathname) {
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      const files = PRECACHE.files.filter((file) => file !== SHELL_URL && file !== '/sw.js');
      await cache.addAll([SHELL_URL, ...files]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

async function networkFirstNavigation(request) {
  try {
    const response = await fetch(request);
    // Only the app's own page is the shell; a file opened directly must not replace it, nor a page the
    // server wrote with the answers of one request (no-store: /doctor's cards, issue 33 §1).
    if (
      response.ok &&
      (response.headers.get('content-type') ?? '').includes('text/html') &&
      !(response.headers.get('cache-control') ?? '').includes('no-store')
    ) {
      const cache = await caches.open(CACHE_NAME);
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_URL);
    if (cached) {
      return cached;
    }
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cached = await caches.match(request);
  if (cached) {
    return cached;
  }
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE_NAME);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isServerPath(url.pathname)) {
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
    return;
  }
  // Hashed build output never changes under the same name, so the cached copy is always right.
  if (url.pathname.startsWith('/assets/') || PRECACHE.files.includes(url.pathname)) {
    event.respondWith(cacheFirstAsset(request));
  }
});
