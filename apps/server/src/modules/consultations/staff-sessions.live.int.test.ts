import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeBookedPatient,
  makeConsultationSession,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeSignedInStaff,
  makeStaffUser,
  signInStaff,
} from '../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import { auditEvents, staffMemberships } from '../../db/schema/index.ts';
import { signIn as patientSignIn } from '../auth/auth.testing.ts';
import { consultationSessionTopic } from './consultations.schema.ts';

// The staff console's live queue (issue 8, staff console): staffSubscribeSessionQueue over graphql-ws
// with the staff token, fed by the same session events as the patients' subscriptions.

type Queue = { session: { id: string; status: string }; appointments: { tokenNo: number; patientName: string; appointmentStatus: string }[] };
type Event = { data?: { staffSubscribeSessionQueue: Queue } | null; errors?: { message: string }[] };

const SUBSCRIBE =
  'subscription ($o: ID!, $s: ID!) { staffSubscribeSessionQueue(organizationId: $o, sessionId: $s) { session { id status } appointments { tokenNo patientName appointmentStatus } } }';
const CALL_NEXT = 'mutation ($o: ID!, $s: ID!) { staffCallNext(organizationId: $o, sessionId: $s) { session { id } } }';

let t: TestApp;
let url: string;
let tenantId: string;
let hospital: string;
let otherHospital: string;
let doctorId: string;
let nurse: { id: string; token: string };
let otherNurse: string;

/** A client that sends the token the way the console does: in the address and in connectionParams. */
function wsClient(token: string | null, how: 'query' | 'connectionParams' = 'query'): Client {
  return createClient({
    url: token && how === 'query' ? `${url}?access_token=${encodeURIComponent(token)}` : url,
    connectionParams: token && how === 'connectionParams' ? { accessToken: token } : {},
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
  });
}

async function bookedPatient(sessionId: string, givenName: string): Promise<void> {
  await makeBookedPatient(t.database.db, tenantId, sessionId, { hospitalId: hospital, givenName });
}

/** The first result of a subscription, or the error it was refused with. */
async function firstOf(client: Client, variables: Record<string, unknown>): Promise<unknown> {
  const events = client.iterate({ query: SUBSCRIBE, variables });
  try {
    return await events.next().then(
      (first) => first.value as unknown,
      (error: unknown) => error,
    );
  } finally {
    await events.return?.(undefined);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospital = (await makeOrganization(db, tenantId)).id;
  otherHospital = (await makeOrganization(db, tenantId)).id;
  doctorId = (await makePractitioner(db, tenantId, hospital)).id;
  const nurseUser = await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'nurse' }]);
  nurse = { id: nurseUser.user.id, token: nurseUser.token };
  otherNurse = (await makeSignedInStaff(t, tenantId, [{ organizationId: otherHospital, role: 'nurse' }])).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  await t.close();
});

