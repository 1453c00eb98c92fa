import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import {
  makeDiagnosticReportCode,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  auditEvents,
  diagnosticReports,
  observations,
  serviceRequests,
} from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/auth.access-sessions.ts';
import { accountOrdersTopic, staffOrdersTopic } from '../orders/orders.live.ts';
import { createStaffAccessSession } from '../staff/staff.access-sessions.ts';
import { accountLabReportsTopic } from './lab-reports.live.ts';

/*
 * Lab reports on the server (issue 11): the laboratory's flow (create, draft results, verify with or
 * without a second person, issue, outsource, correct after issue as a new version), the patient's
 * reads (latest issued version only; another account's ids look missing), optimistic locking, input
 * rules that change nothing, audit rows and the live publish on issue.
 */

const TENANT = 'careline-demo';
const NOT_FOUND = 'ARO-E2001';

const STAFF_FIELDS = `id requireSecondVerifier
  report { id seriesId version revision supersededById amendmentReason status summaryStatus diagnosticReportOutsourcedType
    diagnosticReportVerifiedTime verifiedBy verifiedByName issuedAt enteredBy notes serviceRequestId patientId }
  observations { id status code display valueString valueQuantity { value unit } referenceRange { low high comparator value text }
    critical interpretation parameterOrder microbiology { category name result organismDefinitionId comment } }
  patient { id name }
  subTests { id name }
  history { id version status summaryStatus supersededById }`;

const CREATE = `mutation ($o: ID!, $i: StaffCreateLabReportInput!, $k: String) {
  staffCreateLabReport(organizationId: $o, input: $i, idempotencyKey: $k) { ${STAFF_FIELDS} } }`;
const SAVE = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: [LabResultInput!]!, $n: String) {
  staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: $v, results: $r, notes: $n) { ${STAFF_FIELDS} } }`;
const VERIFY = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffVerifyLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${STAFF_FIELDS} } }`;
const ISSUE = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffIssueLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${STAFF_FIELDS} } }`;
const OUTSOURCE = `mutation ($o: ID!, $id: ID!, $v: Int!) {
  staffMarkLabReportOutsourced(organizationId: $o, id: $id, expectedRevision: $v) { ${STAFF_FIELDS} } }`;
const CORRECT = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: String!) {
  staffCorrectLabReport(organizationId: $o, id: $id, expectedRevision: $v, reason: $r) { ${STAFF_FIELDS} } }`;
const GET = `query ($o: ID!, $id: ID!) { staffLabReport(organizationId: $o, id: $id) { ${STAFF_FIELDS} } }`;
const LIST = `query ($o: ID!, $q: LabReportQueue, $s: ID, $first: Int, $after: String) {
  staffLabReports(organizationId: $o, queue: $q, serviceRequestId: $s, first: $first, after: $after) {
    nodes { id report { version summaryStatus } } endCursor hasMore totalCount } }`;
const SETTINGS = `mutation ($o: ID!, $on: Boolean!) { staffSetLabReportSettings(organizationId: $o, requireSecondVerifier: $on) { requireSecondVerifier } }`;

const PATIENT_FIELDS = `id status version seriesId summaryStatus diagnosticReportOutsourcedType patientCreditStatus code { coding { display code } }
  observations { id status code display valueString valueQuantity { value unit } critical diagnosticReportId }`;
const MY_REPORTS = `query ($p: ID!, $c: [String!]) { diagnosticReports(patientId: $p, code: $c) { ${PATIENT_FIELDS} } }`;
const MY_REPORT = `query ($id: ID!) { diagnosticReport(id: $id) { ${PATIENT_FIELDS} } }`;
const MY_OBSERVATIONS = `query ($p: String!, $c: [String!]!) {
  diagnosticObservations(patient: $p, diagnosticReportCode: $c) { id status diagnosticReportId valueQuantity { value unit } code display subject } }`;
const CODE = `query ($id: ID!) { diagnosticReportCode(id: $id) { id code name resultValueType SubDiagnosticReportCodes { id name parameterOrder unit } } }`;
const SEEN = `mutation ($id: ID!) { updateDiagnosticReportExtension(id: $id) { id lastSeen } }`;

