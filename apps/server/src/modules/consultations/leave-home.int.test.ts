import { and, eq } from 'drizzle-orm';
import { DEFAULT_LEAVE_HOME_SETTINGS } from '@careline/domain/consultations';
import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';
import { renderMessage } from '@careline/i18n/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  makeBookedPatient,
  makeConsultationSession,
  makeOrganization,
  makePractitioner,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { appointmentLeaveHomeMessages, appointments, consultationSessions, practitioners, smsOutbox } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { evaluateLeaveHome, sweepLeaveHome, type LeaveHomeDeps } from './leave-home.service.ts';

// Issue 32 §1.3: the patient sets a journey time; when the expected call minus the journey comes near,
// one 'Leave home now' SMS; a slower queue within the tenant's margin sends nothing, a much faster one
// one update; never more than 3; each message once however many evaluate it at once.

const MINUTE = 60_000;
const SET = 'mutation ($id: ID!, $m: Int) { setAppointmentJourneyTime(id: $id, minutes: $m) { id journeyMinutes leaveHome { messageNo kind expectedCallAt } } }';
const READ = 'query ($id: ID) { queryAppointment(id: $id) { id journeyMinutes expectedCallAt leaveHome { messageNo kind expectedCallAt } } }';
const START = 'mutation ($o: ID!, $s: ID!) { staffStartSession(organizationId: $o, sessionId: $s) { id } }';
const MARK = 'mutation ($o: ID!, $a: ID!, $st: StaffAppointmentStatus!) { staffSetAppointmentStatus(organizationId: $o, appointmentId: $a, status: $st) { id } }';

type Read = { id: string; journeyMinutes: number | null; expectedCallAt: string | null; leaveHome: { messageNo: number; kind: string; expectedCallAt: string } | null };

let t: TestApp;
let tenantId: string;
let hospital: string;
let hospitalName: string;
let nurseAuth: { authorization: string };

const deps = (): LeaveHomeDeps => ({ db: t.database.db, smsOutbox: t.smsOutbox, settings: DEFAULT_LEAVE_HOME_SETTINGS, log: t.app.log });

/** A session of a new doctor (their usual pace is the default 10 minutes), starting on a whole minute. */
async function session(startInMinutes: number) {
  const doctor = await makePractitioner(t.database.db, tenantId, hospital);
  const startTime = new Date(Math.ceil((Date.now() + startInMinutes * MINUTE) / MINUTE) * MINUTE);
  const made = await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctor.id, organizationId: hospital }, { startTime });
  const [named] = await t.database.db.select({ text: practitioners.text }).from(practitioners).where(eq(practitioners.id, doctor.id));
  return { ...made, doctorName: named?.text ?? '' };
}

async function booked(sessionId: string, language: string | null = null) {
  const { account, appointment } = await makeBookedPatient(t.database.db, tenantId, sessionId, { hospitalId: hospital, preferredLanguage: language });
  const token = (await createAccessSession(t.database.db, tenantId, account.id)).token;
  return { id: appointment.id, tokenNo: appointment.tokenNo, mobileNo: account.mobileNo, auth: authHeader(token) };
}

async function leaveHomeSms(mobileNo: string) {
  return t.database.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.to, mobileNo), eq(smsOutbox.kind, 'appointment.leaveHome')))
    .orderBy(smsOutbox.createdAt);
}

async function messages(appointmentId: string) {
  return t.database.db
    .select({ messageNo: appointmentLeaveHomeMessages.messageNo, kind: appointmentLeaveHomeMessages.kind })
    .from(appointmentLeaveHomeMessages)
    .where(eq(appointmentLeaveHomeMessages.appointmentId, appointmentId))
    .orderBy(appointmentLeaveHomeMessages.messageNo);
}

async function staff(query: string, variables: Record<string, unknown>): Promise<void> {
  const done = await t.gql(query, { o: hospital, ...variables }, nurseAuth);
  expect(done.errors).toBeUndefined();
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  const organization = await makeOrganization(db, tenantId);
  hospital = organization.id;
  hospitalName = organization.name;
  nurseAuth = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'nurse' }])).auth;
});

afterAll(async () => {
  await t.close();
});

