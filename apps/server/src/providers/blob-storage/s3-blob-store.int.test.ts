import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore } from './s3-blob-store.ts';

type StoredObject = { body: Buffer; contentType: string };
type SeenRequest = { method: string; url: string; authorization: string };

/** The smallest S3 a client can talk to: PutObject, GetObject, DeleteObject with path-style URLs. */
function startFakeS3(): Promise<{
  url: string;
  objects: Map<string, StoredObject>;
  seen: SeenRequest[];
  close: () => Promise<void>;
}> {
  const objects = new Map<string, StoredObject>();
  const seen: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-s3');
      const objectPath = decodeURIComponent(url.pathname);
      seen.push({
        method: request.method ?? '',
        url: objectPath,
        authorization: request.headers.authorization ?? '',
      });
      if (request.method === 'PUT') {
        objects.set(objectPath, {
          body: Buffer.concat(chunks),
          contentType: request.headers['content-type'] ?? '',
        });
        response.writeHead(200, { etag: '"fake"' }).end();
        return;
      }
      if (request.method === 'GET') {
        const found = objects.get(objectPath);
        if (!found) {
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(
              '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
            );
          return;
        }
        response
          .writeHead(200, {
            'content-type': found.contentType,
            'content-length': found.body.length,
          })
          .end(found.body);
        return;
      }
      if (request.method === 'DELETE') {
        objects.delete(objectPath);
        response.writeHead(204).end();
        return;
      }
      response.writeHead(405).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        objects,
        seen,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

describe('S3 blob store against a local fake S3', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let store: ReturnType<typeof createS3BlobStore>;

  beforeAll(async () => {
    s3 = await startFakeS3();
    store = createS3BlobStore({
      S3_ENDPOINT: s3.url,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'careline-test',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_FORCE_PATH_STYLE: true,
    });
  });
  afterAll(async () => {
    store.close();
    await s3.close();
  });

  it('puts, gets and deletes an object with path-style URLs and signed requests', async () => {
    const key = `careline-demo/${randomUUID()}`;
    const bytes = Buffer.from('%PDF-1.4 tiny test document');
    await store.put(key, bytes, 'application/pdf');

    const stored = s3.objects.get(`/careline-test/${key}`);
    expect(stored?.body.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe('application/pdf');
    expect(s3.seen.at(-1)).toMatchObject({ method: 'PUT', url: `/careline-test/${key}` });
    expect(s3.seen.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);

    const read = await store.get(key);
    expect(read?.equals(bytes)).toBe(true);

    await store.delete(key);
    expect(s3.objects.has(`/careline-test/${key}`)).toBe(false);
    expect(await store.get(key)).toBeNull();
  });

  it('answers null for a key that was never stored', async () => {
    expect(await store.get(`careline-demo/${randomUUID()}`)).toBeNull();
  });

  it('refuses keys the server did not generate, without calling S3', async () => {
    const before = s3.seen.length;
    await expect(store.put('../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /invalid blob key/,
    );
    await expect(store.get('careline-demo/../../secret')).rejects.toThrow(/invalid blob key/);
    expect(s3.seen.length).toBe(before);
  });
});
