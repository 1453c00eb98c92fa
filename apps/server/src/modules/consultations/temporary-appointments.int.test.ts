import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  makeConsultationSession,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadEnv } from '../../config/env.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import {
  accounts,
  appointments,
  auditEvents,
  chargingSchemes,
  consultationSessions,
  patients,
  temporaryAppointments,
} from '../../db/schema/index.ts';
import { createProviders } from '../../providers/providers.ts';
import { createTenantRegistry } from '../tenants/index.ts';
import { createAccessSession } from '../auth/index.ts';

// The reserve path and temporary appointments (spec doc 2 §4 Booking step 4, issue 8 §3).
// 'first-tenant' (first.localhost) has channelling.reserve on; 'careline-demo' (localhost) has it off.

const RESERVING = 'first-tenant';
const RESERVE_HOST = { host: 'first.localhost' };
const HOUR = 60 * 60 * 1000;

const TEMPORARY = `mutation ($sessionId: ID!, $key: String) {
  createTemporaryAppointment(sessionId: $sessionId, idempotencyKey: $key) { id sessionId tokenNo status bookingType holdExpiresAt appointmentId }
}`;
const CONFIRM = `mutation ($patientId: ID!, $sessionId: ID!, $temporaryAppointmentId: ID!) {
  createAppointment(patientId: $patientId, sessionId: $sessionId, appointmentBookingType: "temporary", temporaryAppointmentId: $temporaryAppointmentId) {
    id patientId tokenNo appointmentStatus paymentStatus appointmentBookingType
  }
}`;
const RESERVE = `mutation ($patientId: ID!, $sessionId: ID!, $key: String) {
  createAppointment(patientId: $patientId, sessionId: $sessionId, appointmentBookingType: "reserve", idempotencyKey: $key) {
    id patientId tokenNo appointmentStatus paymentStatus appointmentBookingType
  }
}`;
const AVAILABLE = `query ($sessionId: ID!) { reserveAvailable(sessionId: $sessionId) }`;

type Temporary = {
  createTemporaryAppointment: {
    id: string;
    sessionId: string;
    tokenNo: number;
    status: string;
    bookingType: string;
  };
};
type Made = {
  createAppointment: {
    id: string;
    patientId: string;
    tokenNo: number;
    appointmentStatus: string;
    paymentStatus: string;
    appointmentBookingType: string;
  };
};

const auth = (token: string) => ({ authorization: `Bearer ${token}`, ...RESERVE_HOST });

type Refs = { practitionerId: string; organizationId: string; chargingSchemeId: string };

