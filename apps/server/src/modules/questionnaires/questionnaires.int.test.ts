import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import {
  makeConsultationSession,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeQuestionnaire,
  makeStaffUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { appointments, auditEvents, patients, questionnaireResponses } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';

/*
 * Questionnaires (issue 11 §3 and the staff console): staff define a hospital's questionnaire, the
 * patient reads the one asked for an appointment of their own profile and answers it once
 * (createQuestionnaireResponse, spec doc 3 §3, §5, §7), and staff read the answers, audited.
 */

const TENANT = 'careline-demo';
const NOT_FOUND = 'ARO-E2001:The requested record was not found';

const Q_FIELDS = 'id meta { display } questions { questionNumber question type options { value display } } status organizationId';
const DEFINE = `mutation ($o: ID!, $i: QuestionnaireDefinitionInput!) { staffDefineQuestionnaire(organizationId: $o, input: $i) { ${Q_FIELDS} } }`;
const UPDATE = `mutation ($o: ID!, $id: ID!, $i: QuestionnaireDefinitionInput!) { staffUpdateQuestionnaire(organizationId: $o, id: $id, input: $i) { ${Q_FIELDS} } }`;
const LIST = 'query ($o: ID!) { staffQuestionnaires(organizationId: $o) { id meta { display } status questionCount } }';
const GET = `query ($o: ID!, $id: ID!) { staffQuestionnaire(organizationId: $o, id: $id) { ${Q_FIELDS} } }`;
const READ = `query ($a: ID!) { appointmentQuestionnaire(appointmentId: $a) { appointmentId responded questionnaire { ${Q_FIELDS} } } }`;
const RESPONSE_FIELDS = 'id questionnaireId basedOn subject author items { questionNumber question answer }';
const SUBMIT = `mutation ($i: CreateQuestionnaireResponseInput!) { createQuestionnaireResponse(input: $i) { ${RESPONSE_FIELDS} } }`;
const RESPONSES = `query ($o: ID!, $a: ID!) { staffAppointmentQuestionnaireResponses(organizationId: $o, appointmentId: $a) { appointmentId patientId responses { ${RESPONSE_FIELDS} } } }`;

type Q = { id: string; questionCount?: number; meta: { display: string }; questions: { questionNumber: string; question: string; type: string; options: { value: string; display: string }[] }[]; status: string };
type Resp = { id: string; questionnaireId: string; basedOn: string; subject: string; author: string; items: { questionNumber: string; question: string; answer: string }[] };

const SCREENING = {
  title: 'Screening questionnaire',
  questions: [
    { questionNumber: '1', question: 'What brings you in today?', type: 'text' },
    { questionNumber: '2', question: 'Do you have any of these?', type: 'checkBox', options: ['Fever', 'Cough', 'Headache'] },
  ],
};

let t: TestApp;
let hospital: string;
let otherHospital: string;
let doctorId: string;
const staff = new Map<StaffRole | 'elsewhere', string>();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const message = (body: { errors?: { message: string }[] }): string | null => body.errors?.[0]?.message ?? null;

async function staffToken(organizationId: string, role: StaffRole): Promise<string> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role, practitionerId: role === 'doctor' ? doctorId : null }]);
  return (await createStaffAccessSession(t.database.db, TENANT, user.id)).token;
}

/** A patient account with a second profile and a booked appointment of that profile at a hospital. */
async function patientWithAppointment(organizationId: string, status = 'booked') {
  const db = t.database.db;
  const { account, patient: me } = await makePatientAccount(db, TENANT, { hospitalId: organizationId });
  const [child] = await db
    .insert(patients)
    .values({ tenantId: TENANT, accountId: account.id, prefix: 'Miss', givenName: 'Nimali', familyName: 'Silva', gender: 'female', birthDate: '2015-01-01', relationship: 'Daughter' })
    .returning();
  const session = await makeConsultationSession(db, TENANT, { practitionerId: doctorId, organizationId }, { issuedTokens: 1, liveAppointments: 1 });
  const [appointment] = await db
    .insert(appointments)
    .values({ tenantId: TENANT, sessionId: session.id, accountId: account.id, patientId: child?.id ?? '', tokenNo: 1, appointmentStatus: status })
    .returning();
  const { token } = await createAccessSession(db, TENANT, account.id);
  return { accountId: account.id, meId: me.id, patientId: child?.id ?? '', appointmentId: appointment?.id ?? '', token };
}

