import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeConsultationSession,
  makeOrganization,
  makeBookedPatient,
  makePatientAccount,
  makePractitioner,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import { appointments, auditEvents, consultationSessions, databaseRestores } from '../../db/schema/index.ts';
import { rescheduleAppointment } from './appointments.service.ts';
import { takeNextToken } from './appointments.repo.ts';
import { pauseBookingsAfterRestore } from './session-token-checks.service.ts';

// The token rule after a restore (issue 31 §4.13): a session that could take bookings between the
// backup and the restore gives no token until staff confirm the highest one already given, and then
// never gives one at or below it.

let t: TestApp;
let tenantId: string;
let hospital: string;
let doctorId: string;
let receptionist: string;
let nurse: string;

const code = (body: { errors?: { message: string }[] }): string | null => body.errors?.[0]?.message.split(':')[0] ?? null;

const as = <T = Record<string, unknown>>(token: string, query: string, variables: Record<string, unknown> = {}) =>
  t.gql<T>(query, variables, authHeader(token));

const newSession = (fields: Partial<typeof consultationSessions.$inferInsert> = {}) =>
  makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: hospital }, fields);

/** A new patient of the hospital booked into the session from the app (the booking rules run). */
async function bookNew(sessionId: string) {
  return (await makeBookedPatient(t.database.db, tenantId, sessionId, { hospitalId: hospital })).appointment;
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message.split(':')[0] ?? '';
  }
  return 'no error';
}

async function counters(sessionId: string) {
  const [row] = await t.database.db
    .select({ issued: consultationSessions.issuedTokens, live: consultationSessions.liveAppointments, check: consultationSessions.tokenCheckRestoreId })
    .from(consultationSessions)
    .where(eq(consultationSessions.id, sessionId));
  return row;
}

async function tokensOf(sessionId: string): Promise<number[]> {
  const rows = await t.database.db.select({ tokenNo: appointments.tokenNo }).from(appointments).where(eq(appointments.sessionId, sessionId));
  return rows.map((r) => r.tokenNo).sort((a, b) => a - b);
}

const CONFIRM = `mutation ($o: ID!, $c: [SessionTokenConfirmation!]!) {
  staffConfirmSessionTokens(organizationId: $o, confirmations: $c) { id issuedTokens liveAppointments tokenCheck { restoredAt } }
}`;
const AWAITING = `query ($o: ID!) { staffSessionsAwaitingTokenCheck(organizationId: $o) { id issuedTokens tokenCheck { restoredAt dataAsOf } } }`;
const DESK = 'mutation ($o: ID!, $s: ID!, $p: ID!) { staffBookAppointment(organizationId: $o, sessionId: $s, patientId: $p) { tokenNo } }';

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospital = (await makeOrganization(db, tenantId)).id;
  doctorId = (await makePractitioner(db, tenantId, hospital)).id;
  receptionist = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'receptionist' }])).token;
  nurse = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'nurse' }])).token;
});

afterAll(async () => {
  await t.close();
});

describe('pauseBookingsAfterRestore', () => {
  it('pauses the scheduled and started sessions only, and records the restore with the newest change in the data', async () => {
    const scheduled = await newSession();
    const started = await newSession({ status: 'started' });
    const completed = await newSession({ status: 'completed' });
    const cancelled = await newSession({ status: 'practitioner_canceled' });
    await bookNew(scheduled.id);
    const [newestAudit] = await t.database.db
      .select({ at: auditEvents.at })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'appointment.book'))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    const mark = await pauseBookingsAfterRestore(t.database.db, { source: 'backup-1.tar.gz' });
    expect((await counters(scheduled.id))?.check).toBe(mark.restoreId);
    expect((await counters(started.id))?.check).toBe(mark.restoreId);
    expect((await counters(completed.id))?.check).toBeNull();
    expect((await counters(cancelled.id))?.check).toBeNull();
    const [restore] = await t.database.db.select().from(databaseRestores).where(eq(databaseRestores.id, mark.restoreId));
    expect(restore).toMatchObject({ source: 'backup-1.tar.gz', pausedSessions: mark.pausedSessions });
    // Every open session of the database, this file's earlier ones included.
    expect(mark.pausedSessions).toBeGreaterThanOrEqual(2);
    expect(mark.dataAsOf?.getTime()).toBeGreaterThanOrEqual(newestAudit?.at.getTime() ?? Infinity);
    // Given by the operator (a point-in-time recovery's target), it is kept as given.
    const given = new Date('2026-01-31T08:55:00Z');
    expect((await pauseBookingsAfterRestore(t.database.db, { source: 'pitr', dataAsOf: given })).dataAsOf).toEqual(given);
  });
});

