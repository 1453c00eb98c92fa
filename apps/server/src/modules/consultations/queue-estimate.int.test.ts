import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateCallTime } from '@careline/domain/consultations';
import {
  authHeader,
  makeConsultationSession,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { appointments, consultationSessions } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';

// issue 32 §1.2: the patient's appointment says when its token is expected to be called, from the
// doctor's recorded sessions and the calls of this one, and the estimate moves with each call staff make.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const FIELDS = 'id tokenNo appointmentStatus expectedCallAt';
const QUERY = `query ($id: ID) { queryAppointment(id: $id) { ${FIELDS} } }`;
const BOOK = `mutation ($p: ID!, $s: ID!) { createAppointment(patientId: $p, sessionId: $s) { ${FIELDS} } }`;
const SUBSCRIBE = `subscription ($p: [ID!]!, $s: ID!) { subscribeAppointment(patientId: $p, sessionId: $s) { ${FIELDS} } }`;
const START = 'mutation ($o: ID!, $s: ID!) { staffStartSession(organizationId: $o, sessionId: $s) { id } }';
const DELAY = 'mutation ($o: ID!, $s: ID!, $m: Int!) { staffMarkSessionDelay(organizationId: $o, sessionId: $s, delayMinutes: $m) { id } }';
const CALL_NEXT = 'mutation ($o: ID!, $s: ID!) { staffCallNext(organizationId: $o, sessionId: $s) { session { id } } }';

type Patient = { token: string; patientId: string };
type Estimated = { id: string; tokenNo: number; appointmentStatus: string; expectedCallAt: string | null };

let t: TestApp;
let tenantId: string;
let hospital: string;
let doctorId: string;
let staffAuth: { authorization: string };
let url: string;

async function patient(): Promise<Patient> {
  const { account, patient: profile } = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital });
  return { token: (await createAccessSession(t.database.db, tenantId, account.id)).token, patientId: profile.id };
}

const auth = (who: Patient) => authHeader(who.token);

async function book(who: Patient, sessionId: string): Promise<Estimated> {
  const booked = await t.gql<{ createAppointment: Estimated }>(BOOK, { p: who.patientId, s: sessionId }, auth(who));
  expect(booked.errors).toBeUndefined();
  return booked.data?.createAppointment as Estimated;
}

async function staff(query: string, sessionId: string): Promise<void> {
  const done = await t.gql(query, { o: hospital, s: sessionId }, staffAuth);
  expect(done.errors).toBeUndefined();
}

/** A past session of a doctor, with its calls at these minutes after its start (token order). */
async function recordedSession(practitionerId: string, daysAgo: number, callMinutes: readonly number[]): Promise<void> {
  const startTime = new Date(Date.now() - daysAgo * DAY);
  const session = await makeConsultationSession(
    t.database.db,
    tenantId,
    { practitionerId, organizationId: hospital },
    { startTime, status: 'completed', sessionStartedTime: startTime, sessionCompletedTime: new Date(startTime.getTime() + 3 * 60 * MINUTE) },
  );
  if (callMinutes.length === 0) {
    return;
  }
  await t.database.db.insert(appointments).values(
    callMinutes.map((minutes, index) => ({
      tenantId,
      sessionId: session.id,
      accountId: randomUUID(),
      patientId: randomUUID(),
      tokenNo: index + 1,
      appointmentStatus: 'fulfilled',
      appointmentArrivedTime: new Date(startTime.getTime() + minutes * MINUTE),
    })),
  );
}

/** What the domain's rules give for a token from the session's stored calls, the doctor's usual 8 minutes. */
async function computed(session: { id: string; startTime: Date }, tokenNo: number): Promise<string | null> {
  const [stored] = await t.database.db
    .select({ startedAt: consultationSessions.sessionStartedTime })
    .from(consultationSessions)
    .where(eq(consultationSessions.id, session.id));
  const rows = await t.database.db
    .select({ tokenNo: appointments.tokenNo, appointmentStatus: appointments.appointmentStatus, calledAt: appointments.appointmentArrivedTime })
    .from(appointments)
    .where(eq(appointments.sessionId, session.id))
    .orderBy(asc(appointments.tokenNo));
  const estimate = estimateCallTime({
    plannedStart: session.startTime,
    actualStart: stored?.startedAt ?? null,
    sessionOver: false,
    calls: rows.flatMap((row) => (row.calledAt ? [{ tokenNo: row.tokenNo, calledAt: row.calledAt }] : [])),
    pastMinutesPerPatient: [8, 5, 11.5],
    queue: rows,
    tokenNo,
    now: new Date(),
  });
  return estimate.expectedCallAt?.toISOString() ?? null;
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospital = (await makeOrganization(db, tenantId)).id;
  doctorId = (await makePractitioner(db, tenantId, hospital)).id;
  staffAuth = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'nurse' }])).auth;
  // The doctor's recorded sessions: median gaps 8, 5 (a tea break of 30) and 11.5, so a usual 8
  // minutes; a session with a single call and another doctor's slow clinic do not count.
  await recordedSession(doctorId, 3, [14, 22, 29, 41, 47, 55]);
  await recordedSession(doctorId, 5, [5, 10, 16, 21, 30, 34, 64, 69]);
  await recordedSession(doctorId, 9, [0, 11, 24, 34, 46]);
  await recordedSession(doctorId, 2, [3]);
  await recordedSession((await makePractitioner(db, tenantId, hospital)).id, 1, [0, 30, 60, 90]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  await t.close();
});

