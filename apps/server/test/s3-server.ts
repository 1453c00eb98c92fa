import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './free-port.ts';

/*
 * A real S3-protocol server for tests (issue 31 §2.8): s3rver, in this process, on a port and a
 * folder of its own, that a test may stop and start again on the same port. It knows one access key
 * (S3_TEST_CREDENTIALS) and refuses others, but does not recompute SigV4 signatures: `requests`
 * records what each request carried, for tests to check.
 */

export const S3_TEST_BUCKET = 'careline-test';
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** S3_* settings as environment strings. */
export type S3TestEnv = {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: 'true';
};

export type TestS3 = {
  endpoint: string;
  /** Method, path and Authorization header of every request, oldest first (across restarts). */
  requests: { method: string; url: string; authorization: string }[];
  /** The server's S3_* settings for the app or the adapter (bucket overridable). */
  env: (bucket?: string) => S3TestEnv;
  stop: () => Promise<void>;
  /** Starts it again on the same port and folder (the objects are still there). */
  start: () => Promise<void>;
  /** Stops it and removes its folder. */
  close: () => Promise<void>;
};

/** Starts s3rver with the test bucket on a free port. */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-s3rver-'));
  const port = await freePort();
  const requests: TestS3['requests'] = [];
  let server: S3rver | null = null;
  const start = async (): Promise<void> => {
    const next = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: S3_TEST_BUCKET, configs: [] }],
    });
    await next.run();
    // s3rver's own HTTP server (missing from its types).
    (next as unknown as { httpServer: http.Server }).httpServer.on('request', (request: http.IncomingMessage) => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization ?? '',
      });
    });
    server = next;
  };
  const stop = async (): Promise<void> => {
    const running = server;
    server = null;
    await running?.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    requests,
    env: (bucket = S3_TEST_BUCKET) => ({
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    stop,
    start,
    close: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
