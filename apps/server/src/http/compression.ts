import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Responses smaller than this go as they are: compressing them saves less than it costs. */
export const compressionThresholdBytes = 1024;

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
  });
}