type Obs = {
  id: string;
  status: string;
  code: string | null;
  display: string | null;
  valueString: string | null;
  valueQuantity: { value: number | null; unit: string | null } | null;
  referenceRange: {
    low: number | null;
    high: number | null;
    comparator: string | null;
    value: number | null;
    text: string | null;
  } | null;
  critical: boolean;
  interpretation: string | null;
  parameterOrder: number | null;
  microbiology:
    | {
        category: string;
        name: string;
        result: string | null;
        organismDefinitionId: string | null;
        comment: string | null;
      }[]
    | null;
};
type StaffReport = {
  id: string;
  requireSecondVerifier: boolean;
  report: {
    id: string;
    seriesId: string;
    version: number;
    revision: number;
    supersededById: string | null;
    amendmentReason: string | null;
    status: string;
    summaryStatus: string | null;
    diagnosticReportOutsourcedType: string | null;
    diagnosticReportVerifiedTime: string | null;
    verifiedBy: string | null;
    verifiedByName: string | null;
    issuedAt: string | null;
    enteredBy: string[];
    notes: string | null;
    serviceRequestId: string | null;
    patientId: string;
  };
  observations: Obs[];
  patient: { id: string; name: string };
  subTests: { id: string; name: string }[];
  history: {
    id: string;
    version: number;
    status: string;
    summaryStatus: string | null;
    supersededById: string | null;
  }[];
};
type PatientReport = {
  id: string;
  status: string;
  version: number;
  seriesId: string;
  summaryStatus: string | null;
  diagnosticReportOutsourcedType: string | null;
  patientCreditStatus: string | null;
  code: { coding: { display: string; code: string }[] };
  observations: {
    id: string;
    status: string;
    code: string | null;
    display: string | null;
    valueString: string | null;
    valueQuantity: { value: number | null; unit: string | null } | null;
    critical: boolean;
    diagnosticReportId: string;
  }[];
};
type Body<T> = { data?: T | null; errors?: { message: string }[] };
type Patient = { token: string; accountId: string; patientId: string };
type Staff = { id: string; token: string; name: string };

let t: TestApp;
let hospital: string;
let otherHospital: string;
let fbc: { code: string; id: string; hb: string; wbc: string; culture: string };
const staff = {} as Record<'tech' | 'tech2' | 'admin' | 'nurse' | 'otherTech', Staff>;

const code = (body: Body<unknown>): string | null =>
  body.errors?.[0]?.message.split(':')[0] ?? null;

async function staffMember(organizationId: string, role: StaffRole): Promise<Staff> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role }]);
  const { token } = await createStaffAccessSession(t.database.db, TENANT, user.id);
  return { id: user.id, token, name: user.displayName };
}

async function makePatient(): Promise<Patient> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT, { hospitalId: hospital });
  const { token } = await createAccessSession(t.database.db, TENANT, account.id);
  return { token, accountId: account.id, patientId: patient.id };
}

async function as<T>(
  who: { token: string },
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Body<T>> {
  return t.gql<T>(query, variables, { authorization: `Bearer ${who.token}` });
}

async function ok<T>(
  who: { token: string },
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const body = await as<Record<string, T>>(who, query, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const value = Object.values(body.data ?? {})[0];
  if (value === undefined) {
    throw new Error('no data');
  }
  return value;
}

async function deskReport(
  patient: Patient,
  by: Staff = staff.tech,
  input: Record<string, unknown> = {},
): Promise<StaffReport> {
  return ok<StaffReport>(by, CREATE, {
    o: hospital,
    i: { patientId: patient.patientId, code: fbc.code, ...input },
  });
}

const fullBloodCount = (hb: number, wbc: number) => [
  { subTestId: fbc.hb, valueQuantity: hb, critical: hb < 11.5 },
  { subTestId: fbc.wbc, valueQuantity: wbc },
];

/** A desk report with results entered, verified and issued by the technician (second person off). */
async function issuedReport(patient: Patient, hb = 13.1, wbc = 7.2): Promise<StaffReport> {
  const created = await deskReport(patient);
  const saved = await ok<StaffReport>(staff.tech, SAVE, {
    o: hospital,
    id: created.id,
    v: created.report.revision,
    r: fullBloodCount(hb, wbc),
  });
  const verified = await ok<StaffReport>(staff.tech, VERIFY, {
    o: hospital,
    id: saved.id,
    v: saved.report.revision,
  });
  return ok<StaffReport>(staff.tech, ISSUE, {
    o: hospital,
    id: verified.id,
    v: verified.report.revision,
  });
}

async function auditActions(diagnosticReportId: string): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.tenantId, TENANT));
  return rows
    .filter(
      (row) =>
        (row.details as { diagnosticReportId?: string }).diagnosticReportId === diagnosticReportId,
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((row) => row.action);
}

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  otherHospital = (await makeOrganization(t.database.db, TENANT)).id;
  staff.tech = await staffMember(hospital, 'labTechnician');
  staff.tech2 = await staffMember(hospital, 'labTechnician');
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
      {
        name: 'WBC',
        parameterOrder: 2,
        unit: '10^9/L',
        referenceRange: { low: 4, high: 11 },
        subTestClassification: 'WBC',
      },
      { name: 'Culture', parameterOrder: 3 },
    ],
  });
  fbc = {
    code: made.code.code,
    id: made.code.id,
    hb: made.subCodes[0]?.id ?? '',
    wbc: made.subCodes[1]?.id ?? '',
    culture: made.subCodes[2]?.id ?? '',
  };
});

