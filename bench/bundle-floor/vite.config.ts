import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The floor app for `npm run bench:bundle`: the same Vite and plugin as apps/web, nothing else.
const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: { outDir: path.join(root, 'dist'), emptyOutDir: true },
  logLevel: 'warn',
});
