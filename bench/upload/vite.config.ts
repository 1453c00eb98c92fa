import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The page of `npm run bench:upload`: the app's own compressor (its worker included) and
// browser-image-compression as shipped, built by the same Vite as apps/web.
const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  build: { target: 'es2022', emptyOutDir: true },
  logLevel: 'warn',
});