describe('expectedCallAt (issue 32 §1.2)', () => {
  it('moves by the delay staff mark before the session starts (issue 32 §1.4)', async () => {
    const plannedStart = new Date(Math.ceil((Date.now() + 2 * 60 * MINUTE) / MINUTE) * MINUTE);
    const session = await makeConsultationSession(
      t.database.db,
      tenantId,
      { practitionerId: doctorId, organizationId: hospital },
      { startTime: plannedStart },
    );
    await book(await patient(), session.id);
    const me = await patient();
    const mine = await book(me, session.id);
    expect(mine.expectedCallAt).toBe(new Date(plannedStart.getTime() + 8 * MINUTE).toISOString());
    const marked = await t.gql(DELAY, { o: hospital, s: session.id, m: 30 }, staffAuth);
    expect(marked.errors).toBeUndefined();
    const read = await t.gql<{ queryAppointment: Estimated[] }>(QUERY, { id: mine.id }, auth(me));
    expect(read.data?.queryAppointment[0]?.expectedCallAt).toBe(new Date(plannedStart.getTime() + 38 * MINUTE).toISOString());
  });

  it('moves live with each call: planned start, then the pace of the calls, then none once called', async () => {
    const plannedStart = new Date(Math.ceil((Date.now() + 2 * 60 * MINUTE) / MINUTE) * MINUTE);
    const session = await makeConsultationSession(
      t.database.db,
      tenantId,
      { practitionerId: doctorId, organizationId: hospital },
      { startTime: plannedStart },
    );
    await book(await patient(), session.id);
    await book(await patient(), session.id);
    const me = await patient();
    const mine = await book(me, session.id);
    expect(mine.tokenNo).toBe(3);

    // Before the start: the planned start and two tokens ahead at the doctor's usual 8 minutes.
    expect(mine.expectedCallAt).toBe(new Date(plannedStart.getTime() + 16 * MINUTE).toISOString());
    const read = await t.gql<{ queryAppointment: Estimated[] }>(QUERY, { id: mine.id }, auth(me));
    expect(read.data?.queryAppointment[0]?.expectedCallAt).toBe(mine.expectedCallAt);
    // Another account reads nothing of it.
    const stranger = await t.gql<{ queryAppointment: Estimated[] }>(QUERY, { id: mine.id }, auth(await patient()));
    expect(stranger.data?.queryAppointment).toEqual([]);

    const client: Client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { accessToken: me.token } });
    try {
      const live = client.iterate<{ subscribeAppointment: Estimated[] }>({ query: SUBSCRIBE, variables: { p: [me.patientId], s: session.id } });
      const deliveries: (string | null)[] = [];
      const next = async (): Promise<string | null> => {
        const delivery = await live.next();
        const value = (delivery.value as { data?: { subscribeAppointment: Estimated[] } }).data?.subscribeAppointment[0]?.expectedCallAt ?? null;
        deliveries.push(value);
        return value;
      };
      // Subscribing is asynchronous: tokens booked behind ours (they change nothing of its estimate)
      // until the subscription has heard one.
      let heard = false;
      const first = next().then((value) => {
        heard = true;
        return value;
      });
      for (let attempt = 0; attempt < 40 && !heard; attempt++) {
        await book(await patient(), session.id);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await first).toBe(mine.expectedCallAt);

      /** The delivery carrying the estimate the domain computes from the stored calls (later bookings' deliveries may come first). */
      const deliveredAs = async (expected: string | null): Promise<void> => {
        for (let delivery = 0; delivery < 40; delivery++) {
          if ((await next()) === expected) {
            return;
          }
        }
        throw new Error(`no delivery of ${String(expected)}: ${JSON.stringify(deliveries)}`);
      };

      await staff(START, session.id);
      await staff(CALL_NEXT, session.id);
      const [firstCall] = await t.database.db
        .select({ calledAt: appointments.appointmentArrivedTime })
        .from(appointments)
        .where(eq(appointments.sessionId, session.id))
        .orderBy(asc(appointments.tokenNo))
        .limit(1);
      const afterFirstCall = await computed(session, 3);
      // Token 1 called: the next call one usual pace later, and one more for token 2.
      expect(afterFirstCall).toBe(new Date(Math.ceil(((firstCall?.calledAt?.getTime() ?? 0) + 16 * MINUTE) / MINUTE) * MINUTE).toISOString());
      await deliveredAs(afterFirstCall);

      await staff(CALL_NEXT, session.id);
      const afterSecondCall = await computed(session, 3);
      // Token 2 called seconds after token 1: the session's own quick pace pulls the estimate in.
      expect(afterSecondCall).not.toBeNull();
      expect(afterSecondCall).not.toBe(afterFirstCall);
      await deliveredAs(afterSecondCall);

      await staff(CALL_NEXT, session.id);
      await deliveredAs(null);
      await live.return?.(undefined);
    } finally {
      await client.dispose();
    }
    const called = await t.gql<{ queryAppointment: Estimated[] }>(QUERY, { id: mine.id }, auth(me));
    expect(called.data?.queryAppointment[0]).toMatchObject({ appointmentStatus: 'arrived', expectedCallAt: null });
  });
});