afterAll(async () => {
  await t.close();
});

describe('the laboratory flow: draft → verify → issue → the patient sees it', () => {
  it('keeps drafts and verified reports from the patient, shows the issued one with final results, and audits each step', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    expect(created.report).toMatchObject({
      version: 1,
      revision: 1,
      status: 'registered',
      summaryStatus: null,
      serviceRequestId: null,
    });
    expect(created.subTests.map((sub) => sub.name)).toEqual(['Haemoglobin', 'WBC', 'Culture']);

    const saved = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: created.id,
      v: 1,
      r: [
        { subTestId: fbc.hb, valueQuantity: 10.2, critical: true, interpretation: 'L' },
        {
          subTestId: fbc.wbc,
          valueQuantity: 7,
          unit: '10^3/uL',
          referenceRange: { comparator: '<', value: 11 },
        },
      ],
      n: 'Sample slightly haemolysed',
    });
    expect(saved.report).toMatchObject({
      revision: 2,
      status: 'preliminary',
      summaryStatus: 'report',
      enteredBy: [staff.tech.id],
      notes: 'Sample slightly haemolysed',
    });
    expect(
      saved.observations.map((o) => [o.display, o.status, o.valueQuantity, o.critical]),
    ).toEqual([
      ['Haemoglobin', 'preliminary', { value: 10.2, unit: 'g/dL' }, true],
      ['WBC', 'preliminary', { value: 7, unit: '10^3/uL' }, false],
    ]);
    expect(saved.observations[0]?.referenceRange).toMatchObject({ low: 11.5, high: 16.5 });
    expect(saved.observations[1]?.referenceRange).toMatchObject({
      comparator: '<',
      value: 11,
      low: null,
    });

    // A sub-test saved again is replaced, not added.
    const again = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: created.id,
      v: 2,
      r: [{ subTestId: fbc.hb, valueQuantity: 10.4, critical: true }],
    });
    expect(again.observations.map((o) => o.valueQuantity?.value)).toEqual([10.4, 7]);

    const hidden = async () => {
      expect(await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId })).toEqual([]);
      expect(code(await as(alice, MY_REPORT, { id: created.id }))).toBe(NOT_FOUND);
      expect(
        await ok<unknown[]>(alice, MY_OBSERVATIONS, {
          p: `Patient/${alice.patientId}`,
          c: [`DiagnosticReportCode/${fbc.id}`],
        }),
      ).toEqual([]);
    };
    await hidden();

    const verified = await ok<StaffReport>(staff.tech, VERIFY, {
      o: hospital,
      id: created.id,
      v: 3,
    });
    expect(verified.report).toMatchObject({
      status: 'final',
      summaryStatus: 'print_ready',
      verifiedBy: staff.tech.id,
      verifiedByName: staff.tech.name,
    });
    expect(verified.report.diagnosticReportVerifiedTime).not.toBeNull();
    expect(verified.observations.every((o) => o.status === 'final')).toBe(true);
    await hidden();

    const spy = vi.spyOn(t.app.graphql.pubsub, 'publish');
    let issued: StaffReport;
    try {
      issued = await ok<StaffReport>(staff.tech, ISSUE, { o: hospital, id: created.id, v: 4 });
      const topics = spy.mock.calls.map(([event]) => (event as { topic: string }).topic);
      expect(topics).toEqual([accountLabReportsTopic(TENANT, alice.accountId)]);
    } finally {
      spy.mockRestore();
    }
    expect(issued.report).toMatchObject({ summaryStatus: 'issued', revision: 5 });

    const [mine] = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(mine).toMatchObject({
      id: created.id,
      status: 'final',
      version: 1,
      summaryStatus: 'issued',
      code: { coding: [{ code: fbc.code, display: 'Full Blood Count' }] },
    });
    expect(
      mine?.observations.map((o) => [o.display, o.status, o.valueQuantity?.value, o.critical]),
    ).toEqual([
      ['Haemoglobin', 'final', 10.4, true],
      ['WBC', 'final', 7, false],
    ]);
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: created.id })).id).toBe(created.id);
    const trend = await ok<{ status: string; subject: string }[]>(alice, MY_OBSERVATIONS, {
      p: `Patient/${alice.patientId}`,
      c: [fbc.code],
    });
    expect(trend.map((o) => [o.status, o.subject])).toEqual([
      ['final', `Patient/${alice.patientId}`],
      ['final', `Patient/${alice.patientId}`],
    ]);
    // The code filter of the list: another test's code gives nothing.
    expect(
      await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId, c: ['00000099'] }),
    ).toEqual([]);
    const testCode = await ok<{ name: string; SubDiagnosticReportCodes: { name: string }[] }>(
      alice,
      CODE,
      { id: fbc.code },
    );
    expect(testCode.SubDiagnosticReportCodes.map((sub) => sub.name)).toEqual([
      'Haemoglobin',
      'WBC',
      'Culture',
    ]);
    const seen = await ok<{ lastSeen: string | null }>(alice, SEEN, { id: created.id });
    expect(seen.lastSeen).not.toBeNull();

    expect(await auditActions(created.id)).toEqual([
      'labReport.create',
      'labReport.saveResults',
      'labReport.saveResults',
      'labReport.verify',
      'labReport.issue',
    ]);
    // The console's read is audited too.
    await ok(staff.tech, GET, { o: hospital, id: created.id });
    expect((await auditActions(created.id)).at(-1)).toBe('labReport.read');
  });

  it('a report of a lab order: one per order and test, only lab test orders of the hospital, and the issue is published to the order', async () => {
    const alice = await makePatient();
    const [order] = await t.database.db
      .insert(serviceRequests)
      .values({
        tenantId: TENANT,
        accountId: alice.accountId,
        patientId: alice.patientId,
        category: 'Examination',
        codeCode: '5',
        organizationId: hospital,
      })
      .returning();
    const [medicine] = await t.database.db
      .insert(serviceRequests)
      .values({
        tenantId: TENANT,
        accountId: alice.accountId,
        patientId: alice.patientId,
        category: 'Medication',
        codeCode: '4',
        organizationId: hospital,
      })
      .returning();
    const [elsewhere] = await t.database.db
      .insert(serviceRequests)
      .values({
        tenantId: TENANT,
        accountId: alice.accountId,
        patientId: alice.patientId,
        category: 'Examination',
        codeCode: '5',
        organizationId: otherHospital,
      })
      .returning();
    const created = await ok<StaffReport>(staff.tech, CREATE, {
      o: hospital,
      i: { serviceRequestId: order?.id, code: fbc.code },
    });
    expect(created.report).toMatchObject({
      serviceRequestId: order?.id,
      patientId: alice.patientId,
    });
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { serviceRequestId: order?.id, code: fbc.code },
        }),
      ),
    ).toBe('ARO-E7014');
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { serviceRequestId: medicine?.id, code: fbc.code },
        }),
      ),
    ).toBe('ARO-E7015');
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { serviceRequestId: elsewhere?.id, code: fbc.code },
        }),
      ),
    ).toBe(NOT_FOUND);

    const list = await ok<{ nodes: { id: string }[]; totalCount: number }>(staff.tech, LIST, {
      o: hospital,
      s: order?.id,
    });
    expect(list.nodes.map((node) => node.id)).toEqual([created.id]);
    expect(list.totalCount).toBe(1);

    const saved = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: created.id,
      v: 1,
      r: fullBloodCount(12, 6),
    });
    const verified = await ok<StaffReport>(staff.tech, VERIFY, {
      o: hospital,
      id: created.id,
      v: saved.report.revision,
    });
    const spy = vi.spyOn(t.app.graphql.pubsub, 'publish');
    try {
      await ok(staff.tech, ISSUE, { o: hospital, id: created.id, v: verified.report.revision });
      const topics = spy.mock.calls.map(([event]) => (event as { topic: string }).topic);
      expect(topics).toEqual([
        accountLabReportsTopic(TENANT, alice.accountId),
        accountOrdersTopic(TENANT, alice.accountId),
        staffOrdersTopic(TENANT, hospital),
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('with a second person required, the member who entered results cannot verify; another can', async () => {
    const alice = await makePatient();
    expect(
      (
        await ok<{ requireSecondVerifier: boolean }>(staff.admin, SETTINGS, {
          o: hospital,
          on: true,
        })
      ).requireSecondVerifier,
    ).toBe(true);
    // Only admins change the rule.
    expect(code(await as(staff.tech, SETTINGS, { o: hospital, on: false }))).toBe('ARO-E1210');
    try {
      const created = await deskReport(alice);
      expect(created.requireSecondVerifier).toBe(true);
      const saved = await ok<StaffReport>(staff.tech, SAVE, {
        o: hospital,
        id: created.id,
        v: 1,
        r: fullBloodCount(14, 8),
      });
      const refused = await as(staff.tech, VERIFY, {
        o: hospital,
        id: created.id,
        v: saved.report.revision,
      });
      expect(refused.errors?.[0]?.message).toBe(
        'ARO-E7009:Another person must verify the results you entered',
      );
      const unchanged = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: created.id });
      expect(unchanged.report).toMatchObject({
        revision: saved.report.revision,
        status: 'preliminary',
        diagnosticReportVerifiedTime: null,
      });
      const verified = await ok<StaffReport>(staff.tech2, VERIFY, {
        o: hospital,
        id: created.id,
        v: saved.report.revision,
      });
      expect(verified.report).toMatchObject({ status: 'final', verifiedBy: staff.tech2.id });
      const issued = await ok<StaffReport>(staff.tech, ISSUE, {
        o: hospital,
        id: created.id,
        v: verified.report.revision,
      });
      expect(issued.report.summaryStatus).toBe('issued');
      expect(
        (await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId })).map((r) => r.id),
      ).toEqual([created.id]);
    } finally {
      await ok(staff.admin, SETTINGS, { o: hospital, on: false });
    }
  });

  it('an outsourced report is verified without results, and the patient gets no results for it', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    const outsourced = await ok<StaffReport>(staff.tech, OUTSOURCE, {
      o: hospital,
      id: created.id,
      v: 1,
    });
    expect(outsourced.report.diagnosticReportOutsourcedType).toBe('external');
    expect(code(await as(staff.tech, OUTSOURCE, { o: hospital, id: created.id, v: 2 }))).toBe(
      'ARO-E7022',
    );
    const verified = await ok<StaffReport>(staff.tech, VERIFY, {
      o: hospital,
      id: created.id,
      v: 2,
    });
    await ok(staff.tech, ISSUE, { o: hospital, id: created.id, v: verified.report.revision });
    const [mine] = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(mine).toMatchObject({ diagnosticReportOutsourcedType: 'external', observations: [] });
  });

  it('a create retried with its idempotency key answers the first report; the list pages newest first', async () => {
    const alice = await makePatient();
    const key = randomUUID();
    const first = await ok<StaffReport>(staff.tech, CREATE, {
      o: hospital,
      i: { patientId: alice.patientId, code: fbc.code },
      k: key,
    });
    const retry = await ok<StaffReport>(staff.tech, CREATE, {
      o: hospital,
      i: { patientId: alice.patientId, code: fbc.code },
      k: key,
    });
    expect(retry.id).toBe(first.id);
    const second = await deskReport(alice);
    const rows = await t.database.db
      .select()
      .from(diagnosticReports)
      .where(eq(diagnosticReports.patientId, alice.patientId));
    expect(rows).toHaveLength(2);
    type Page = {
      nodes: { id: string }[];
      endCursor: string | null;
      hasMore: boolean;
      totalCount: number;
    };
    const page1 = await ok<Page>(staff.tech, LIST, { o: hospital, q: 'DRAFT', first: 1 });
    expect(page1.nodes.map((node) => node.id)).toEqual([second.id]);
    expect(page1.hasMore).toBe(true);
    const page2 = await ok<Page>(staff.tech, LIST, {
      o: hospital,
      q: 'DRAFT',
      first: 1,
      after: page1.endCursor,
    });
    expect(page2.nodes.map((node) => node.id)).toEqual([first.id]);
    expect(page2.totalCount).toBe(page1.totalCount);
    expect(code(await as(staff.tech, LIST, { o: hospital, first: 51 }))).toBe('ARO-E2002');
  });

  it('saves microbiology organism and antibiotic rows', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    const rows = [
      {
        category: 'organism',
        name: 'Escherichia coli',
        definitionId: 'ORG-1',
        comment: 'Heavy growth',
      },
      { category: 'antibiotic', name: 'Ampicillin', result: 'R', organismDefinitionId: 'ORG-1' },
      { category: 'antibiotic', name: 'Gentamicin', result: 'S', organismDefinitionId: 'ORG-1' },
    ];
    const saved = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: created.id,
      v: 1,
      r: [{ subTestId: fbc.culture, valueString: 'Growth', microbiology: rows }],
    });
    expect(saved.observations[0]?.microbiology).toEqual([
      {
        category: 'organism',
        name: 'Escherichia coli',
        result: null,
        organismDefinitionId: null,
        comment: 'Heavy growth',
      },
      {
        category: 'antibiotic',
        name: 'Ampicillin',
        result: 'R',
        organismDefinitionId: 'ORG-1',
        comment: null,
      },
      {
        category: 'antibiotic',
        name: 'Gentamicin',
        result: 'S',
        organismDefinitionId: 'ORG-1',
        comment: null,
      },
    ]);
  });
});

