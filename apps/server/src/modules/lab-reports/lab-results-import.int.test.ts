import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import {
  makeDiagnosticReportCode,
  makeLabReport,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEvents, diagnosticReports, observations } from '../../db/schema/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';

/*
 * Lab results imported from an analyser's CSV export (issue 11): the preview matches rows to the
 * hospital's reports and reports bad rows without writing; the import writes every good row in one
 * transaction (one revision per report, audited like a save), refuses a stale preview with nothing
 * written, answers a retry of its key with the first answer, and keeps other hospitals out.
 */

const TENANT = 'careline-demo';

const IMPORT_FIELDS = `rows { line sampleId test value unit flag report { id revision patientName testDisplay }
    subTest { id name unit } valueQuantity valueString interpretation critical errors { code message } }
  groups { reportId expectedRevision lines }
  totals { rows good bad }
  reports { id revision status summaryStatus enteredBy }`;
const PREVIEW = `query ($o: ID!, $csv: String!) { staffPreviewLabResultsImport(organizationId: $o, csv: $csv) { ${IMPORT_FIELDS} } }`;
const IMPORT = `mutation ($o: ID!, $csv: String!, $e: [LabResultsImportExpected!]!, $k: String) {
  staffImportLabResults(organizationId: $o, csv: $csv, expected: $e, idempotencyKey: $k) { ${IMPORT_FIELDS} } }`;
const CREATE = `mutation ($o: ID!, $i: StaffCreateLabReportInput!) {
  staffCreateLabReport(organizationId: $o, input: $i) { id report { revision } } }`;
