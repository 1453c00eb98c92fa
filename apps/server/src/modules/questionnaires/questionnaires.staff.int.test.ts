import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import {
  authHeader,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeQuestionnaire,
  makeSessionAppointment,
  makeStaffUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PRE_VISIT_QUESTIONNAIRE } from '../../db/seed/demo-data.ts';
import { auditEvents, questionnaireResponses } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';

/*
 * Issue 30 §4.9: the demo's pre-visit questionnaire is read in the account's language (or the one
 * asked for) and saved in the words the patient read; the hospital's staff list the responses of
 * their own hospital's patients and read one with its answers, each read audited; another
 * hospital's response is never reachable, whatever id is sent.
 */

const TENANT = 'careline-demo';
const NOT_FOUND = 'ARO-E2001:The requested record was not found';

const READ = `query ($a: ID!, $l: Language) { appointmentQuestionnaire(appointmentId: $a, language: $l) {
  questionnaire { id meta { display } questions { questionNumber question type options { value display } } } } }`;
const SUBMIT = 'mutation ($i: CreateQuestionnaireResponseInput!) { createQuestionnaireResponse(input: $i) { id items { questionNumber question answer } } }';
const ROW_FIELDS = 'id questionnaireId questionnaireTitle basedOn patientId patientName createdAt items { questionNumber question answer }';
const LIST = `query ($o: ID!, $first: Int, $after: ID) { staffQuestionnaireResponses(organizationId: $o, first: $first, after: $after) {
  nodes { ${ROW_FIELDS} } endCursor hasMore } }`;
const ONE = `query ($o: ID!, $id: ID!) { staffQuestionnaireResponse(organizationId: $o, id: $id) { ${ROW_FIELDS} } }`;

type Question = { questionNumber: string; question: string; type: string; options: { value: string; display: string }[] };
type Read = { appointmentQuestionnaire: { questionnaire: { id: string; meta: { display: string }; questions: Question[] } } };
type Row = {
  id: string;
  questionnaireId: string;
  questionnaireTitle: string;
  basedOn: string;
  patientId: string;
  patientName: string;
  createdAt: string;
  items: { questionNumber: string; question: string; answer: string }[];
};
type Page = { staffQuestionnaireResponses: { nodes: Row[]; endCursor: string | null; hasMore: boolean } };

let t: TestApp;
let hospital: string;
let otherHospital: string;
let doctorId: string;
let otherDoctorId: string;
let questionnaireId: string;
const staff = new Map<StaffRole | 'elsewhere', string>();

const message = (body: { errors?: { message: string }[] }): string | null => body.errors?.[0]?.message ?? null;

async function staffToken(organizationId: string, role: StaffRole): Promise<string> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role, practitionerId: null }]);
  return (await createStaffAccessSession(t.database.db, TENANT, user.id)).token;
}

/** A patient account (in a language, when given) with a booked appointment at a hospital. */
async function patientWithAppointment(organizationId: string, givenName: string, language: string | null = null) {
  const db = t.database.db;
  const { account, patient } = await makePatientAccount(db, TENANT, { givenName, preferredLanguage: language });
  const owner = { accountId: account.id, patientId: patient.id };
  const practitionerId = organizationId === hospital ? doctorId : otherDoctorId;
  const { appointment } = await makeSessionAppointment(db, TENANT, { practitionerId, organizationId }, owner, {
    session: { issuedTokens: 1, liveAppointments: 1 },
    appointment: { appointmentStatus: 'booked' },
  });
  const { token } = await createAccessSession(db, TENANT, account.id);
  return { ...owner, appointmentId: appointment.id, token };
}

type Patient = Awaited<ReturnType<typeof patientWithAppointment>>;

async function answer(p: Patient, items: unknown[], language?: string): Promise<Row> {
  const body = await t.gql<{ createQuestionnaireResponse: Row }>(
    SUBMIT,
    { i: { basedOn: `Appointment/${p.appointmentId}`, subject: `Patient/${p.patientId}`, questionnaireId, items, language } },
    authHeader(p.token),
  );
  expect(body.errors).toBeUndefined();
  return body.data?.createQuestionnaireResponse as Row;
}