describe('staffSubscribeSessionQueue', () => {
  it('gives the queue at once and again after staffCallNext, and audits each read', async () => {
    const session = await makeConsultationSession(
      t.database.db,
      tenantId,
      { practitionerId: doctorId, organizationId: hospital },
      { status: 'started', sessionStartedTime: new Date() },
    );
    await bookedPatient(session.id, 'Amara');
    await bookedPatient(session.id, 'Bimal');
    // The console sends the token in connectionParams as well as in the address; either works.
    for (const how of ['query', 'connectionParams'] as const) {
      const client = wsClient(nurse.token, how);
      try {
        const events = client.iterate<{ staffSubscribeSessionQueue: Queue }>({
          query: SUBSCRIBE,
          variables: { o: hospital, s: session.id },
        });
        const first = (await events.next()).value as Event;
        expect(first.errors).toBeUndefined();
        const before = first.data?.staffSubscribeSessionQueue;
        expect(before?.session).toEqual({ id: session.id, status: 'started' });
        if (how === 'query') {
          expect(before?.appointments.map((a) => [a.tokenNo, a.appointmentStatus])).toEqual([
            [1, 'booked'],
            [2, 'booked'],
          ]);
        }
        // The first result comes after the subscription listens: the call is heard.
        const called = await t.gql(CALL_NEXT, { o: hospital, s: session.id }, authHeader(nurse.token));
        expect(called.errors).toBeUndefined();
        const after = ((await events.next()).value as Event).data?.staffSubscribeSessionQueue;
        await events.return?.(undefined);
        const ongoing = how === 'query' ? 1 : 2;
        expect(after?.appointments.find((a) => a.appointmentStatus === 'arrived')?.tokenNo).toBe(ongoing);
        expect(after?.appointments.find((a) => a.appointmentStatus === 'arrived')?.patientName).toContain(
          how === 'query' ? 'Amara' : 'Bimal',
        );
      } finally {
        await client.dispose();
      }
    }
    const reads = await t.database.db
      .select({ details: auditEvents.details, role: auditEvents.role })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, nurse.id), eq(auditEvents.action, 'session.queue.read')));
    const ofSession = reads.filter((r) => (r.details as { sessionId?: string }).sessionId === session.id);
    // Two subscriptions, each with the first read and the read after the call.
    expect(ofSession.length).toBe(4);
    expect(ofSession.every((r) => r.role === 'nurse')).toBe(true);
  });

  it('refuses a staff member of another hospital like a missing session, and they hear nothing', async () => {
    const session = await makeConsultationSession(
      t.database.db,
      tenantId,
      { practitionerId: doctorId, organizationId: hospital },
      { status: 'started', sessionStartedTime: new Date() },
    );
    await bookedPatient(session.id, 'Chamari');
    const client = wsClient(otherNurse);
    try {
      // Asking about our hospital, or about their own hospital with our session: both ARO-E2001.
      for (const o of [hospital, otherHospital]) {
        const events = client.iterate({ query: SUBSCRIBE, variables: { o, s: session.id } });
        const refusal = await events.next().then(
          (first) => first.value as unknown,
          (error: unknown) => error,
        );
        expect(JSON.stringify(refusal)).toContain('ARO-E2001');
        expect(JSON.stringify(refusal)).not.toContain('Chamari');
        // Nothing more comes: the call below is not delivered to a refused subscription.
        const called = await t.gql(CALL_NEXT, { o: hospital, s: session.id }, authHeader(nurse.token));
        expect(called.errors).toBeUndefined();
        await expect(events.next()).resolves.toEqual({ done: true, value: undefined });
      }
    } finally {
      await client.dispose();
    }
  });

  it('stops the patient data at the next change once the member no longer works at the hospital', async () => {
    const db = t.database.db;
    const session = await makeConsultationSession(
      db,
      tenantId,
      { practitionerId: doctorId, organizationId: hospital },
      { status: 'started', sessionStartedTime: new Date() },
    );
    await bookedPatient(session.id, 'Dilini');
    const leaving = await makeStaffUser(db, tenantId, [{ organizationId: hospital, role: 'nurse' }]);
    const client = wsClient(await signInStaff(t, leaving.email));
    try {
      const events = client.iterate({ query: SUBSCRIBE, variables: { o: hospital, s: session.id } });
      const first = (await events.next()).value as Event;
      expect(first.data?.staffSubscribeSessionQueue.appointments.map((a) => a.tokenNo)).toEqual([1]);
      await db.delete(staffMemberships).where(eq(staffMemberships.staffUserId, leaving.id));
      const called = await t.gql(CALL_NEXT, { o: hospital, s: session.id }, authHeader(nurse.token));
      expect(called.errors).toBeUndefined();
      const after = (await events.next()).value as Event;
      await events.return?.(undefined);
      expect(after.errors?.[0]?.message).toMatch(/^ARO-E2001:/);
      expect(JSON.stringify(after)).not.toContain('Dilini');
    } finally {
      await client.dispose();
    }
  });

  it('refuses an unknown session (E2001), no token (E1023) and a patient token (E1023)', async () => {
    const client = wsClient(nurse.token);
    const anonymous = wsClient(null);
    const { account } = await makePatientAccount(t.database.db, tenantId);
    const patient = wsClient(await patientSignIn(t, account.mobileNo));
    const session = await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: hospital });
    try {
      expect(JSON.stringify(await firstOf(client, { o: hospital, s: randomUUID() }))).toContain('ARO-E2001');
      expect(JSON.stringify(await firstOf(client, { o: hospital, s: 'not-an-id' }))).toContain('ARO-E2001');
      expect(JSON.stringify(await firstOf(anonymous, { o: hospital, s: session.id }))).toContain('ARO-E1023');
      expect(JSON.stringify(await firstOf(patient, { o: hospital, s: session.id }))).toContain('ARO-E1023');
    } finally {
      await Promise.all([client.dispose(), anonymous.dispose(), patient.dispose()]);
    }
  });
});

