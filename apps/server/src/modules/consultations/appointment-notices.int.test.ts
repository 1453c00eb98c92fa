import { and, eq } from 'drizzle-orm';
import { addDays, DEFAULT_TIME_ZONE, formatInstant, wallClockIso, zonedDay } from '@careline/domain/time';
import { renderMessage } from '@careline/i18n/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  makeBookedPatient,
  makeConsultationSession,
  makeOrganization,
  makePractitioner,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import { appointments, auditEvents, consultationSessions, smsMessages, smsOutbox } from '../../db/schema/index.ts';
import { smsOutboxSettled } from '../sms/sms.testing.ts';
import { sendDueReminders, sendLateSessionNotices, type AppointmentNoticeDeps } from './appointment-notices.service.ts';
import { cancelAppointment, rescheduleAppointment } from './appointments.service.ts';

// Issue 32 §1.1 (the evening reminder) and §1.4 (doctor late): through the SMS outbox and the job
// queue, exactly once per appointment (and per delay mark) under repeated and concurrent sweeps, in
// the account's language. The sweeps are called with the instant they run at, never the clock.

let t: TestApp;
let deps: AppointmentNoticeDeps;
let tenantId: string;
let hospital: string;
let hospitalName: string;
let doctorId: string;
let doctorName: string;
let nurseAuth: { authorization: string };

const MIN = 60_000;
const MARK_DELAY =
  'mutation ($o: ID!, $s: ID!, $m: Int!) { staffMarkSessionDelay(organizationId: $o, sessionId: $s, delayMinutes: $m) { id delayMinutes } }';

/** A hospital time on the day `days` after today (Colombo), e.g. at(10, '09:00'). */
function at(days: number, time: string): Date {
  return new Date(wallClockIso(addDays(zonedDay(new Date(), DEFAULT_TIME_ZONE), days), time, DEFAULT_TIME_ZONE));
}

async function booked(sessionId: string, language: string | null = null) {
  const { account, booking, appointment } = await makeBookedPatient(t.database.db, tenantId, sessionId, { hospitalId: hospital, preferredLanguage: language });
  return { ...booking, mobileNo: account.mobileNo, appointmentId: appointment.id, tokenNo: appointment.tokenNo };
}

async function textsTo(mobileNo: string) {
  await smsOutboxSettled(t.database.db);
  const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, mobileNo));
  return rows.map((row) => ({ kind: row.kind, body: row.body, status: row.status }));
}

async function session(startTime: Date) {
  return makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: hospital }, { startTime });
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  const organization = await makeOrganization(db, tenantId);
  hospital = organization.id;
  hospitalName = organization.name;
  const doctor = await makePractitioner(db, tenantId, hospital);
  doctorId = doctor.id;
  doctorName = doctor.text;
  nurseAuth = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'nurse' }])).auth;
  deps = { db, tenants: t.tenants, smsOutbox: t.smsOutbox, publish: async () => {}, log: t.app.log };
});

afterAll(async () => {
  await t.close();
});

