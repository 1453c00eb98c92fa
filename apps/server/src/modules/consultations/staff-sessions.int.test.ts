import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeBookedPatient,
  makeChargingScheme,
  makeConsultationSession,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import { appointments, auditEvents, consultationSessions, smsMessages } from '../../db/schema/index.ts';
import { smsOutboxSettled } from '../sms/sms.testing.ts';
import type { StaffViewer } from '../staff/index.ts';
import { consultationSessionTopic } from './consultations.schema.ts';
import { cancelStaffSession, sessionCancelledSmsText } from './staff-sessions.service.ts';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
let tenantId: string;
let hospital: string;
let otherHospital: string;
let doctorId: string;
let receptionist: { id: string; token: string };
let nurse: { id: string; token: string };

const code = (body: { errors?: { message: string }[] }): string | null => body.errors?.[0]?.message.split(':')[0] ?? null;

async function as<T = Record<string, unknown>>(token: string, query: string, variables: Record<string, unknown> = {}) {
  return t.gql<T>(query, variables, authHeader(token));
}

async function newSession(fields: Partial<typeof consultationSessions.$inferInsert> = {}) {
  return makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: hospital }, fields);
}

/** A patient registered at the hospital, booked into a session from the app. */
async function bookedPatient(sessionId: string) {
  const { account, patient, appointment } = await makeBookedPatient(t.database.db, tenantId, sessionId, { hospitalId: hospital });
  return { account, patient, appointmentId: appointment.id, tokenNo: appointment.tokenNo };
}

const SESSION_FIELDS = 'id status practitionerName practitionerRoleCode practitionerRoleDisplay locationName appointmentMaxAllowed participationMode chargingSchemeId liveAppointments issuedTokens sessionStartedTime sessionCompletedTime';
const CREATE = `mutation ($o: ID!, $i: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $i) { ${SESSION_FIELDS} } }`;
const UPDATE = `mutation ($o: ID!, $s: ID!, $i: StaffSessionInput!) { staffUpdateSession(organizationId: $o, sessionId: $s, input: $i) { ${SESSION_FIELDS} } }`;
const QUEUE_FIELDS = `session { ${SESSION_FIELDS} } appointments { id tokenNo patientId patientName appointmentStatus paymentStatus appointmentOriginChannel appointmentArrivedTime }`;
const QUEUE = `query ($o: ID!, $s: ID!) { staffSessionQueue(organizationId: $o, sessionId: $s) { ${QUEUE_FIELDS} } }`;
const CALL_NEXT = `mutation ($o: ID!, $s: ID!) { staffCallNext(organizationId: $o, sessionId: $s) { ${QUEUE_FIELDS} } }`;
const START = `mutation ($o: ID!, $s: ID!) { staffStartSession(organizationId: $o, sessionId: $s) { ${SESSION_FIELDS} } }`;
const END = `mutation ($o: ID!, $s: ID!) { staffEndSession(organizationId: $o, sessionId: $s) { ${SESSION_FIELDS} } }`;
const CANCEL = `mutation ($o: ID!, $s: ID!) { staffCancelSession(organizationId: $o, sessionId: $s) { ${SESSION_FIELDS} } }`;
const BOOK = 'mutation ($o: ID!, $s: ID!, $p: ID!, $k: String) { staffBookAppointment(organizationId: $o, sessionId: $s, patientId: $p, idempotencyKey: $k) { id tokenNo patientId appointmentStatus appointmentOriginChannel } }';
const MARK = 'mutation ($o: ID!, $a: ID!, $st: StaffAppointmentStatus!) { staffSetAppointmentStatus(organizationId: $o, appointmentId: $a, status: $st) { id appointmentStatus appointmentArrivedTime } }';
const LIST = 'query ($o: ID!, $f: DateTime, $t: DateTime) { staffSessions(organizationId: $o, from: $f, to: $t) { id status startTime } }';

type QueueData = { appointments: { id: string; tokenNo: number; appointmentStatus: string; patientName: string; paymentStatus: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospital = (await makeOrganization(db, tenantId)).id;
  otherHospital = (await makeOrganization(db, tenantId)).id;
  doctorId = (
    await makePractitioner(db, tenantId, hospital, {
      roles: [
        { code: 'cardiologist', display: 'Cardiologist' },
        { code: 'GP', display: 'General Practitioner' },
      ],
    })
  ).id;
  const r = await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'receptionist' }]);
  receptionist = { id: r.user.id, token: r.token };
  const n = await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'nurse' }]);
  nurse = { id: n.user.id, token: n.token };
});

