import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConsultationSession, makeOrganization, makePatientAccount, makePractitioner } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { appointments } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';

const TENANT = 'careline-demo';
const HOUR = 60 * 60 * 1000;
const BOOK = `mutation ($patientId: ID!, $sessionId: ID!, $key: String) {
  createAppointment(patientId: $patientId, sessionId: $sessionId, idempotencyKey: $key) { id sessionId patientId tokenNo appointmentStatus paymentStatus appointmentOriginChannel }
}`;
const CANCEL = `mutation ($id: ID!) { patchAppointment(id: $id, status: "cancelled") { id appointmentStatus } }`;

type Booked = { createAppointment: { id: string; tokenNo: number; appointmentStatus: string } };

let t: TestApp;
let refs: { practitionerId: string; organizationId: string };
let alice: { token: string; patientId: string };
let bob: { token: string; patientId: string };

async function patient(): Promise<{ token: string; patientId: string }> {
  const { account, patient: profile } = await makePatientAccount(t.database.db, TENANT);
  return { token: (await createAccessSession(t.database.db, TENANT, account.id)).token, patientId: profile.id };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp();
  const organizationId = (await makeOrganization(t.database.db, TENANT)).id;
  const practitionerId = (await makePractitioner(t.database.db, TENANT, organizationId)).id;
  refs = { practitionerId, organizationId };
  alice = await patient();
  bob = await patient();
});
afterAll(async () => {
  await t.close();
});

describe('createAppointment and patchAppointment over GraphQL (spec doc 2 §7, issue 8)', () => {
  it('books the next token for the account’s own profile, and cancels it', async () => {
    const session = await makeConsultationSession(t.database.db, TENANT, refs, { startTime: new Date(Date.now() + 48 * HOUR) });
    const first = await t.gql<Booked>(BOOK, { patientId: alice.patientId, sessionId: session.id }, auth(alice.token));
    expect(first.errors).toBeUndefined();
    expect(first.data?.createAppointment).toMatchObject({
      tokenNo: 1,
      appointmentStatus: 'booked',
      paymentStatus: 'pending',
      appointmentOriginChannel: 'patient_app',
    });
    const second = await t.gql<Booked>(BOOK, { patientId: bob.patientId, sessionId: session.id }, auth(bob.token));
    expect(second.data?.createAppointment.tokenNo).toBe(2);
    const again = await t.gql(BOOK, { patientId: alice.patientId, sessionId: session.id }, auth(alice.token));
    expect(again.errors?.[0]?.message).toBe('ARO-E4003:This person already has an appointment in this session');

    const cancelled = await t.gql(CANCEL, { id: first.data?.createAppointment.id }, auth(alice.token));
    expect(cancelled.data).toEqual({ patchAppointment: { id: first.data?.createAppointment.id, appointmentStatus: 'cancelled' } });
  });

  it('another account’s profile or appointment answers the same not-found as a missing one, and nothing changes', async () => {
    const session = await makeConsultationSession(t.database.db, TENANT, refs, { startTime: new Date(Date.now() + 48 * HOUR) });
    const theirs = await t.gql(BOOK, { patientId: bob.patientId, sessionId: session.id }, auth(alice.token));
    const missing = await t.gql(BOOK, { patientId: randomUUID(), sessionId: session.id }, auth(alice.token));
    expect(theirs.errors?.[0]?.message).toBe('ARO-E2001:The requested record was not found');
    expect(missing.errors?.[0]?.message).toBe(theirs.errors?.[0]?.message);

    const booked = await t.gql<Booked>(BOOK, { patientId: bob.patientId, sessionId: session.id }, auth(bob.token));
    const id = booked.data?.createAppointment.id ?? '';
    const stranger = await t.gql(CANCEL, { id }, auth(alice.token));
    expect(stranger.errors?.[0]?.message).toBe('ARO-E2001:The requested record was not found');
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.appointmentStatus).toBe('booked');
    expect(await t.database.db.select().from(appointments).where(eq(appointments.sessionId, session.id))).toHaveLength(1);
  });

  it('refuses a cancel within 24 hours in the spec’s words, and anything but "cancelled" as a status', async () => {
    const soon = await makeConsultationSession(t.database.db, TENANT, refs, { startTime: new Date(Date.now() + 3 * HOUR) });
    const booked = await t.gql<Booked>(BOOK, { patientId: alice.patientId, sessionId: soon.id }, auth(alice.token));
    const id = booked.data?.createAppointment.id;
    const refused = await t.gql(CANCEL, { id }, auth(alice.token));
    expect(refused.errors?.[0]?.message).toBe(
      'ARO-E4005:You cannot cancel this appointment because the scheduled session time is within 24 hours from now.',
    );
    const other = await t.gql(`mutation ($id: ID!) { patchAppointment(id: $id, status: "fulfilled") { id } }`, { id }, auth(alice.token));
    expect(other.errors?.[0]?.message).toMatch(/^ARO-E2002:/);
  });

  it('a retry with the same key answers the first booking', async () => {
    const session = await makeConsultationSession(t.database.db, TENANT, refs, { startTime: new Date(Date.now() + 48 * HOUR) });
    const key = `tap-${randomUUID()}`;
    const variables = { patientId: alice.patientId, sessionId: session.id, key };
    const [a, b] = await Promise.all([t.gql<Booked>(BOOK, variables, auth(alice.token)), t.gql<Booked>(BOOK, variables, auth(alice.token))]);
    expect(a.data?.createAppointment).toEqual(b.data?.createAppointment);
    const retry = await t.gql<Booked>(BOOK, variables, auth(alice.token));
    expect(retry.data?.createAppointment).toEqual(a.data?.createAppointment);
    expect(await t.database.db.select().from(appointments).where(eq(appointments.sessionId, session.id))).toHaveLength(1);
  });

  it('tells the session’s live subscribers after a booking commits', async () => {
    const session = await makeConsultationSession(t.database.db, TENANT, refs, { startTime: new Date(Date.now() + 48 * HOUR) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createClient({
      url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const events = client.iterate<{ subscribeSession: unknown }>({
        query: 'subscription ($id: ID!) { subscribeSession(id: $id) }',
        variables: { id: session.id },
      });
      const next = events.next();
      let heard = false;
      void next.then(() => {
        heard = true;
      });
      // Subscribing is asynchronous: book for new profiles until the subscriber hears one.
      for (let attempt = 0; attempt < 20 && !heard; attempt++) {
        const someone = await patient();
        await t.gql(BOOK, { patientId: someone.patientId, sessionId: session.id }, auth(someone.token));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const event = await next;
      expect(event.value).toMatchObject({ data: { subscribeSession: { id: session.id, changed: 'appointments' } } });
      await events.return?.(undefined);
    } finally {
      await client.dispose();
    }
  });
});
