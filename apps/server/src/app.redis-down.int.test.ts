/**
 * Issue 31 §2.6: Redis down must not stall bookings. The app runs on a redis-server of the test's
 * own (killed with -9 and started again on the same port; never the shared REDIS_URL). With Redis
 * dead, bookings answer while it is still dead, their live updates wait in the buffer (none was
 * given up on, which is what a booking used to wait for), and /readyz stays 200 'degraded'. Once
 * Redis is back, the subscriber is asked to read again (the resync ping) and hears a new booking.
 * No wall-clock threshold: "in normal time" is "before Redis is back, and before any publish failed".
 */
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { isLiveResyncPing } from '@careline/domain/shell';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConsultationSession, makeOrganization, makePatientAccount, makePractitioner } from '../test/factories.ts';
import { freePort, hasRedisServer, startRedis, stopRedis } from '../test/redis-server.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createAccessSession } from './modules/auth/index.ts';
import { consultationSessionTopic } from './modules/consultations/consultations.testing.ts';

if (!hasRedisServer) {
  console.warn('[app.redis-down.int.test] redis-server is not installed: skipping.');
}

const BOOK = `mutation ($patientId: ID!, $sessionId: ID!) {
  createAppointment(patientId: $patientId, sessionId: $sessionId) { id tokenNo }
}`;
const TOKENS = 'subscription ($s: ID!) { subscribeSessionTokens(sessionId: $s) { tokenNo } }';

type Booked = { data: { createAppointment: { tokenNo: number } | null } | null; errors?: { message: string }[] };
type Ready = { status: string; liveUpdates?: string; liveUpdatesBuffered?: number; liveUpdatesDropped?: number; reason?: string };

describe.runIf(hasRedisServer)('bookings while Redis is down (issue 31 §2.6)', () => {
  let t: TestApp;
  let port: number;
  let redis: ChildProcess;
  let url: string;
  let sessionId: string;
  const patients: { patientId: string; token: string }[] = [];
  const logLines: string[] = [];
  let client: Client | undefined;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp(
      { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void logLines.push(line) } },
    );
    const tenantId = t.tenants.defaultTenant.id;
    const db = t.database.db;
    const hospital = await makeOrganization(db, tenantId);
    const doctor = await makePractitioner(db, tenantId, hospital.id);
    sessionId = (await makeConsultationSession(db, tenantId, { practitionerId: doctor.id, organizationId: hospital.id })).id;
    for (let index = 0; index < 6; index++) {
      const { account, patient } = await makePatientAccount(db, tenantId, { hospitalId: hospital.id });
      patients.push({ patientId: patient.id, token: (await createAccessSession(db, tenantId, account.id)).token });
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    await client?.dispose();
    await t.close();
    await stopRedis(redis);
  });

  const ready = async (): Promise<{ code: number; body: Ready }> => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    return { code: response.statusCode, body: response.json<Ready>() };
  };
  const waitForReady = async (accept: (body: Ready) => boolean): Promise<Ready> => {
    for (let attempt = 0; attempt < 400; attempt++) {
      const answer = await ready();
      expect(answer.code).toBe(200);
      if (accept(answer.body)) {
        return answer.body;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`/readyz never answered as expected: ${JSON.stringify((await ready()).body)}`);
  };
  const book = async (index: number): Promise<number> => {
    const patient = patients[index];
    if (!patient) {
      throw new Error(`no patient ${index}`);
    }
    const answer = await t.gql<Booked['data']>(BOOK, { patientId: patient.patientId, sessionId }, {
      authorization: `Bearer ${patient.token}`,
    });
    const tokenNo = answer.data?.createAppointment?.tokenNo;
    if (tokenNo === undefined) {
      throw new Error(`booking ${index} failed: ${JSON.stringify(answer.errors)}`);
    }
    return tokenNo;
  };
  const notPublished = (): string[] => logLines.filter((line) => line.includes('not published'));

  it('bookings answer while Redis is dead, /readyz stays 200 degraded, and live updates resume when it returns', async () => {
    await waitForReady((body) => body.status === 'ok');
    const resyncs: unknown[] = [];
    const heard: number[][] = [];
    client = createClient({
      url: `${url}?access_token=${encodeURIComponent(patients[0]?.token ?? '')}`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      on: {
        ping: (received, payload) => {
          if (received && isLiveResyncPing(payload)) {
            resyncs.push(payload);
          }
        },
      },
    });
    const failures: unknown[] = [];
    const waitToHear = async (tokenNo: number): Promise<void> => {
      await expect
        .poll(() => heard.some((tokens) => tokens.includes(tokenNo)), { timeout: 20_000, interval: 25 })
        .toBe(true);
      expect(failures).toEqual([]);
    };
    client.subscribe<{ subscribeSessionTokens: { tokenNo: number }[] }>(
      { query: TOKENS, variables: { s: sessionId } },
      {
        next: (value) => {
          if (value.errors) {
            failures.push(value.errors);
          }
          heard.push((value.data?.subscribeSessionTokens ?? []).map((token) => token.tokenNo));
        },
        error: (error) => failures.push(error),
        complete: () => undefined,
      },
    );
    // Wait until Redis has the subscription (a subscriber count of 1 on the session's channel).
    await expect.poll(() => redisSubscribers(t, sessionId), { timeout: 20_000, interval: 50 }).toBe(1);

    // A booking with Redis up: answered and heard.
    await waitToHear(await book(0));

    // Redis dies; the instance sees it.
    await stopRedis(redis, 'SIGKILL');
    await waitForReady((body) => body.status === 'degraded');

    // Bookings answer while Redis is still dead: none waited for its live update to be given up on.
    const tokens = await Promise.all([book(1), book(2), book(3)]);
    expect(redis.signalCode).toBe('SIGKILL');
    expect(tokens.sort()).toEqual([2, 3, 4]);
    expect(notPublished()).toEqual([]);
    const degraded = await ready();
    expect(degraded.code).toBe(200);
    expect(degraded.body).toMatchObject({ status: 'degraded', liveUpdates: 'degraded', liveUpdatesDropped: 0 });
    expect(degraded.body.reason).toMatch(/^redis: /);
    // Each booking's two updates (the session's topic and the tenant's) wait in the buffer.
    expect(degraded.body.liveUpdatesBuffered).toBe(6);

    // Redis returns on the same port: the buffer drains, the subscriber is asked to read again and
    // hears the next booking.
    redis = await startRedis(port);
    await waitForReady((body) => body.status === 'ok' && body.liveUpdatesBuffered === 0);
    await expect.poll(() => resyncs.length, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
    expect(resyncs[0]).toEqual({ resync: true, withinMs: 5000 });
    await waitToHear(await book(4));
    expect(heard.at(-1)).toEqual([1, 2, 3, 4, 5]);
    expect(notPublished()).toEqual([]);
    expect(logLines.filter((line) => line.includes('clients asked to read again'))).toHaveLength(1);
  });
});

/** How many connections Redis counts on the session's channel (asked through the app's publisher connection). */
async function redisSubscribers(t: TestApp, sessionId: string): Promise<number> {
  const { pubConn } = (t.app.graphql.pubsub as unknown as { emitter: { pubConn: { call: (...args: string[]) => Promise<unknown> } } })
    .emitter;
  const topic = consultationSessionTopic(t.tenants.defaultTenant.id, sessionId);
  const [, count] = (await pubConn.call('PUBSUB', 'NUMSUB', topic)) as [string, number];
  return Number(count);
}