afterAll(async () => {
  await t.close();
});

function input(fields: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + 48 * HOUR);
  return {
    practitionerId: doctorId,
    locationName: 'Room 12',
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 2 * HOUR).toISOString(),
    appointmentMaxAllowed: 10,
    participationMode: 'in_person',
    ...fields,
  };
}

describe('staffCreateSession / staffUpdateSession', () => {
  it('creates a scheduled session with the practitioner role asked for, and audits it', async () => {
    const body = await as<{ staffCreateSession: Record<string, unknown> }>(receptionist.token, CREATE, {
      o: hospital,
      i: input({ practitionerRoleCode: 'GP', participationMode: 'remote_presence_video_call', appointmentMaxAllowed: -1 }),
    });
    expect(body.errors).toBeUndefined();
    expect(body.data?.staffCreateSession).toMatchObject({
      status: 'scheduled',
      practitionerRoleCode: 'GP',
      practitionerRoleDisplay: 'General Practitioner',
      locationName: 'Room 12',
      appointmentMaxAllowed: -1,
      participationMode: 'remote_presence_video_call',
      liveAppointments: 0,
    });
    const id = String(body.data?.staffCreateSession.id);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'session.create'));
    expect(audit.find((row) => (row.details as { sessionId?: string }).sessionId === id)).toMatchObject({
      actorId: receptionist.id,
      role: 'receptionist',
      organizationId: hospital,
    });
  });

  it('takes the charging scheme of the hospital and refuses another hospital’s', async () => {
    const mine = await makeChargingScheme(t.database.db, tenantId, hospital, { name: 'OPD', items: [] });
    const theirs = await makeChargingScheme(t.database.db, tenantId, otherHospital, { name: 'OPD', items: [] });
    const ok = await as<{ staffCreateSession: { chargingSchemeId: string } }>(receptionist.token, CREATE, { o: hospital, i: input({ chargingSchemeId: mine.id }) });
    expect(ok.data?.staffCreateSession.chargingSchemeId).toBe(mine.id);
    expect(code(await as(receptionist.token, CREATE, { o: hospital, i: input({ chargingSchemeId: theirs.id }) }))).toBe('ARO-E4035');
  });

  it.each([
    ['an end before the start', { endTime: new Date(Date.now() + 47 * HOUR).toISOString() }, 'ARO-E4030:The session must end after it starts'],
    ['an unknown practitioner', { practitionerId: randomUUID() }, 'ARO-E4031:Choose a doctor from the list'],
    ['a capacity of 0', { appointmentMaxAllowed: 0 }, 'ARO-E4032:The number of appointments must be at least 1, or -1 for no limit'],
    ['a capacity of -2', { appointmentMaxAllowed: -2 }, 'ARO-E4032:The number of appointments must be at least 1, or -1 for no limit'],
    ['a role the doctor lacks', { practitionerRoleCode: 'dentist' }, 'ARO-E4034:This doctor does not have the specialty dentist'],
    ['a room name too long', { locationName: 'x'.repeat(101) }, 'ARO-E4039:The room name can have at most 100 characters'],
  ])('refuses %s and creates nothing', async (_name, fields, message) => {
    const before = await t.database.db.select().from(consultationSessions).where(eq(consultationSessions.organizationId, hospital));
    const body = await as(receptionist.token, CREATE, { o: hospital, i: input(fields) });
    expect(body.errors?.[0]?.message).toBe(message);
    const after = await t.database.db.select().from(consultationSessions).where(eq(consultationSessions.organizationId, hospital));
    expect(after).toHaveLength(before.length);
  });

  it('refuses a practitioner of another tenant as unknown', async () => {
    const foreign = await makePractitioner(t.database.db, 'someone-else', otherHospital);
    expect(code(await as(receptionist.token, CREATE, { o: hospital, i: input({ practitionerId: foreign.id }) }))).toBe('ARO-E4031');
  });

  it('edits a session, but not its capacity below the live appointments', async () => {
    const session = await newSession({ appointmentMaxAllowed: 5 });
    await bookedPatient(session.id);
    await bookedPatient(session.id);
    const edited = await as<{ staffUpdateSession: Record<string, unknown> }>(receptionist.token, UPDATE, {
      o: hospital,
      s: session.id,
      i: input({ appointmentMaxAllowed: 2, locationName: 'Room 3' }),
    });
    expect(edited.errors).toBeUndefined();
    expect(edited.data?.staffUpdateSession).toMatchObject({ appointmentMaxAllowed: 2, locationName: 'Room 3', liveAppointments: 2, practitionerRoleCode: 'GP' });
    const low = await as(receptionist.token, UPDATE, { o: hospital, s: session.id, i: input({ appointmentMaxAllowed: 1 }) });
    expect(low.errors?.[0]?.message).toBe('ARO-E4033:The number of appointments cannot be lower than the 2 already booked');
    const [row] = await t.database.db.select().from(consultationSessions).where(eq(consultationSessions.id, session.id));
    expect(row?.appointmentMaxAllowed).toBe(2);
  });

  it('answers a session of another hospital and an unknown id as missing', async () => {
    const theirs = await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: otherHospital });
    for (const s of [theirs.id, randomUUID(), 'not-an-id']) {
      expect(code(await as(receptionist.token, UPDATE, { o: hospital, s, i: input() }))).toBe('ARO-E2001');
      expect(code(await as(receptionist.token, CANCEL, { o: hospital, s }))).toBe('ARO-E2001');
      expect(code(await as(nurse.token, START, { o: hospital, s }))).toBe('ARO-E2001');
      expect(code(await as(nurse.token, QUEUE, { o: hospital, s }))).toBe('ARO-E2001');
    }
    const [row] = await t.database.db.select().from(consultationSessions).where(eq(consultationSessions.id, theirs.id));
    expect(row?.status).toBe('scheduled');
  });
});

