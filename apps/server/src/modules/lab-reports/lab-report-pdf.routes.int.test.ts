import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import { makeDiagnosticReportCode, makeOrganization, makePatientAccount, makeStaffUser } from '../../../test/factories.ts';
import { readPdf } from '../../../test/read-pdf.ts';
import { and, eq } from 'drizzle-orm';
import { formatMedicalRecordNumber } from '@careline/domain/profiles';
import { orderEvents } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tinyPng } from '../../../test/images.ts';
import { createAccessSession } from '../auth/index.ts';
import { insertBlob } from '../files/files.testing.ts';
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

const ORDER_FIELDS = 'id order { version }';
const CREATE_ORDER = `mutation ($input: CreateServiceRequestInput!) { createServiceRequest(input: $input) { id version identifier } }`;
const CREATE_DOCUMENT = `mutation ($blobId: ID!, $patientId: ID) {
  createDocumentReference(blobId: $blobId, patientId: $patientId, contentType: "image/png") { id }
}`;
const CHARGE = `mutation ($o: ID!, $id: ID!, $v: Int!, $a: String!) {
  staffSetOrderCharge(organizationId: $o, id: $id, expectedVersion: $v, amount: $a) { ${ORDER_FIELDS} } }`;
const SCHEDULE = `mutation ($o: ID!, $id: ID!, $v: Int!, $n: String!, $t: DateTime!) {
  staffScheduleSampleCollection(organizationId: $o, id: $id, expectedVersion: $v, collectorName: $n, time: $t) { ${ORDER_FIELDS} } }`;
const MOVE = `mutation ($o: ID!, $id: ID!, $v: Int!, $to: String!) {
  staffMoveOrderStatus(organizationId: $o, id: $id, expectedVersion: $v, to: $to) { ${ORDER_FIELDS} } }`;
const PATCH_ORDER = `mutation ($id: ID!, $v: Int!, $input: PatchServiceRequestInput!) {
  patchServiceRequest(id: $id, expectedVersion: $v, input: $input) { id version } }`;
const TAKE_CASH = `mutation ($o: ID!, $id: ID!, $v: Int!) {
  staffTakeOrderCashPayment(organizationId: $o, serviceRequestId: $id, expectedVersion: $v) { receiptNumber } }`;

type Report = { id: string; report: { revision: number } };
type Who = { token: string };

let t: TestApp;
let hospital: string;
let tech: Who;
let desk: Who;
let fbc: { code: string; display: string; hb: string; culture: string; alt: string };

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

async function makePatient(): Promise<Who & { patientId: string; accountId: string; medicalRecordNumber: number | null }> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT, { hospitalId: hospital });
  const { token } = await createAccessSession(t.database.db, TENANT, account.id);
  return { token, patientId: patient.id, accountId: account.id, medicalRecordNumber: patient.medicalRecordNumber };
}

async function gqlOk<T>(who: Who, query: string, variables: Record<string, unknown>): Promise<T> {
  const body = await t.gql<Record<string, T>>(query, variables, { authorization: `Bearer ${who.token}` });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const value = Object.values(body.data ?? {})[0];
  if (!value) {
    throw new Error('no data');
  }
  return value;
}