const auditRows = (action: string) =>
  t.database.db.select().from(auditEvents).where(and(eq(auditEvents.tenantId, TENANT), eq(auditEvents.action, action)));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hospital = (await makeOrganization(db, TENANT)).id;
  otherHospital = (await makeOrganization(db, TENANT)).id;
  doctorId = (await makePractitioner(db, TENANT, hospital)).id;
  otherDoctorId = (await makePractitioner(db, TENANT, otherHospital)).id;
  // The demo seed's questionnaire, as seed.ts writes it: the whole tenant's, asked at both hospitals.
  questionnaireId = (await makeQuestionnaire(db, TENANT, null, { ...PRE_VISIT_QUESTIONNAIRE })).id;
  for (const role of ['nurse', 'doctor', 'labTechnician'] as const) {
    staff.set(role, await staffToken(hospital, role));
  }
  staff.set('elsewhere', await staffToken(otherHospital, 'nurse'));
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('the pre-visit questionnaire in the patient’s language', () => {
  it('reads in the account’s language, or the one asked for; an option’s value is its English text', async () => {
    const sinhala = await patientWithAppointment(hospital, 'Sunil', 'si');
    const body = await t.gql<Read>(READ, { a: sinhala.appointmentId }, authHeader(sinhala.token));
    expect(body.errors).toBeUndefined();
    const questionnaire = body.data?.appointmentQuestionnaire.questionnaire;
    expect(questionnaire?.meta.display).toBe('ඔබගේ පැමිණීමට පෙර');
    expect(questionnaire?.questions.map((q) => [q.questionNumber, q.type])).toEqual([
      ['1', 'text'],
      ['2', 'text'],
      ['3', 'checkBox'],
      ['4', 'checkBox'],
      ['5', 'text'],
    ]);
    expect(questionnaire?.questions[2]?.question).toBe('ඔබට දැන් මෙම රෝග ලක්ෂණ කිසිවක් තිබේද?');
    expect(questionnaire?.questions[2]?.options[0]).toEqual({ value: 'Fever', display: 'උණ' });

    const tamil = await t.gql<Read>(READ, { a: sinhala.appointmentId, l: 'ta' }, authHeader(sinhala.token));
    expect(tamil.data?.appointmentQuestionnaire.questionnaire.meta.display).toBe('உங்கள் வருகைக்கு முன்');
    expect(tamil.data?.appointmentQuestionnaire.questionnaire.questions[3]?.options[1]).toEqual({ value: 'High blood pressure', display: 'உயர் இரத்த அழுத்தம்' });

    const english = await patientWithAppointment(hospital, 'Ann');
    const plain = await t.gql<Read>(READ, { a: english.appointmentId }, authHeader(english.token));
    expect(plain.data?.appointmentQuestionnaire.questionnaire.meta.display).toBe('Before your visit');
    expect(plain.data?.appointmentQuestionnaire.questionnaire.questions[0]?.question).toBe(
      'Are you allergic to any medicines, foods or anything else? Please name them.',
    );
  });

  it('saves the answers in the words the patient read', async () => {
    const p = await patientWithAppointment(hospital, 'Kamala', 'si');
    const saved = await answer(p, [
      { questionNumber: '1', answer: 'පෙනිසිලින්' },
      { questionNumber: '3', values: ['Cough', 'Fever'] },
    ]);
    expect(saved.items).toEqual([
      { questionNumber: '1', question: 'ඔබට කිසියම් ඖෂධයකට, ආහාරයකට හෝ වෙනත් දෙයකට අසාත්මිකතාවක් තිබේද? කරුණාකර ඒවා සඳහන් කරන්න.', answer: 'පෙනිසිලින්' },
      { questionNumber: '3', question: 'ඔබට දැන් මෙම රෝග ලක්ෂණ කිසිවක් තිබේද?', answer: 'උණ, කැස්ස' },
    ]);
    // A displayed text is not a value: the same check whatever the language.
    const bad = await t.gql(
      SUBMIT,
      { i: { basedOn: `Appointment/${p.appointmentId}`, subject: `Patient/${p.patientId}`, questionnaireId, items: [{ questionNumber: '4', values: ['ඇදුම'] }] } },
      authHeader(p.token),
    );
    expect(message(bad)).toBe('ARO-E7052:Choose the answers from the options of the question');
  });
});

