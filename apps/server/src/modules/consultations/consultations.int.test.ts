import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  makeConsultationSession,
  makeOrganization,
  makePractitioner,
} from '../../../test/factories.ts';
import { appointments } from '../../db/schema/index.ts';
import { startOfHospitalDay } from '../hospitals/index.ts';

const FIRST_HOST = { host: 'first.localhost' };
const TENANT = 'careline-demo';
const HOUR = 60 * 60 * 1000;

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
const CARDIOLOGIST = {
  practitionerRoleCode: 'cardiologist',
  practitionerRoleDisplay: 'Cardiologist',
};

describe('consultation sessions (querySession)', () => {
  let t: TestApp;
  const sessions = async (
    variables: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const result = await t.gql<{ querySession: Session[] }>(SESSIONS, variables, headers);
    expect(result.errors).toBeUndefined();
    return result.data?.querySession ?? [];
  };
  /** A hospital and a doctor of the tenant, made for one test. */
  const doctorAt = async (tenantId = TENANT) => {
    const hospital = await makeOrganization(t.database.db, tenantId);
    const doctor = await makePractitioner(t.database.db, tenantId, hospital.id, {
      roles: [{ code: 'cardiologist', display: 'Cardiologist' }],
    });
    return { hospital, doctor, refs: { practitionerId: doctor.id, organizationId: hospital.id } };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns sessions from the start of today, earliest first, with the Session fields, never provider_aborted', async () => {
    const db = t.database.db;
    const { hospital, doctor, refs } = await doctorAt();
    const today = startOfHospitalDay(new Date());
    const at = (hours: number) => new Date(today.getTime() + hours * HOUR);
    const yesterday = await makeConsultationSession(db, TENANT, refs, { startTime: at(-14) });
    const tomorrow = await makeConsultationSession(db, TENANT, refs, {
      ...CARDIOLOGIST,
      startTime: at(34),
      appointmentMaxAllowed: -1,
      locationName: 'Room 4',
    });
    const earlyToday = await makeConsultationSession(db, TENANT, refs, {
      startTime: at(1),
      status: 'practitioner_canceled',
      participationMode: 'remote_presence_video_call',
    });
    const aborted = await makeConsultationSession(db, TENANT, refs, {
      startTime: at(10),
      status: 'provider_aborted',
    });
    const mine = await sessions({ actorReference: [`Practitioner/${doctor.id}`] });
    expect(mine.map((s) => s.id)).toEqual([earlyToday.id, tomorrow.id]);
    expect(mine.map((s) => s.id)).not.toContain(yesterday.id);
    expect(mine[0]).toMatchObject({
      status: 'practitioner_canceled',
      participationMode: 'remote_presence_video_call',
    });
    expect(mine[1]).toMatchObject({
      appointmentMaxAllowed: -1,
      practitioner: { id: doctor.id, text: doctor.text, includeNoShowInPractitionerPayment: false },
      practitionerRole: {
        code: 'cardiologist',
        display: 'Cardiologist',
        codeDisplay: 'Cardiologist',
      },
      organization: { id: hospital.id, orgName: hospital.name },
      location: { locationName: 'Room 4', locationImageUrl: null, hospitalId: hospital.id },
      specialty: 'Cardiologist',
      serviceType: '2',
      paidAppointments: 0,
      appointmentCount: 0,
    });
    // An id finds a session whatever its date, but never an aborted one.
    expect((await sessions({ id: yesterday.id })).map((s) => s.id)).toEqual([yesterday.id]);
    expect(await sessions({ id: aborted.id })).toEqual([]);
    expect(await sessions({ status: ['provider_aborted'] })).toEqual([]);
  });

  it('filters sessions by doctor, hospital, specialty, mode, service type, status, start and limit', async () => {
    const db = t.database.db;
    const a = await doctorAt();
    const b = await doctorAt();
    const soon = new Date(Date.now() + HOUR);
    const inAWeek = startOfHospitalDay(new Date(), 7);
    const inPerson = await makeConsultationSession(db, TENANT, a.refs, {
      ...CARDIOLOGIST,
      startTime: soon,
    });
    const video = await makeConsultationSession(db, TENANT, a.refs, {
      ...CARDIOLOGIST,
      startTime: new Date(soon.getTime() + HOUR),
      participationMode: 'remote_presence_video_call',
    });
    const later = await makeConsultationSession(db, TENANT, a.refs, {
      ...CARDIOLOGIST,
      startTime: new Date(inAWeek.getTime() + HOUR),
      status: 'started',
    });
    const neuro = await makeConsultationSession(db, TENANT, b.refs, {
      practitionerRoleCode: `neurologist`,
      practitionerRoleDisplay: 'Neurologist',
      startTime: new Date(soon.getTime() + HOUR / 2),
      serviceTypeCode: '3',
    });
    const ids = async (variables: Record<string, unknown>) =>
      (await sessions(variables)).map((s) => s.id);
    const doctorA = `Practitioner/${a.doctor.id}`;
    expect(await ids({ actorReference: [doctorA] })).toEqual([inPerson.id, video.id, later.id]);
    expect(
      await ids({
        actorReference: [doctorA],
        extensionParticipationMode: 'remote_presence_video_call',
      }),
    ).toEqual([video.id]);
    // Practitioner and Organization combine with AND; several of one kind with OR.
    expect(await ids({ actorReference: [doctorA, `Organization/${b.hospital.id}`] })).toEqual([]);
    expect(
      await ids({
        actorReference: [`Organization/${a.hospital.id}`, `Organization/${b.hospital.id}`],
      }),
    ).toEqual([inPerson.id, neuro.id, video.id, later.id]);
    expect(await ids({ actorReference: [`Organization/${b.hospital.id}`] })).toEqual([neuro.id]);
    const byRole = await ids({ practitionerRoleCodingCode: 'neurologist' });
    expect(byRole).toContain(neuro.id);
    expect(byRole).not.toContain(inPerson.id);
    expect(await ids({ actorReference: [doctorA], serviceTypeCodingCode: '3' })).toEqual([]);
    expect(
      await ids({ actorReference: [`Practitioner/${b.doctor.id}`], serviceTypeCodingCode: '3' }),
    ).toEqual([neuro.id]);
    expect(await ids({ actorReference: [doctorA], status: ['started'] })).toEqual([later.id]);
    expect(await ids({ actorReference: [doctorA], limit: 2 })).toEqual([inPerson.id, video.id]);
    // A start time in the future drops the earlier sessions.
    expect(await ids({ actorReference: [doctorA], startTime: inAWeek.toISOString() })).toEqual([
      later.id,
    ]);
  });

  it('counts the places taken (as booking keeps them: live appointments and held numbers) and the paid appointments', async () => {
    const { refs } = await doctorAt();
    // Tokens 1..4 below (2 still live) and a fifth number held by a temporary appointment.
    const session = await makeConsultationSession(t.database.db, TENANT, refs, { issuedTokens: 5, liveAppointments: 3 });
    // One profile holds one live appointment per session, so each row is another profile's.
    const base = () => ({
      tenantId: TENANT,
      sessionId: session.id,
      accountId: randomUUID(),
      patientId: randomUUID(),
    });
    await t.database.db.insert(appointments).values([
      { ...base(), tokenNo: 1, paymentStatus: 'paid' },
      { ...base(), tokenNo: 2, paymentStatus: 'paid', appointmentStatus: 'cancelled' },
      { ...base(), tokenNo: 3 },
      { ...base(), tokenNo: 4, appointmentStatus: 'entered_in_error' },
    ]);
    const [counted] = await sessions({ id: session.id });
    expect(counted).toMatchObject({ appointmentCount: 3, paidAppointments: 2 });
  });

  it('rejects a malformed actor reference and finds nothing for ids that cannot exist', async () => {
    const bad = await t.gql(SESSIONS, { actorReference: ['Patient/1'] });
    expect(bad.errors?.[0]?.message).toBe('ARO-E2002:The request is not valid');
    expect(await sessions({ id: 'not-a-uuid' })).toEqual([]);
    expect(await sessions({ actorReference: ['Practitioner/42'] })).toEqual([]);
  });

  it("never shows another tenant's sessions", async () => {
    const ours = await doctorAt();
    const theirs = await doctorAt('first-tenant');
    const ourSession = await makeConsultationSession(t.database.db, TENANT, ours.refs);
    const theirSession = await makeConsultationSession(t.database.db, 'first-tenant', theirs.refs);
    const seenThere = (await sessions({}, FIRST_HOST)).map((s) => s.id);
    expect(seenThere).toContain(theirSession.id);
    expect(seenThere).not.toContain(ourSession.id);
    expect(await sessions({ id: ourSession.id }, FIRST_HOST)).toEqual([]);
    expect(
      await sessions({ actorReference: [`Practitioner/${ours.doctor.id}`] }, FIRST_HOST),
    ).toEqual([]);
  });
});