describe('staffSessions', () => {
  it('lists the hospital’s sessions of a range, earliest first, and no other hospital’s', async () => {
    const from = new Date(Date.now() + 200 * HOUR);
    const late = await newSession({ startTime: new Date(from.getTime() + 5 * HOUR) });
    const early = await newSession({ startTime: new Date(from.getTime() + 1 * HOUR) });
    await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: otherHospital }, { startTime: new Date(from.getTime() + 2 * HOUR) });
    const body = await as<{ staffSessions: { id: string }[] }>(nurse.token, LIST, { o: hospital, f: from.toISOString(), t: new Date(from.getTime() + 24 * HOUR).toISOString() });
    expect(body.data?.staffSessions.map((s) => s.id)).toEqual([early.id, late.id]);
    expect(code(await as(nurse.token, LIST, { o: hospital, f: from.toISOString(), t: from.toISOString() }))).toBe('ARO-E2002');
  });
});

describe('desk booking and marks', () => {
  it('books a patient of the hospital with origin channel hospital, audited as the receptionist; a retry with the key gives the same token', async () => {
    const session = await newSession();
    const { patient } = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital });
    const key = `desk-${randomUUID()}`;
    const first = await as<{ staffBookAppointment: { id: string; tokenNo: number; appointmentOriginChannel: string } }>(receptionist.token, BOOK, { o: hospital, s: session.id, p: patient.id, k: key });
    expect(first.errors).toBeUndefined();
    expect(first.data?.staffBookAppointment).toMatchObject({ tokenNo: 1, appointmentOriginChannel: 'hospital' });
    const again = await as<{ staffBookAppointment: { id: string } }>(receptionist.token, BOOK, { o: hospital, s: session.id, p: patient.id, k: key });
    expect(again.data?.staffBookAppointment.id).toBe(first.data?.staffBookAppointment.id);
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'appointment.book'), eq(auditEvents.patientId, patient.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorKind: 'staff', actorId: receptionist.id, role: 'receptionist', organizationId: hospital });
    expect(code(await as(receptionist.token, BOOK, { o: hospital, s: session.id, p: patient.id }))).toBe('ARO-E4003');
  });

  it('answers another tenant’s patient and an unknown id as missing and books nothing', async () => {
    const session = await newSession();
    const foreign = await makePatientAccount(t.database.db, 'someone-else');
    for (const p of [foreign.patient.id, randomUUID()]) {
      expect(code(await as(receptionist.token, BOOK, { o: hospital, s: session.id, p }))).toBe('ARO-E2001');
    }
    expect(await t.database.db.select().from(appointments).where(eq(appointments.sessionId, session.id))).toEqual([]);
  });

  it('books a walk-in of the group the hospital has never seen: the booking registers them here (issue 29 §10)', async () => {
    const session = await newSession();
    const walkIn = await makePatientAccount(t.database.db, tenantId, { hospitalId: otherHospital });
    const booked = await as<{ staffBookAppointment: { appointmentOriginChannel: string } }>(receptionist.token, BOOK, { o: hospital, s: session.id, p: walkIn.patient.id });
    expect(booked.errors).toBeUndefined();
    expect(booked.data?.staffBookAppointment.appointmentOriginChannel).toBe('hospital');
  });

  it('refuses a nurse at the desk (receptionists and admins book)', async () => {
    const session = await newSession();
    const { patient } = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital });
    expect(code(await as(nurse.token, BOOK, { o: hospital, s: session.id, p: patient.id }))).toBe('ARO-E1210');
  });

  it('marks arrived (with the time), no-show and fulfilled, and refuses moves back', async () => {
    const session = await newSession();
    const a = await bookedPatient(session.id);
    const b = await bookedPatient(session.id);
    const arrived = await as<{ staffSetAppointmentStatus: { appointmentStatus: string; appointmentArrivedTime: string | null } }>(receptionist.token, MARK, { o: hospital, a: a.appointmentId, st: 'arrived' });
    expect(arrived.data?.staffSetAppointmentStatus.appointmentStatus).toBe('arrived');
    expect(arrived.data?.staffSetAppointmentStatus.appointmentArrivedTime).not.toBeNull();
    expect((await as<{ staffSetAppointmentStatus: { appointmentStatus: string } }>(nurse.token, MARK, { o: hospital, a: a.appointmentId, st: 'fulfilled' })).data?.staffSetAppointmentStatus.appointmentStatus).toBe('fulfilled');
    const back = await as(receptionist.token, MARK, { o: hospital, a: a.appointmentId, st: 'arrived' });
    expect(back.errors?.[0]?.message).toBe('ARO-E4038:This appointment is fulfilled and cannot be marked arrived');
    expect((await as<{ staffSetAppointmentStatus: { appointmentStatus: string } }>(receptionist.token, MARK, { o: hospital, a: b.appointmentId, st: 'noshow' })).data?.staffSetAppointmentStatus.appointmentStatus).toBe('noshow');
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.patientId, a.patient.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['appointment.arrived', 'appointment.book', 'appointment.fulfilled']);
  });

  it('answers an appointment of another hospital as missing and leaves it alone', async () => {
    const theirs = await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: otherHospital });
    const { appointment: booked } = await makeBookedPatient(t.database.db, tenantId, theirs.id);
    expect(code(await as(receptionist.token, MARK, { o: hospital, a: booked.id, st: 'noshow' }))).toBe('ARO-E2001');
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, booked.id));
    expect(row?.appointmentStatus).toBe('booked');
  });
});

