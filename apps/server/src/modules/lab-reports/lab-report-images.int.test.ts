import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import {
  makeDiagnosticReportCode,
  makeDocumentReference,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEvents, blobs, labReportSettings } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';
import { SAMPLE_FOOTER_IMAGE, SAMPLE_HEADER_IMAGE, SAMPLE_SIGNATURE_IMAGE } from './pdf/lab-report-pdf-test-fixture.ts';

/*
 * The hospital's header, footer and signature images of the printable report (issue 11): lab staff
 * upload them through the blob service and set them per hospital; only PNG or JPEG files the PDF
 * library can draw, size-limited, are accepted; the patient's PDF draws them and changes as soon as
 * an image changes (the cached PDF is not served again); every change is audited.
 */

const TENANT = 'careline-demo';

const FIELDS = 'id report { revision }';
const CREATE = `mutation ($o: ID!, $i: StaffCreateLabReportInput!) { staffCreateLabReport(organizationId: $o, input: $i) { ${FIELDS} } }`;
const SAVE = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: [LabResultInput!]!) {
  staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: $v, results: $r) { ${FIELDS} } }`;
const VERIFY = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffVerifyLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${FIELDS} } }`;
const ISSUE = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffIssueLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${FIELDS} } }`;
const SETTINGS_FIELDS = 'organizationId requireSecondVerifier headerImageBlobId footerImageBlobId signatureImageBlobId';
const SET_IMAGE = `mutation ($o: ID!, $k: LabReportImageKind!, $b: ID) {
  staffSetLabReportImage(organizationId: $o, kind: $k, blobId: $b) { ${SETTINGS_FIELDS} } }`;
const SETTINGS = `query ($o: ID!) { staffLabReportSettings(organizationId: $o) { ${SETTINGS_FIELDS} } }`;

type Who = { token: string; id: string };
type Settings = {
  organizationId: string;
  requireSecondVerifier: boolean;
  headerImageBlobId: string | null;
  footerImageBlobId: string | null;
  signatureImageBlobId: string | null;
};
type Body<T> = { data?: T | null; errors?: { message: string }[] };

let t: TestApp;
let hospital: string;
let otherHospital: string;
let tech: Who;
let fbc: { code: string; hb: string };

const as = <T>(who: { token: string }, query: string, variables: Record<string, unknown>): Promise<Body<T>> =>
  t.gql<T>(query, variables, { authorization: `Bearer ${who.token}` });

const code = (body: Body<unknown>): string | null => body.errors?.[0]?.message.split(':')[0] ?? null;

async function ok<T>(who: { token: string }, query: string, variables: Record<string, unknown>): Promise<T> {
  const body = await as<Record<string, T>>(who, query, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const value = Object.values(body.data ?? {})[0];
  if (value === undefined) {
    throw new Error('no data');
  }
  return value;
}

async function staffMember(organizationId: string, role: StaffRole): Promise<Who> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role }]);
  const { token } = await createStaffAccessSession(t.database.db, TENANT, user.id);
  return { token, id: user.id };
}

async function upload(who: Who, bytes: Buffer, contentType: string, organizationId = hospital) {
  return t.app.inject({
    method: 'POST',
    url: `/blob/put?organizationId=${organizationId}`,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': contentType },
    payload: bytes,
  });
}

async function uploaded(who: Who, bytes: Buffer, contentType = 'image/png'): Promise<string> {
  const response = await upload(who, bytes, contentType);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** An issued desk report of a new patient, and the patient. */
async function issuedReport(): Promise<{ id: string; patient: { token: string } }> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT, { hospitalId: hospital });
  const { token } = await createAccessSession(t.database.db, TENANT, account.id);
  type R = { id: string; report: { revision: number } };
  const created = await ok<R>(tech, CREATE, { o: hospital, i: { patientId: patient.id, code: fbc.code } });
  const saved = await ok<R>(tech, SAVE, { o: hospital, id: created.id, v: created.report.revision, r: [{ subTestId: fbc.hb, valueQuantity: 12.1 }] });
  const verified = await ok<R>(tech, VERIFY, { o: hospital, id: saved.id, v: saved.report.revision });
  const issued = await ok<R>(tech, ISSUE, { o: hospital, id: verified.id, v: verified.report.revision });
  return { id: issued.id, patient: { token } };
}

/** The patient's PDF and how many images it embeds (pdfkit writes image XObjects' dictionaries uncompressed). */
async function pdfOf(report: { id: string; patient: { token: string } }): Promise<{ bytes: Buffer; images: number }> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/lab-reports/${report.id}.pdf`,
    headers: { authorization: `Bearer ${report.patient.token}` },
  });
  expect(response.statusCode).toBe(200);
  const bytes = response.rawPayload;
  return { bytes, images: bytes.toString('latin1').split('/Subtype /Image').length - 1 };
}

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  otherHospital = (await makeOrganization(t.database.db, TENANT)).id;
  tech = await staffMember(hospital, 'labTechnician');
  const made = await makeDiagnosticReportCode(t.database.db, TENANT, {
    subCodes: [{ name: 'Haemoglobin', parameterOrder: 1, unit: 'g/dL', referenceRange: { low: 11.5, high: 16.5 } }],
  });
  fbc = { code: made.code.code, hb: made.subCodes[0]?.id ?? '' };
});

