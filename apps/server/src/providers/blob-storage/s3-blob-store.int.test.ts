import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_TEST_BUCKET, S3_TEST_CREDENTIALS, startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

// The S3 adapter against a real S3-protocol server, s3rver (issue 31 §2.8; it replaced an in-test fake).

const settings = (s3: TestS3, overrides: { bucket?: string; accessKeyId?: string } = {}) => ({
  ...s3.env(overrides.bucket),
  S3_ACCESS_KEY_ID: overrides.accessKeyId ?? S3_TEST_CREDENTIALS.accessKeyId,
  S3_FORCE_PATH_STYLE: true,
});

describe('S3 blob store against s3rver', () => {
  let s3: TestS3;
  let store: ReturnType<typeof createS3BlobStore>;
  const others: { close: () => void }[] = [];

  beforeAll(async () => {
    s3 = await startTestS3();
    store = createS3BlobStore(settings(s3));
  });
  afterAll(async () => {
    store.close();
    for (const other of others) {
      other.close();
    }
    await s3.close();
  });

  it('puts, gets and deletes an object, with its content type', async () => {
    const key = `careline-demo/${randomUUID()}`;
    const bytes = Buffer.from('%PDF-1.4 tiny test document');
    await store.put(key, bytes, 'application/pdf');

    const read = await store.get(key);
    expect(read?.equals(bytes)).toBe(true);
    const raw = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
    others.push({ close: () => raw.destroy() });
    const head = await raw.send(new HeadObjectCommand({ Bucket: S3_TEST_BUCKET, Key: key }));
    expect(head).toMatchObject({ ContentType: 'application/pdf', ContentLength: bytes.length });

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    // Deleting what is gone is not an error, as on S3.
    await store.delete(key);
  });

  it('answers null for a key that was never stored', async () => {
    expect(await store.get(`careline-demo/${randomUUID()}`)).toBeNull();
  });

  it('signs its requests (SigV4 with its access key), and an unknown key is refused', async () => {
    const before = s3.requests.length;
    await store.get(`careline-demo/${randomUUID()}`);
    const sent = s3.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const { authorization } of sent) {
      expect(authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/,
      );
    }
    const stranger = createS3BlobStore(settings(s3, { accessKeyId: 'NOT-A-KEY' }));
    others.push(stranger);
    await expect(stranger.put(`careline-demo/${randomUUID()}`, Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    expect(await stranger.ready()).toEqual({ ready: false, reason: 's3: AccessDenied' });
  });

  it('refuses keys the server did not generate, before any request', async () => {
    const before = s3.requests.length;
    await expect(store.put('../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/invalid blob key/);
    await expect(store.get('careline-demo/../../secret')).rejects.toThrow(/invalid blob key/);
    await expect(store.delete('careline-demo')).rejects.toThrow(/invalid blob key/);
    expect(s3.requests.length).toBe(before);
  });

  it('is ready while the bucket answers; says why not for a missing bucket and a stopped server; ready again when it is back', async () => {
    expect(await store.ready()).toEqual({ ready: true });
    expect(s3.requests.at(-1)).toMatchObject({ method: 'HEAD', url: `/${S3_TEST_BUCKET}/` });

    const missing = createS3BlobStore(settings(s3, { bucket: 'no-such-bucket' }));
    others.push(missing);
    expect(await missing.ready()).toEqual({ ready: false, reason: 's3: NoSuchBucket' });

    await s3.stop();
    expect(await store.ready()).toEqual({ ready: false, reason: 's3: ECONNREFUSED' });
    await expect(store.put(`careline-demo/${randomUUID()}`, Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });

    await s3.start();
    expect(await store.ready()).toEqual({ ready: true });
  });

  it('gives up on an endpoint that takes the connection and never answers, and says so', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const hung = createS3BlobStore({ ...settings(s3), S3_ENDPOINT: endpoint }, { readyTimeoutMs: 200 });
    others.push(hung);
    try {
      const answer = await hung.ready();
      expect(answer.ready).toBe(false);
      expect(answer.ready ? null : answer.reason).toMatch(/^s3: (TimeoutError|AbortError)$/);
    } finally {
      hung.close();
      silent.close();
    }
  });
});