describe('a session paused after a restore', () => {
  it('gives no token to any way of booking, and its counters stay', async () => {
    const session = await newSession();
    expect((await bookNew(session.id)).tokenNo).toBe(1);
    const elsewhere = await newSession();
    const moving = await makeBookedPatient(t.database.db, tenantId, elsewhere.id, { hospitalId: hospital });
    const toMove = moving.appointment;
    await pauseBookingsAfterRestore(t.database.db, { source: 'backup.tar.gz' });
    // The session left is confirmed, so only the paused target stands in the reschedule's way.
    expect((await as(receptionist, CONFIRM, { o: hospital, c: [{ sessionId: elsewhere.id, highestTokenGiven: 1 }] })).errors).toBeUndefined();

    expect(await errorCode(bookNew(session.id))).toBe('ARO-E4020');
    // Several at once go through the batched path (booking-batches.ts).
    const rush = await Promise.all(Array.from({ length: 5 }, async () => errorCode(bookNew(session.id))));
    expect(rush).toEqual(Array(5).fill('ARO-E4020'));
    const desk = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital });
    const deskBody = await as(receptionist, DESK, { o: hospital, s: session.id, p: desk.patient.id });
    expect(code(deskBody)).toBe('ARO-E4020');
    expect(
      await errorCode(
        rescheduleAppointment(t.database.db, {
          tenantId,
          accountId: moving.account.id,
          patientId: moving.patient.id,
          sessionId: session.id,
          rescheduledFor: toMove.id,
          originChannel: 'patient_app',
          idempotencyKey: null,
          correlationId: randomUUID(),
          actor: { kind: 'patient', accountId: moving.account.id },
        }),
      ),
    ).toBe('ARO-E4020');
    // Temporary appointments take their token through the same statement.
    expect(await t.database.db.transaction((tx) => takeNextToken(tx, tenantId, session.id))).toBeNull();
    expect(await counters(session.id)).toMatchObject({ issued: 1, live: 1 });
    expect(await tokensOf(session.id)).toEqual([1]);
  });

  it('after staff confirm the highest token given, bookings go on past it: a token given after the backup is never given again', async () => {
    // The backup held tokens 1 and 2; tokens 3 and 4 went to patients after it and are not in the data.
    const session = await newSession();
    await bookNew(session.id);
    await bookNew(session.id);
    await pauseBookingsAfterRestore(t.database.db, { source: 'backup.tar.gz' });

    const listed = await as<{ staffSessionsAwaitingTokenCheck: { id: string; issuedTokens: number; tokenCheck: { restoredAt: string } | null }[] }>(
      nurse,
      AWAITING,
      { o: hospital },
    );
    const awaiting = listed.data?.staffSessionsAwaitingTokenCheck.find((s) => s.id === session.id);
    expect(awaiting?.issuedTokens).toBe(2);
    expect(Number.isNaN(Date.parse(awaiting?.tokenCheck?.restoredAt ?? ''))).toBe(false);

    // A nurse may see them but not confirm; a number below the data's tokens is refused with the range.
    expect(code(await as(nurse, CONFIRM, { o: hospital, c: [{ sessionId: session.id, highestTokenGiven: 4 }] }))).toBe('ARO-E1210');
    const low = await as(receptionist, CONFIRM, { o: hospital, c: [{ sessionId: session.id, highestTokenGiven: 1 }] });
    expect(low.errors?.[0]?.message).toBe('ARO-E4021:Enter the highest token already given: a whole number from 2 to 10002');
    expect(await errorCode(bookNew(session.id))).toBe('ARO-E4020');

    const confirmed = await as<{ staffConfirmSessionTokens: { issuedTokens: number; liveAppointments: number; tokenCheck: unknown }[] }>(
      receptionist,
      CONFIRM,
      { o: hospital, c: [{ sessionId: session.id, highestTokenGiven: 4 }] },
    );
    expect(confirmed.errors).toBeUndefined();
    // Tokens 3 and 4 keep their places: their patients may come.
    expect(confirmed.data?.staffConfirmSessionTokens).toEqual([{ id: session.id, issuedTokens: 4, liveAppointments: 4, tokenCheck: null }]);
    expect((await bookNew(session.id)).tokenNo).toBe(5);
    expect((await bookNew(session.id)).tokenNo).toBe(6);
    expect(await tokensOf(session.id)).toEqual([1, 2, 5, 6]);

    expect(code(await as(receptionist, CONFIRM, { o: hospital, c: [{ sessionId: session.id, highestTokenGiven: 9 }] }))).toBe('ARO-E4022');
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session.tokens.confirm'), eq(auditEvents.organizationId, hospital)));
    expect(audit.map((row) => row.details)).toContainEqual(
      expect.objectContaining({ sessionId: session.id, highestTokenGiven: 4, tokensInData: 2 }),
    );
  });

  it('a session planned while the hospital still has paused sessions is paused too: it may be one the restore lost', async () => {
    await pauseBookingsAfterRestore(t.database.db, { source: 'backup.tar.gz' });
    const start = new Date(Date.now() + 72 * 60 * 60 * 1000);
    const created = await as<{ staffCreateSession: { id: string; tokenCheck: { restoredAt: string } | null } }>(
      receptionist,
      `mutation ($o: ID!, $i: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $i) { id tokenCheck { restoredAt } } }`,
      {
        o: hospital,
        i: {
          practitionerId: doctorId,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
          appointmentMaxAllowed: 10,
          participationMode: 'in_person',
        },
      },
    );
    const session = created.data?.staffCreateSession;
    expect(session?.tokenCheck).not.toBeNull();
    const id = session?.id ?? '';
    expect(await errorCode(bookNew(id))).toBe('ARO-E4020');
    // The paper list of the lost session went to token 3.
    expect((await as(receptionist, CONFIRM, { o: hospital, c: [{ sessionId: id, highestTokenGiven: 3 }] })).errors).toBeUndefined();
    expect((await bookNew(id)).tokenNo).toBe(4);

    // Once no session of the hospital awaits a check, a new session is an ordinary one.
    const others = await as<{ staffSessionsAwaitingTokenCheck: { id: string; issuedTokens: number }[] }>(receptionist, AWAITING, { o: hospital });
    const rest = others.data?.staffSessionsAwaitingTokenCheck ?? [];
    expect((await as(receptionist, CONFIRM, { o: hospital, c: rest.map((s) => ({ sessionId: s.id, highestTokenGiven: s.issuedTokens })) })).errors).toBeUndefined();
    const later = await as<{ staffCreateSession: { tokenCheck: unknown } }>(
      receptionist,
      `mutation ($o: ID!, $i: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $i) { tokenCheck { restoredAt } } }`,
      {
        o: hospital,
        i: {
          practitionerId: doctorId,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 60 * 60 * 1000).toISOString(),
          appointmentMaxAllowed: 10,
          participationMode: 'in_person',
        },
      },
    );
    expect(later.data?.staffCreateSession.tokenCheck).toBeNull();
  });

  it('confirms several sessions all or none', async () => {
    const a = await newSession();
    const b = await newSession();
    await bookNew(b.id);
    await pauseBookingsAfterRestore(t.database.db, { source: 'backup.tar.gz' });
    // b's number is below its data: nothing of the two changes.
    const refused = await as(receptionist, CONFIRM, {
      o: hospital,
      c: [
        { sessionId: a.id, highestTokenGiven: 3 },
        { sessionId: b.id, highestTokenGiven: 0 },
      ],
    });
    expect(code(refused)).toBe('ARO-E4021');
    expect((await counters(a.id))?.check).not.toBeNull();
    const body = await as<{ staffConfirmSessionTokens: { id: string; issuedTokens: number }[] }>(receptionist, CONFIRM, {
      o: hospital,
      c: [
        { sessionId: a.id, highestTokenGiven: 3 },
        { sessionId: b.id, highestTokenGiven: 1 },
      ],
    });
    expect(body.data?.staffConfirmSessionTokens.map((s) => [s.id, s.issuedTokens])).toEqual([
      [a.id, 3],
      [b.id, 1],
    ]);
    expect((await bookNew(a.id)).tokenNo).toBe(4);
    expect((await bookNew(b.id)).tokenNo).toBe(2);
    // The same session twice, or none, is not a confirmation.
    expect(code(await as(receptionist, CONFIRM, { o: hospital, c: [] }))).toBe('ARO-E2002');
  });
});
