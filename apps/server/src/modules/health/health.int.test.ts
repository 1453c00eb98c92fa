import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, hasRedisServer, startRedis, stopRedis } from '../../../test/redis-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

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
      });
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);

      redisServers.push(await startRedis(port));
      expect(await waitForHealth(t, 'ok')).toMatchObject({ status: 'ok', redis: 'ready' });
      expect(log.lines.filter((line) => line.includes('is reachable again'))).toHaveLength(1);
    },
  );
});
