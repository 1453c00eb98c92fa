import { createHash } from 'node:crypto';
import { precompressAssets } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const serverUrl = process.env.CARELINE_SERVER_URL ?? 'http://localhost:3000';

// The catalogues' PO files are compiled when a module imports them (packages/i18n/lingui.config.ts); a
// language missing a message, or a text that is not valid ICU, fails the build.
const linguiConfig = fileURLToPath(new URL('../../packages/i18n/lingui.config.ts', import.meta.url));

// The service worker (public/sw.js) carries this marker; the build replaces it with the asset list.
const precacheMarker = '/*__PRECACHE__*/{"version":"dev","files":[]}';

/**
 * Writes the list of built files into dist/sw.js so the worker precaches the app shell, and so that
 * every build with new assets changes sw.js byte-wise (which is what makes browsers update it).
 */
function precacheList(): Plugin {
  let outDir = 'dist';
  let publicDir = '';
  const files = new Set<string>();
  return {
    name: 'careline:precache-list',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.endsWith('.map')) {
          files.add(`/${fileName}`);
        }
      }
    },
    closeBundle() {
      const swFile = path.join(outDir, 'sw.js');
      if (!fs.existsSync(swFile)) {
        return;
      }
      if (publicDir && fs.existsSync(publicDir)) {
        for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
          if (entry.isFile() && entry.name !== 'sw.js') {
            const relative = path.relative(publicDir, path.join(entry.parentPath, entry.name));
            files.add(`/${relative.split(path.sep).join('/')}`);
          }
        }
      }
      // Vite drops the empty JS stubs of CSS-only chunks (the lazily loaded font CSS) after they were
      // listed; one missing file makes the worker's cache.addAll fail and the worker never installs.
      const list = [...files].filter((file) => fs.existsSync(path.join(outDir, file))).sort();
      const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12);
      const source = fs.readFileSync(swFile, 'utf8');
      if (!source.includes(precacheMarker)) {
        throw new Error('public/sw.js lost its precache marker');
      }
      fs.writeFileSync(swFile, source.replace(precacheMarker, JSON.stringify({ version, files: list })));
    },
  };
}

const config: UserConfig = {
  plugins: [
    react(),
    lingui({ configPath: linguiConfig, failOnMissing: true, failOnCompileError: true }),
    precacheList(),
    // The screens a signed-out visitor lands on first (src/app/routes.tsx): preloaded with the page.
    routePreloads({
      '/login': 'src/features/auth/components/login-screen.tsx',
      '/chat-home': 'src/features/chat/components/chat-home-screen.tsx',
      '/my-home': 'src/features/chat/components/chat-home-screen.tsx',
    }),
    precompressAssets(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: serverUrl, ws: true, changeOrigin: false },
      '/blob/': { target: serverUrl },
      '/dev/': { target: serverUrl },
      '/healthz': { target: serverUrl },
      '/manifest.webmanifest': { target: serverUrl },
      '/payments/': { target: serverUrl },
      '/lab-reports/': { target: serverUrl },
      '/fhir/': { target: serverUrl },
      '/feedback': { target: serverUrl },
    },
  },
};

export default defineConfig(({ command }) => {
  // The test runner sets NODE_ENV=test, which would make `vite build` a development build (React's
  // dev bundle, no service worker). dist/ is always the production app unless a dev build is asked for.
  if (command === 'build' && process.env.NODE_ENV !== 'development') {
    process.env.NODE_ENV = 'production';
  }
  return config;
});
