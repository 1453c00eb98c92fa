import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { startOfLocalDay } from '@careline/domain/loyalty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeConsultationSession, makeOrganization, makePatientAccount, makePractitioner } from '../../../test/factories.ts';
import { accounts, appointments, patients } from '../../db/schema/index.ts';
import { signIn } from '../auth/auth.testing.ts';
import { listUpcomingAppointments } from './upcoming-appointments.service.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
// 10:00 in Colombo on 23 November 2026: today started at 2026-11-22T18:30Z.
const NOW = new Date('2026-11-23T04:30:00Z');
const TODAY = startOfLocalDay(NOW);

let t: TestApp;
let tenantId: string;
let hospital: string;
let doctorId: string;

type Owner = { accountId: string; patientId: string };

async function profile(): Promise<Owner> {
  const { account, patient } = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital });
  return { accountId: account.id, patientId: patient.id };
}

/** One appointment of the profile in a session of its own starting at `start`. */
async function appointment(owner: Owner, start: Date, appointmentStatus = 'booked'): Promise<string> {
  const session = await makeConsultationSession(
    t.database.db,
    tenantId,
    { practitionerId: doctorId, organizationId: hospital },
    { startTime: start },
  );
  const [row] = await t.database.db
    .insert(appointments)
    .values({ tenantId, sessionId: session.id, ...owner, tokenNo: 1, appointmentStatus })
    .returning({ id: appointments.id });
  return row?.id ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  hospital = (await makeOrganization(t.database.db, tenantId)).id;
  doctorId = (await makePractitioner(t.database.db, tenantId, hospital)).id;
});

afterAll(async () => {
  await t.close();
});

describe('upcoming events (spec doc 2 §4, issue 8 §10)', () => {
  it("lists the account's consultations from the start of today on that are still open, soonest first", async () => {
    const me = await profile();
    const [mother] = await t.database.db
      .insert(patients)
      .values({ tenantId, accountId: me.accountId, prefix: 'Mrs', givenName: 'Malini', familyName: 'Silva', gender: 'female', relationship: 'Mother' })
      .returning({ id: patients.id });
    const mum: Owner = { accountId: me.accountId, patientId: mother?.id ?? '' };
    const stranger = await profile();

    const nextWeek = await appointment(mum, new Date(NOW.getTime() + 7 * 24 * HOUR));
    const earlierToday = await appointment(me, new Date(TODAY.getTime() + 30 * MINUTE), 'arrived');
    const startOfToday = await appointment(mum, TODAY);
    const tomorrow = await appointment(me, new Date(NOW.getTime() + 24 * HOUR));
    const noShowLater = await appointment(me, new Date(NOW.getTime() + 2 * HOUR), 'noshow');
    await appointment(me, new Date(TODAY.getTime() - MINUTE)); // yesterday
    await appointment(me, new Date(NOW.getTime() + 3 * HOUR), 'cancelled');
    await appointment(me, new Date(NOW.getTime() + 4 * HOUR), 'fulfilled');
    await appointment(me, new Date(NOW.getTime() + 5 * HOUR), 'entered_in_error');
    await appointment(stranger, new Date(NOW.getTime() + HOUR));

    const owner = { tenantId, accountId: me.accountId };
    const all = await listUpcomingAppointments(t.database.db, owner, { now: NOW });
    expect(all.map((a) => a.id)).toEqual([startOfToday, earlierToday, noShowLater, tomorrow, nextWeek]);
    expect(all[0]).toMatchObject({ patientId: mum.patientId, appointmentStatus: 'booked', start: TODAY });

    const mine = await listUpcomingAppointments(t.database.db, owner, { now: NOW, patientIds: [me.patientId] });
    expect(mine.map((a) => a.id)).toEqual([earlierToday, noShowLater, tomorrow]);
    expect(await listUpcomingAppointments(t.database.db, owner, { now: NOW, limit: 2 })).toHaveLength(2);
    expect(await listUpcomingAppointments(t.database.db, owner, { now: NOW, patientIds: [stranger.patientId] })).toEqual([]);
    expect(await listUpcomingAppointments(t.database.db, owner, { now: NOW, patientIds: ['nope'] })).toEqual([]);
    // A day later, today's and yesterday's are past.
    const later = await listUpcomingAppointments(t.database.db, owner, { now: new Date(NOW.getTime() + 24 * HOUR) });
    expect(later.map((a) => a.id)).toEqual([tomorrow, nextWeek]);
  });

  it("answers queryUpcomingAppointments with the account's own only; another account's ids give []", async () => {
    const me = await profile();
    const stranger = await profile();
    const soon = await appointment(me, new Date(Date.now() + 48 * HOUR));
    await appointment(stranger, new Date(Date.now() + 48 * HOUR));
    const [row] = await t.database.db.select({ mobileNo: accounts.mobileNo }).from(accounts).where(eq(accounts.id, me.accountId));
    const token = await signIn(t, row?.mobileNo ?? '');
    const QUERY = 'query ($p: [ID!]) { queryUpcomingAppointments(patientIds: $p) { id patientId tokenNo appointmentStatus } }';
    const as = (p: string[] | null) =>
      t.gql<{ queryUpcomingAppointments: { id: string }[] }>(QUERY, { p }, { authorization: `Bearer ${token}` });

    const own = await as(null);
    expect(own.errors).toBeUndefined();
    expect(own.data?.queryUpcomingAppointments.map((a) => a.id)).toEqual([soon]);
    expect(await as([stranger.patientId])).toEqual(await as([randomUUID()]));
    expect((await as([stranger.patientId])).data?.queryUpcomingAppointments).toEqual([]);
    expect((await t.gql(QUERY, { p: null })).errors?.[0]?.message).toMatch(/^ARO-E1023:/);
  });
});