describe('staff read the responses of their hospital’s patients', () => {
  it('lists this hospital’s responses newest first with the patient and the questionnaire, a page at a time, audited', async () => {
    const first = await patientWithAppointment(hospital, 'Nimal');
    const firstSaved = await answer(first, [{ questionNumber: '2', answer: 'Metformin 500 mg twice a day' }]);
    const second = await patientWithAppointment(hospital, 'Ruwan');
    const secondSaved = await answer(second, [{ questionNumber: '4', values: ['Asthma'] }]);
    const away = await patientWithAppointment(otherHospital, 'Elsewhere');
    const awaySaved = await answer(away, [{ questionNumber: '5', answer: 'A rash' }]);

    const nurse = authHeader(staff.get('nurse') ?? '');
    const body = await t.gql<Page>(LIST, { o: hospital }, nurse);
    expect(body.errors).toBeUndefined();
    const nodes = body.data?.staffQuestionnaireResponses.nodes ?? [];
    const ids = nodes.map((row) => row.id);
    expect(ids).toContain(firstSaved.id);
    expect(ids).not.toContain(awaySaved.id);
    expect(ids.indexOf(secondSaved.id)).toBeLessThan(ids.indexOf(firstSaved.id));
    expect(nodes.find((row) => row.id === secondSaved.id)).toMatchObject({
      questionnaireId,
      questionnaireTitle: 'Before your visit',
      basedOn: `Appointment/${second.appointmentId}`,
      patientId: second.patientId,
      patientName: 'Mr. Ruwan Silva',
      items: [{ questionNumber: '4', question: 'Do you have any of these long-term conditions?', answer: 'Asthma' }],
    });
    const [audit] = (await auditRows('questionnaire.responses.list')).filter((row) => row.role === 'nurse' && row.organizationId === hospital);
    expect(audit?.details).toMatchObject({ questionnaireResponseIds: ids });
    expect((audit?.details as { patientIds: string[] }).patientIds).toEqual(expect.arrayContaining([first.patientId, second.patientId]));

    // Page by page: one, then the rest after its cursor.
    const one = await t.gql<Page>(LIST, { o: hospital, first: 1 }, nurse);
    expect(one.data?.staffQuestionnaireResponses).toMatchObject({ nodes: [{ id: ids[0] }], endCursor: ids[0], hasMore: true });
    const rest = await t.gql<Page>(LIST, { o: hospital, first: 50, after: ids[0] }, nurse);
    expect(rest.data?.staffQuestionnaireResponses.nodes.map((row) => row.id)).toEqual(ids.slice(1));
    expect(rest.data?.staffQuestionnaireResponses.hasMore).toBe(false);

    // The other hospital's staff see theirs only.
    const elsewhere = await t.gql<Page>(LIST, { o: otherHospital }, authHeader(staff.get('elsewhere') ?? ''));
    expect(elsewhere.data?.staffQuestionnaireResponses.nodes.map((row) => row.id)).toEqual([awaySaved.id]);
  });

  it('reads one response with its questions and answers, audited against the patient', async () => {
    const p = await patientWithAppointment(hospital, 'Chamari');
    const saved = await answer(p, [
      { questionNumber: '1', answer: 'Sulpha drugs' },
      { questionNumber: '3', values: ['Headache'] },
    ]);
    const body = await t.gql<{ staffQuestionnaireResponse: Row }>(ONE, { o: hospital, id: saved.id }, authHeader(staff.get('doctor') ?? ''));
    expect(body.errors).toBeUndefined();
    expect(body.data?.staffQuestionnaireResponse).toMatchObject({
      id: saved.id,
      patientName: 'Mr. Chamari Silva',
      questionnaireTitle: 'Before your visit',
      items: [
        { questionNumber: '1', question: 'Are you allergic to any medicines, foods or anything else? Please name them.', answer: 'Sulpha drugs' },
        { questionNumber: '3', question: 'Do you have any of these symptoms now?', answer: 'Headache' },
      ],
    });
    const audits = (await auditRows('questionnaire.response.read')).filter((row) => row.patientId === p.patientId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ organizationId: hospital, role: 'doctor', patientAccountId: p.accountId, details: { questionnaireResponseId: saved.id } });
  });

  it('never reaches another hospital’s response, whatever the id; bad input changes nothing', async () => {
    const away = await patientWithAppointment(otherHospital, 'Faraway');
    const saved = await answer(away, [{ questionNumber: '5', answer: 'Knee pain' }]);
    const nurse = authHeader(staff.get('nurse') ?? '');
    const before = (await t.database.db.select().from(auditEvents)).length;
    // Our hospital with their response's id: not found, like a missing one.
    expect(message(await t.gql(ONE, { o: hospital, id: saved.id }, nurse))).toBe(NOT_FOUND);
    expect(message(await t.gql(ONE, { o: hospital, id: randomUUID() }, nurse))).toBe(NOT_FOUND);
    expect(message(await t.gql(ONE, { o: hospital, id: 'not-an-id' }, nurse))).toBe(NOT_FOUND);
    // Their hospital's id from our member: the policy's not-found.
    expect(message(await t.gql(ONE, { o: otherHospital, id: saved.id }, nurse))).toBe(NOT_FOUND);
    expect(message(await t.gql(LIST, { o: otherHospital }, nurse))).toBe(NOT_FOUND);
    // Their response as a cursor of our list, and pages out of range.
    expect(message(await t.gql(LIST, { o: hospital, after: saved.id }, nurse))).toBe('ARO-E2002:after: a response of this list');
    expect(message(await t.gql(LIST, { o: hospital, first: 0 }, nurse))).toBe('ARO-E2002:first: 1 to 50');
    expect(message(await t.gql(LIST, { o: hospital, first: 51 }, nurse))).toBe('ARO-E2002:first: 1 to 50');
    // Roles that do not read responses, and patients.
    expect(message(await t.gql(ONE, { o: hospital, id: saved.id }, authHeader(staff.get('labTechnician') ?? '')))?.split(':')[0]).toBe('ARO-E1210');
    expect(message(await t.gql(LIST, { o: otherHospital }, authHeader(away.token)))?.split(':')[0]).toBe('ARO-E1023');
    expect((await t.database.db.select().from(auditEvents)).length).toBe(before);
    // The response stays where it was.
    const [row] = await t.database.db.select().from(questionnaireResponses).where(eq(questionnaireResponses.id, saved.id));
    expect(row?.organizationId).toBe(otherHospital);
  });
});