async function makeRefs(db: DbOrTx, tenantId: string): Promise<Refs> {
  const organizationId = (await makeOrganization(db, tenantId)).id;
  const practitionerId = (await makePractitioner(db, tenantId, organizationId)).id;
  const [scheme] = await db
    .insert(chargingSchemes)
    .values({
      tenantId,
      organizationId,
      practitionerId,
      name: 'Consultation',
      currency: 'LKR',
      items: [
        { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
        { category: 'hospital_fee', description: 'Hospital fee', amount: 500 },
      ],
    })
    .returning();
  return { organizationId, practitionerId, chargingSchemeId: scheme!.id };
}

async function session(
  db: DbOrTx,
  tenantId: string,
  refs: Refs,
  fields: Partial<typeof consultationSessions.$inferInsert> = {},
) {
  return makeConsultationSession(
    db,
    tenantId,
    { organizationId: refs.organizationId, practitionerId: refs.practitionerId },
    {
      chargingSchemeId: refs.chargingSchemeId,
      startTime: new Date(Date.now() + 48 * HOUR),
      ...fields,
    },
  );
}

/** A signed-in account with no profile yet. */
async function newAccount(
  db: DbOrTx,
  tenantId: string,
): Promise<{ accountId: string; token: string }> {
  const mobileNo = `9477${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const [account] = await db.insert(accounts).values({ tenantId, mobileNo }).returning();
  return {
    accountId: account!.id,
    token: (await createAccessSession(db, tenantId, account!.id)).token,
  };
}

/** The profile the patient registers after reserving (doc 1 Profile creation). */
async function addProfile(
  db: DbOrTx,
  tenantId: string,
  accountId: string,
  givenName: string,
): Promise<string> {
  const [row] = await db
    .insert(patients)
    .values({
      tenantId,
      accountId,
      prefix: 'Ms.',
      givenName,
      familyName: 'Perera',
      gender: 'female',
      birthDate: '1990-05-01',
      relationship: 'Me',
      mobileNo: '94770000000',
    })
    .returning();
  return row!.id;
}

async function counters(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      issued: consultationSessions.issuedTokens,
      live: consultationSessions.liveAppointments,
    })
    .from(consultationSessions)
    .where(eq(consultationSessions.id, sessionId));
  return row!;
}

async function temporaryRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(temporaryAppointments)
    .where(eq(temporaryAppointments.id, id));
  return row!;
}

async function auditActions(db: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.patientAccountId, accountId),
        sql`${auditEvents.action} LIKE 'appointment.%'`,
      ),
    )
    .orderBy(auditEvents.at);
  return rows.map((r) => r.action);
}

describe('reserve path and temporary appointments (spec doc 2 §4 Booking step 4)', () => {
  let t: TestApp;
  let refs: Refs;
  beforeAll(async () => {
    t = await createTestApp();
    refs = await makeRefs(t.database.db, RESERVING);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reserves for an existing profile: booked, pay later, the place taken like a booking', async () => {
    const s = await session(t.database.db, RESERVING, refs);
    const { account, patient } = await makePatientAccount(t.database.db, RESERVING);
    const token = (await createAccessSession(t.database.db, RESERVING, account.id)).token;
    expect((await t.gql(AVAILABLE, { sessionId: s.id }, auth(token))).data).toEqual({
      reserveAvailable: true,
    });

    const made = await t.gql<Made>(
      RESERVE,
      { patientId: patient.id, sessionId: s.id, key: `reserve-${randomUUID()}` },
      auth(token),
    );
    expect(made.errors).toBeUndefined();
    expect(made.data?.createAppointment).toMatchObject({
      patientId: patient.id,
      tokenNo: 1,
      appointmentStatus: 'booked',
      paymentStatus: 'pending',
      appointmentBookingType: 'reserve',
    });
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 1 });
    const again = await t.gql(RESERVE, { patientId: patient.id, sessionId: s.id }, auth(token));
    expect(again.errors?.[0]?.message).toBe(
      'ARO-E4003:This person already has an appointment in this session',
    );
    expect(await auditActions(t.database.db, account.id)).toEqual(['appointment.reserve']);
  });

  it('refuses where the reserve path is closed, and changes nothing', async () => {
    const { account, patient } = await makePatientAccount(t.database.db, RESERVING);
    const token = (await createAccessSession(t.database.db, RESERVING, account.id)).token;
    // No charging scheme: the total is 0.
    const free = await session(t.database.db, RESERVING, refs, { chargingSchemeId: null });
    const noTotal = await t.gql(
      RESERVE,
      { patientId: patient.id, sessionId: free.id },
      auth(token),
    );
    expect(noTotal.errors?.[0]?.message).toMatch(/^ARO-E4046:/);
    expect((await t.gql(AVAILABLE, { sessionId: free.id }, auth(token))).data).toEqual({
      reserveAvailable: false,
    });
    // A paid appointment in the session.
    const paid = await session(t.database.db, RESERVING, refs, {
      issuedTokens: 1,
      liveAppointments: 1,
    });
    const other = await makePatientAccount(t.database.db, RESERVING);
    await t.database.db.insert(appointments).values({
      tenantId: RESERVING,
      sessionId: paid.id,
      accountId: other.account.id,
      patientId: other.patient.id,
      tokenNo: 1,
      paymentStatus: 'paid',
    });
    const withPaid = await t.gql(TEMPORARY, { sessionId: paid.id }, auth(token));
    expect(withPaid.errors?.[0]?.message).toMatch(/^ARO-E4047:/);
    expect(await counters(t.database.db, free.id)).toEqual({ issued: 0, live: 0 });
    expect(await counters(t.database.db, paid.id)).toEqual({ issued: 1, live: 1 });

    // The tenant flag off (careline-demo).
    const demoRefs = await makeRefs(t.database.db, 'careline-demo');
    const demo = await makeConsultationSession(t.database.db, 'careline-demo', demoRefs, {
      chargingSchemeId: demoRefs.chargingSchemeId,
      startTime: new Date(Date.now() + 48 * HOUR),
    });
    const demoUser = await makePatientAccount(t.database.db, 'careline-demo');
    const demoAuth = {
      authorization: `Bearer ${(await createAccessSession(t.database.db, 'careline-demo', demoUser.account.id)).token}`,
    };
    const off = await t.gql(
      RESERVE,
      { patientId: demoUser.patient.id, sessionId: demo.id },
      demoAuth,
    );
    expect(off.errors?.[0]?.message).toBe('ARO-E4045:Reserving is not available at this hospital');
    const offTemporary = await t.gql(TEMPORARY, { sessionId: demo.id }, demoAuth);
    expect(offTemporary.errors?.[0]?.message).toBe(
      'ARO-E4045:Reserving is not available at this hospital',
    );
    expect(await counters(t.database.db, demo.id)).toEqual({ issued: 0, live: 0 });
    expect(
      await t.database.db
        .select()
        .from(temporaryAppointments)
        .where(eq(temporaryAppointments.sessionId, demo.id)),
    ).toEqual([]);
  });

  it('holds a place for an account with no profile, then confirms it for the new profile with the same token', async () => {
    const s = await session(t.database.db, RESERVING, refs);
    const me = await newAccount(t.database.db, RESERVING);
    const held = await t.gql<Temporary>(
      TEMPORARY,
      { sessionId: s.id, key: `temp-${randomUUID()}` },
      auth(me.token),
    );
    expect(held.errors).toBeUndefined();
    const temporary = held.data!.createTemporaryAppointment;
    expect(temporary).toMatchObject({
      sessionId: s.id,
      tokenNo: 1,
      status: 'temporary',
      bookingType: 'temporary',
    });
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 1 });
    // The session card counts the held number as a place taken.
    const card = await t.gql<{ querySession: { appointmentCount: number }[] }>(
      'query ($id: ID) { querySession(id: $id) { appointmentCount } }',
      { id: s.id },
      auth(me.token),
    );
    expect(card.data?.querySession).toEqual([{ appointmentCount: 1 }]);
    // Asking again while it is held answers the same place.
    const twice = await t.gql<Temporary>(TEMPORARY, { sessionId: s.id }, auth(me.token));
    expect(twice.data?.createTemporaryAppointment.id).toBe(temporary.id);
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 1 });

    const patientId = await addProfile(t.database.db, RESERVING, me.accountId, 'Nimali');
    const confirmed = await t.gql<Made>(
      CONFIRM,
      { patientId, sessionId: s.id, temporaryAppointmentId: temporary.id },
      auth(me.token),
    );
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data?.createAppointment).toMatchObject({
      patientId,
      tokenNo: 1,
      appointmentStatus: 'booked',
      paymentStatus: 'pending',
      appointmentBookingType: 'reserve',
    });
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 1 });
    expect(await temporaryRow(t.database.db, temporary.id)).toMatchObject({
      status: 'confirmed',
      appointmentId: confirmed.data?.createAppointment.id,
    });

    // Idempotent for the same profile; refused for another.
    const retry = await t.gql<Made>(
      CONFIRM,
      { patientId, sessionId: s.id, temporaryAppointmentId: temporary.id },
      auth(me.token),
    );
    expect(retry.data?.createAppointment.id).toBe(confirmed.data?.createAppointment.id);
    const sibling = await addProfile(t.database.db, RESERVING, me.accountId, 'Kamal');
    const other = await t.gql(
      CONFIRM,
      { patientId: sibling, sessionId: s.id, temporaryAppointmentId: temporary.id },
      auth(me.token),
    );
    expect(other.errors?.[0]?.message).toMatch(/^ARO-E4049:/);
    expect(
      await t.database.db.select().from(appointments).where(eq(appointments.sessionId, s.id)),
    ).toHaveLength(1);
    expect(await auditActions(t.database.db, me.accountId)).toEqual([
      'appointment.temporary.create',
      'appointment.temporary.confirm',
    ]);
  });

  it('a confirm after the hold ended releases the place at once and is refused', async () => {
    const s = await session(t.database.db, RESERVING, refs);
    const me = await newAccount(t.database.db, RESERVING);
    const held = await t.gql<Temporary>(TEMPORARY, { sessionId: s.id }, auth(me.token));
    const temporaryId = held.data!.createTemporaryAppointment.id;
    // The hold ends before the job has run.
    await t.database.db
      .update(temporaryAppointments)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(temporaryAppointments.id, temporaryId));
    const patientId = await addProfile(t.database.db, RESERVING, me.accountId, 'Slow');
    const late = await t.gql(
      CONFIRM,
      { patientId, sessionId: s.id, temporaryAppointmentId: temporaryId },
      auth(me.token),
    );
    expect(late.errors?.[0]?.message).toMatch(/^ARO-E4048:/);
    expect(await temporaryRow(t.database.db, temporaryId)).toMatchObject({
      status: 'released',
      appointmentId: null,
    });
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 0 });
    expect(
      await t.database.db.select().from(appointments).where(eq(appointments.sessionId, s.id)),
    ).toEqual([]);
    expect(await auditActions(t.database.db, me.accountId)).toEqual([
      'appointment.temporary.create',
      'appointment.temporary.release',
    ]);
  });

  it('refuses a confirm naming another session, an unknown booking type, or a temporary booking without its id', async () => {
    const s = await session(t.database.db, RESERVING, refs);
    const elsewhere = await session(t.database.db, RESERVING, refs);
    const me = await newAccount(t.database.db, RESERVING);
    const held = await t.gql<Temporary>(TEMPORARY, { sessionId: s.id }, auth(me.token));
    const temporaryId = held.data!.createTemporaryAppointment.id;
    const patientId = await addProfile(t.database.db, RESERVING, me.accountId, 'Mixed');
    const wrongSession = await t.gql(
      CONFIRM,
      { patientId, sessionId: elsewhere.id, temporaryAppointmentId: temporaryId },
      auth(me.token),
    );
    expect(wrongSession.errors?.[0]?.message).toMatch(/^ARO-E2002:/);
    const badType = await t.gql(
      `mutation ($p: ID!, $s: ID!) { createAppointment(patientId: $p, sessionId: $s, appointmentBookingType: "later") { id } }`,
      { p: patientId, s: s.id },
      auth(me.token),
    );
    expect(badType.errors?.[0]?.message).toMatch(/^ARO-E2002:/);
    const noId = await t.gql(
      `mutation ($p: ID!, $s: ID!) { createAppointment(patientId: $p, sessionId: $s, appointmentBookingType: "temporary") { id } }`,
      { p: patientId, s: s.id },
      auth(me.token),
    );
    expect(noId.errors?.[0]?.message).toMatch(/^ARO-E2002:/);
    expect(await temporaryRow(t.database.db, temporaryId)).toMatchObject({ status: 'temporary' });
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 1 });
    expect(await counters(t.database.db, elsewhere.id)).toEqual({ issued: 0, live: 0 });
  });

  it('another account’s temporary appointment answers like a missing one, and nothing changes', async () => {
    const s = await session(t.database.db, RESERVING, refs);
    const owner = await newAccount(t.database.db, RESERVING);
    const held = await t.gql<Temporary>(TEMPORARY, { sessionId: s.id }, auth(owner.token));
    const temporaryId = held.data!.createTemporaryAppointment.id;
    const stranger = await makePatientAccount(t.database.db, RESERVING);
    const strangerToken = (await createAccessSession(t.database.db, RESERVING, stranger.account.id))
      .token;
    const theirs = await t.gql(
      CONFIRM,
      { patientId: stranger.patient.id, sessionId: s.id, temporaryAppointmentId: temporaryId },
      auth(strangerToken),
    );
    const missing = await t.gql(
      CONFIRM,
      { patientId: stranger.patient.id, sessionId: s.id, temporaryAppointmentId: randomUUID() },
      auth(strangerToken),
    );
    expect(theirs.errors?.[0]?.message).toBe('ARO-E2001:The requested record was not found');
    expect(missing.errors?.[0]?.message).toBe(theirs.errors?.[0]?.message);
    // The owner confirming for someone else's profile is refused the same way.
    const ownerWithTheirProfile = await t.gql(
      CONFIRM,
      { patientId: stranger.patient.id, sessionId: s.id, temporaryAppointmentId: temporaryId },
      auth(owner.token),
    );
    expect(ownerWithTheirProfile.errors?.[0]?.message).toBe(
      'ARO-E2001:The requested record was not found',
    );
    expect(await temporaryRow(t.database.db, temporaryId)).toMatchObject({
      status: 'temporary',
      appointmentId: null,
    });
    expect(
      await t.database.db.select().from(appointments).where(eq(appointments.sessionId, s.id)),
    ).toEqual([]);
  });

  it('an account with a profile reserves for it, never with a temporary appointment (ARO-E4050)', async () => {
    const s = await session(t.database.db, RESERVING, refs);
    const { account } = await makePatientAccount(t.database.db, RESERVING);
    const token = (await createAccessSession(t.database.db, RESERVING, account.id)).token;
    const held = await t.gql(TEMPORARY, { sessionId: s.id }, auth(token));
    expect(held.errors?.[0]?.message).toMatch(/^ARO-E4050:/);
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 0, live: 0 });
  });

  it('one account holds one place at a time: 12 concurrent holds take one place, a hold elsewhere gives it back', async () => {
    const s = await session(t.database.db, RESERVING, refs, { appointmentMaxAllowed: 5 });
    const other = await session(t.database.db, RESERVING, refs, { appointmentMaxAllowed: 5 });
    const me = await newAccount(t.database.db, RESERVING);
    const keys = Array.from({ length: 12 }, (_, i) => `rush-${i}-${randomUUID()}`);
    const answers = await Promise.all(
      keys.map((key) => t.gql<Temporary>(TEMPORARY, { sessionId: s.id, key }, auth(me.token))),
    );
    expect(answers.map((a) => a.errors)).toEqual(answers.map(() => undefined));
    expect(new Set(answers.map((a) => a.data?.createTemporaryAppointment.id)).size).toBe(1);
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 1 });

    const moved = await t.gql<Temporary>(TEMPORARY, { sessionId: other.id }, auth(me.token));
    expect(moved.data?.createTemporaryAppointment).toMatchObject({
      sessionId: other.id,
      status: 'temporary',
    });
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 0 });
    expect(await counters(t.database.db, other.id)).toEqual({ issued: 1, live: 1 });
    const first = answers[0]!.data!.createTemporaryAppointment.id;
    expect(await temporaryRow(t.database.db, first)).toMatchObject({ status: 'released' });
    // A replay of the first request answers the hold as it is now.
    const replay = await t.gql<Temporary>(
      TEMPORARY,
      { sessionId: s.id, key: keys[0] },
      auth(me.token),
    );
    expect(replay.data?.createTemporaryAppointment).toMatchObject({
      id: first,
      status: 'released',
    });
  });

  it('a session the hospital cancelled meanwhile cannot be confirmed into: the place is released, ARO-E4002', async () => {
    const s = await session(t.database.db, RESERVING, refs);
    const me = await newAccount(t.database.db, RESERVING);
    const held = await t.gql<Temporary>(TEMPORARY, { sessionId: s.id }, auth(me.token));
    const temporaryId = held.data!.createTemporaryAppointment.id;
    await t.database.db
      .update(consultationSessions)
      .set({ status: 'practitioner_canceled' })
      .where(eq(consultationSessions.id, s.id));
    const patientId = await addProfile(t.database.db, RESERVING, me.accountId, 'Nadee');
    const confirmed = await t.gql(
      CONFIRM,
      { patientId, sessionId: s.id, temporaryAppointmentId: temporaryId },
      auth(me.token),
    );
    expect(confirmed.errors?.[0]?.message).toMatch(/^ARO-E4002:/);
    expect(await temporaryRow(t.database.db, temporaryId)).toMatchObject({
      status: 'released',
      appointmentId: null,
    });
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 0 });
    expect(
      await t.database.db.select().from(appointments).where(eq(appointments.sessionId, s.id)),
    ).toEqual([]);
  });
});

describe('a temporary appointment never confirmed is released by the job queue (issue 8 §3)', () => {
  let t: TestApp;
  let refs: Refs;
  beforeAll(async () => {
    t = await createTestApp({ TEMPORARY_APPOINTMENT_HOLD_MS: '200', JOBS_POLL_INTERVAL_MS: '500' });
    refs = await makeRefs(t.database.db, RESERVING);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the place back, keeps the token used, audits, and refuses a later confirm', async () => {
    const s = await session(t.database.db, RESERVING, refs);
    const me = await newAccount(t.database.db, RESERVING);
    const held = await t.gql<Temporary>(TEMPORARY, { sessionId: s.id }, auth(me.token));
    expect(held.errors).toBeUndefined();
    const temporaryId = held.data!.createTemporaryAppointment.id;
    await vi.waitFor(
      async () => expect((await temporaryRow(t.database.db, temporaryId)).status).toBe('released'),
      {
        timeout: 60_000,
        interval: 100,
      },
    );
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 1, live: 0 });
    expect(await auditActions(t.database.db, me.accountId)).toEqual([
      'appointment.temporary.create',
      'appointment.temporary.release',
    ]);

    const patientId = await addProfile(t.database.db, RESERVING, me.accountId, 'Late');
    const late = await t.gql(
      CONFIRM,
      { patientId, sessionId: s.id, temporaryAppointmentId: temporaryId },
      auth(me.token),
    );
    expect(late.errors?.[0]?.message).toBe(
      'ARO-E4048:The reserved number was released because it was not confirmed in time',
    );
    // The next booking takes the next token: the released one stays used.
    const next = await t.gql<Made>(RESERVE, { patientId, sessionId: s.id }, auth(me.token));
    expect(next.data?.createAppointment.tokenNo).toBe(2);
    expect(await counters(t.database.db, s.id)).toEqual({ issued: 2, live: 1 });
  });
});

describe('the release is told to live subscribers, like a cancel', () => {
  let t: TestApp;
  let refs: Refs;
  beforeAll(async () => {
    t = await createTestApp({ TEMPORARY_APPOINTMENT_HOLD_MS: '300', JOBS_POLL_INTERVAL_MS: '500' });
    refs = await makeRefs(t.database.db, RESERVING);
  });
  afterAll(async () => {
    await t.close();
  });

  it('publishes the session after the hold ends', async () => {
    const probe = await session(t.database.db, RESERVING, refs);
    const target = await session(t.database.db, RESERVING, refs);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The reserving tenant is chosen by the Host header.
    class FirstTenantSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: RESERVE_HOST });
      }
    }
    const client = createClient({
      url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`,
      webSocketImpl: FirstTenantSocket,
      retryAttempts: 0,
    });
    const heard: string[] = [];
    const events = client.iterate<{ searchSession: { id: string } }>({
      query: 'subscription { searchSession }',
    });
    const listening = (async () => {
      for await (const event of events) {
        heard.push(event.data?.searchSession.id ?? '');
      }
    })();
    try {
      // Subscribing is asynchronous: hold places in the probe session until the subscriber hears one.
      for (let attempt = 0; attempt < 40 && !heard.includes(probe.id); attempt++) {
        const someone = await newAccount(t.database.db, RESERVING);
        await t.gql(TEMPORARY, { sessionId: probe.id }, auth(someone.token));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(heard).toContain(probe.id);
      const me = await newAccount(t.database.db, RESERVING);
      const held = await t.gql<Temporary>(TEMPORARY, { sessionId: target.id }, auth(me.token));
      const temporaryId = held.data!.createTemporaryAppointment.id;
      // One event when the place was taken, one when the job gave it back.
      await vi.waitFor(() => expect(heard.filter((id) => id === target.id)).toHaveLength(2), {
        timeout: 60_000,
        interval: 100,
      });
      expect((await temporaryRow(t.database.db, temporaryId)).status).toBe('released');
    } finally {
      await events.return?.(undefined);
      await client.dispose();
      await listening.catch(() => {});
    }
  });
});

