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
 * Answers up to this size are compressed in one call on the event loop instead of through a zlib
 * stream (the plugin's default on two cores is 8 KB). At brotli quality 1 a 52 KB session search
 * took 0.08 ms in one call, where the stream's setup, chunked writes and thread hops cost the event
 * loop more than that (issue 8 bench:search); 256 KB holds the loop well under a millisecond.
 */
export const apiSyncCompressionMaxBytes = 256 * 1024;

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
    syncThreshold: apiSyncCompressionMaxBytes,
  });
}
