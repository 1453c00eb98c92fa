import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@careline/domain/staff';
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
  serviceRequestDocuments,
  serviceRequestNotes,
  serviceRequests,
} from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';
import { tinyPng } from '../../../test/images.ts';

/*
 * Review findings 4 and 14 (issue 10 staff console): a document on an order is read only by the
 * members who work that order's category in its hospital (ORDER_STAFF_ROLES, admins all), audited
 * under that role; a staff upload names its hospital (?organizationId=) and needs 'orders.work'
 * there before the body is read, and its audit row records that hospital and role.
 */

const TENANT = 'careline-demo';
const png = tinyPng();

describe('staff and order documents (files)', () => {
  let t: TestApp;
  let hospitalA: string;
  let hospitalB: string;

  const staffToken = async (memberships: { organizationId: string; role: StaffRole }[]) => {
    const user = await makeStaffUser(t.database.db, TENANT, memberships);
    const { token } = await createStaffAccessSession(t.database.db, TENANT, user.id);
    return { staffUserId: user.id, auth: `Bearer ${token}` };
  };
  const at = (role: StaffRole, organizationId = hospitalA) =>
    staffToken([{ organizationId, role }]);

  /** A patient's uploaded file, as a document of an order of the category at hospital A. */
  const orderDocument = async (category: 'Medication' | 'Examination') => {
    const { account, patient } = await makePatientAccount(t.database.db, TENANT);
    const { token } = await createAccessSession(t.database.db, TENANT, account.id);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/blob/put',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: png,
    });
    expect(uploaded.statusCode).toBe(201);
    const blobId = uploaded.json<{ id: string }>().id;
    const document = await makeDocumentReference(t.database.db, TENANT, {
      accountId: account.id,
      patientId: patient.id,
      organizationId: hospitalA,
      blobId,
    });
    const [order] = await t.database.db
      .insert(serviceRequests)
      .values({
        tenantId: TENANT,
        accountId: account.id,
        patientId: patient.id,
        category,
        codeCode: category === 'Medication' ? '4' : '5',
        organizationId: hospitalA,
      })
      .returning({ id: serviceRequests.id });
    await t.database.db.insert(serviceRequestDocuments).values({
      tenantId: TENANT,
      serviceRequestId: order?.id ?? '',
      documentReferenceId: document.id,
      position: 0,
    });
    return {
      blobId,
      documentId: document.id,
      orderId: order?.id ?? '',
      accountId: account.id,
      patientId: patient.id,
    };
  };

  const get = (id: string, auth: string, correlationId?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/blob/get/${id}`,
      headers: {
        authorization: auth,
        ...(correlationId ? { 'x-correlation-id': correlationId } : {}),
      },
    });
  const put = (auth: string, query = '', correlationId?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/blob/put${query}`,
      headers: {
        authorization: auth,
        'content-type': 'image/png',
        ...(correlationId ? { 'x-correlation-id': correlationId } : {}),
      },
      payload: png,
    });
  const auditOf = (staffUserId: string, action: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, staffUserId), eq(auditEvents.action, action)));
  const blobsOf = (staffUserId: string) =>
    t.database.db.select().from(blobs).where(eq(blobs.staffUserId, staffUserId));

  beforeAll(async () => {
    t = await createTestApp();
    hospitalA = (await makeOrganization(t.database.db, TENANT)).id;
    hospitalB = (await makeOrganization(t.database.db, TENANT)).id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  describe('reading a document on an order', () => {
    it('refuses a receptionist and a cashier of the hospital exactly like a missing file, and audits nothing', async () => {
      const lab = await orderDocument('Examination');
      const missing = await get(randomUUID(), (await at('receptionist')).auth);
      for (const role of ['receptionist', 'cashier'] as const) {
        const member = await at(role);
        const read = await get(lab.blobId, member.auth);
        expect(read.statusCode).toBe(404);
        expect(read.body).toBe(missing.body);
        expect(await auditOf(member.staffUserId, 'document.read')).toEqual([]);
      }
    });

    it("refuses a pharmacist a lab order's document, and lets the lab technician read it, audited under that role", async () => {
      const lab = await orderDocument('Examination');
      const pharmacist = await at('pharmacist');
      expect((await get(lab.blobId, pharmacist.auth)).statusCode).toBe(404);
      expect(await auditOf(pharmacist.staffUserId, 'document.read')).toEqual([]);

      // A member with several roles here is audited under the one that works the category.
      const technician = await staffToken([
        { organizationId: hospitalA, role: 'receptionist' },
        { organizationId: hospitalA, role: 'labTechnician' },
      ]);
      const read = await get(lab.blobId, technician.auth, 'lab-read-1');
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(png)).toBe(true);
      const rows = await auditOf(technician.staffUserId, 'document.read');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorKind: 'staff',
        role: 'labTechnician',
        organizationId: hospitalA,
        patientAccountId: lab.accountId,
        patientId: lab.patientId,
        correlationId: 'lab-read-1',
        details: { blobId: lab.blobId, documentReferenceId: lab.documentId },
      });
    });

    it("lets the pharmacist read a medication order's document, an admin any, and nobody of another hospital", async () => {
      const medication = await orderDocument('Medication');
      const pharmacist = await at('pharmacist');
      expect((await get(medication.blobId, pharmacist.auth)).statusCode).toBe(200);
      expect(await auditOf(pharmacist.staffUserId, 'document.read')).toMatchObject([
        { role: 'pharmacist', organizationId: hospitalA },
      ]);
      const lab = await orderDocument('Examination');
      const admin = await at('admin');
      expect((await get(lab.blobId, admin.auth)).statusCode).toBe(200);
      expect(await auditOf(admin.staffUserId, 'document.read')).toMatchObject([
        { role: 'admin', organizationId: hospitalA },
      ]);
      const elsewhere = await at('labTechnician', hospitalB);
      expect((await get(lab.blobId, elsewhere.auth)).statusCode).toBe(404);
    });
  });

  describe('uploading as staff', () => {
    it('refuses an upload without the hospital, or with a malformed one, before reading it', async () => {
      const technician = await at('labTechnician');
      for (const query of ['', '?organizationId=', '?organizationId=hospital-a']) {
        const refused = await put(technician.auth, query);
        expect(refused.statusCode).toBe(400);
        expect(refused.json<{ error: string }>().error).toMatch(/^ARO-E2002:/);
        expect(refused.headers.connection).toBe('close');
      }
      expect(await blobsOf(technician.staffUserId)).toEqual([]);
    });

    it("refuses another hospital's id (404, as a missing one) and a role with neither orders nor chats (403)", async () => {
      const technician = await at('labTechnician');
      const other = await put(technician.auth, `?organizationId=${hospitalB}`);
      expect(other.statusCode).toBe(404);
      expect(other.json<{ error: string }>().error).toMatch(/^ARO-E2001:/);
      const missing = await put(technician.auth, `?organizationId=${randomUUID()}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe(other.body);
      expect(await blobsOf(technician.staffUserId)).toEqual([]);
      for (const role of ['cashier'] as const) {
        const member = await at(role);
        const refused = await put(member.auth, `?organizationId=${hospitalA}`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ error: string }>().error).toMatch(/^ARO-E1210:/);
        expect(await blobsOf(member.staffUserId)).toEqual([]);
        expect(await auditOf(member.staffUserId, 'blob.upload')).toEqual([]);
      }
    });

    it('stores an upload for a hospital where the member works orders, audited with that hospital and role', async () => {
      const technician = await staffToken([
        { organizationId: hospitalB, role: 'pharmacist' },
        { organizationId: hospitalA, role: 'receptionist' },
        { organizationId: hospitalA, role: 'labTechnician' },
      ]);
      const stored = await put(technician.auth, `?organizationId=${hospitalA}`, 'staff-put-1');
      expect(stored.statusCode).toBe(201);
      const id = stored.json<{ id: string }>().id;
      expect(await blobsOf(technician.staffUserId)).toMatchObject([{ id }]);
      const rows = await auditOf(technician.staffUserId, 'blob.upload');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorKind: 'staff',
        role: 'labTechnician',
        organizationId: hospitalA,
        correlationId: 'staff-put-1',
        details: { blobId: id, contentType: 'image/png', byteSize: png.length },
      });
      // The uploader reads their own upload back.
      expect((await get(id, technician.auth)).statusCode).toBe(200);
    });

    it('stores the image a call-centre agent or receptionist sends in a chat, audited with that role', async () => {
      for (const role of ['callCentreAgent', 'receptionist'] as const) {
        const member = await at(role);
        const stored = await put(member.auth, `?organizationId=${hospitalA}`);
        expect(stored.statusCode).toBe(201);
        const rows = await auditOf(member.staffUserId, 'blob.upload');
        expect(rows).toMatchObject([{ role, organizationId: hospitalA }]);
      }
    });

    it('lets a patient upload without a hospital (the query is for staff)', async () => {
      const { account } = await makePatientAccount(t.database.db, TENANT);
      const { token } = await createAccessSession(t.database.db, TENANT, account.id);
      expect((await put(`Bearer ${token}`)).statusCode).toBe(201);
    });
  });

  it("a note's attachment is a document that exists (foreign key, migration 0015)", async () => {
    const lab = await orderDocument('Examination');
    const note = (documentReferenceId: string) =>
      t.database.db.insert(serviceRequestNotes).values({
        tenantId: TENANT,
        serviceRequestId: lab.orderId,
        authorReference: 'User/x',
        text: 'Report attached',
        documentReferenceId,
      });
    await note(lab.documentId);
    await expect(note(randomUUID())).rejects.toThrow();
    const notes = await t.database.db
      .select()
      .from(serviceRequestNotes)
      .where(eq(serviceRequestNotes.serviceRequestId, lab.orderId));
    expect(notes.map((row) => row.documentReferenceId)).toEqual([lab.documentId]);
  });
});
