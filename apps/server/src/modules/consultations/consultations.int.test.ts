import { randomUUID } from 'node:crypto';
import { and, count, eq, ne } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  accounts,
  appointments,
  consultationSessions,
  organizations,
  practitionerRoles,
  practitioners,
} from '../../db/schema/index.ts';
import { resetAllData, seedBench, seedDemoAccounts, seedDemoIfEmpty } from '../../db/seed/seed.ts';
import { listPractitioners } from '../hospitals/hospitals.service.ts';
import { searchConsultationSessions } from './consultations.service.ts';
import { startOfHospitalDay } from '../hospitals/hospitals.time.ts';

const silent = pino({ level: 'silent' });
const FIRST_HOST = { host: 'first.localhost' };

type Practitioner = {
  id: string;
  name: { text: string; given: string[]; family: string };
  active: boolean;
  roles: { code: string; display: string }[];
};
type Session = {
  id: string;
  status: string;
  startTime: string;
  appointmentMaxAllowed: number;
  participationMode: string;
  practitioner: { id: string; text: string; includeNoShowInPractitionerPayment: boolean };
  practitionerRole: { display: string; code: string; codeDisplay: string };
  organization: { id: string; orgName: string };
  location: { locationName: string | null; locationImageUrl: string | null; hospitalId: string };
  specialty: string;
  serviceType: string;
  serviceCategory: string | null;
  paidAppointments: number;
  appointmentCount: number;
};

const PRACTITIONERS = `query ($limit: Int, $has: String) {
  queryPractitioner(limit: $limit, has: $has) { id active name { prefix given family text } roles { code display } }
}`;
const SESSIONS = `query ($id: ID, $status: [String!], $actorReference: [String!], $practitionerRoleCodingCode: String,
  $extensionParticipationMode: String, $serviceTypeCodingCode: String, $limit: Int, $startTime: DateTime) {
  querySession(id: $id, status: $status, actorReference: $actorReference, limit: $limit, startTime: $startTime,
    practitionerRoleCodingCode: $practitionerRoleCodingCode, extensionParticipationMode: $extensionParticipationMode,
    serviceTypeCodingCode: $serviceTypeCodingCode) {
    id status startTime endTime sessionStartedTime sessionCompletedTime appointmentMaxAllowed type participationMode
    practitioner { id text includeNoShowInPractitionerPayment }
    practitionerRole { display code codeDisplay }
    organization { id orgName }
    location { locationName locationImageUrl hospitalId }
    specialty serviceType serviceCategory chargingSchemeId paidAppointments appointmentCount
  }
}`;