describe('the evening reminder (issue 32 §1.1)', () => {
  it.each([
    ['en', 'Reminder'],
    ['si', 'මතක් කිරීම'],
    ['ta', 'நினைவூட்டல்'],
  ])('one SMS at 18:00 the day before, in the account’s language (%s): doctor, hospital, start, token, link', async (language, words) => {
    const start = at(10, '09:00');
    const s = await session(start);
    const visit = await booked(s.id, language);
    await sendDueReminders(deps, at(9, '18:30'));

    const texts = await textsTo(visit.mobileNo);
    expect(texts).toHaveLength(1);
    const link = `/view/appointment?sessionId=${s.id}&appointmentId=${visit.appointmentId}`;
    const body = texts[0]?.body ?? '';
    expect(texts[0]?.kind).toBe('appointment.reminder');
    expect(body).toContain(words);
    expect(body).toContain(link);
    expect(body).toBe(
      renderMessage(language, 'sms.appointment.reminder', {
        hospital: hospitalName,
        doctor: doctorName,
        time: formatInstant(start, 'smsTime', { locale: language, timeZone: DEFAULT_TIME_ZONE }) ?? '',
        token: visit.tokenNo,
        link: /(\S*\/view\/appointment\?\S+)$/.exec(body)?.[1] ?? '',
      }),
    );
    expect(body).toContain(String(visit.tokenNo));
  });

  it('exactly one per appointment under a repeated sweep and two concurrent sweeps', async () => {
    const s = await session(at(11, '10:00'));
    const visits = [await booked(s.id), await booked(s.id), await booked(s.id)];
    const now = at(10, '18:05');
    await Promise.all([sendDueReminders(deps, now), sendDueReminders(deps, now)]);
    await sendDueReminders(deps, now);
    await sendDueReminders(deps, new Date(now.getTime() + 30 * MIN));
    for (const visit of visits) {
      expect((await textsTo(visit.mobileNo)).map((text) => [text.kind, text.status])).toEqual([['appointment.reminder', 'sent']]);
    }
    // The provider was handed each one once.
    const tries = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, visits[0]?.mobileNo ?? ''));
    expect(tries).toHaveLength(1);
  });

  it('reads the candidates page by page: every due one is reminded, once', async () => {
    const early = await session(at(16, '08:00'));
    const later = await session(at(16, '11:00'));
    const visits = [await booked(early.id), await booked(early.id), await booked(later.id)];
    expect(await sendDueReminders(deps, at(15, '18:10'), 1)).toBe(3);
    expect(await sendDueReminders(deps, at(15, '18:20'), 1)).toBe(0);
    for (const visit of visits) {
      expect(await textsTo(visit.mobileNo)).toHaveLength(1);
    }
  });

  it('none before the reminder time, none in the quiet hours, none once the session began', async () => {
    const s = await session(at(12, '09:00'));
    const visit = await booked(s.id);
    await sendDueReminders(deps, at(11, '17:59'));
    await sendDueReminders(deps, at(11, '21:00'));
    await sendDueReminders(deps, at(12, '09:00'));
    expect(await textsTo(visit.mobileNo)).toEqual([]);
    // A sweep that ran late into the quiet hours waits for their end, if the session is later.
    await sendDueReminders(deps, at(12, '07:00'));
    expect(await textsTo(visit.mobileNo)).toHaveLength(1);
  });

  it('never for a cancelled or rescheduled appointment; the new session’s appointment gets its own', async () => {
    const first = await session(at(13, '09:00'));
    const later = await session(at(14, '09:00'));
    const cancelled = await booked(first.id);
    const moved = await booked(first.id);
    const kept = await booked(first.id);
    await cancelAppointment(t.database.db, { ...cancelled, appointmentId: cancelled.appointmentId, now: new Date() });
    const rescheduled = await rescheduleAppointment(t.database.db, { ...moved, sessionId: later.id, rescheduledFor: moved.appointmentId });

    await sendDueReminders(deps, at(12, '18:30'));
    expect(await textsTo(cancelled.mobileNo)).toEqual([]);
    expect(await textsTo(moved.mobileNo)).toEqual([]);
    expect(await textsTo(kept.mobileNo)).toHaveLength(1);

    await sendDueReminders(deps, at(13, '18:30'));
    const movedTexts = await textsTo(moved.mobileNo);
    expect(movedTexts).toHaveLength(1);
    expect(movedTexts[0]?.body).toContain(`appointmentId=${rescheduled.id}`);
    expect(await textsTo(cancelled.mobileNo)).toEqual([]);
  });

  it('none for a session cancelled by the hospital', async () => {
    const s = await session(at(15, '09:00'));
    const visit = await booked(s.id);
    await t.database.db.update(consultationSessions).set({ status: 'practitioner_canceled' }).where(eq(consultationSessions.id, s.id));
    await sendDueReminders(deps, at(14, '18:30'));
    expect(await textsTo(visit.mobileNo)).toEqual([]);
  });
});

