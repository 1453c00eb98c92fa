import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { observations, patients, questionnaireResponses, serviceRequests } from '../../db/schema/index.ts';
import {
  makeDiagnosticReportCode,
  makeDocumentReference,
  makeLabReport,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeQuestionnaire,
  makeVideoAppointment,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAccessSession } from '../auth/index.ts';
import { fhirProblems } from './test/validate-fhir.ts';

/*
 * GET /fhir/export/:patientId (issue 11 part 4): a profile of the account and its records as a FHIR
 * R4 Bundle that validates against the R4 definitions, with exactly that profile's records: none of
 * another profile of the same account, none of another account, none the patient may not see (a
 * draft report, a sensitive order, a document entered in error). Another account's profile answers
 * as an unknown id; no token answers 401.
 */

const TENANT = 'careline-demo';
const NOT_FOUND = { error: 'ARO-E7080:This profile was not found, so its records cannot be exported' };

let t: TestApp;
let hospital: string;
let practitioner: string;
let fbc: { id: string; code: string; hb: string };
let questionnaire: string;

/** Records of a profile: what the export must hold, and rows it must leave out. */
type Seeded = { shown: Set<string>; hidden: string[] };

async function seedRecords(accountId: string, patientId: string): Promise<Seeded> {
  const db = t.database.db;
  const owner = { accountId, patientId };
  const appointment = await makeVideoAppointment(db, TENANT, { practitionerId: practitioner, organizationId: hospital }, owner);
  const [order] = await db
    .insert(serviceRequests)
    .values({ tenantId: TENANT, ...owner, category: 'Examination', codeCode: '5', organizationId: hospital, orderDetail: { coding: [{ display: 'Full Blood Count' }] } })
    .returning();
  const [sensitiveOrder] = await db
    .insert(serviceRequests)
    .values({ tenantId: TENANT, ...owner, category: 'Examination', codeCode: '5', sensitive: true })
    .returning();
  const report = await makeLabReport(db, TENANT, {
    ...owner,
    organizationId: hospital,
    diagnosticReportCodeId: fbc.id,
    codeCode: fbc.code,
    serviceRequestId: order?.id ?? null,
    status: 'final',
    summaryStatus: 'issued',
    issuedAt: new Date(),
    notes: 'Mild anaemia',
  });
  const draft = await makeLabReport(db, TENANT, { ...owner, organizationId: hospital, diagnosticReportCodeId: fbc.id, codeCode: `${fbc.code}-draft` });
  const [result, draftResult, ownObservation] = await db
    .insert(observations)
    .values([
      {
        tenantId: TENANT,
        ...owner,
        diagnosticReportId: report.id,
        diagnosticReportCodeId: fbc.id,
        diagnosticReportSubCodeId: fbc.hb,
        code: 'HB',
        codeDisplay: 'Haemoglobin',
        valueQuantity: 10.2,
        unit: 'g/dL',
        referenceRange: { low: 11.5, high: 16.5 },
        critical: true,
      },
      { tenantId: TENANT, ...owner, diagnosticReportId: draft.id, diagnosticReportCodeId: fbc.id, code: 'HB', valueQuantity: 9.1, status: 'preliminary' },
      { tenantId: TENANT, ...owner, code: '3', codeDisplay: 'My information', valueString: 'Allergic to penicillin' },
    ])
    .returning();
  const document = await makeDocumentReference(db, TENANT, { ...owner, contentType: 'image/jpeg', description: 'Prescription', blobId: randomUUID() });
  const removed = await makeDocumentReference(db, TENANT, { ...owner, status: 'entered-in-error' });
  const [response] = await db
    .insert(questionnaireResponses)
    .values({
      tenantId: TENANT,
      ...owner,
      questionnaireId: questionnaire,
      basedOn: `Appointment/${appointment.id}`,
      subject: `Patient/${patientId}`,
      author: `Patient/${patientId}`,
      items: [{ linkId: '1', text: 'What brings you in today?', answer: 'Headache' }],
    })
    .returning();
  const shown = [patientId, appointment.id, order?.id, report.id, result?.id, ownObservation?.id, document.id, response?.id];
  const hidden = [sensitiveOrder?.id, draft.id, draftResult?.id, removed.id];
  if (shown.some((id) => !id) || hidden.some((id) => !id)) {
    throw new Error('a seed row was not returned');
  }
  return { shown: new Set(shown as string[]), hidden: hidden as string[] };
}