describe('the journey time on the appointment', () => {
  it('is the owner’s to set, 5 to 240 whole minutes or none; bad input and another account’s appointment change nothing', async () => {
    const planned = await session(6 * 60);
    const mine = await booked(planned.id);
    const other = await booked(planned.id);

    const set = await t.gql<{ setAppointmentJourneyTime: Read }>(SET, { id: mine.id, m: 45 }, mine.auth);
    expect(set.errors).toBeUndefined();
    expect(set.data?.setAppointmentJourneyTime).toMatchObject({ id: mine.id, journeyMinutes: 45, leaveHome: null });

    for (const minutes of [4, 241, 0, -5]) {
      const bad = await t.gql(SET, { id: mine.id, m: minutes }, mine.auth);
      expect(bad.errors?.[0]?.message).toBe('ARO-E4060:The journey time must be a whole number of minutes from 5 to 240');
    }
    const theirs = await t.gql(SET, { id: other.id, m: 30 }, mine.auth);
    expect(theirs.errors?.[0]?.message).toMatch(/^ARO-E2001:/);
    const stored = await t.database.db
      .select({ id: appointments.id, journeyMinutes: appointments.journeyMinutes })
      .from(appointments)
      .where(eq(appointments.sessionId, planned.id));
    expect(Object.fromEntries(stored.map((row) => [row.id, row.journeyMinutes]))).toEqual({ [mine.id]: 45, [other.id]: null });

    const cleared = await t.gql<{ setAppointmentJourneyTime: Read }>(SET, { id: mine.id, m: null }, mine.auth);
    expect(cleared.data?.setAppointmentJourneyTime.journeyMinutes).toBeNull();
    expect(await leaveHomeSms(mine.mobileNo)).toEqual([]);
  });
});