describe('a correction after issue is a new version; both are kept and the patient sees the latest issued one', () => {
  it('keeps v1 for the patient until v2 is issued, then shows v2 (amended) only, for v1 and v2 ids alike', async () => {
    const alice = await makePatient();
    const v1 = await issuedReport(alice, 9.1, 7);
    const started = await ok<StaffReport>(staff.tech, CORRECT, {
      o: hospital,
      id: v1.id,
      v: v1.report.revision,
      r: 'Wrong sample tube',
    });
    expect(started.id).not.toBe(v1.id);
    expect(started.report).toMatchObject({
      seriesId: v1.id,
      version: 2,
      status: 'preliminary',
      summaryStatus: null,
      amendmentReason: 'Wrong sample tube',
      // The copied results stay entered by the member who entered them (the second-person rule).
      enteredBy: [staff.tech.id],
    });
    expect(started.observations.map((o) => [o.status, o.valueQuantity?.value])).toEqual([
      ['preliminary', 9.1],
      ['preliminary', 7],
    ]);
    expect(started.history.map((h) => [h.id, h.version, h.supersededById])).toEqual([
      [v1.id, 1, started.id],
      [started.id, 2, null],
    ]);
    // Only one correction of a version, and only of an issued one.
    expect(
      code(
        await as(staff.tech, CORRECT, {
          o: hospital,
          id: v1.id,
          v: v1.report.revision + 1,
          r: 'Again',
        }),
      ),
    ).toBe('ARO-E7013');
    expect(
      code(await as(staff.tech, CORRECT, { o: hospital, id: started.id, v: 1, r: 'Again' })),
    ).toBe('ARO-E7012');
    // The issued version can no longer be changed in place.
    expect(
      code(
        await as(staff.tech, SAVE, {
          o: hospital,
          id: v1.id,
          v: v1.report.revision + 1,
          r: fullBloodCount(1, 1),
        }),
      ),
    ).toBe('ARO-E7011');

    // While the correction is entered, the patient keeps v1.
    const during = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(during.map((r) => [r.id, r.version, r.observations[0]?.valueQuantity?.value])).toEqual([
      [v1.id, 1, 9.1],
    ]);
    expect(code(await as(alice, MY_REPORT, { id: started.id }))).toBe(null);
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: started.id })).id).toBe(v1.id);

    const saved = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: started.id,
      v: 1,
      r: [{ subTestId: fbc.hb, valueQuantity: 13.4 }],
    });
    const verified = await ok<StaffReport>(staff.tech, VERIFY, {
      o: hospital,
      id: started.id,
      v: saved.report.revision,
    });
    expect(verified.report.status).toBe('amended');
    await ok(staff.tech, ISSUE, { o: hospital, id: started.id, v: verified.report.revision });

    const after = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(after.map((r) => [r.id, r.version, r.status, r.seriesId])).toEqual([
      [started.id, 2, 'amended', v1.id],
    ]);
    expect(
      after[0]?.observations.map((o) => [o.display, o.valueQuantity?.value, o.status]),
    ).toEqual([
      ['Haemoglobin', 13.4, 'final'],
      ['WBC', 7, 'final'],
    ]);
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: v1.id })).id).toBe(started.id);
    const trend = await ok<{ diagnosticReportId: string }[]>(alice, MY_OBSERVATIONS, {
      p: alice.patientId,
      c: [fbc.id],
    });
    expect(new Set(trend.map((o) => o.diagnosticReportId))).toEqual(new Set([started.id]));

    // Staff keep the history: v1 as it was issued.
    const old = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: v1.id });
    expect(old.report).toMatchObject({
      version: 1,
      status: 'final',
      summaryStatus: 'issued',
      supersededById: started.id,
    });
    expect(old.observations.map((o) => o.valueQuantity?.value)).toEqual([9.1, 7]);
    const rows = await t.database.db
      .select()
      .from(diagnosticReports)
      .where(eq(diagnosticReports.seriesId, v1.id));
    expect(rows.map((row) => row.id)).toEqual([started.id]);
    // The staff list shows the report once, at its current version.
    const list = await ok<{ nodes: { id: string }[] }>(staff.tech, LIST, {
      o: hospital,
      q: 'ISSUED',
      first: 50,
    });
    expect(list.nodes.some((node) => node.id === started.id)).toBe(true);
    expect(list.nodes.some((node) => node.id === v1.id)).toBe(false);
  });
});

