import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Responses smaller than this go as they are: compressing them saves less than it costs. */
export const compressionThresholdBytes = 1024;

/**
 * Brotli quality for API responses (browsers ask for br over HTTPS). On a 52 KB session search answer
 * (100 sessions), quality 1 made 7.8 KB in 0.14 ms of CPU; the plugin's default, 4, made 7.7 KB in
 * 1.25 ms, a third of the server's own time for that request (issue 8, bench:search). JSON of this
 * size gains nothing from a slower quality.
 */
export const apiBrotliQuality = 1;

/**
 * Compresses API responses (GraphQL JSON, manifests) above ~1 KB by Accept-Encoding, brotli first at
 * a fast quality. The web app's files and index.html are compressed at build/start time instead
 * (web-app.ts), and the graphql-ws socket is an upgrade, which never passes through here.
 * @param app - the Fastify app
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies stay as sent: nobody needs compressed uploads, and inflating them is a bomb risk.
    globalDecompression: false,
    threshold: compressionThresholdBytes,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: apiBrotliQuality } },
  });
}
