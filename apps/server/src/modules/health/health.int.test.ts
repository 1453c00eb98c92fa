import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePatientAccount } from '../../../test/factories.ts';
import { freePort, hasRedisServer, startRedis, stopRedis } from '../../../test/redis-server.ts';
import { S3_TEST_BUCKET, startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { tinyPng } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAccessSession } from '../auth/index.ts';

async function healthOf(t: TestApp): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Polls /healthz until its body says `status` (and `reason`); the reconnect timing is ioredis's. */
async function waitForHealth(
  t: TestApp,
  status: 'ok' | 'degraded',
  reason?: string,
): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const health = await healthOf(t);
    if (health.body.status === status && (reason === undefined || health.body.reason === reason)) {
      // Never 503 while the database answers (issue 31 §2.6).
      expect(health.status).toBe(200);
      return health.body;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`/healthz never said ${status}`);
}

function captureLog(): { lines: string[]; stream: { write: (line: string) => void } } {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

const unreachableLines = (lines: string[]): string[] =>
  lines.filter((line) => line.includes('is unreachable'));

if (!hasRedisServer) {
  console.warn('[health.int.test] redis-server is not installed: skipping the real-Redis test.');
}

describe('/healthz, /readyz and Redis (issue 6 §2, issue 31 §2.6)', () => {
  const apps: TestApp[] = [];
  const redisServers: ChildProcess[] = [];
  afterAll(async () => {
    for (const t of apps) {
      await t.close();
    }
    for (const child of redisServers) {
      await stopRedis(child);
    }
  });

  it('without REDIS_URL: 200 and no redis entry', async () => {
    const t = await createTestApp();
    apps.push(t);
    const health = await healthOf(t);
    expect(health.status).toBe(200);
    expect(health.body).not.toHaveProperty('redis');
  });

  it('REDIS_URL on a port where nothing listens: the process stays up, 200 degraded with a reason, one log line however many retries', async () => {
    const port = await freePort();
    const log = captureLog();
    const t = await createTestApp(
      { REDIS_URL: `redis://:secret-password@127.0.0.1:${port}`, LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    apps.push(t);
    expect(await healthOf(t)).toMatchObject({ status: 200, body: { status: 'degraded' } });
    const body = await waitForHealth(t, 'degraded', 'redis: ECONNREFUSED');
    expect(body).toEqual({
      status: 'degraded',
      database: t.database.kind,
      redis: 'degraded',
      blobStorage: 'ready',
      reason: 'redis: ECONNREFUSED',
    });
    // Let ioredis retry a few times: still one line, which names the address but not the password.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await healthOf(t)).toMatchObject({ status: 200, body: { status: 'degraded' } });
    const lines = unreachableLines(log.lines);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Redis at 127.0.0.1:${port} is unreachable (ECONNREFUSED)`);
    expect(log.lines.join('\n')).not.toContain('secret-password');
  });

  it.runIf(hasRedisServer)(
    'with a real Redis: ok, degraded (still 200) while it is down, ok again once it is back (skipped without redis-server)',
    async () => {
      const port = await freePort();
      redisServers.push(await startRedis(port));
      const log = captureLog();
      const t = await createTestApp(
        { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' },
        { logStream: log.stream },
      );
      apps.push(t);
      expect(await waitForHealth(t, 'ok')).toMatchObject({ status: 'ok', redis: 'ready' });

      await stopRedis(redisServers[0] as ChildProcess);
      expect(await waitForHealth(t, 'degraded')).toMatchObject({ status: 'degraded', redis: 'degraded' });
      expect(unreachableLines(log.lines)).toHaveLength(1);
      // Live updates are degraded, bookings are not: the instance stays ready (issue 31 §2.6).
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        database: 'ready',
        liveUpdates: 'degraded',
        liveUpdatesBuffered: 0,
        liveUpdatesDropped: 0,
        blobStorage: 'ready',
      });
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);

      redisServers.push(await startRedis(port));
      expect(await waitForHealth(t, 'ok')).toMatchObject({ status: 'ok', redis: 'ready' });
      expect(log.lines.filter((line) => line.includes('is reachable again'))).toHaveLength(1);
    },
  );
});

type Readiness = { status: string; database?: string; blobStorage?: string; reason?: string };

async function readyOf(t: TestApp): Promise<{ status: number; body: Readiness }> {
  const response = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, body: response.json<Readiness>() };
}

/** Polls /readyz until `accept` holds; the blob check's answer is reused for a few seconds. */
async function waitForReady(t: TestApp, accept: (body: Readiness) => boolean): Promise<Readiness> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const ready = await readyOf(t);
    // Blob storage never takes the instance out: bookings do not need it (issue 31 §2.8).
    expect(ready.status).toBe(200);
    if (accept(ready.body)) {
      return ready.body;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`/readyz never answered as expected: ${JSON.stringify((await readyOf(t)).body)}`);
}

// A tiny PNG with a real header: the upload route judges the magic bytes and the declared pixels.
const png = tinyPng();

describe('/readyz and blob storage (issue 31 §2.8)', () => {
  const apps: TestApp[] = [];
  let s3: TestS3 | undefined;
  afterAll(async () => {
    for (const t of apps) {
      await t.close();
    }
    await s3?.close();
  });

  it('fs: a blob folder that takes no file is degraded (200, with the reason, logged once); ready again once it does', async () => {
    const log = captureLog();
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    apps.push(t);
    expect((await readyOf(t)).body).toMatchObject({ status: 'ok', blobStorage: 'ready' });
    // The folder's place taken by a file: nothing can be written under it (as root, a mode would not stop it).
    const folder = path.join(t.dataDir, 'blobs');
    fs.rmSync(folder, { recursive: true, force: true });
    fs.writeFileSync(folder, 'not a folder');
    const degraded = await waitForReady(t, (body) => body.status === 'degraded');
    expect(degraded).toMatchObject({ database: 'ready', blobStorage: 'unavailable' });
    expect(degraded.reason).toMatch(/^blob folder not writable: E[A-Z]+$/);
    expect((await healthOf(t)).body).toMatchObject({ status: 'degraded', blobStorage: 'unavailable' });
    fs.rmSync(folder);
    expect(await waitForReady(t, (body) => body.status === 'ok')).toMatchObject({ blobStorage: 'ready' });
    expect(log.lines.filter((line) => line.includes('blob storage (fs) is unavailable'))).toHaveLength(1);
    expect(log.lines.filter((line) => line.includes('blob storage (fs) is available again'))).toHaveLength(1);
  });

  it('s3: ready while the bucket answers (one HeadBucket for probes close together); S3 stopped: uploads fail and /readyz says so; ready again once it is back', async () => {
    s3 = await startTestS3();
    const testS3 = s3;
    const t = await createTestApp({ BLOB_STORAGE: 's3', ...testS3.env() });
    apps.push(t);
    const tenantId = t.tenants.defaultTenant.id;
    const { account } = await makePatientAccount(t.database.db, tenantId);
    const { token } = await createAccessSession(t.database.db, tenantId, account.id);
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: '/blob/put',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        payload: png,
      });
    const headBuckets = () => testS3.requests.filter((request) => request.method === 'HEAD' && request.url === `/${S3_TEST_BUCKET}/`).length;

    expect((await readyOf(t)).body).toEqual({ status: 'ok', database: 'ready', liveUpdates: 'in-process', blobStorage: 'ready' });
    const asked = headBuckets();
    expect(asked).toBeGreaterThan(0);
    await readyOf(t);
    await readyOf(t);
    expect(headBuckets()).toBe(asked);
    expect((await upload()).statusCode).toBe(201);

    await testS3.stop();
    const degraded = await waitForReady(t, (body) => body.status === 'degraded');
    expect(degraded).toEqual({
      status: 'degraded',
      database: 'ready',
      liveUpdates: 'in-process',
      blobStorage: 'unavailable',
      reason: 's3: ECONNREFUSED',
    });
    const refused = await upload();
    expect(refused.statusCode).toBe(500);
    expect(refused.json<{ error: string }>().error).toMatch(/^ARO-E9999:/);

    await testS3.start();
    await waitForReady(t, (body) => body.status === 'ok');
    expect((await upload()).statusCode).toBe(201);
  });
});
