import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import { makeDiagnosticReportCode, makeOrganization, makePatientAccount, makeStaffUser } from '../../../test/factories.ts';
import { readPdf } from '../../../test/read-pdf.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';

/*
 * GET /lab-reports/:reportId.pdf (issue 11 part 2): an issued report of the account as the printable
 * A4 PDF, rendered on the server; the same not-found for another account's, a draft, an unknown or a
 * malformed id; a correction once issued prints the new values (the cache follows what prints).
 */

const TENANT = 'careline-demo';
const NOT_FOUND = { error: 'ARO-E2001:The requested record was not found' };

const FIELDS = 'id report { revision }';
const CREATE = `mutation ($o: ID!, $i: StaffCreateLabReportInput!) { staffCreateLabReport(organizationId: $o, input: $i) { ${FIELDS} } }`;
const SAVE = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: [LabResultInput!]!) {
  staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: $v, results: $r) { ${FIELDS} } }`;
const VERIFY = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffVerifyLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${FIELDS} } }`;
const ISSUE = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffIssueLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${FIELDS} } }`;
const CORRECT = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: String!) {
  staffCorrectLabReport(organizationId: $o, id: $id, expectedRevision: $v, reason: $r) { ${FIELDS} } }`;

type Report = { id: string; report: { revision: number } };
type Who = { token: string };

let t: TestApp;
let hospital: string;
let tech: Who;
let fbc: { code: string; display: string; hb: string; culture: string };

async function ok(who: Who, query: string, variables: Record<string, unknown>): Promise<Report> {
  const body = await t.gql<Record<string, Report>>(query, variables, { authorization: `Bearer ${who.token}` });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const value = Object.values(body.data ?? {})[0];
  if (!value) {
    throw new Error('no data');
  }
  return value;
}

async function staffMember(role: StaffRole): Promise<Who> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId: hospital, role }]);
  return createStaffAccessSession(t.database.db, TENANT, user.id);
}

async function makePatient(): Promise<Who & { patientId: string }> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT, { hospitalId: hospital });
  const { token } = await createAccessSession(t.database.db, TENANT, account.id);
  return { token, patientId: patient.id };
}

const results = (hb: number) => [
  { subTestId: fbc.hb, valueQuantity: hb, critical: hb < 11.5 },
  {
    subTestId: fbc.culture,
    microbiology: [
      { category: 'organism', name: 'Escherichia coli', definitionId: 'org-1' },
      { category: 'antibiotic', name: 'Ciprofloxacin', result: 'S', organismDefinitionId: 'org-1' },
    ],
  },
];

async function verifyAndIssue(report: Report): Promise<Report> {
  const verified = await ok(tech, VERIFY, { o: hospital, id: report.id, v: report.report.revision });
  return ok(tech, ISSUE, { o: hospital, id: verified.id, v: verified.report.revision });
}

const download = (who: Who | null, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/lab-reports/${id}.pdf`,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  tech = await staffMember('labTechnician');
  const made = await makeDiagnosticReportCode(t.database.db, TENANT, {
    subCodes: [
      { name: 'Haemoglobin', parameterOrder: 1, unit: 'g/dL', referenceRange: { low: 11.5, high: 16.5 } },
      { name: 'Urine culture', parameterOrder: 2 },
    ],
  });
  fbc = {
    code: made.code.code,
    display: made.code.display,
    hb: made.subCodes[0]?.id ?? '',
    culture: made.subCodes[1]?.id ?? '',
  };
});

afterAll(async () => {
  await t.close();
});

describe('GET /lab-reports/:reportId.pdf (spec doc 3 §2 Printable lab report)', () => {
  it("answers the account's issued report as an A4 PDF, and the same not-found for anyone else or a draft", async () => {
    const alice = await makePatient();
    const created = await ok(tech, CREATE, { o: hospital, i: { patientId: alice.patientId, code: fbc.code } });
    const saved = await ok(tech, SAVE, { o: hospital, id: created.id, v: created.report.revision, r: results(10.2) });

    // A draft is not the patient's yet.
    const draft = await download(alice, created.id);
    expect(draft.statusCode).toBe(404);
    expect(draft.json()).toEqual(NOT_FOUND);

    const issued = await verifyAndIssue(saved);
    const answer = await download(alice, issued.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    // spec doc 3 §9: '<report name>-<invoice id or NOT-PAID>.pdf'; a desk report has no paid invoice.
    expect(answer.headers['content-disposition']).toContain(`${fbc.display}-NOT-PAID.pdf`);
    const { pages } = await readPdf(answer.rawPayload);
    expect(Math.round(pages[0]?.width ?? 0)).toBe(595);
    expect(Math.round(pages[0]?.height ?? 0)).toBe(842);
    const text = pages.map((page) => page.text).join('\n');
    for (const line of ['Haemoglobin', '10.2', 'g/dL', 'Escherichia coli', 'Ciprofloxacin', 'Medical Laboratory Technologist', 'End of Report']) {
      expect(text).toContain(line);
    }

    const stranger = await makePatient();
    const refusals = await Promise.all([
      download(stranger, issued.id),
      download(alice, randomUUID()),
      download(alice, 'not-an-id'),
    ]);
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(404);
      expect(refusal.json()).toEqual(NOT_FOUND);
    }
    expect((await download(null, issued.id)).statusCode).toBe(401);
  });

  it('prints the corrected values once the correction is issued, whichever version id is asked', async () => {
    const bob = await makePatient();
    const created = await ok(tech, CREATE, { o: hospital, i: { patientId: bob.patientId, code: fbc.code } });
    const first = await verifyAndIssue(
      await ok(tech, SAVE, { o: hospital, id: created.id, v: created.report.revision, r: results(13.4) }),
    );
    expect((await readPdf((await download(bob, first.id)).rawPayload)).pages[0]?.text).toContain('13.4');

    const correction = await ok(tech, CORRECT, { o: hospital, id: first.id, v: first.report.revision, r: 'Wrong sample' });
    const saved = await ok(tech, SAVE, { o: hospital, id: correction.id, v: correction.report.revision, r: results(12.6) });
    // While the correction is entered, the patient keeps the issued version.
    expect((await readPdf((await download(bob, first.id)).rawPayload)).pages[0]?.text).toContain('13.4');
    await verifyAndIssue(saved);
    for (const id of [first.id, correction.id]) {
      const text = (await readPdf((await download(bob, id)).rawPayload)).pages[0]?.text ?? '';
      expect(text).toContain('12.6');
      expect(text).not.toContain('13.4');
    }
  });
});
