import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const serverUrl = process.env.CARELINE_SERVER_URL ?? 'http://localhost:3000';

// The catalogues' PO files are compiled when a module imports them (packages/i18n/lingui.config.ts); a
// language missing a message, or a text that is not valid ICU, fails the build.
const linguiConfig = fileURLToPath(new URL('../../packages/i18n/lingui.config.ts', import.meta.url));

// The staff console is its own bundle, served by the same server under /staff (issue 7 §6).
const config: UserConfig = {
  base: '/staff/',
  plugins: [react(), lingui({ configPath: linguiConfig, failOnMissing: true, failOnCompileError: true })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5174,
    proxy: {
      '/graphql': { target: serverUrl, ws: true, changeOrigin: false },
      '/healthz': { target: serverUrl },
    },
  },
};

export default defineConfig(({ command }) => {
  // As for apps/web: the test runner's NODE_ENV=test would otherwise make a development build.
  if (command === 'build' && process.env.NODE_ENV !== 'development') {
    process.env.NODE_ENV = 'production';
  }
  return config;
});