/** A lab order the patient sends from the app, with a photo of the prescription. */
async function labOrder(of: Awaited<ReturnType<typeof makePatient>>): Promise<{ id: string; version: number; identifier: string }> {
  const png = tinyPng();
  const storageKey = `test/${randomUUID()}`;
  await t.providers.blobStore.put(storageKey, png, 'image/png');
  const blobId = await insertBlob(t.database.db, {
    tenantId: TENANT,
    accountId: of.accountId,
    storageKey,
    contentType: 'image/png',
    byteSize: png.length,
    sha256: randomUUID(),
  });
  const document = await gqlOk<{ id: string }>(of, CREATE_DOCUMENT, { blobId, patientId: of.patientId });
  return gqlOk(of, CREATE_ORDER, {
    input: {
      patientId: of.patientId,
      orderCategory: 'Examination',
      organization: hospital,
      documentReferenceIds: [document.id],
      addressLineOne: 'No 12, Temple Road',
      addressCity: 'Kandy',
    },
  });
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
  desk = await staffMember('admin');
  const made = await makeDiagnosticReportCode(t.database.db, TENANT, {
    subCodes: [
      { name: 'Haemoglobin', parameterOrder: 1, unit: 'g/dL', referenceRange: { low: 11.5, high: 16.5 } },
      { name: 'Urine culture', parameterOrder: 2 },
      { name: 'ALT', parameterOrder: 3, unit: 'U/L', referenceRange: { low: 0, high: 41 } },
    ],
  });
  fbc = {
    code: made.code.code,
    display: made.code.display,
    hb: made.subCodes[0]?.id ?? '',
    culture: made.subCodes[1]?.id ?? '',
    alt: made.subCodes[2]?.id ?? '',
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

  it("prints the order's collected and received times, the receipt, the patient number, the name with its prefix and the H flag (issue 30 §3.7)", async () => {
    const carol = await makePatient();
    const lab = await labOrder(carol);
    let version = (await gqlOk<{ order: { version: number } }>(tech, CHARGE, { o: hospital, id: lab.id, v: lab.version, a: '2500' })).order.version;
    version = (await gqlOk<{ order: { version: number } }>(tech, SCHEDULE, { o: hospital, id: lab.id, v: version, n: 'Kamal Perera', t: new Date(Date.UTC(2030, 0, 15, 4, 30)).toISOString() })).order.version;
    for (const to of ['sampleCollected', 'sampleArrived']) {
      version = (await gqlOk<{ order: { version: number } }>(tech, MOVE, { o: hospital, id: lab.id, v: version, to })).order.version;
    }
    // The history the PDF reads: when the sample was collected and when it arrived, the cash receipt.
    const collectedAt = new Date(Date.UTC(2026, 11, 1, 3, 15));
    const receivedAt = new Date(Date.UTC(2026, 11, 1, 5, 40));
    await t.database.db.update(orderEvents).set({ createdAt: collectedAt })
      .where(and(eq(orderEvents.serviceRequestId, lab.id), eq(orderEvents.toStatus, 'sampleCollected')));
    await t.database.db.update(orderEvents).set({ createdAt: receivedAt })
      .where(and(eq(orderEvents.serviceRequestId, lab.id), eq(orderEvents.toStatus, 'sampleArrived')));
    const cash = await gqlOk<{ version: number }>(carol, PATCH_ORDER, { id: lab.id, v: version, input: { serviceRequestPaymentMethod: 'cash' } });
    const { receiptNumber } = await gqlOk<{ receiptNumber: string }>(desk, TAKE_CASH, { o: hospital, id: lab.id, v: cash.version });

    const created = await ok(tech, CREATE, { o: hospital, i: { serviceRequestId: lab.id, code: fbc.code } });
    const saved = await ok(tech, SAVE, {
      o: hospital,
      id: created.id,
      v: created.report.revision,
      r: [
        { subTestId: fbc.hb, valueQuantity: 13.1 },
        { subTestId: fbc.alt, valueQuantity: 58 },
      ],
    });
    const issued = await verifyAndIssue(saved);
    const answer = await download(carol, issued.id);
    expect(answer.statusCode).toBe(200);
    const text = (await readPdf(answer.rawPayload)).pages.map((page) => page.text).join('\n');
    // In Colombo time (UTC+05:30), as the report writes its dates.
    expect(text).toContain('1st,(Tue) Dec 2026 08:45 AM');
    expect(text).toContain('1st,(Tue) Dec 2026 11:10 AM');
    expect(text).toContain(receiptNumber);
    // The patient number, not the row's id.
    expect(carol.medicalRecordNumber).toBeGreaterThan(0);
    expect(text).toContain(formatMedicalRecordNumber(carol.medicalRecordNumber));
    expect(text).not.toContain(carol.patientId);
    expect(text).toMatch(/Mr\. Patient\w+ Silva/);
    expect(text).toContain('male');
    // 58 U/L against 0–41 is high; 13.1 inside 11.5–16.5 has no flag.
    expect(text).toMatch(/58 H/);
    expect(text).not.toMatch(/13\.1 [HL]/);
  }, 60_000);
});