describe('hospital read API on the demo seed', () => {
  let t: TestApp;
  const tenantCounts = async (tenantId: string) => {
    const db = t.database.db;
    const [orgs] = await db
      .select({ n: count() })
      .from(organizations)
      .where(eq(organizations.tenantId, tenantId));
    const [docs] = await db
      .select({ n: count() })
      .from(practitioners)
      .where(eq(practitioners.tenantId, tenantId));
    const [roles] = await db
      .select({ n: count() })
      .from(practitionerRoles)
      .where(eq(practitionerRoles.tenantId, tenantId));
    const [sessions] = await db
      .select({ n: count() })
      .from(consultationSessions)
      .where(eq(consultationSessions.tenantId, tenantId));
    return { orgs: orgs?.n, docs: docs?.n, roles: roles?.n, sessions: sessions?.n };
  };
  const sessions = async (
    variables: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const result = await t.gql<{ querySession: Session[] }>(SESSIONS, variables, headers);
    expect(result.errors).toBeUndefined();
    return result.data?.querySession ?? [];
  };
  const practitionerId = async (text: string, tenantId = 'careline-demo') => {
    const [row] = await t.database.db
      .select({ id: practitioners.id })
      .from(practitioners)
      .where(and(eq(practitioners.tenantId, tenantId), eq(practitioners.text, text)));
    if (!row) {
      throw new Error(`no practitioner ${text}`);
    }
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, t.tenants, silent);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the active hospitals, sorted by name, without the closed branch', async () => {
    const result = await t.gql<{ queryOrganization: { id: string; name: string; city: string }[] }>(
      '{ queryOrganization { id name city phone labReportHeaderImageUrl labReportFooterImageUrl } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.queryOrganization.map((o) => o.name)).toEqual([
      'Careline Hospitals - Colombo',
      'Careline Hospitals - Galle',
      'Careline Hospitals - Kandy',
    ]);
  });

  it('lists 60 doctors across 12 specialties, never the role Doctor, never inactive or role-less doctors', async () => {
    const result = await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS);
    expect(result.errors).toBeUndefined();
    const listed = result.data?.queryPractitioner ?? [];
    expect(listed).toHaveLength(60);
    expect(new Set(listed.flatMap((p) => p.roles.map((r) => r.display))).size).toBe(12);
    expect(listed.every((p) => p.active && p.roles.length > 0)).toBe(true);
    expect(
      listed.flatMap((p) => p.roles).some((r) => r.code === 'doctor' || r.display === 'Doctor'),
    ).toBe(false);

    const db = t.database.db;
    const inactive = await db
      .select({ id: practitioners.id })
      .from(practitioners)
      .where(and(eq(practitioners.tenantId, 'careline-demo'), eq(practitioners.active, false)));
    const all = await db
      .select({ id: practitioners.id })
      .from(practitioners)
      .where(eq(practitioners.tenantId, 'careline-demo'));
    const withSpecialty = await db
      .selectDistinct({ id: practitionerRoles.practitionerId })
      .from(practitionerRoles)
      .where(
        and(eq(practitionerRoles.tenantId, 'careline-demo'), ne(practitionerRoles.code, 'doctor')),
      );
    const specialtyIds = new Set(withSpecialty.map((r) => r.id));
    const roleless = all.filter((p) => !specialtyIds.has(p.id));
    expect(inactive.length).toBeGreaterThanOrEqual(3);
    expect(roleless.length).toBeGreaterThanOrEqual(3);
    const listedIds = new Set(listed.map((p) => p.id));
    for (const hidden of [...inactive, ...roleless]) {
      expect(listedIds.has(hidden.id)).toBe(false);
    }
    expect(listed.map((p) => p.name.text)).toContain('Dr. Nimal Perera');
  });

  it('filters doctors by the doctor-search rule or a role code', async () => {
    const byName = await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS, {
      has: 'nimal',
    });
    expect(byName.data?.queryPractitioner.map((p) => p.name.text)).toContain('Dr. Nimal Perera');
    const byRoleWord = await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS, {
      has: 'cardio',
    });
    expect(byRoleWord.data?.queryPractitioner.length).toBeGreaterThanOrEqual(5);
    expect(
      byRoleWord.data?.queryPractitioner.every((p) =>
        p.roles.some((r) => r.code === 'cardiologist'),
      ),
    ).toBe(true);
    const byCode = await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS, {
      has: 'ent_surgeon',
    });
    expect(byCode.data?.queryPractitioner).toHaveLength(5);
    const bySubstring = await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS, {
      has: 'al per',
    });
    expect(bySubstring.data?.queryPractitioner.map((p) => p.name.text)).toContain(
      'Dr. Nimal Perera',
    );
  });

  it('caps and applies the practitioner limit', async () => {
    const five = await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS, { limit: 5 });
    expect(five.data?.queryPractitioner).toHaveLength(5);
    const huge = await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS, {
      limit: 1_000_000,
    });
    expect(huge.data?.queryPractitioner).toHaveLength(60);
  });

  it('returns sessions from the start of today with the Session fields, never provider_aborted', async () => {
    const all = await sessions({});
    const db = t.database.db;
    const [visible] = await db
      .select({ n: count() })
      .from(consultationSessions)
      .where(
        and(
          eq(consultationSessions.tenantId, 'careline-demo'),
          ne(consultationSessions.status, 'provider_aborted'),
        ),
      );
    expect(all).toHaveLength(visible?.n ?? -1);
    const today = startOfHospitalDay(new Date()).getTime();
    expect(all.every((s) => new Date(s.startTime).getTime() >= today)).toBe(true);
    expect(all.some((s) => s.status === 'provider_aborted')).toBe(false);
    expect(all.some((s) => s.status === 'practitioner_canceled')).toBe(true);
    expect(all.some((s) => s.appointmentMaxAllowed === -1)).toBe(true);
    expect(all.some((s) => s.participationMode === 'remote_presence_video_call')).toBe(true);
    const sorted = [...all].sort((a, b) => a.startTime.localeCompare(b.startTime));
    expect(all.map((s) => s.id)).toEqual(sorted.map((s) => s.id));

    const [aborted] = await db
      .select({ id: consultationSessions.id })
      .from(consultationSessions)
      .where(
        and(
          eq(consultationSessions.tenantId, 'careline-demo'),
          eq(consultationSessions.status, 'provider_aborted'),
        ),
      );
    expect(aborted).toBeDefined();
    expect(await sessions({ id: aborted?.id })).toEqual([]);
    expect(await sessions({ status: ['provider_aborted'] })).toEqual([]);
  });

  it('filters sessions by doctor, hospital, specialty, mode and service type, and shows the doctor and hospital', async () => {
    const nimal = await practitionerId('Dr. Nimal Perera');
    const mine = await sessions({ actorReference: [`Practitioner/${nimal}`] });
    expect(mine.length).toBe(21);
    const first = mine[0];
    expect(first).toMatchObject({
      practitioner: { id: nimal, text: 'Dr. Nimal Perera' },
      practitionerRole: {
        code: 'cardiologist',
        display: 'Cardiologist',
        codeDisplay: 'Cardiologist',
      },
      organization: { orgName: 'Careline Hospitals - Colombo' },
      specialty: 'Cardiologist',
      serviceType: '2',
      paidAppointments: 0,
      appointmentCount: 0,
    });
    expect(first?.location.hospitalId).toBe(first?.organization.id);
    const video = await sessions({
      actorReference: [`Practitioner/${nimal}`],
      extensionParticipationMode: 'remote_presence_video_call',
    });
    expect(video).toHaveLength(7);

    const orgs = await t.gql<{ queryOrganization: { id: string; name: string }[] }>(
      '{ queryOrganization { id name } }',
    );
    const kandy = orgs.data?.queryOrganization.find((o) => o.name.endsWith('Kandy'));
    expect(
      await sessions({ actorReference: [`Practitioner/${nimal}`, `Organization/${kandy?.id}`] }),
    ).toEqual([]);
    const atKandy = await sessions({ actorReference: [`Organization/${kandy?.id}`] });
    expect(atKandy.length).toBeGreaterThan(0);
    expect(atKandy.every((s) => s.organization.id === kandy?.id)).toBe(true);

    const neuro = await sessions({ practitionerRoleCodingCode: 'neurologist' });
    expect(neuro.length).toBeGreaterThan(0);
    expect(neuro.every((s) => s.practitionerRole.code === 'neurologist')).toBe(true);
    expect(await sessions({ serviceTypeCodingCode: '3' })).toEqual([]);
    expect(await sessions({ limit: 3 })).toHaveLength(3);
    // A start time in the future drops today's sessions.
    const later = await sessions({ startTime: startOfHospitalDay(new Date(), 7).toISOString() });
    expect(later.every((s) => new Date(s.startTime) >= startOfHospitalDay(new Date(), 7))).toBe(
      true,
    );
  });

  it('counts non-cancelled and paid appointments per session', async () => {
    const [session] = await sessions({ limit: 1 });
    const sessionId = session?.id ?? '';
    const base = {
      tenantId: 'careline-demo',
      sessionId,
      accountId: randomUUID(),
      patientId: randomUUID(),
    };
    await t.database.db.insert(appointments).values([
      { ...base, tokenNo: 1, paymentStatus: 'paid' },
      { ...base, tokenNo: 2, paymentStatus: 'paid', appointmentStatus: 'cancelled' },
      { ...base, tokenNo: 3 },
    ]);
    const [counted] = await sessions({ id: sessionId });
    expect(counted).toMatchObject({ appointmentCount: 2, paidAppointments: 2 });
  });

  it('rejects a malformed actor reference and finds nothing for ids that cannot exist', async () => {
    const bad = await t.gql(SESSIONS, { actorReference: ['Patient/1'] });
    expect(bad.errors?.[0]?.message).toBe('ARO-E2002:The request is not valid');
    expect(await sessions({ id: 'not-a-uuid' })).toEqual([]);
    expect(await sessions({ actorReference: ['Practitioner/42'] })).toEqual([]);
  });

  it("never shows another tenant's hospitals, doctors or sessions", async () => {
    const orgs = await t.gql<{ queryOrganization: { name: string }[] }>(
      '{ queryOrganization { name } }',
      {},
      FIRST_HOST,
    );
    expect(orgs.data?.queryOrganization.map((o) => o.name)).toEqual([
      'Lakeside Hospitals - Colombo',
      'Lakeside Hospitals - Galle',
      'Lakeside Hospitals - Kandy',
    ]);
    const demoDoctors = await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS);
    const firstDoctors = await t.gql<{ queryPractitioner: Practitioner[] }>(
      PRACTITIONERS,
      {},
      FIRST_HOST,
    );
    expect(firstDoctors.data?.queryPractitioner).toHaveLength(60);
    const demoIds = new Set(demoDoctors.data?.queryPractitioner.map((p) => p.id));
    expect(firstDoctors.data?.queryPractitioner.some((p) => demoIds.has(p.id))).toBe(false);

    const demoSessions = await sessions({});
    const demoSessionIds = new Set(demoSessions.map((s) => s.id));
    const firstSessions = await sessions({}, FIRST_HOST);
    expect(firstSessions.length).toBeGreaterThan(0);
    expect(firstSessions.some((s) => demoSessionIds.has(s.id))).toBe(false);
    expect(await sessions({ id: demoSessions[0]?.id }, FIRST_HOST)).toEqual([]);
    const nimal = await practitionerId('Dr. Nimal Perera');
    expect(await sessions({ actorReference: [`Practitioner/${nimal}`] }, FIRST_HOST)).toEqual([]);
  });

  it('caps practitioners at 10000 and sessions at 5000 on the benchmark generator', async () => {
    const now = new Date();
    await seedBench(t.database.db, silent, {
      tenantId: 'bench-caps',
      practitioners: 10_250,
      sessions: 5_200,
      now,
    });
    const doctors = await listPractitioners(t.database.db, 'bench-caps', { limit: 50_000 });
    expect(doctors).toHaveLength(10_000);
    const found = await searchConsultationSessions(t.database.db, 'bench-caps', { limit: 50_000 }, now);
    expect(found).toHaveLength(5_000);
    expect(found.some((s) => s.status === 'provider_aborted')).toBe(false);
  });

  it('does not seed twice, and --reset empties every table and seeds the same demo again', async () => {
    const before = await tenantCounts('careline-demo');
    const namesBefore = (
      await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS)
    ).data?.queryPractitioner
      .map((p) => p.name.text)
      .sort();
    await seedDemoIfEmpty(t.database.db, t.tenants, silent);
    expect(await tenantCounts('careline-demo')).toEqual(before);

    await seedDemoAccounts(t.database.db, t.tenants);
    const [withAccount] = await t.database.db.select({ n: count() }).from(accounts);
    expect(withAccount?.n).toBe(2);
    await resetAllData(t.database.db);
    const [none] = await t.database.db.select({ n: count() }).from(organizations);
    expect(none?.n).toBe(0);
    await seedDemoIfEmpty(t.database.db, t.tenants, silent);
    const [noAccounts] = await t.database.db.select({ n: count() }).from(accounts);
    expect(noAccounts?.n).toBe(0);
    expect(await tenantCounts('careline-demo')).toEqual(before);
    const namesAfter = (
      await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS)
    ).data?.queryPractitioner
      .map((p) => p.name.text)
      .sort();
    expect(namesAfter).toEqual(namesBefore);
  });
});