afterAll(async () => {
  await t.close();
});

describe("the hospital's report images (spec doc 3 §2 'Printable lab report': header, footer, signature)", () => {
  it('a technician uploads and sets them; the patient PDF draws them, and a changed image is not served from the cache', async () => {
    const report = await issuedReport();
    const before = await pdfOf(report);
    expect(before.images).toBe(0);
    // The cached PDF answers again while nothing changed.
    expect((await pdfOf(report)).bytes.equals(before.bytes)).toBe(true);

    const header = await uploaded(tech, SAMPLE_HEADER_IMAGE);
    const footer = await uploaded(tech, SAMPLE_FOOTER_IMAGE);
    const signature = await uploaded(tech, SAMPLE_SIGNATURE_IMAGE);
    await ok<Settings>(tech, SET_IMAGE, { o: hospital, k: 'HEADER', b: header });
    await ok<Settings>(tech, SET_IMAGE, { o: hospital, k: 'FOOTER', b: footer });
    const set = await ok<Settings>(tech, SET_IMAGE, { o: hospital, k: 'SIGNATURE', b: signature });
    expect(set).toEqual({
      organizationId: hospital,
      requireSecondVerifier: false,
      headerImageBlobId: header,
      footerImageBlobId: footer,
      signatureImageBlobId: signature,
    });
    expect(await ok<Settings>(tech, SETTINGS, { o: hospital })).toEqual(set);
    // The signature has an alpha channel: its soft mask is an image too.
    const drawn = await pdfOf(report);
    expect(drawn.images).toBeGreaterThanOrEqual(3);

    // A new header is a new blob: the next download draws it, not the PDF cached before.
    const newHeader = await uploaded(tech, SAMPLE_FOOTER_IMAGE.subarray(0));
    await ok<Settings>(tech, SET_IMAGE, { o: hospital, k: 'HEADER', b: newHeader });
    const changed = await pdfOf(report);
    expect(changed.bytes.equals(drawn.bytes)).toBe(false);

    // Cleared: printed without it again.
    const cleared = await ok<Settings>(tech, SET_IMAGE, { o: hospital, k: 'SIGNATURE', b: null });
    expect(cleared.signatureImageBlobId).toBeNull();
    expect((await pdfOf(report)).bytes.equals(changed.bytes)).toBe(false);

    // Each change is audited with the image before it.
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'labReport.image'), eq(auditEvents.tenantId, TENANT)));
    const details = rows
      .filter((row) => row.organizationId === hospital)
      .map((row) => row.details as { kind: string; blobId: string | null; previousBlobId: string | null });
    expect(details).toEqual(
      expect.arrayContaining([
        { kind: 'header', blobId: header, previousBlobId: null },
        { kind: 'header', blobId: newHeader, previousBlobId: header },
        { kind: 'signature', blobId: null, previousBlobId: signature },
      ]),
    );

    // Another lab technician of the hospital may read the images through the blob service.
    const colleague = await staffMember(hospital, 'labTechnician');
    const read = await t.app.inject({
      method: 'GET',
      url: `/blob/get/${newHeader}`,
      headers: { authorization: `Bearer ${colleague.token}` },
    });
    expect(read.statusCode).toBe(200);
  });

  it('refuses a file that is not a PNG or JPEG image, one too large, one that cannot be drawn, and changes nothing', async () => {
    const admin = await staffMember(hospital, 'admin');
    const start = await ok<Settings>(admin, SETTINGS, { o: hospital });

    // A PDF is a file the blob service keeps, but not an image the report can draw.
    const pdf = await uploaded(tech, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'application/pdf');
    expect(code(await as(tech, SET_IMAGE, { o: hospital, k: 'HEADER', b: pdf }))).toBe('ARO-E7023');

    // Over the size limit (recorded as this member's upload, as a large scan would be).
    const large = await uploaded(tech, SAMPLE_HEADER_IMAGE);
    await t.database.db.update(blobs).set({ byteSize: 3 * 1024 * 1024 }).where(eq(blobs.id, large));
    const tooLarge = await as(tech, SET_IMAGE, { o: hospital, k: 'HEADER', b: large });
    expect(tooLarge.errors?.[0]?.message).toBe('ARO-E7024:The image can be at most 2 MB');

    // A PNG signature with damaged data: the blob service sees a PNG, the PDF library cannot draw it.
    const damaged = Buffer.concat([SAMPLE_SIGNATURE_IMAGE.subarray(0, 40), Buffer.alloc(200, 7)]);
    const broken = await uploaded(tech, damaged);
    expect(code(await as(tech, SET_IMAGE, { o: hospital, k: 'SIGNATURE', b: broken }))).toBe('ARO-E7025');

    // An image the blob service refuses outright never becomes a blob.
    expect((await upload(tech, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')).statusCode).toBe(415);

    expect(await ok<Settings>(admin, SETTINGS, { o: hospital })).toEqual(start);
  });

  it("answers not-found for another member's upload, an unknown id or another hospital, and refuses roles that do not issue reports", async () => {
    const colleague = await staffMember(hospital, 'labTechnician');
    const theirs = await uploaded(colleague, SAMPLE_HEADER_IMAGE);
    for (const blobId of [theirs, randomUUID(), 'not-an-id']) {
      expect(code(await as(tech, SET_IMAGE, { o: hospital, k: 'HEADER', b: blobId }))).toBe('ARO-E2001');
    }
    // A technician of another hospital cannot set this hospital's images, nor upload for it.
    const stranger = await staffMember(otherHospital, 'labTechnician');
    expect((await upload(stranger, SAMPLE_HEADER_IMAGE, 'image/png')).statusCode).toBe(404);
    expect(code(await as(stranger, SET_IMAGE, { o: hospital, k: 'HEADER', b: null }))).toBe('ARO-E2001');

    // A member of both hospitals: an upload made for the other hospital is not one of this one's images.
    const both = await makeStaffUser(t.database.db, TENANT, [
      { organizationId: hospital, role: 'labTechnician' },
      { organizationId: otherHospital, role: 'labTechnician' },
    ]);
    const bothWho = { token: (await createStaffAccessSession(t.database.db, TENANT, both.id)).token, id: both.id };
    const forOther = await upload(bothWho, SAMPLE_HEADER_IMAGE, 'image/png', otherHospital);
    expect(forOther.statusCode, forOther.body).toBe(201);
    expect(code(await as(bothWho, SET_IMAGE, { o: hospital, k: 'HEADER', b: forOther.json<{ id: string }>().id }))).toBe('ARO-E2001');
    // The member's own upload that a patient's document holds (an order's result, a chat image) stays
    // the patient's: never made an image every member and patient of the hospital could read.
    const ownFile = await uploaded(tech, SAMPLE_HEADER_IMAGE);
    const { account, patient } = await makePatientAccount(t.database.db, TENANT, { hospitalId: hospital });
    await makeDocumentReference(t.database.db, TENANT, { accountId: account.id, patientId: patient.id, blobId: ownFile });
    expect(code(await as(tech, SET_IMAGE, { o: hospital, k: 'SIGNATURE', b: ownFile }))).toBe('ARO-E2001');
    const [settings] = await t.database.db.select().from(labReportSettings).where(eq(labReportSettings.organizationId, hospital));
    expect(settings?.signatureImageBlobId ?? null).not.toBe(ownFile);

    // A nurse does not set the laboratory's images.
    const nurse = await staffMember(hospital, 'nurse');
    expect(code(await as(nurse, SET_IMAGE, { o: hospital, k: 'FOOTER', b: null }))).toBe('ARO-E1210');
    const [row] = await t.database.db.select().from(labReportSettings).where(eq(labReportSettings.organizationId, otherHospital));
    expect(row).toBeUndefined();
  });
});