const SAVE = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: [LabResultInput!]!) {
  staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: $v, results: $r) { id report { revision } } }`;
const VERIFY = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffVerifyLabReport(organizationId: $o, id: $id, expectedRevision: $v) { id report { revision } } }`;
const ISSUE = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffIssueLabReport(organizationId: $o, id: $id, expectedRevision: $v) { id report { revision } } }`;
const CORRECT = `mutation ($o: ID!, $id: ID!, $v: Int!) {
  staffCorrectLabReport(organizationId: $o, id: $id, expectedRevision: $v, reason: "Wrong sample") { id report { revision } } }`;

type Row = {
  line: number;
  sampleId: string;
  report: { id: string; revision: number; patientName: string; testDisplay: string } | null;
  subTest: { id: string; name: string; unit: string | null } | null;
  valueQuantity: number | null;
  valueString: string | null;
  interpretation: string | null;
  critical: boolean;
  errors: { code: string; message: string }[];
};
type Answer = {
  rows: Row[];
  groups: { reportId: string; expectedRevision: number; lines: number[] }[];
  totals: { rows: number; good: number; bad: number };
  reports: {
    id: string;
    revision: number;
    status: string;
    summaryStatus: string | null;
    enteredBy: string[];
  }[];
};
type Body<T> = { data?: T | null; errors?: { message: string }[] };
type Staff = { id: string; token: string };
type Report = { id: string; report: { revision: number } };

let t: TestApp;
let hospital: string;
let otherHospital: string;
let fbc: { code: string; id: string; hb: string; wbc: string; comment: string };
const staff = {} as Record<'tech' | 'admin' | 'nurse' | 'otherTech', Staff>;

const code = (body: Body<unknown>): string | null =>
  body.errors?.[0]?.message.split(':')[0] ?? null;

async function staffMember(organizationId: string, role: StaffRole): Promise<Staff> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role }]);
  const { token } = await createStaffAccessSession(t.database.db, TENANT, user.id);
  return { id: user.id, token };
}

async function as<T>(
  who: Staff,
  query: string,
  variables: Record<string, unknown>,
): Promise<Body<T>> {
  return t.gql<T>(query, variables, { authorization: `Bearer ${who.token}` });
}

async function ok<T>(who: Staff, query: string, variables: Record<string, unknown>): Promise<T> {
  const body = await as<Record<string, T>>(who, query, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const value = Object.values(body.data ?? {})[0];
  if (value === undefined) {
    throw new Error('no data');
  }
  return value;
}

async function patient(givenName: string): Promise<string> {
  const { patient: made } = await makePatientAccount(t.database.db, TENANT, {
    hospitalId: hospital,
    givenName,
  });
  return made.id;
}

async function deskReport(patientId: string): Promise<Report> {
  return ok<Report>(staff.tech, CREATE, { o: hospital, i: { patientId, code: fbc.code } });
}

async function verifiedReport(patientId: string): Promise<Report> {
  const created = await deskReport(patientId);
  const saved = await ok<Report>(staff.tech, SAVE, {
    o: hospital,
    id: created.id,
    v: created.report.revision,
    r: [{ subTestId: fbc.hb, valueQuantity: 13 }],
  });
  return ok<Report>(staff.tech, VERIFY, { o: hospital, id: saved.id, v: saved.report.revision });
}

const preview = (csv: string, who: Staff = staff.tech, o = hospital) =>
  as<{ staffPreviewLabResultsImport: Answer }>(who, PREVIEW, { o, csv });
const expectedOf = (answer: Answer) =>
  answer.groups.map((g) => ({ reportId: g.reportId, revision: g.expectedRevision }));

async function revisions(ids: string[]): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select()
    .from(diagnosticReports)
    .where(inArray(diagnosticReports.id, ids));
  return new Map(rows.map((row) => [row.id, row.revision]));
}

async function resultsOf(reportId: string) {
  const rows = await t.database.db
    .select()
    .from(observations)
    .where(eq(observations.diagnosticReportId, reportId));
  return rows.sort((a, b) => (a.parameterOrder ?? 0) - (b.parameterOrder ?? 0));
}

async function auditRows(action: string) {
  const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
  return rows.filter((row) => row.tenantId === TENANT);
}

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  otherHospital = (await makeOrganization(t.database.db, TENANT)).id;
  staff.tech = await staffMember(hospital, 'labTechnician');
  staff.admin = await staffMember(hospital, 'admin');
  staff.nurse = await staffMember(hospital, 'nurse');
  staff.otherTech = await staffMember(otherHospital, 'labTechnician');
  const made = await makeDiagnosticReportCode(t.database.db, TENANT, {
    subCodes: [
      {
        name: 'Haemoglobin',
        parameterOrder: 1,
        unit: 'g/dL',
        referenceRange: { low: 11.5, high: 16.5 },
      },
      { name: 'WBC', parameterOrder: 2, unit: '10^9/L', referenceRange: { low: 4, high: 11 } },
      { name: 'Comment', parameterOrder: 3 },
    ],
  });
  fbc = {
    code: made.code.code,
    id: made.code.id,
    hb: made.subCodes[0]?.id ?? '',
    wbc: made.subCodes[1]?.id ?? '',
    comment: made.subCodes[2]?.id ?? '',
  };
});

afterAll(async () => {
  await t.close();
});

describe('the preview', () => {
  it('matches good rows to reports and sub-tests, reports every bad row, and writes nothing', async () => {
    const kamal = await deskReport(await patient('Kamal'));
    const verified = await verifiedReport(await patient('Verified'));
    const { account, patient: elsewhere } = await makePatientAccount(t.database.db, TENANT, {
      hospitalId: otherHospital,
    });
    const foreign = await makeLabReport(t.database.db, TENANT, {
      accountId: account.id,
      patientId: elsewhere.id,
      organizationId: otherHospital,
      diagnosticReportCodeId: fbc.id,
      codeCode: fbc.code,
    });
    const csv =
      '\uFEFFSample ID;Test Code;Result;Unit;Flag\r\n' +
      `${kamal.id.toUpperCase()};haemoglobin;17.9;g/dL;HH\r\n` + // 2 good (case-insensitive id and name)
      `${kamal.id};${fbc.wbc};7.2;;\r\n` + // 3 good (by sub-test id)
      `${kamal.id};Comment;"Slightly ""haemolysed""";;A\r\n` + // 4 good text
      `${randomUUID()};Haemoglobin;12;;\r\n` + // 5 unknown sample
      `${foreign.id};Haemoglobin;12;;\r\n` + // 6 another hospital's report
      `${kamal.id};Platelets;250;;\r\n` + // 7 unknown test
      '\r\n' +
      `${kamal.id};WBC;7.2;mmol/L;\r\n` + // 9 unit mismatch (and a duplicate of line 3)
      `${verified.id};Haemoglobin;12;;\r\n` + // 10 verified report
      `${kamal.id};Haemoglobin;12,5;;\r\n`; // 11 bad number, duplicate of line 2
    const answer = await ok<Answer>(staff.tech, PREVIEW, { o: hospital, csv });
    expect(answer.rows.map((row) => [row.line, row.errors.map((e) => e.code)])).toEqual([
      [2, []],
      [3, []],
      [4, []],
      [5, ['ARO-E7029']],
      [6, ['ARO-E7029']],
      [7, ['ARO-E7030']],
      [9, ['ARO-E7031', 'ARO-E7034']],
      [10, ['ARO-E7007']],
      [11, ['ARO-E7032', 'ARO-E7034']],
    ]);
    expect(answer.rows[0]).toMatchObject({
      report: {
        id: kamal.id,
        revision: 1,
        patientName: expect.stringContaining('Kamal') as string,
        testDisplay: 'Full Blood Count',
      },
      subTest: { id: fbc.hb, name: 'Haemoglobin', unit: 'g/dL' },
      valueQuantity: 17.9,
      interpretation: 'HH',
      critical: true,
    });
    expect(answer.rows[2]).toMatchObject({
      valueString: 'Slightly "haemolysed"',
      valueQuantity: null,
      interpretation: 'A',
    });
    // Another hospital's report answers exactly like a missing one.
    expect(answer.rows[4]?.errors).toEqual(
      answer.rows[3]?.errors.map((e) => ({
        ...e,
        message: e.message.replace(/[0-9a-f-]{36}$/i, foreign.id),
      })),
    );
    expect(answer.rows[4]?.report).toBeNull();
    expect(answer.rows[7]?.errors[0]?.message).toBe(
      'This report is already verified: its results can no longer be changed',
    );
    expect(answer.groups).toEqual([{ reportId: kamal.id, expectedRevision: 1, lines: [2, 3, 4] }]);
    expect(answer.totals).toEqual({ rows: 9, good: 3, bad: 6 });
    expect(answer.reports).toEqual([]);
    expect(await resultsOf(kamal.id)).toEqual([]);
    expect((await revisions([kamal.id])).get(kamal.id)).toBe(1);
    const audit = (await auditRows('labReport.importPreview')).find((row) =>
      (row.details as { diagnosticReportIds: string[] }).diagnosticReportIds.includes(kamal.id),
    );
    expect(audit?.details).toMatchObject({ rows: 9, good: 3, bad: 6 });
  });

  it('refuses a file without the needed header, too many rows or an unclosed quote, as one error', async () => {
    expect(code(await preview('Sample ID,Result\nx,1\n'))).toBe('ARO-E7027');
    expect(code(await preview('Sample ID,Test,Result\n' + 'x,y,1\n'.repeat(2001)))).toBe(
      'ARO-E7026',
    );
    expect(code(await preview('Sample ID,Test,Result\nx,"y,1\n'))).toBe('ARO-E7028');
  });

  it('takes a file at the limits (2000 rows, about 504 KB) through the GraphQL body and cost limits', async () => {
    const csv =
      'Sample ID,Test,Result,Comment\n' +
      Array.from(
        { length: 2000 },
        () => `${randomUUID()},Haemoglobin,12,${'x'.repeat(205)}\n`,
      ).join('');
    expect(csv.length).toBeGreaterThan(500 * 1024);
    expect(csv.length).toBeLessThanOrEqual(512 * 1024);
    const answer = await ok<Answer>(staff.tech, PREVIEW, { o: hospital, csv });
    expect(answer.totals).toEqual({ rows: 2000, good: 0, bad: 2000 });
    expect(answer.rows[1999]?.errors.map((e) => e.code)).toEqual(['ARO-E7029']);
  });

  it('sends a row to the current version of a corrected report', async () => {
    const created = await deskReport(await patient('Corrected'));
    const issued = await ok<Report>(staff.tech, ISSUE, {
      o: hospital,
      id: created.id,
      v: (
        await ok<Report>(staff.tech, VERIFY, {
          o: hospital,
          id: created.id,
          v: (
            await ok<Report>(staff.tech, SAVE, {
              o: hospital,
              id: created.id,
              v: 1,
              r: [{ subTestId: fbc.hb, valueQuantity: 9 }],
            })
          ).report.revision,
        })
      ).report.revision,
    });
    const correction = await ok<Report>(staff.tech, CORRECT, {
      o: hospital,
      id: issued.id,
      v: issued.report.revision,
    });
    const answer = await ok<Answer>(staff.tech, PREVIEW, {
      o: hospital,
      csv: `Sample ID,Test,Result\n${created.id},Haemoglobin,10.1\n`,
    });
    expect(answer.rows[0]?.report?.id).toBe(correction.id);
    expect(answer.rows[0]?.errors).toEqual([]);
  });
});

describe('the import', () => {
  it('writes only the good rows, all reports in one transaction, one revision each, audited like a save', async () => {
    const first = await deskReport(await patient('First'));
    const second = await deskReport(await patient('Second'));
    const csv =
      'Sample\tAnalyte\tValue\tUnits\tFlag\n' +
      `${first.id}\tHaemoglobin\t7.1\tg/dl\tLL\n` +
      `${first.id}\tWBC\t12.4\t10^9/L\tH\n` +
      `${second.id}\tHaemoglobin\t13.2\t\tN\n` +
      `${second.id}\tWBC\tlots\t\t\n` + // bad number: never written
      `${second.id}\tComment\tClotted\t\t\n`;
    const shown = await ok<Answer>(staff.tech, PREVIEW, { o: hospital, csv });
    expect(shown.totals).toEqual({ rows: 5, good: 4, bad: 1 });
    const done = await ok<Answer>(staff.tech, IMPORT, {
      o: hospital,
      csv,
      e: expectedOf(shown),
      k: `import-${randomUUID()}`,
    });
    expect(done.totals).toEqual({ rows: 5, good: 4, bad: 1 });
    expect(done.rows[3]?.errors.map((e) => e.code)).toEqual(['ARO-E7032']);
    expect(done.reports.map((r) => [r.id, r.revision, r.status, r.summaryStatus])).toEqual([
      [first.id, 2, 'preliminary', 'report'],
      [second.id, 2, 'preliminary', 'report'],
    ]);
    expect(done.reports[0]?.enteredBy).toEqual([staff.tech.id]);
    const firstResults = await resultsOf(first.id);
    expect(
      firstResults.map((o) => [
        o.diagnosticReportSubCodeId,
        Number(o.valueQuantity),
        o.unit,
        o.critical,
        o.interpretation,
        o.status,
      ]),
    ).toEqual([
      [fbc.hb, 7.1, 'g/dL', true, 'LL', 'preliminary'],
      [fbc.wbc, 12.4, '10^9/L', false, 'H', 'preliminary'],
    ]);
    const secondResults = await resultsOf(second.id);
    expect(secondResults.map((o) => [o.diagnosticReportSubCodeId, o.valueString])).toEqual([
      [fbc.hb, null],
      [fbc.comment, 'Clotted'],
    ]);
    const saves = (await auditRows('labReport.saveResults')).filter((row) =>
      [first.id, second.id].includes(
        (row.details as { diagnosticReportId: string }).diagnosticReportId,
      ),
    );
    expect(saves.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          diagnosticReportId: first.id,
          revision: 2,
          imported: true,
          lines: [2, 3],
        }),
        expect.objectContaining({
          diagnosticReportId: second.id,
          revision: 2,
          imported: true,
          lines: [4, 6],
        }),
      ]),
    );
    expect(saves).toHaveLength(2);
    const imports = (await auditRows('labReport.import')).filter((row) =>
      (row.details as { diagnosticReportIds: string[] }).diagnosticReportIds.includes(first.id),
    );
    expect(imports).toHaveLength(1);
    expect(imports[0]?.details).toMatchObject({ rows: 5, good: 4, bad: 1 });
  });

  it('refuses a stale preview with nothing written in any report', async () => {
    const first = await deskReport(await patient('Stale one'));
    const second = await deskReport(await patient('Stale two'));
    const csv = `Sample ID,Test,Result\n${first.id},Haemoglobin,12\n${second.id},Haemoglobin,13\n`;
    const shown = await ok<Answer>(staff.tech, PREVIEW, { o: hospital, csv });
    // Someone saves the second report meanwhile.
    await ok<Report>(staff.admin, SAVE, {
      o: hospital,
      id: second.id,
      v: 1,
      r: [{ subTestId: fbc.wbc, valueQuantity: 5 }],
    });
    const body = await as(staff.tech, IMPORT, {
      o: hospital,
      csv,
      e: expectedOf(shown),
      k: `import-${randomUUID()}`,
    });
    expect(body.errors?.[0]?.message).toBe(
      'ARO-E7006:This report was changed by someone else. Please reload and try again',
    );
    expect(await resultsOf(first.id)).toEqual([]);
    expect((await resultsOf(second.id)).map((o) => o.diagnosticReportSubCodeId)).toEqual([fbc.wbc]);
    expect(await revisions([first.id, second.id])).toEqual(
      new Map([
        [first.id, 1],
        [second.id, 2],
      ]),
    );
    // Writing a report the preview did not show is stale too.
    const partial = await as(staff.tech, IMPORT, {
      o: hospital,
      csv,
      e: [{ reportId: first.id, revision: 1 }],
    });
    expect(code(partial)).toBe('ARO-E7006');
    expect(await resultsOf(first.id)).toEqual([]);
  });

  it('answers a retry of its key with the first answer and writes nothing more', async () => {
    const report = await deskReport(await patient('Retry'));
    // A control character makes a bad row, answered (and stored for the retry) like any other.
    const csv = `Sample ID,Test,Result\n${report.id},Haemoglobin,12\n${report.id},Bogus,1\n${report.id},WBC,\u0007\n`;
    const shown = await ok<Answer>(staff.tech, PREVIEW, { o: hospital, csv });
    const key = `import-${randomUUID()}`;
    const vars = { o: hospital, csv, e: expectedOf(shown), k: key };
    const once = await ok<Answer>(staff.tech, IMPORT, vars);
    const again = await ok<Answer>(staff.tech, IMPORT, vars);
    expect(again).toEqual(once);
    expect(once.reports[0]?.revision).toBe(2);
    expect(once.rows[2]?.errors.map((e) => e.code)).toEqual(['ARO-E7004', 'ARO-E7032']);
    expect(await resultsOf(report.id)).toHaveLength(1);
    expect((await revisions([report.id])).get(report.id)).toBe(2);
    // The same key with another file is refused.
    expect(code(await as(staff.tech, IMPORT, { ...vars, csv: `${csv}\n` }))).toBe('ARO-E2004');
  });

  it('refuses a file with no good row (ARO-E7036), nothing written', async () => {
    const report = await deskReport(await patient('Nothing good'));
    const csv = `Sample ID,Test,Result\n${report.id},Bogus,1\n${randomUUID()},Haemoglobin,2\n`;
    const body = await as(staff.tech, IMPORT, { o: hospital, csv, e: [] });
    expect(body.errors?.[0]?.message).toBe(
      'ARO-E7036:No row of the file can be imported: correct the rows with errors and preview again',
    );
    expect((await revisions([report.id])).get(report.id)).toBe(1);
  });
});

describe('access', () => {
  it("keeps another hospital's members out with the answer of a missing hospital, and refuses roles without the policy", async () => {
    const report = await deskReport(await patient('Access'));
    const csv = `Sample ID,Test,Result\n${report.id},Haemoglobin,12\n`;
    const e = [{ reportId: report.id, revision: 1 }];
    expect(code(await preview(csv, staff.otherTech))).toBe('ARO-E2001');
    expect(code(await as(staff.otherTech, IMPORT, { o: hospital, csv, e }))).toBe('ARO-E2001');
    // In their own hospital, our report is not there at all.
    const theirs = await ok<Answer>(staff.otherTech, PREVIEW, { o: otherHospital, csv });
    expect(theirs.rows[0]?.errors.map((x) => x.code)).toEqual(['ARO-E7029']);
    expect(code(await as(staff.otherTech, IMPORT, { o: otherHospital, csv, e }))).toBe('ARO-E7006');
    expect(code(await as(staff.otherTech, IMPORT, { o: otherHospital, csv, e: [] }))).toBe(
      'ARO-E7036',
    );
    expect(code(await preview(csv, staff.nurse))).toBe('ARO-E1210');
    expect(code(await as(staff.nurse, IMPORT, { o: hospital, csv, e }))).toBe('ARO-E1210');
    expect((await revisions([report.id])).get(report.id)).toBe(1);
    // An admin may import.
    const done = await ok<Answer>(staff.admin, IMPORT, { o: hospital, csv, e });
    expect(done.reports[0]?.revision).toBe(2);
  });
});