const submitInput = (p: { appointmentId: string; patientId: string }, questionnaireId: string, items: unknown[]) => ({
  i: { basedOn: `Appointment/${p.appointmentId}`, subject: `Patient/${p.patientId}`, questionnaireId, items },
});

let screening: Q;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hospital = (await makeOrganization(db, TENANT)).id;
  otherHospital = (await makeOrganization(db, TENANT)).id;
  doctorId = (await makePractitioner(db, TENANT, hospital)).id;
  for (const role of ['admin', 'doctor', 'nurse', 'pharmacist', 'labTechnician'] as const) {
    staff.set(role, await staffToken(hospital, role));
  }
  staff.set('elsewhere', await staffToken(otherHospital, 'doctor'));
  const body = await t.gql<{ staffDefineQuestionnaire: Q }>(DEFINE, { o: hospital, i: SCREENING }, bearer(staff.get('doctor') ?? ''));
  expect(body.errors).toBeUndefined();
  screening = body.data?.staffDefineQuestionnaire as Q;
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('staff define questionnaires', () => {
  it('keeps the title in meta.display, text and checkBox questions with options; a retry gives the same one', async () => {
    expect(screening.meta.display).toBe('Screening questionnaire');
    expect(screening.status).toBe('active');
    expect(screening.questions).toEqual([
      { questionNumber: '1', question: 'What brings you in today?', type: 'text', options: [] },
      {
        questionNumber: '2',
        question: 'Do you have any of these?',
        type: 'checkBox',
        options: [
          { value: 'Fever', display: 'Fever' },
          { value: 'Cough', display: 'Cough' },
          { value: 'Headache', display: 'Headache' },
        ],
      },
    ]);
    const again = await t.gql<{ staffDefineQuestionnaire: Q }>(DEFINE, { o: hospital, i: SCREENING }, bearer(staff.get('nurse') ?? ''));
    expect(again.data?.staffDefineQuestionnaire.id).toBe(screening.id);
    const clash = await t.gql(DEFINE, { o: hospital, i: { ...SCREENING, title: 'SCREENING questionnaire', questions: SCREENING.questions.slice(0, 1) } }, bearer(staff.get('nurse') ?? ''));
    expect(message(clash)).toBe('ARO-E7060:This hospital already has a questionnaire with this title');
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'questionnaire.define'), eq(auditEvents.organizationId, hospital)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.role).toBe('doctor');
  });

  it('two defines of one title at once: the same definition is one questionnaire, another is ARO-E7060 (never ARO-E9999)', async () => {
    // A hospital of its own, so the questionnaires it makes are asked nowhere else in this file.
    const own = (await makeOrganization(t.database.db, TENANT)).id;
    const nurse = bearer(await staffToken(own, 'nurse'));
    const same = { ...SCREENING, title: 'Twin form' };
    const twins = await Promise.all([0, 1, 2].map(() => t.gql<{ staffDefineQuestionnaire: Q }>(DEFINE, { o: own, i: same }, nurse)));
    expect(twins.map((body) => body.errors)).toEqual([undefined, undefined, undefined]);
    expect(new Set(twins.map((body) => body.data?.staffDefineQuestionnaire.id)).size).toBe(1);
    const other = { ...SCREENING, title: 'Rival form' };
    const rivals = await Promise.all([
      t.gql(DEFINE, { o: own, i: other }, nurse),
      t.gql(DEFINE, { o: own, i: { ...other, questions: SCREENING.questions.slice(0, 1) } }, nurse),
    ]);
    expect(rivals.map((body) => (body.errors ? (message(body) ?? '').split(':')[0] : 'ok')).sort()).toEqual(['ARO-E7060', 'ok']);
  });

  it('refuses bad definitions with their codes', async () => {
    const nurse = bearer(staff.get('nurse') ?? '');
    const cases: [unknown, string][] = [
      [{ ...SCREENING, title: ' ' }, 'ARO-E7056'],
      [{ ...SCREENING, title: 'x'.repeat(201) }, 'ARO-E7056'],
      [{ ...SCREENING, title: 'Bad', questions: [] }, 'ARO-E7057'],
      [{ title: 'Bad', questions: [SCREENING.questions[0], SCREENING.questions[0]] }, 'ARO-E7057'],
      [{ title: 'Bad', questions: [{ questionNumber: '1', question: 'Q', type: 'radio' }] }, 'ARO-E7058'],
      [{ title: 'Bad', questions: [{ questionNumber: '1', question: '', type: 'text' }] }, 'ARO-E7058'],
      [{ title: 'Bad', questions: [{ questionNumber: '1', question: 'Q', type: 'checkBox' }] }, 'ARO-E7059'],
      [{ title: 'Bad', questions: [{ questionNumber: '1', question: 'Q', type: 'checkBox', options: ['A', 'A'] }] }, 'ARO-E7059'],
      [{ ...SCREENING, title: 'Bad', status: 'draft' }, 'ARO-E7061'],
    ];
    for (const [input, code] of cases) {
      const body = await t.gql(DEFINE, { o: hospital, i: input }, nurse);
      expect(message(body)?.split(':')[0], JSON.stringify(input)).toBe(code);
    }
  });

  it('lists and updates only the hospital’s own; another hospital’s id answers not-found', async () => {
    const admin = bearer(staff.get('admin') ?? '');
    const draft = await t.gql<{ staffDefineQuestionnaire: Q }>(DEFINE, { o: hospital, i: { ...SCREENING, title: 'Old form', status: 'retired' } }, admin);
    const id = draft.data?.staffDefineQuestionnaire.id ?? '';
    const renamed = await t.gql<{ staffUpdateQuestionnaire: Q }>(UPDATE, { o: hospital, id, i: { ...SCREENING, title: 'Older form', status: 'retired' } }, admin);
    expect(renamed.data?.staffUpdateQuestionnaire.meta.display).toBe('Older form');
    const list = await t.gql<{ staffQuestionnaires: Q[] }>(LIST, { o: hospital }, admin);
    expect(list.data?.staffQuestionnaires.map((q) => [q.meta.display, q.status])).toEqual([
      ['Screening questionnaire', 'active'],
      ['Older form', 'retired'],
    ]);
    expect(list.data?.staffQuestionnaires[1]?.questionCount).toBe(2);
    const one = await t.gql<{ staffQuestionnaire: Q }>(GET, { o: hospital, id }, admin);
    expect(one.data?.staffQuestionnaire.questions).toHaveLength(2);
    const elsewhere = bearer(staff.get('elsewhere') ?? '');
    expect(message(await t.gql(GET, { o: otherHospital, id }, elsewhere))).toBe(NOT_FOUND);
    expect(message(await t.gql(UPDATE, { o: otherHospital, id, i: SCREENING }, elsewhere))).toBe(NOT_FOUND);
    expect(message(await t.gql(UPDATE, { o: hospital, id, i: SCREENING }, elsewhere))?.split(':')[0]).toBe('ARO-E2001');
    expect((await t.gql<{ staffQuestionnaires: Q[] }>(LIST, { o: otherHospital }, elsewhere)).data?.staffQuestionnaires).toEqual([]);
    // The retired one takes the active one's title: refused.
    expect(message(await t.gql(UPDATE, { o: hospital, id, i: SCREENING }, admin))?.split(':')[0]).toBe('ARO-E7060');
    // Pharmacists and lab technicians do not work questionnaires.
    expect(message(await t.gql(LIST, { o: hospital }, bearer(staff.get('pharmacist') ?? '')))?.split(':')[0]).toBe('ARO-E1210');
  });
});

