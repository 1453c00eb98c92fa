import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  makeDocumentReference,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
} from '../../../test/factories.ts';
import {
  auditEvents,
  blobs,
  diagnosticReports,
  organizationImages,
} from '../../db/schema/index.ts';
import type { OrganizationImageKind } from '../../db/schema/files.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';
import { tinyPng } from '../../../test/images.ts';

/*
 * issue 7 point 4: a blob is readable by its uploader, by the account that owns a document that
 * references it, and by staff of that document's hospital; hospital-wide images as the documents that
 * use them allow; everything else is 404, exactly like a missing blob. Staff reads are audited.
 */

const TENANT = 'careline-demo';
const png = tinyPng();

describe('blob access through documents', () => {
  let t: TestApp;
  let hospitalA: string;
  let hospitalB: string;

  const patientToken = async () => {
    const { account, patient } = await makePatientAccount(t.database.db, TENANT);
    const { token } = await createAccessSession(t.database.db, TENANT, account.id);
    return { accountId: account.id, patientId: patient.id, auth: `Bearer ${token}` };
  };
  const staffToken = async (
    organizationId: string,
    fields: { mustChangePassword?: boolean } = {},
  ) => {
    const user = await makeStaffUser(
      t.database.db,
      TENANT,
      [{ organizationId, role: 'nurse' }],
      fields,
    );
    const { token } = await createStaffAccessSession(t.database.db, TENANT, user.id);
    return { staffUserId: user.id, auth: `Bearer ${token}` };
  };
  const upload = async (auth: string): Promise<string> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/blob/put',
      headers: { authorization: auth, 'content-type': 'image/png' },
      payload: png,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };
  /** A blob staff uploaded (no upload route for staff yet: written as the route would). */
  const staffBlob = async (staffUserId: string): Promise<string> => {
    const storageKey = `${TENANT}/${randomUUID()}`;
    await t.providers.blobStore.put(storageKey, png, 'image/png');
    const [row] = await t.database.db
      .insert(blobs)
      .values({
        tenantId: TENANT,
        staffUserId,
        storageKey,
        contentType: 'image/png',
        byteSize: png.length,
        sha256: 'x',
      })
      .returning({ id: blobs.id });
    return row?.id ?? '';
  };
  const hospitalImage = async (
    organizationId: string,
    kind: OrganizationImageKind,
  ): Promise<string> => {
    const admin = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role: 'admin' }]);
    const blobId = await staffBlob(admin.id);
    await t.database.db
      .insert(organizationImages)
      .values({ tenantId: TENANT, organizationId, blobId, kind });
    return blobId;
  };
  const get = async (id: string, auth?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/blob/get/${id}`,
      headers: auth ? { authorization: auth } : {},
    });
  const status = async (id: string, auth?: string) => (await get(id, auth)).statusCode;
  const missingBody = async (auth: string) => (await get(randomUUID(), auth)).body;

  beforeAll(async () => {
    t = await createTestApp();
    hospitalA = (await makeOrganization(t.database.db, TENANT)).id;
    hospitalB = (await makeOrganization(t.database.db, TENANT)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the uploader read the blob, and nobody else while no document references it', async () => {
    const uploader = await patientToken();
    const other = await patientToken();
    const nurse = await staffToken(hospitalA);
    const id = await upload(uploader.auth);
    const read = await get(id, uploader.auth);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(png)).toBe(true);
    expect(await status(id, other.auth)).toBe(404);
    expect(await status(id, nurse.auth)).toBe(404);
    // Exactly like a missing blob: same status, same body.
    expect((await get(id, other.auth)).body).toBe(await missingBody(other.auth));
    expect((await get(id, nurse.auth)).body).toBe(await missingBody(nurse.auth));
    expect(await status(id)).toBe(401);
  });

  it("lets the document's account and its hospital's staff read it; another account and another hospital's staff get 404", async () => {
    const owner = await patientToken();
    const other = await patientToken();
    const nurseA = await staffToken(hospitalA);
    const nurseB = await staffToken(hospitalB);
    const uploaderStaff = await staffToken(hospitalA);
    // Staff of hospital A upload a result for the patient, as a document of hospital A.
    const id = await staffBlob(uploaderStaff.staffUserId);
    const document = await makeDocumentReference(t.database.db, TENANT, {
      accountId: owner.accountId,
      patientId: owner.patientId,
      organizationId: hospitalA,
      blobId: id,
      authorReference: `User/${uploaderStaff.staffUserId}`,
    });
    expect(await status(id, uploaderStaff.auth)).toBe(200);
    expect(await status(id, owner.auth)).toBe(200);
    const byNurse = await t.app.inject({
      method: 'GET',
      url: `/blob/get/${id}`,
      headers: { authorization: nurseA.auth, 'x-correlation-id': 'nurse-a-read-1' },
    });
    expect(byNurse.statusCode).toBe(200);
    expect(await status(id, other.auth)).toBe(404);
    expect(await status(id, nurseB.auth)).toBe(404);
    expect((await get(id, nurseB.auth)).body).toBe(await missingBody(nurseB.auth));

    // The staff read of patient data is audited; the owner's own read is not a staff read.
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'document.read'),
          eq(auditEvents.patientAccountId, owner.accountId),
        ),
      );
    // The uploader's read and nurse A's read; none for the owner or for nurse B.
    expect(rows.map((row) => row.actorId).sort()).toEqual(
      [uploaderStaff.staffUserId, nurseA.staffUserId].sort(),
    );
    expect(rows.find((row) => row.actorId === nurseA.staffUserId)).toMatchObject({
      actorKind: 'staff',
      actorId: nurseA.staffUserId,
      role: 'nurse',
      organizationId: hospitalA,
      patientId: owner.patientId,
      correlationId: 'nurse-a-read-1',
      details: { blobId: id, documentReferenceId: document.id },
    });
    const byNurseB = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, nurseB.staffUserId));
    expect(byNurseB).toEqual([]);
  });

  it("lets staff of the document's hospital read a file the patient uploaded and attached", async () => {
    const owner = await patientToken();
    const nurseA = await staffToken(hospitalA);
    const nurseB = await staffToken(hospitalB);
    const id = await upload(owner.auth);
    expect(await status(id, nurseA.auth)).toBe(404);
    await makeDocumentReference(t.database.db, TENANT, {
      accountId: owner.accountId,
      organizationId: hospitalA,
      blobId: id,
    });
    expect(await status(id, nurseA.auth)).toBe(200);
    expect(await status(id, nurseB.auth)).toBe(404);
  });

  it('serves hospital-wide images as the documents that use them allow', async () => {
    const withReport = await patientToken();
    const withDocument = await patientToken();
    const stranger = await patientToken();
    const nurseA = await staffToken(hospitalA);
    const nurseB = await staffToken(hospitalB);
    const header = await hospitalImage(hospitalA, 'lab_report_header');
    const signature = await hospitalImage(hospitalA, 'signature');
    await t.database.db.insert(diagnosticReports).values({
      tenantId: TENANT,
      accountId: withReport.accountId,
      patientId: withReport.patientId,
      organizationId: hospitalA,
      codeCode: '00000001',
      codeDisplay: 'Full blood count',
    });
    await makeDocumentReference(t.database.db, TENANT, {
      accountId: withDocument.accountId,
      organizationId: hospitalA,
    });
    for (const id of [header, signature]) {
      expect(await status(id, withReport.auth)).toBe(200);
      expect(await status(id, withDocument.auth)).toBe(200);
      expect(await status(id, nurseA.auth)).toBe(200);
      expect(await status(id, stranger.auth)).toBe(404);
      expect(await status(id, nurseB.auth)).toBe(404);
    }
    // A report of another hospital does not open hospital A's images.
    const elsewhere = await patientToken();
    await makeDocumentReference(t.database.db, TENANT, {
      accountId: elsewhere.accountId,
      organizationId: hospitalB,
    });
    expect(await status(header, elsewhere.auth)).toBe(404);
    // Hospital images are not patient data: no audit row for reading them.
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, nurseA.staffUserId));
    expect(rows).toEqual([]);
  });

  it('gives 404 to staff who must still change their password, and to another tenant', async () => {
    const owner = await patientToken();
    const id = await upload(owner.auth);
    await makeDocumentReference(t.database.db, TENANT, {
      accountId: owner.accountId,
      organizationId: hospitalA,
      blobId: id,
    });
    const newcomer = await staffToken(hospitalA, { mustChangePassword: true });
    expect(await status(id, newcomer.auth)).toBe(404);
    const other = await t.app.inject({
      method: 'GET',
      url: `/blob/get/${id}`,
      headers: { authorization: owner.auth, host: 'first.localhost' },
    });
    expect(other.statusCode).toBe(401);
  });
});