describe('version locking and input rules: a refused change changes nothing', () => {
  it('refuses a stale revision with ARO-E7006', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    await ok(staff.tech, SAVE, { o: hospital, id: created.id, v: 1, r: fullBloodCount(12, 6) });
    const stale = await as(staff.tech2, SAVE, {
      o: hospital,
      id: created.id,
      v: 1,
      r: fullBloodCount(1, 1),
    });
    expect(stale.errors?.[0]?.message).toBe(
      'ARO-E7006:This report was changed by someone else. Please reload and try again',
    );
    expect(code(await as(staff.tech2, VERIFY, { o: hospital, id: created.id, v: 1 }))).toBe(
      'ARO-E7006',
    );
    const now = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: created.id });
    expect(now.report.revision).toBe(2);
    expect(now.report.enteredBy).toEqual([staff.tech.id]);
    expect(now.observations.map((o) => o.valueQuantity?.value)).toEqual([12, 6]);
  });

  it("answers each bad input with its 'CODE:message' and leaves the report and results as they were", async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    await ok(staff.tech, SAVE, { o: hospital, id: created.id, v: 1, r: fullBloodCount(12, 6) });
    const before = await t.database.db
      .select()
      .from(observations)
      .where(eq(observations.diagnosticReportId, created.id));
    const bad: [Record<string, unknown>[], string][] = [
      [
        [{ subTestId: randomUUID(), valueQuantity: 1 }],
        'ARO-E7002:Choose a sub-test of this lab test',
      ],
      [
        [{ subTestId: fbc.hb, valueQuantity: 1, valueString: 'one' }],
        'ARO-E7003:Enter one result for each sub-test: a number or a text',
      ],
      [[{ subTestId: fbc.hb }], 'ARO-E7003:Enter one result for each sub-test: a number or a text'],
      [
        [{ subTestId: fbc.hb, valueQuantity: 1, referenceRange: { low: 5, high: 1 } }],
        'ARO-E7005:Enter a valid reference range: a low and a high value, or a comparator (>, >=, <, <=) and a value',
      ],
      [
        [{ subTestId: fbc.hb, valueQuantity: 1, referenceRange: { comparator: '=~', value: 1 } }],
        'ARO-E7005:Enter a valid reference range: a low and a high value, or a comparator (>, >=, <, <=) and a value',
      ],
      [
        [{ subTestId: fbc.hb, valueQuantity: 1, unit: 'x'.repeat(33) }],
        'ARO-E7004:The unit can have at most 32 characters and no control characters',
      ],
      [
        [{ subTestId: fbc.culture, microbiology: [{ category: 'virus', name: 'X' }] }],
        'ARO-E7019:Each organism and antibiotic row needs a name, and a result of at most 200 characters',
      ],
      [
        [
          { subTestId: fbc.hb, valueQuantity: 1 },
          { subTestId: fbc.hb, valueQuantity: 2 },
        ],
        'ARO-E7020:A report can have at most 100 results, and each sub-test only once in a save',
      ],
      [
        [],
        'ARO-E7020:A report can have at most 100 results, and each sub-test only once in a save',
      ],
      // A good result beside a bad one: nothing is saved.
      [
        [
          { subTestId: fbc.wbc, valueQuantity: 99 },
          { subTestId: fbc.hb, valueString: 'bad\u0007' },
        ],
        'ARO-E7004:The result can have at most 500 characters and no control characters',
      ],
    ];
    for (const [results, message] of bad) {
      const body = await as(staff.tech, SAVE, { o: hospital, id: created.id, v: 2, r: results });
      expect(body.errors?.[0]?.message, JSON.stringify(results)).toBe(message);
    }
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { patientId: alice.patientId, code: 'NOPE' },
        }),
      ),
    ).toBe('ARO-E7001');
    expect(code(await as(staff.tech, CREATE, { o: hospital, i: { code: fbc.code } }))).toBe(
      'ARO-E7017',
    );
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { patientId: alice.patientId, serviceRequestId: randomUUID(), code: fbc.code },
        }),
      ),
    ).toBe('ARO-E7017');
    expect(code(await as(staff.tech, ISSUE, { o: hospital, id: created.id, v: 2 }))).toBe(
      'ARO-E7010',
    );
    expect(
      code(await as(staff.tech, CORRECT, { o: hospital, id: created.id, v: 2, r: '  ' })),
    ).toBe('ARO-E7018');
    const empty = await deskReport(alice);
    expect(code(await as(staff.tech, VERIFY, { o: hospital, id: empty.id, v: 1 }))).toBe(
      'ARO-E7008',
    );

    const after = await t.database.db
      .select()
      .from(observations)
      .where(eq(observations.diagnosticReportId, created.id));
    expect(after).toEqual(before);
    const now = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: created.id });
    expect(now.report).toMatchObject({
      revision: 2,
      status: 'preliminary',
      summaryStatus: 'report',
    });
    expect(await auditActions(created.id)).toEqual([
      'labReport.create',
      'labReport.saveResults',
      'labReport.read',
    ]);
  });
});