describe('the release job survives a restart (it is a row in the database)', () => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-jobs-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(overrides: Record<string, string>) {
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      STAFF_DIST_DIR: path.join(dataDir, 'no-staff'),
      JOBS_POLL_INTERVAL_MS: '500',
      ...overrides,
    });
    const tenants = createTenantRegistry(env);
    const providers = await createProviders(env, database, tenants, pino({ level: 'silent' }));
    const app = await buildApp({ env, database, tenants, providers });
    await app.ready();
    return app;
  }

  it('a job queued by one run is done by the next', async () => {
    const refs = await makeRefs(database.db, RESERVING);
    const s = await session(database.db, RESERVING, refs);
    const me = await newAccount(database.db, RESERVING);
    // The first run queues the release and stops; its workers look once, at start (before the job is
    // due), and not again before it stops.
    const first = await start({
      TEMPORARY_APPOINTMENT_HOLD_MS: '1500',
      JOBS_POLL_INTERVAL_MS: '600000',
    });
    const response = await first.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...auth(me.token) },
      payload: { query: TEMPORARY, variables: { sessionId: s.id } },
    });
    const temporaryId = response.json<{ data: Temporary }>().data.createTemporaryAppointment.id;
    await first.close();
    const queued = await database.db.execute(
      sql`SELECT state FROM pgboss.job WHERE name = 'temporary-appointment-release' AND singleton_key = ${temporaryId}`,
    );
    // Both drivers answer { rows }.
    const { rows } = queued as { rows: { state: string }[] };
    expect(rows.map((r) => r.state)).toEqual(['created']);
    expect((await temporaryRow(database.db, temporaryId)).status).toBe('temporary');

    // The next run starts the queue at boot and releases it.
    const second = await start({ JOBS_START: 'eager' });
    try {
      await vi.waitFor(
        async () => expect((await temporaryRow(database.db, temporaryId)).status).toBe('released'),
        {
          timeout: 60_000,
          interval: 100,
        },
      );
      expect(await counters(database.db, s.id)).toEqual({ issued: 1, live: 0 });
    } finally {
      await second.close();
    }
  });
});