describe('doctor late (issue 32 §1.4)', () => {
  it('a session not started 15 minutes after its start: one SMS and a notice to each booked patient not arrived', async () => {
    const start = new Date(Date.now() + 3 * 60 * MIN);
    const s = await session(start);
    const waiting = await booked(s.id, 'si');
    const arrived = await booked(s.id);
    await t.database.db.update(appointments).set({ appointmentStatus: 'arrived' }).where(eq(appointments.id, arrived.appointmentId));

    await sendLateSessionNotices(deps, new Date(start.getTime() + 14 * MIN));
    expect(await textsTo(waiting.mobileNo)).toEqual([]);

    const late = new Date(start.getTime() + 15 * MIN);
    await Promise.all([sendLateSessionNotices(deps, late), sendLateSessionNotices(deps, late)]);
    await sendLateSessionNotices(deps, new Date(late.getTime() + 10 * MIN));
    const texts = await textsTo(waiting.mobileNo);
    expect(texts.map((text) => text.kind)).toEqual(['session.late']);
    expect(texts[0]?.body).toContain('තවම ආරම්භ වී නැත');
    expect(await textsTo(arrived.mobileNo)).toEqual([]);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, waiting.appointmentId));
    expect(row?.lateNoticeAt).toBeInstanceOf(Date);
    expect(row?.lateNoticeMark).toBe(0);

    // Staff then mark a delay: a new mark, told once more.
    const marked = await t.gql(MARK_DELAY, { o: hospital, s: s.id, m: 20 }, nurseAuth);
    expect(marked.errors).toBeUndefined();
    expect((await textsTo(waiting.mobileNo)).map((text) => text.kind)).toEqual(['session.late', 'session.delayed']);
  });

  it('staff mark a delay: stored, audited, one SMS per booked patient not arrived per mark, and no automatic late SMS after it', async () => {
    const start = new Date(Date.now() + 4 * 60 * MIN);
    const s = await session(start);
    const waiting = await booked(s.id);
    const arrived = await booked(s.id);
    await t.database.db.update(appointments).set({ appointmentStatus: 'arrived' }).where(eq(appointments.id, arrived.appointmentId));

    const marked = await t.gql<{ staffMarkSessionDelay: { id: string; delayMinutes: number } }>(
      MARK_DELAY,
      { o: hospital, s: s.id, m: 30 },
      nurseAuth,
    );
    expect(marked.errors).toBeUndefined();
    expect(marked.data?.staffMarkSessionDelay.delayMinutes).toBe(30);
    const texts = await textsTo(waiting.mobileNo);
    expect(texts.map((text) => text.kind)).toEqual(['session.delayed']);
    expect(texts[0]?.body).toContain('delayed by 30 minutes');
    expect(texts[0]?.body).toContain(`appointmentId=${waiting.appointmentId}`);
    expect(await textsTo(arrived.mobileNo)).toEqual([]);

    // The patient's session shows it (public Session type).
    const read = await t.gql<{ querySession: { delayMinutes: number | null }[] }>('query ($id: ID) { querySession(id: $id) { delayMinutes } }', { id: s.id });
    expect(read.data?.querySession[0]?.delayMinutes).toBe(30);

    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session.delay'), eq(auditEvents.organizationId, hospital)));
    const audit = audits.find((row) => (row.details as { sessionId?: string }).sessionId === s.id);
    expect(audit?.details).toMatchObject({ sessionId: s.id, delayMinutes: 30, before: null, mark: 1, notifiedAppointmentIds: [waiting.appointmentId] });

    // The automatic late SMS is not sent once staff marked a delay.
    await sendLateSessionNotices(deps, new Date(start.getTime() + 20 * MIN));
    expect(await textsTo(waiting.mobileNo)).toHaveLength(1);

    // A second mark is told once more, and only once.
    await t.gql(MARK_DELAY, { o: hospital, s: s.id, m: 45 }, nurseAuth);
    await sendLateSessionNotices(deps, new Date(start.getTime() + 30 * MIN));
    expect((await textsTo(waiting.mobileNo)).map((text) => text.kind)).toEqual(['session.delayed', 'session.delayed']);
  });

  it.each([4, 241, 0])('refuses a delay of %i minutes with ARO-E4044 and changes nothing', async (minutes) => {
    const s = await session(new Date(Date.now() + 5 * 60 * MIN));
    const waiting = await booked(s.id);
    const answer = await t.gql(MARK_DELAY, { o: hospital, s: s.id, m: minutes }, nurseAuth);
    expect(answer.errors?.[0]?.message).toBe('ARO-E4044:Enter the delay in minutes: a whole number from 5 to 240');
    const [row] = await t.database.db.select().from(consultationSessions).where(eq(consultationSessions.id, s.id));
    expect([row?.delayMinutes, row?.delayMarks]).toEqual([null, 0]);
    expect(await textsTo(waiting.mobileNo)).toEqual([]);
  });

  it('refuses a session of another hospital as missing, and a cancelled one', async () => {
    const elsewhere = await makeOrganization(t.database.db, tenantId);
    const other = await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: elsewhere.id });
    const answer = await t.gql(MARK_DELAY, { o: hospital, s: other.id, m: 30 }, nurseAuth);
    expect(answer.errors?.[0]?.message).toMatch(/^ARO-E2001:/);
    const cancelled = await session(new Date(Date.now() + 5 * 60 * MIN));
    await t.database.db.update(consultationSessions).set({ status: 'practitioner_canceled' }).where(eq(consultationSessions.id, cancelled.id));
    const refused = await t.gql(MARK_DELAY, { o: hospital, s: cancelled.id, m: 30 }, nurseAuth);
    expect(refused.errors?.[0]?.message).toBe('ARO-E4036:This session is already cancelled and cannot be changed');
  });
});
