import { eq } from 'drizzle-orm';
import { renderMessage } from '@careline/i18n/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeBookedPatient,
  makeConsultationSession,
  makeOrganization,
  makePractitioner,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import { appointments, smsMessages, smsOutbox } from '../../db/schema/index.ts';
import { smsOutboxSettled } from '../sms/sms.testing.ts';
import { feedbackLinkPath, verifyFeedbackLink } from './feedback-link.service.ts';

// Issue 29 §13: the feedback link goes out by SMS once a visit is fulfilled (staff mark it Done,
// call the next patient, or end the session): through the outbox and the job queue, once per
// appointment however often or from however many requests it is fulfilled, in the account's language.

let t: TestApp;
let tenantId: string;
let hospital: string;
let hospitalName: string;
let doctorId: string;
let nurseToken: string;

const MARK = 'mutation ($o: ID!, $a: ID!, $st: StaffAppointmentStatus!) { staffSetAppointmentStatus(organizationId: $o, appointmentId: $a, status: $st) { id appointmentStatus } }';
const START = 'mutation ($o: ID!, $s: ID!) { staffStartSession(organizationId: $o, sessionId: $s) { id } }';
const CALL_NEXT = 'mutation ($o: ID!, $s: ID!) { staffCallNext(organizationId: $o, sessionId: $s) { session { id } } }';
const END = 'mutation ($o: ID!, $s: ID!) { staffEndSession(organizationId: $o, sessionId: $s) { id } }';

async function as(query: string, variables: Record<string, unknown>) {
  return t.gql(query, variables, authHeader(nurseToken));
}

async function booked(sessionId: string, language: string | null = null) {
  const { account, appointment } = await makeBookedPatient(t.database.db, tenantId, sessionId, { hospitalId: hospital, preferredLanguage: language });
  return { mobileNo: account.mobileNo, appointmentId: appointment.id };
}

async function textsTo(mobileNo: string) {
  await smsOutboxSettled(t.database.db);
  return t.database.db.select().from(smsMessages).where(eq(smsMessages.to, mobileNo));
}

function linkOf(body: string): string {
  const match = /(\S*\/pf\?\S+)$/.exec(body);
  if (!match?.[1]) {
    throw new Error(`no feedback link in: ${body}`);
  }
  return match[1];
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  const organization = await makeOrganization(db, tenantId);
  hospital = organization.id;
  hospitalName = organization.name;
  doctorId = (await makePractitioner(db, tenantId, hospital)).id;
  nurseToken = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'nurse' }])).token;
});

afterAll(async () => {
  await t.close();
});

describe('the feedback link by SMS after a visit is fulfilled (issue 29 §13)', () => {
  it.each([
    ['en', 'Thank you for your visit'],
    ['si', 'ඔබගේ පැමිණීමට ස්තූතියි'],
    ['ta', 'உங்கள் வருகைக்கு நன்றி'],
  ])('fulfilled → one SMS with the signed /pf link, in the account’s language (%s)', async (language, words) => {
    const session = await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: hospital });
    const visit = await booked(session.id, language);
    const marked = await as(MARK, { o: hospital, a: visit.appointmentId, st: 'fulfilled' });
    expect(marked.errors).toBeUndefined();

    const texts = await textsTo(visit.mobileNo);
    expect(texts).toHaveLength(1);
    const body = texts[0]?.body ?? '';
    expect(body).toContain(words);
    expect(body.startsWith(`${hospitalName}:`)).toBe(true);
    const link = linkOf(body);
    expect(link.endsWith(feedbackLinkPath(t.providers.appSecret, tenantId, visit.appointmentId))).toBe(true);
    expect(body).toBe(renderMessage(language, 'sms.appointment.feedbackLink', { hospital: hospitalName, link }));
    const query = Object.fromEntries(new URL(link, 'http://x').searchParams);
    expect(verifyFeedbackLink(t.providers.appSecret, tenantId, query)).toBe(visit.appointmentId);
    // Through the outbox: one row, sent.
    const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, visit.mobileNo));
    expect(rows.map((row) => [row.kind, row.status])).toEqual([['appointment.feedbackLink', 'sent']]);
  });

  it('fulfilled twice, and by two requests at once → still one SMS', async () => {
    const session = await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: hospital });
    const visit = await booked(session.id);
    await as(MARK, { o: hospital, a: visit.appointmentId, st: 'arrived' });
    // Two requests at once (two consoles, two instances): one of them fulfils.
    await Promise.all([
      as(MARK, { o: hospital, a: visit.appointmentId, st: 'fulfilled' }),
      as(MARK, { o: hospital, a: visit.appointmentId, st: 'fulfilled' }),
    ]);
    // And once more afterwards.
    await as(MARK, { o: hospital, a: visit.appointmentId, st: 'fulfilled' });
    expect(await textsTo(visit.mobileNo)).toHaveLength(1);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    expect(row?.appointmentStatus).toBe('fulfilled');
  });

  it('call next and end session fulfil the one in the room: one SMS each, none for the no-show', async () => {
    const session = await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: hospital });
    const first = await booked(session.id);
    const second = await booked(session.id);
    const absent = await booked(session.id);
    await as(MARK, { o: hospital, a: absent.appointmentId, st: 'noshow' });
    await as(START, { o: hospital, s: session.id });
    await as(CALL_NEXT, { o: hospital, s: session.id }); // first in the room
    await as(CALL_NEXT, { o: hospital, s: session.id }); // first done, second in the room
    expect(await textsTo(first.mobileNo)).toHaveLength(1);
    expect(await textsTo(second.mobileNo)).toHaveLength(0);
    await as(END, { o: hospital, s: session.id }); // second done
    expect(await textsTo(second.mobileNo)).toHaveLength(1);
    expect(await textsTo(first.mobileNo)).toHaveLength(1);
    expect(await textsTo(absent.mobileNo)).toHaveLength(0);
  });

  it('arrived (Ongoing) or cancelled → no SMS', async () => {
    const session = await makeConsultationSession(t.database.db, tenantId, { practitionerId: doctorId, organizationId: hospital });
    const ongoing = await booked(session.id);
    const cancelled = await booked(session.id);
    await as(MARK, { o: hospital, a: ongoing.appointmentId, st: 'arrived' });
    await t.database.db.update(appointments).set({ appointmentStatus: 'cancelled' }).where(eq(appointments.id, cancelled.appointmentId));
    // A cancelled appointment cannot be fulfilled: refused, and nothing is sent.
    const refused = await as(MARK, { o: hospital, a: cancelled.appointmentId, st: 'fulfilled' });
    expect(refused.errors?.[0]?.message.split(':')[0]).toBe('ARO-E4038');
    expect(await textsTo(ongoing.mobileNo)).toHaveLength(0);
    expect(await textsTo(cancelled.mobileNo)).toHaveLength(0);
  });
});