const redisUrl = process.env.REDIS_URL;

describe('staffSubscribeSessionQueue across instances through Redis (REDIS_URL)', () => {
  let a: TestApp | undefined;
  let b: FastifyInstance | undefined;

  beforeAll(async () => {
    if (!redisUrl) {
      return;
    }
    a = await createTestApp({ REDIS_URL: redisUrl });
    // Instance B: a second app on the same database and Redis, as behind a load balancer.
    b = await buildApp({ env: a.env, database: a.database, tenants: a.tenants, providers: a.providers });
    await b.ready();
    await a.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it.runIf(Boolean(redisUrl))('a console on instance A hears a call made on instance B (skipped without REDIS_URL)', async () => {
    if (!a || !b) {
      throw new Error('apps not built');
    }
    const instanceB = b;
    const db = a.database.db;
    const tenant = a.tenants.defaultTenant.id;
    const org = (await makeOrganization(db, tenant)).id;
    const doctor = (await makePractitioner(db, tenant, org)).id;
    const session = await makeConsultationSession(db, tenant, { practitionerId: doctor, organizationId: org }, { status: 'started', sessionStartedTime: new Date() });
    await makeBookedPatient(db, tenant, session.id, { hospitalId: org, givenName: 'Erandi' });
    const { token } = await makeSignedInStaff(a, tenant, [{ organizationId: org, role: 'nurse' }]);
    const port = (a.app.server.address() as AddressInfo).port;
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql?access_token=${encodeURIComponent(token)}`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const events = client.iterate({ query: SUBSCRIBE, variables: { o: org, s: session.id } });
      expect(((await events.next()).value as Event).data?.staffSubscribeSessionQueue.appointments[0]?.appointmentStatus).toBe('booked');
      // The call is made on B and published there after commit.
      const called = await instanceB.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: { query: CALL_NEXT, variables: { o: org, s: session.id } },
      });
      expect(called.json<{ errors?: unknown }>().errors).toBeUndefined();
      const next = events.next();
      let received = false;
      void next.then(() => {
        received = true;
      });
      // Subscribing reaches Redis asynchronously: should B's own publish have gone before A listened
      // there, B tells again (the same kind of event) until A hears one. A hang guard, not a speed
      // limit: on a loaded 2-core machine A was not listening yet after 200 tries 25 ms apart (CI,
      // 2026-11-24), so B goes on for up to 40 s.
      const giveUpAt = Date.now() + 40_000;
      while (Date.now() < giveUpAt && !received) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        if (!received) {
          await new Promise<void>((resolve) => {
            instanceB.graphql.pubsub.publish(
              { topic: consultationSessionTopic(tenant, session.id), payload: { id: session.id, changed: 'appointments' } },
              resolve,
            );
          });
        }
      }
      const after = ((await next).value as Event).data?.staffSubscribeSessionQueue;
      await events.return?.(undefined);
      expect(after?.appointments.map((x) => [x.tokenNo, x.appointmentStatus])).toEqual([[1, 'arrived']]);
    } finally {
      await client.dispose();
    }
  });
});