describe('the patient answers the questionnaire of their appointment', () => {
  it('reads the questionnaire asked for a profile’s appointment, not yet answered', async () => {
    const p = await patientWithAppointment(hospital);
    const body = await t.gql<{ appointmentQuestionnaire: { appointmentId: string; responded: boolean; questionnaire: Q | null } }>(READ, { a: p.appointmentId }, bearer(p.token));
    expect(body.errors).toBeUndefined();
    expect(body.data?.appointmentQuestionnaire).toMatchObject({ appointmentId: p.appointmentId, responded: false, questionnaire: { id: screening.id, meta: { display: 'Screening questionnaire' } } });
    // A hospital that asks none.
    const q = await patientWithAppointment(otherHospital);
    const none = await t.gql<{ appointmentQuestionnaire: { questionnaire: Q | null } }>(READ, { a: q.appointmentId }, bearer(q.token));
    expect(none.data?.appointmentQuestionnaire.questionnaire).toBeNull();
  });

  it('saves basedOn, subject, author and items; a retry is the same row; other answers are refused', async () => {
    const p = await patientWithAppointment(hospital);
    const items = [
      { questionNumber: '1', answer: '  Chest pain since Monday ' },
      { questionNumber: '2', values: ['Headache', 'Fever'] },
    ];
    const body = await t.gql<{ createQuestionnaireResponse: Resp }>(SUBMIT, submitInput(p, screening.id, items), bearer(p.token));
    expect(body.errors).toBeUndefined();
    const saved = body.data?.createQuestionnaireResponse;
    expect(saved).toMatchObject({
      questionnaireId: screening.id,
      basedOn: `Appointment/${p.appointmentId}`,
      subject: `Patient/${p.patientId}`,
      author: `Patient/${p.meId}`,
      items: [
        { questionNumber: '1', question: 'What brings you in today?', answer: 'Chest pain since Monday' },
        { questionNumber: '2', question: 'Do you have any of these?', answer: 'Fever, Headache' },
      ],
    });
    const retry = await t.gql<{ createQuestionnaireResponse: Resp }>(SUBMIT, submitInput(p, screening.id, items), bearer(p.token));
    expect(retry.data?.createQuestionnaireResponse.id).toBe(saved?.id);
    const other = await t.gql(SUBMIT, submitInput(p, screening.id, [{ questionNumber: '1', answer: 'Something else' }]), bearer(p.token));
    expect(message(other)).toBe('ARO-E7053:This questionnaire has already been answered for this appointment');
    const rows = await t.database.db.select().from(questionnaireResponses).where(eq(questionnaireResponses.basedOn, `Appointment/${p.appointmentId}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountId: p.accountId, patientId: p.patientId });
    const read = await t.gql<{ appointmentQuestionnaire: { responded: boolean } }>(READ, { a: p.appointmentId }, bearer(p.token));
    expect(read.data?.appointmentQuestionnaire.responded).toBe(true);
  });

  it('two submits at once make one row', async () => {
    const p = await patientWithAppointment(hospital);
    const items = [{ questionNumber: '2', values: ['Cough'] }];
    const bodies = await Promise.all([1, 2, 3].map(() => t.gql<{ createQuestionnaireResponse: Resp }>(SUBMIT, submitInput(p, screening.id, items), bearer(p.token))));
    expect(bodies.map((b) => b.errors)).toEqual([undefined, undefined, undefined]);
    expect(new Set(bodies.map((b) => b.data?.createQuestionnaireResponse.id)).size).toBe(1);
  });

  it('needs at least one answer, valid lengths and offered choices', async () => {
    const p = await patientWithAppointment(hospital);
    const cases: [unknown[], string][] = [
      [[], 'ARO-E7050:Answer at least one question before submitting'],
      [[{ questionNumber: '1', answer: '   ' }], 'ARO-E7050:Answer at least one question before submitting'],
      [[{ questionNumber: '2', values: [] }], 'ARO-E7050:Answer at least one question before submitting'],
      [[{ questionNumber: '1', answer: 'x'.repeat(2001) }], 'ARO-E7051:An answer can have at most 2000 characters and no control characters'],
      [[{ questionNumber: '1', answer: 'bad\u0007' }], 'ARO-E7051:An answer can have at most 2000 characters and no control characters'],
      [[{ questionNumber: '2', values: ['Malaria'] }], 'ARO-E7052:Choose the answers from the options of the question'],
      [[{ questionNumber: '2', values: ['Fever', 'Fever'] }], 'ARO-E7052:Choose the answers from the options of the question'],
      [[{ questionNumber: '1', values: ['Fever'] }], 'ARO-E7052:Choose the answers from the options of the question'],
    ];
    for (const [items, expected] of cases) {
      expect(message(await t.gql(SUBMIT, submitInput(p, screening.id, items), bearer(p.token))), JSON.stringify(items)).toBe(expected);
    }
    expect(message(await t.gql(SUBMIT, submitInput(p, screening.id, [{ questionNumber: '9', answer: 'x' }]), bearer(p.token)))?.split(':')[0]).toBe('ARO-E2002');
    expect(message(await t.gql(SUBMIT, submitInput(p, randomUUID(), [{ questionNumber: '1', answer: 'x' }]), bearer(p.token)))).toBe(
      'ARO-E7054:This questionnaire is not asked for this appointment',
    );
    // Multi-line text is an answer, not a control character.
    expect(message(await t.gql(SUBMIT, submitInput(p, screening.id, [{ questionNumber: '1', answer: 'Line one\nLine two' }]), bearer(p.token)))).toBeNull();
  });

  it('a cancelled appointment’s questionnaire can no longer be answered', async () => {
    const p = await patientWithAppointment(hospital, 'cancelled');
    expect(message(await t.gql(SUBMIT, submitInput(p, screening.id, [{ questionNumber: '1', answer: 'x' }]), bearer(p.token)))).toBe(
      'ARO-E7055:This appointment is cancelled: its questionnaire can no longer be answered',
    );
  });

  it('another account’s appointment or profile gives the same not-found as a missing id', async () => {
    const alice = await patientWithAppointment(hospital);
    const bob = await patientWithAppointment(hospital);
    const items = [{ questionNumber: '1', answer: 'x' }];
    expect(message(await t.gql(READ, { a: alice.appointmentId }, bearer(bob.token)))).toBe(NOT_FOUND);
    expect(message(await t.gql(READ, { a: randomUUID() }, bearer(bob.token)))).toBe(NOT_FOUND);
    expect(message(await t.gql(READ, { a: 'not-an-id' }, bearer(bob.token)))).toBe(NOT_FOUND);
    expect(message(await t.gql(SUBMIT, submitInput(alice, screening.id, items), bearer(bob.token)))).toBe(NOT_FOUND);
    // Bob's own appointment with Alice's profile as the subject.
    expect(message(await t.gql(SUBMIT, submitInput({ appointmentId: bob.appointmentId, patientId: alice.patientId }, screening.id, items), bearer(bob.token)))).toBe(NOT_FOUND);
    expect(message(await t.gql(SUBMIT, { i: { ...submitInput(bob, screening.id, items).i, basedOn: 'Session/x' } }, bearer(bob.token)))).toBe(NOT_FOUND);
    const rows = await t.database.db.select().from(questionnaireResponses).where(eq(questionnaireResponses.basedOn, `Appointment/${alice.appointmentId}`));
    expect(rows).toEqual([]);
    // A staff token and no token are refused by the scope.
    expect(message(await t.gql(READ, { a: alice.appointmentId }, bearer(staff.get('doctor') ?? '')))).toBe('ARO-E1023:Please login');
    expect(message(await t.gql(READ, { a: alice.appointmentId }))).toBe('ARO-E1023:Please login');
  });
});

describe('staff read the responses on an appointment', () => {
  it('shows the answers to doctors and nurses of the hospital, audited; another hospital gets not-found', async () => {
    const p = await patientWithAppointment(hospital);
    await t.gql(SUBMIT, submitInput(p, screening.id, [{ questionNumber: '1', answer: 'Back pain' }]), bearer(p.token));
    const body = await t.gql<{ staffAppointmentQuestionnaireResponses: { patientId: string; responses: Resp[] } }>(
      RESPONSES,
      { o: hospital, a: p.appointmentId },
      bearer(staff.get('nurse') ?? ''),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.staffAppointmentQuestionnaireResponses).toMatchObject({
      patientId: p.patientId,
      responses: [{ subject: `Patient/${p.patientId}`, items: [{ question: 'What brings you in today?', answer: 'Back pain' }] }],
    });
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'questionnaire.responses.read'), eq(auditEvents.patientId, p.patientId)));
    expect(audit).toMatchObject({ organizationId: hospital, role: 'nurse', patientAccountId: p.accountId });
    // The other hospital's doctor: its own hospital id gives not-found, ours the policy's not-found.
    const elsewhere = bearer(staff.get('elsewhere') ?? '');
    expect(message(await t.gql(RESPONSES, { o: otherHospital, a: p.appointmentId }, elsewhere))).toBe(NOT_FOUND);
    expect(message(await t.gql(RESPONSES, { o: hospital, a: p.appointmentId }, elsewhere))).toBe(NOT_FOUND);
    expect(message(await t.gql(RESPONSES, { o: hospital, a: randomUUID() }, bearer(staff.get('doctor') ?? '')))).toBe(NOT_FOUND);
    expect(message(await t.gql(RESPONSES, { o: hospital, a: p.appointmentId }, bearer(staff.get('labTechnician') ?? '')))?.split(':')[0]).toBe('ARO-E1210');
    expect(message(await t.gql(RESPONSES, { o: hospital, a: p.appointmentId }, bearer(p.token)))?.split(':')[0]).toBe('ARO-E1023');
  });
});

// Last in the file: a questionnaire of the whole tenant is asked wherever a hospital has none of its own.
describe('a questionnaire of the whole tenant (the demo seed’s)', () => {
  it('is asked at a hospital without its own; its choice questions read as checkBox, string ones as text', async () => {
    const tenantWide = await makeQuestionnaire(t.database.db, TENANT, null, {
      title: 'Pre-consultation screening',
      items: [
        { linkId: 'fever', text: 'Have you had a fever in the last 7 days?', type: 'choice', options: ['Yes', 'No'] },
        { linkId: 'medication', text: 'Which medicines are you taking at the moment?', type: 'string' },
      ],
    });
    const elsewhere = await patientWithAppointment(otherHospital);
    const body = await t.gql<{ appointmentQuestionnaire: { questionnaire: Q } }>(READ, { a: elsewhere.appointmentId }, bearer(elsewhere.token));
    expect(body.data?.appointmentQuestionnaire.questionnaire).toMatchObject({
      id: tenantWide.id,
      questions: [
        { questionNumber: 'fever', type: 'checkBox', options: [{ value: 'Yes', display: 'Yes' }, { value: 'No', display: 'No' }] },
        { questionNumber: 'medication', type: 'text', options: [] },
      ],
    });
    const saved = await t.gql<{ createQuestionnaireResponse: Resp }>(
      SUBMIT,
      submitInput(elsewhere, tenantWide.id, [{ questionNumber: 'fever', values: ['No'] }]),
      bearer(elsewhere.token),
    );
    expect(saved.data?.createQuestionnaireResponse.items).toEqual([{ questionNumber: 'fever', question: 'Have you had a fever in the last 7 days?', answer: 'No' }]);
    // The hospital's own questionnaire comes first.
    const here = await patientWithAppointment(hospital);
    const own = await t.gql<{ appointmentQuestionnaire: { questionnaire: Q } }>(READ, { a: here.appointmentId }, bearer(here.token));
    expect(own.data?.appointmentQuestionnaire.questionnaire.id).toBe(screening.id);
  });
});