describe('running a session', () => {
  it('start → call next ×3 → end: Dr. Arrived, tokens in order, Dr. Left', async () => {
    const session = await newSession();
    const booked = [await bookedPatient(session.id), await bookedPatient(session.id), await bookedPatient(session.id)];
    expect(code(await as(nurse.token, CALL_NEXT, { o: hospital, s: session.id }))).toBe('ARO-E4037');
    expect(code(await as(nurse.token, END, { o: hospital, s: session.id }))).toBe('ARO-E4037');
    const started = await as<{ staffStartSession: { status: string; sessionStartedTime: string } }>(nurse.token, START, { o: hospital, s: session.id });
    expect(started.data?.staffStartSession.status).toBe('started');
    expect(started.data?.staffStartSession.sessionStartedTime).toBeTruthy();
    const again = await as<{ staffStartSession: { sessionStartedTime: string } }>(nurse.token, START, { o: hospital, s: session.id });
    expect(again.data?.staffStartSession.sessionStartedTime).toBe(started.data?.staffStartSession.sessionStartedTime);

    const statuses = async (): Promise<string[]> => {
      const q = await as<{ staffCallNext: QueueData }>(nurse.token, CALL_NEXT, { o: hospital, s: session.id });
      expect(q.errors).toBeUndefined();
      return (q.data?.staffCallNext.appointments ?? []).map((a) => `${a.tokenNo}:${a.appointmentStatus}`);
    };
    expect(await statuses()).toEqual(['1:arrived', '2:booked', '3:booked']);
    expect(await statuses()).toEqual(['1:fulfilled', '2:arrived', '3:booked']);
    expect(await statuses()).toEqual(['1:fulfilled', '2:fulfilled', '3:arrived']);
    const ended = await as<{ staffEndSession: { status: string; sessionCompletedTime: string } }>(nurse.token, END, { o: hospital, s: session.id });
    expect(ended.data?.staffEndSession).toMatchObject({ status: 'completed' });
    expect(ended.data?.staffEndSession.sessionCompletedTime).toBeTruthy();
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.sessionId, session.id));
    expect(rows.map((r) => r.appointmentStatus)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(booked).toHaveLength(3);
    expect(code(await as(nurse.token, START, { o: hospital, s: session.id }))).toBe('ARO-E4036');
    expect(code(await as(nurse.token, CALL_NEXT, { o: hospital, s: session.id }))).toBe('ARO-E4036');
  });

  it('two concurrent "call next" call two different patients, never the same', async () => {
    for (let round = 0; round < 5; round++) {
      const session = await newSession({ status: 'started', sessionStartedTime: new Date() });
      for (let i = 0; i < 4; i++) {
        await bookedPatient(session.id);
      }
      const [a, b] = await Promise.all([
        as<{ staffCallNext: QueueData }>(nurse.token, CALL_NEXT, { o: hospital, s: session.id }),
        as<{ staffCallNext: QueueData }>(receptionist.token, CALL_NEXT, { o: hospital, s: session.id }),
      ]);
      expect(a.errors).toBeUndefined();
      expect(b.errors).toBeUndefined();
      const rows = await t.database.db.select().from(appointments).where(eq(appointments.sessionId, session.id));
      const byToken = rows.sort((x, y) => x.tokenNo - y.tokenNo).map((r) => r.appointmentStatus);
      expect(byToken).toEqual(['fulfilled', 'arrived', 'booked', 'booked']);
      const calls = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'session.call-next'));
      const called = calls
        .filter((row) => (row.details as { sessionId?: string }).sessionId === session.id)
        .map((row) => (row.details as { tokenNo?: number }).tokenNo)
        .sort();
      expect(called).toEqual([1, 2]);
    }
  });

  it('marking the patient in the room done while the session is ended at once: both succeed, one after the other, never a deadlock', async () => {
    // The doctor's 'Done' and 'End session' a moment apart (the console journey does just that):
    // both take the session's lock first, so neither waits on the other's rows (was 40P01 on PostgreSQL).
    for (let round = 0; round < 10; round++) {
      const session = await newSession({ status: 'started', sessionStartedTime: new Date() });
      await bookedPatient(session.id);
      await bookedPatient(session.id);
      const called = await as<{ staffCallNext: QueueData }>(nurse.token, CALL_NEXT, { o: hospital, s: session.id });
      const inRoom = called.data?.staffCallNext.appointments.find((a) => a.appointmentStatus === 'arrived');
      expect(inRoom).toBeDefined();
      const [done, ended] = await Promise.all([
        as(nurse.token, MARK, { o: hospital, a: inRoom?.id, st: 'fulfilled' }),
        as<{ staffEndSession: { status: string } }>(nurse.token, END, { o: hospital, s: session.id }),
      ]);
      const doneCode = code(done);
      // Done first, or End first (which fulfils the patient in the room, so Done changes nothing).
      expect(doneCode).toBeNull();
      expect(ended.errors).toBeUndefined();
      expect(ended.data?.staffEndSession.status).toBe('completed');
      const rows = await t.database.db.select().from(appointments).where(eq(appointments.sessionId, session.id));
      expect(rows.sort((x, y) => x.tokenNo - y.tokenNo).map((r) => r.appointmentStatus)).toEqual(['fulfilled', 'booked']);
    }
  });

  it('the queue read shows names, statuses and payment status, and is audited as a read of those patients', async () => {
    const session = await newSession();
    const p = await bookedPatient(session.id);
    const body = await as<{ staffSessionQueue: QueueData }>(nurse.token, QUEUE, { o: hospital, s: session.id });
    expect(body.data?.staffSessionQueue.appointments).toEqual([
      expect.objectContaining({ tokenNo: 1, appointmentStatus: 'booked', paymentStatus: 'pending', patientName: `Mr. ${p.patient.givenName} Silva` }),
    ]);
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'session.queue.read'), eq(auditEvents.actorId, nurse.id)));
    expect(audit.some((row) => (row.details as { patientIds?: string[] }).patientIds?.includes(p.patient.id))).toBe(true);
  });
});

