import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files smaller than this are sent as they are: a compressed copy would save next to nothing. */
export const precompressMinBytes = 1024;

// Text formats only: images and fonts are compressed already.
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz, level 9) copy beside every compressible file
 * of at least precompressMinBytes under a folder, when the copy is smaller. The server sends them by
 * Accept-Encoding (apps/server/src/web-app.ts), so no request pays for compression.
 * @param dir - the build output folder
 * @returns the files compressed, with their sizes
 */
export function precompressDir(dir: string): { file: string; bytes: number; br: number; gzip: number }[] {
  const written: { file: string; bytes: number; br: number; gzip: number }[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) {
      continue;
    }
    const file = path.join(entry.parentPath, entry.name);
    const bytes = fs.readFileSync(file);
    if (bytes.length < precompressMinBytes) {
      continue;
    }
    const br = brotliCompressSync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) {
      fs.writeFileSync(`${file}.br`, br);
    }
    if (gzip.length < bytes.length) {
      fs.writeFileSync(`${file}.gz`, gzip);
    }
    written.push({ file: path.relative(dir, file), bytes: bytes.length, br: br.length, gzip: gzip.length });
  }
  return written;
}

/** Vite plugin: precompresses the build output once everything (sw.js included) is written. */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'careline:precompress',
    apply: 'build',
    // After careline:precache-list has rewritten sw.js.
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
