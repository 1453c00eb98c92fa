import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import {
  makeDiagnosticReportCode,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';

/*
 * The lab reports integration tests' app and helpers (issue 11; lab-reports.int.test.ts,
 * lab-report-versions.int.test.ts, lab-report-access.int.test.ts): the GraphQL operations and the
 * shapes they answer, two hospitals with their staff members, a full blood count test, and the
 * desk report made, verified and issued. Each test file calls useLabReportsApp() for its own app.
 */

export const TENANT = 'careline-demo';
export const NOT_FOUND = 'ARO-E2001';

export const STAFF_FIELDS = `id requireSecondVerifier
  report { id seriesId version revision supersededById amendmentReason status summaryStatus diagnosticReportOutsourcedType
    diagnosticReportVerifiedTime verifiedBy verifiedByName issuedAt enteredBy notes serviceRequestId patientId }
  observations { id status code display valueString valueQuantity { value unit } referenceRange { low high comparator value text }
    critical interpretation parameterOrder microbiology { category name result organismDefinitionId comment } }
  patient { id name }
  subTests { id name }
  history { id version status summaryStatus supersededById }`;

export const CREATE = `mutation ($o: ID!, $i: StaffCreateLabReportInput!, $k: String) {
  staffCreateLabReport(organizationId: $o, input: $i, idempotencyKey: $k) { ${STAFF_FIELDS} } }`;
export const SAVE = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: [LabResultInput!]!, $n: String) {
  staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: $v, results: $r, notes: $n) { ${STAFF_FIELDS} } }`;
export const VERIFY = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffVerifyLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${STAFF_FIELDS} } }`;
export const ISSUE = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffIssueLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${STAFF_FIELDS} } }`;
export const OUTSOURCE = `mutation ($o: ID!, $id: ID!, $v: Int!) {
  staffMarkLabReportOutsourced(organizationId: $o, id: $id, expectedRevision: $v) { ${STAFF_FIELDS} } }`;
export const CORRECT = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: String!) {
  staffCorrectLabReport(organizationId: $o, id: $id, expectedRevision: $v, reason: $r) { ${STAFF_FIELDS} } }`;
export const GET = `query ($o: ID!, $id: ID!) { staffLabReport(organizationId: $o, id: $id) { ${STAFF_FIELDS} } }`;
export const LIST = `query ($o: ID!, $q: LabReportQueue, $s: ID, $first: Int, $after: String) {
  staffLabReports(organizationId: $o, queue: $q, serviceRequestId: $s, first: $first, after: $after) {
    nodes { id report { version summaryStatus } } endCursor hasMore totalCount } }`;
export const SETTINGS = `mutation ($o: ID!, $on: Boolean!) { staffSetLabReportSettings(organizationId: $o, requireSecondVerifier: $on) { requireSecondVerifier } }`;

export const PATIENT_FIELDS = `id status version seriesId summaryStatus diagnosticReportOutsourcedType patientCreditStatus code { coding { display code } }
  observations { id status code display valueString valueQuantity { value unit } critical diagnosticReportId }`;
export const MY_REPORTS = `query ($p: ID!, $c: [String!]) { diagnosticReports(patientId: $p, code: $c) { ${PATIENT_FIELDS} } }`;
export const MY_REPORT = `query ($id: ID!) { diagnosticReport(id: $id) { ${PATIENT_FIELDS} } }`;
export const MY_OBSERVATIONS = `query ($p: String!, $c: [String!]!) {
  diagnosticObservations(patient: $p, diagnosticReportCode: $c) { id status diagnosticReportId valueQuantity { value unit } code display subject } }`;
export const CODE = `query ($id: ID!) { diagnosticReportCode(id: $id) { id code name resultValueType SubDiagnosticReportCodes { id name parameterOrder unit } } }`;
export const SEEN = `mutation ($id: ID!) { updateDiagnosticReportExtension(id: $id) { id lastSeen } }`;

export type Obs = {
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
export type StaffReport = {
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
export type PatientReport = {
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
export type Body<T> = { data?: T | null; errors?: { message: string }[] };
export type Patient = { token: string; accountId: string; patientId: string };
export type Staff = { id: string; token: string; name: string };

export let t: TestApp;
export let hospital: string;
export let otherHospital: string;
export let fbc: { code: string; id: string; hb: string; wbc: string; culture: string };
export const staff = {} as Record<'tech' | 'tech2' | 'admin' | 'nurse' | 'otherTech', Staff>;

export const code = (body: Body<unknown>): string | null =>
  body.errors?.[0]?.message.split(':')[0] ?? null;

export async function staffMember(organizationId: string, role: StaffRole): Promise<Staff> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role }]);
  const { token } = await createStaffAccessSession(t.database.db, TENANT, user.id);
  return { id: user.id, token, name: user.displayName };
}

export async function makePatient(): Promise<Patient> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT, {
    hospitalId: hospital,
  });
  const { token } = await createAccessSession(t.database.db, TENANT, account.id);
  return { token, accountId: account.id, patientId: patient.id };
}

export async function as<T>(
  who: { token: string },
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Body<T>> {
  return t.gql<T>(query, variables, { authorization: `Bearer ${who.token}` });
}

export async function ok<T>(
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

export async function deskReport(
  patient: Patient,
  by: Staff = staff.tech,
  input: Record<string, unknown> = {},
): Promise<StaffReport> {
  return ok<StaffReport>(by, CREATE, {
    o: hospital,
    i: { patientId: patient.patientId, code: fbc.code, ...input },
  });
}

export const fullBloodCount = (hb: number, wbc: number) => [
  { subTestId: fbc.hb, valueQuantity: hb, critical: hb < 11.5 },
  { subTestId: fbc.wbc, valueQuantity: wbc },
];

/** A desk report with results entered, verified and issued by the technician (second person off). */
export async function issuedReport(patient: Patient, hb = 13.1, wbc = 7.2): Promise<StaffReport> {
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

export async function auditActions(diagnosticReportId: string): Promise<string[]> {
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

/**
 * Starts the test app once for the calling test file, with two hospitals, their staff members and a
 * full blood count test (Haemoglobin, WBC, Culture), and closes it after the file.
 */
export function useLabReportsApp(): void {
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
}