describe('leave home now', () => {
  it('one SMS when due, none on a slow-down within the margin, one update after a big speed-up, never more than 3', async () => {
    const planned = await session(30);
    const ahead = [];
    for (let i = 0; i < 5; i += 1) {
      ahead.push(await booked(planned.id));
    }
    const patient = await booked(planned.id);
    expect(patient.tokenNo).toBe(6);

    // Not due while it is hours away: the journey set long before.
    const early = await t.gql<{ setAppointmentJourneyTime: Read }>(SET, { id: patient.id, m: 5 }, patient.auth);
    expect(early.data?.setAppointmentJourneyTime.leaveHome).toBeNull();
    // Expected at the start + 5 tokens × 10 minutes; 120 minutes away: due at once.
    const due = await t.gql<{ setAppointmentJourneyTime: Read }>(SET, { id: patient.id, m: 120 }, patient.auth);
    expect(due.errors).toBeUndefined();
    const expected = new Date(planned.startTime.getTime() + 50 * MINUTE);
    expect(due.data?.setAppointmentJourneyTime.leaveHome).toEqual({ messageNo: 1, kind: 'leaveNow', expectedCallAt: expected.toISOString() });
    expect((await leaveHomeSms(patient.mobileNo)).map((sms) => sms.body)).toEqual([
      renderMessage('en', 'sms.appointment.leaveHomeNow', {
        hospital: hospitalName,
        doctor: planned.doctorName,
        token: '6',
        time: formatInstant(expected, 'sessionTime', { locale: 'en', timeZone: DEFAULT_TIME_ZONE }) ?? '',
      }),
    ]);

    // Evaluated again (the sweep) with nothing changed: nothing.
    expect(await sweepLeaveHome({ ...deps(), settingsOf: () => DEFAULT_LEAVE_HOME_SETTINGS, publish: async () => {} }, new Date())).toBe(0);

    // The doctor is 10 minutes late: slower, within the 15-minute margin: nothing.
    await t.database.db
      .update(consultationSessions)
      .set({ startTime: new Date(planned.startTime.getTime() + 10 * MINUTE) })
      .where(eq(consultationSessions.id, planned.id));
    expect(await evaluateLeaveHome(deps(), tenantId, planned.id, new Date())).toBe(0);
    expect(await messages(patient.id)).toEqual([{ messageNo: 1, kind: 'leaveNow' }]);

    // Staff start the session 40 minutes before its (delayed) start: much faster, one update.
    await staff(START, { s: planned.id });
    expect(await messages(patient.id)).toEqual([
      { messageNo: 1, kind: 'leaveNow' },
      { messageNo: 2, kind: 'earlier' },
    ]);
    // Two tokens ahead do not come: 10 minutes earlier is within the margin, 20 is beyond it.
    await staff(MARK, { a: ahead[0]?.id, st: 'noshow' });
    expect(await messages(patient.id)).toHaveLength(2);
    await staff(MARK, { a: ahead[1]?.id, st: 'noshow' });
    expect(await messages(patient.id)).toEqual([
      { messageNo: 1, kind: 'leaveNow' },
      { messageNo: 2, kind: 'earlier' },
      { messageNo: 3, kind: 'earlier' },
    ]);
    // Two more gone: 20 minutes earlier again, but 3 is the cap.
    await staff(MARK, { a: ahead[2]?.id, st: 'noshow' });
    await staff(MARK, { a: ahead[3]?.id, st: 'noshow' });
    expect(await evaluateLeaveHome(deps(), tenantId, planned.id, new Date())).toBe(0);
    expect(await messages(patient.id)).toHaveLength(3);
    expect(await leaveHomeSms(patient.mobileNo)).toHaveLength(3);

    const read = await t.gql<{ queryAppointment: Read[] }>(READ, { id: patient.id }, patient.auth);
    expect(read.data?.queryAppointment[0]?.leaveHome).toMatchObject({ messageNo: 3, kind: 'earlier' });
  });

  it('is sent exactly once when two evaluations run at once, in the account’s language', async () => {
    const planned = await session(30);
    const patient = await booked(planned.id, 'si');
    await t.database.db.update(appointments).set({ journeyMinutes: 60 }).where(eq(appointments.id, patient.id));

    const written = await Promise.all([
      evaluateLeaveHome(deps(), tenantId, planned.id, new Date()),
      evaluateLeaveHome(deps(), tenantId, planned.id, new Date()),
      evaluateLeaveHome(deps(), tenantId, planned.id, new Date()),
    ]);
    expect(written.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await messages(patient.id)).toEqual([{ messageNo: 1, kind: 'leaveNow' }]);
    expect((await leaveHomeSms(patient.mobileNo)).map((sms) => sms.body)).toEqual([
      renderMessage('si', 'sms.appointment.leaveHomeNow', {
        hospital: hospitalName,
        doctor: planned.doctorName,
        token: '1',
        time: formatInstant(planned.startTime, 'sessionTime', { locale: 'si', timeZone: DEFAULT_TIME_ZONE }) ?? '',
      }),
    ]);
  });

  it('the sweep sends it on a quiet queue once it comes due, and never for a cancelled appointment', async () => {
    const planned = await session(90);
    const patient = await booked(planned.id);
    const cancelled = await booked(planned.id);
    await t.database.db.update(appointments).set({ journeyMinutes: 30 }).where(eq(appointments.sessionId, planned.id));
    await t.database.db.update(appointments).set({ appointmentStatus: 'cancelled' }).where(eq(appointments.id, cancelled.id));
    const sweep = { ...deps(), settingsOf: () => DEFAULT_LEAVE_HOME_SETTINGS, publish: async () => {} };

    // Expected at the start (token 1): due at start − 30 − 10 minutes. (The sweep's clock is moved
    // on, so the other tests' sessions may get their own updates: only this patient's SMS count here.)
    await sweepLeaveHome(sweep, new Date(planned.startTime.getTime() - 41 * MINUTE));
    expect(await leaveHomeSms(patient.mobileNo)).toHaveLength(0);
    await sweepLeaveHome(sweep, new Date(planned.startTime.getTime() - 40 * MINUTE));
    expect(await leaveHomeSms(patient.mobileNo)).toHaveLength(1);
    await sweepLeaveHome(sweep, new Date(planned.startTime.getTime() - 39 * MINUTE));
    expect(await leaveHomeSms(patient.mobileNo)).toHaveLength(1);
    expect(await leaveHomeSms(cancelled.mobileNo)).toEqual([]);
  });
});