describe('staffCancelSession', () => {
  it('cancels, declines every booked appointment, sends one SMS per booked patient and publishes once', async () => {
    const session = await newSession({ startTime: new Date(Date.now() + 30 * HOUR) });
    const booked = [await bookedPatient(session.id), await bookedPatient(session.id), await bookedPatient(session.id)];
    // A cancelled appointment gets no text.
    await t.database.db.update(appointments).set({ appointmentStatus: 'cancelled' }).where(eq(appointments.id, booked[2]?.appointmentId ?? ''));
    const published: { topic: string; payload: unknown }[] = [];
    const staff: StaffViewer = {
      staffUserId: receptionist.id,
      accessSessionId: randomUUID(),
      tenantId,
      email: 'r@hospital.test',
      displayName: 'R',
      mustChangePassword: false,
      memberships: [{ organizationId: hospital, role: 'receptionist', practitionerId: null }],
    };
    const deps = {
      db: t.database.db,
      tenantId,
      staff,
      organizationId: hospital,
      correlationId: randomUUID(),
      publish: async (topic: string, payload: unknown) => {
        published.push({ topic, payload });
      },
      smsOutbox: t.smsOutbox,
      jobs: t.jobs,
      feedbackLink: { appSecret: t.providers.appSecret, origin: null },
    };
    const result = await cancelStaffSession(deps, session.id);
    // The notices are sent by the job queue after the commit.
    await smsOutboxSettled(t.database.db);
    expect(result.status).toBe('practitioner_canceled');
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.sessionId, session.id));
    expect(rows.filter((r) => r.appointmentStatus === 'booked').map((r) => r.practitionerStatus)).toEqual(['declined', 'declined']);
    for (const [i, p] of booked.entries()) {
      const texts = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, p.account.mobileNo));
      expect(texts, `patient ${i}`).toHaveLength(i < 2 ? 1 : 0);
      if (i < 2) {
        expect(texts[0]?.body).toContain(`token no. ${p.tokenNo}`);
        expect(texts[0]?.body).toContain(result.practitionerName);
      }
    }
    expect(published.filter((p) => p.topic === consultationSessionTopic(tenantId, session.id))).toEqual([
      { topic: consultationSessionTopic(tenantId, session.id), payload: { id: session.id, changed: 'session' } },
    ]);
    // Cancelling again sends and publishes nothing more.
    await cancelStaffSession(deps, session.id);
    await smsOutboxSettled(t.database.db);
    expect(await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, booked[0]?.account.mobileNo ?? ''))).toHaveLength(1);
    expect(published.filter((p) => p.topic === consultationSessionTopic(tenantId, session.id))).toHaveLength(1);
    // No more bookings in a cancelled session.
    const late = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital });
    expect(code(await as(receptionist.token, BOOK, { o: hospital, s: session.id, p: late.patient.id }))).toBe('ARO-E4002');
  });

  it('refuses to cancel a completed session', async () => {
    const session = await newSession({ status: 'completed' });
    const body = await as(receptionist.token, CANCEL, { o: hospital, s: session.id });
    expect(body.errors?.[0]?.message).toBe('ARO-E4036:This session is already completed and cannot be changed');
  });

  it('writes the SMS with the doctor, the hospital, the Sri Lanka time and the token', () => {
    expect(
      sessionCancelledSmsText({
        practitionerName: 'Dr. Nimal Perera',
        hospitalName: 'Asiri Central',
        hospitalPhone: '0112665500',
        startTime: new Date('2026-12-01T12:00:00Z'),
        tokenNo: 7,
      }),
    ).toBe("Asiri Central: Dr. Nimal Perera's session on Tue 1 Dec, 5:30 pm is cancelled. Your token no. 7 will not be seen. Please call 0112665500 or book another session.");
  });
});