async function makeSibling(accountId: string): Promise<string> {
  const [row] = await t.database.db
    .insert(patients)
    .values({ tenantId: TENANT, accountId, prefix: 'Mrs.', givenName: 'Sibling', familyName: 'Silva', gender: 'female', relationship: 'Mother' })
    .returning();
  if (!row) {
    throw new Error('no profile');
  }
  return row.id;
}

const download = (token: string | null, patientId: string) =>
  t.app.inject({ method: 'GET', url: `/fhir/export/${patientId}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  practitioner = (await makePractitioner(t.database.db, TENANT, hospital)).id;
  const made = await makeDiagnosticReportCode(t.database.db, TENANT, { subCodes: [{ name: 'Haemoglobin', parameterOrder: 1, unit: 'g/dL' }] });
  fbc = { id: made.code.id, code: made.code.code, hb: made.subCodes[0]?.id ?? '' };
  questionnaire = (await makeQuestionnaire(t.database.db, TENANT, hospital)).id;
});

afterAll(async () => {
  await t.close();
});

describe('GET /fhir/export/:patientId (issue 11 part 4)', () => {
  it("gives a valid R4 Bundle of exactly the profile's records, and nobody else's", { timeout: 120_000 }, async () => {
    const alice = await makePatientAccount(t.database.db, TENANT, { hospitalId: hospital });
    const { token } = await createAccessSession(t.database.db, TENANT, alice.account.id);
    const mine = await seedRecords(alice.account.id, alice.patient.id);
    // Another profile of the same account, and another account, with records of their own.
    const siblingId = await makeSibling(alice.account.id);
    const sibling = await seedRecords(alice.account.id, siblingId);
    const bob = await makePatientAccount(t.database.db, TENANT, { hospitalId: hospital });
    const stranger = await seedRecords(bob.account.id, bob.patient.id);

    const answer = await download(token, alice.patient.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="FHIR-records-${alice.patient.givenName}-\\d{4}-\\d{2}-\\d{2}\\.json"`),
    );
    const bundle = answer.json<Bundle>();
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    expect(fhirProblems(bundle)).toEqual([]);

    const resources = (bundle.entry ?? []).map((entry) => entry.resource).filter((r): r is Resource => !!r);
    expect(new Set(resources.map((r) => r.id))).toEqual(mine.shown);
    expect(resources.map((r) => r.resourceType).sort()).toEqual([
      'Appointment', 'DiagnosticReport', 'DocumentReference', 'Observation', 'Observation', 'Patient', 'QuestionnaireResponse', 'ServiceRequest',
    ]);
    const text = answer.body;
    for (const id of [...mine.hidden, ...sibling.shown, ...sibling.hidden, ...stranger.shown, ...stranger.hidden]) {
      expect(text).not.toContain(id);
    }
    expect(text).not.toContain(bob.account.mobileNo);
    const report = resources.find((r) => r.resourceType === 'DiagnosticReport');
    expect(report).toMatchObject({ status: 'final', conclusion: 'Mild anaemia', result: [{ type: 'Observation' }] });

    // The sibling's own export holds the sibling's records, from the same account.
    const siblings = await download(token, siblingId);
    expect(siblings.statusCode).toBe(200);
    expect(new Set(siblings.json<Bundle>().entry?.map((entry) => entry.resource?.id))).toEqual(sibling.shown);
  });

  it("answers another account's profile exactly as an unknown one, and 401 without a token", async () => {
    const alice = await makePatientAccount(t.database.db, TENANT);
    const { token } = await createAccessSession(t.database.db, TENANT, alice.account.id);
    const bob = await makePatientAccount(t.database.db, TENANT);
    const answers = await Promise.all([download(token, bob.patient.id), download(token, randomUUID()), download(token, 'not-an-id')]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(NOT_FOUND);
      expect(answer.headers['content-type']).toBe(answers[0]?.headers['content-type']);
      expect(answer.headers['content-disposition']).toBeUndefined();
    }
    // A removed profile is not exported either.
    await t.database.db.update(patients).set({ active: false }).where(eq(patients.id, alice.patient.id));
    expect((await download(token, alice.patient.id)).json()).toEqual(NOT_FOUND);

    const anonymous = await download(null, bob.patient.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'ARO-E1023:Please login' });
    expect((await download('not-a-token', bob.patient.id)).statusCode).toBe(401);
  });
});