describe('access: another account or hospital sees nothing', () => {
  it("another account's report and observation ids give the same not-found answer as missing ones", async () => {
    const alice = await makePatient();
    const bob = await makePatient();
    const report = await issuedReport(alice);
    const missing = await as(bob, MY_REPORT, { id: randomUUID() });
    const foreign = await as(bob, MY_REPORT, { id: report.id });
    expect(code(missing)).toBe(NOT_FOUND);
    expect(foreign.errors?.[0]?.message).toBe(missing.errors?.[0]?.message);
    expect(foreign.data).toEqual(missing.data);
    expect(code(await as(bob, SEEN, { id: report.id }))).toBe(NOT_FOUND);
    expect(await ok<unknown[]>(bob, MY_REPORTS, { p: alice.patientId })).toEqual([]);
    expect(
      await ok<unknown[]>(bob, MY_OBSERVATIONS, { p: `Patient/${alice.patientId}`, c: [fbc.code] }),
    ).toEqual([]);
    // Alice herself reads it.
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: report.id })).id).toBe(report.id);
  });

  it('sensitive reports are never shown; Administration ones only by id; a pending payment withholds the results', async () => {
    const alice = await makePatient();
    const sensitive = await issuedReport(alice);
    const administration = await issuedReport(alice);
    const pending = await issuedReport(alice);
    await t.database.db
      .update(diagnosticReports)
      .set({ diagnosticReportSensitive: true })
      .where(eq(diagnosticReports.id, sensitive.id));
    await t.database.db
      .update(diagnosticReports)
      .set({ purpose: 'Administration' })
      .where(eq(diagnosticReports.id, administration.id));
    await t.database.db
      .update(diagnosticReports)
      .set({ patientCreditStatus: 'pending', notes: 'Culture: positive' })
      .where(eq(diagnosticReports.id, pending.id));
    const list = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(list.map((r) => r.id)).toEqual([pending.id]);
    expect(list[0]).toMatchObject({ patientCreditStatus: 'pending', observations: [] });
    // Nor its notes, which say the result in words.
    const withNotes = await ok<{ notes: string | null }>(alice, `query ($id: ID!) { diagnosticReport(id: $id) { notes } }`, { id: pending.id });
    expect(withNotes.notes).toBeNull();
    expect(code(await as(alice, MY_REPORT, { id: sensitive.id }))).toBe(NOT_FOUND);
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: administration.id })).id).toBe(
      administration.id,
    );
    expect(
      await ok<unknown[]>(alice, MY_OBSERVATIONS, { p: alice.patientId, c: [fbc.code] }),
    ).toEqual([]);
  });

  it('a desk report only for a patient known to the hospital (its profile, an appointment or an order there)', async () => {
    const { patient: stranger } = await makePatientAccount(t.database.db, TENANT, { hospitalId: otherHospital });
    const refused = await as(staff.tech, CREATE, { o: hospital, i: { patientId: stranger.id, code: fbc.code } });
    expect(code(refused)).toBe(NOT_FOUND);
    expect(await t.database.db.select().from(diagnosticReports).where(eq(diagnosticReports.patientId, stranger.id))).toEqual([]);
  });

  it('a technician of another hospital cannot read, list or enter results; other roles are refused', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    // With this hospital's id: not a member, the same answer as a missing hospital.
    expect(code(await as(staff.otherTech, GET, { o: hospital, id: created.id }))).toBe(NOT_FOUND);
    expect(
      code(
        await as(staff.otherTech, SAVE, {
          o: hospital,
          id: created.id,
          v: 1,
          r: fullBloodCount(1, 1),
        }),
      ),
    ).toBe(NOT_FOUND);
    expect(
      code(
        await as(staff.otherTech, CREATE, {
          o: hospital,
          i: { patientId: alice.patientId, code: fbc.code },
        }),
      ),
    ).toBe(NOT_FOUND);
    // With their own hospital's id: the report is not there.
    expect(code(await as(staff.otherTech, GET, { o: otherHospital, id: created.id }))).toBe(
      NOT_FOUND,
    );
    expect(
      code(
        await as(staff.otherTech, SAVE, {
          o: otherHospital,
          id: created.id,
          v: 1,
          r: fullBloodCount(1, 1),
        }),
      ),
    ).toBe(NOT_FOUND);
    expect(
      code(await as(staff.otherTech, VERIFY, { o: otherHospital, id: created.id, v: 1 })),
    ).toBe(NOT_FOUND);
    const theirs = await ok<{ nodes: { id: string }[] }>(staff.otherTech, LIST, {
      o: otherHospital,
      first: 50,
    });
    expect(theirs.nodes.some((node) => node.id === created.id)).toBe(false);
    // A nurse of the hospital has no lab report role.
    expect(code(await as(staff.nurse, GET, { o: hospital, id: created.id }))).toBe('ARO-E1210');
    // Nothing changed.
    const now = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: created.id });
    expect(now.report.revision).toBe(1);
    expect(now.observations).toEqual([]);
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorId, staff.otherTech.id), eq(auditEvents.action, 'labReport.read')),
      );
    expect(reads).toEqual([]);
  });
});
