import { encode as encodeJpeg, decode as decodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import type { StaffRole } from '@careline/domain/staff';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  makeConsultationSession,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeStaffUser,
} from '../../../test/factories.ts';
import { jpegHeader, pngHeader } from '../../../test/images.ts';
import { auditEvents, practitionerPhotos } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';

/*
 * issue 29 §4.14: an admin of a hospital uploads the photo of a doctor who works there; the upload
 * is judged as every upload is, resized to a small square JPEG, and served to everyone, cached.
 */

const TENANT = 'careline-demo';
const OTHER_TENANT = 'first-tenant';

/** A real JPEG of the size asked, a colour gradient. */
function photoJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      data[at] = (x * 255) / width;
      data[at + 1] = (y * 255) / height;
      data[at + 2] = 128;
      data[at + 3] = 255;
    }
  }
  return Buffer.from(encodeJpeg({ width, height, data }, 90).data);
}

/** A real PNG, half transparent. */
function photoPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let at = 0; at < png.data.length; at += 4) {
    png.data[at] = 200;
    png.data[at + 1] = 30;
    png.data[at + 2] = 30;
    png.data[at + 3] = at % 8 === 0 ? 0 : 255;
  }
  return PNG.sync.write(png);
}

describe("a doctor's photo (issue 29 §4.14)", () => {
  let t: TestApp;
  let hospitalA: string;
  let hospitalB: string;
  let doctorA: string;
  let doctorB: string;

  const staffAuth = async (tenantId: string, memberships: { organizationId: string; role: StaffRole }[]) => {
    const user = await makeStaffUser(t.database.db, tenantId, memberships);
    const { token } = await createStaffAccessSession(t.database.db, tenantId, user.id);
    return { staffUserId: user.id, auth: `Bearer ${token}` };
  };
  const upload = (
    practitionerId: string,
    organizationId: string,
    auth: string | null,
    body: Buffer,
    contentType: string,
    host = 'localhost',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/blob/practitioner-photo/${practitionerId}?organizationId=${organizationId}`,
      headers: { host, 'content-type': contentType, ...(auth ? { authorization: auth } : {}) },
      payload: body,
    });
  const photoRow = async (practitionerId: string) =>
    (await t.database.db.select().from(practitionerPhotos).where(eq(practitionerPhotos.practitionerId, practitionerId)))[0] ??
    null;
  const sessionPhoto = async (practitionerId: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: {
        query: `query($ref: [String!]) { querySession(actorReference: $ref) { practitioner { id photoUrl } } }`,
        variables: { ref: [`Practitioner/${practitionerId}`] },
      },
    });
    const sessions = answer.json<{ data: { querySession: { practitioner: { photoUrl: string | null } }[] } }>().data.querySession;
    return sessions[0]?.practitioner.photoUrl;
  };

  beforeAll(async () => {
    t = await createTestApp();
    hospitalA = (await makeOrganization(t.database.db, TENANT)).id;
    hospitalB = (await makeOrganization(t.database.db, TENANT)).id;
    doctorA = (await makePractitioner(t.database.db, TENANT, hospitalA)).id;
    doctorB = (await makePractitioner(t.database.db, TENANT, hospitalB)).id;
    await makeConsultationSession(t.database.db, TENANT, { practitionerId: doctorA, organizationId: hospitalA });
  });
  afterAll(async () => {
    await t.close();
  });

  it("an admin of the doctor's hospital uploads it; the small variant is served to anyone, cached, and shown on the sessions", async () => {
    const admin = await staffAuth(TENANT, [{ organizationId: hospitalA, role: 'admin' }]);
    expect(await sessionPhoto(doctorA)).toBeNull();
    const original = photoJpeg(900, 600);
    const answer = await upload(doctorA, hospitalA, admin.auth, original, 'image/jpeg');
    expect(answer.statusCode).toBe(201);
    const { photoUrl } = answer.json<{ photoUrl: string }>();
    expect(photoUrl).toMatch(/^\/blob\/practitioner-photo\/[0-9a-f-]{36}\.jpg$/);

    const served = await t.app.inject({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const variant = decodeJpeg(served.rawPayload, { useTArray: true });
    expect([variant.width, variant.height]).toEqual([192, 192]);
    expect(served.rawPayload.length).toBeLessThan(original.length);
    expect(served.rawPayload.length).toBeLessThan(20_000);

    expect(await sessionPhoto(doctorA)).toBe(photoUrl);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'practitioner.photo'), eq(auditEvents.actorId, admin.staffUserId)));
    expect(audit).toMatchObject({ role: 'admin', organizationId: hospitalA });
    expect(audit?.details).toMatchObject({ practitionerId: doctorA });

    // A new upload is a new address; the PNG's transparent parts are laid on white.
    const again = await upload(doctorA, hospitalA, admin.auth, photoPng(120, 160), 'image/png');
    expect(again.statusCode).toBe(201);
    const next = again.json<{ photoUrl: string }>().photoUrl;
    expect(next).not.toBe(photoUrl);
    const small = await t.app.inject({ method: 'GET', url: next });
    expect([decodeJpeg(small.rawPayload).width, decodeJpeg(small.rawPayload).height]).toEqual([120, 120]);
    expect(await sessionPhoto(doctorA)).toBe(next);
  });

  it('refuses staff of another hospital or tenant, other roles, patients and no sign-in, and changes nothing', async () => {
    const photo = photoJpeg(64, 64);
    const adminB = await staffAuth(TENANT, [{ organizationId: hospitalB, role: 'admin' }]);
    const receptionistB = await staffAuth(TENANT, [{ organizationId: hospitalB, role: 'receptionist' }]);
    const otherHospital = await makeOrganization(t.database.db, OTHER_TENANT);
    const otherTenantAdmin = await staffAuth(OTHER_TENANT, [{ organizationId: otherHospital.id, role: 'admin' }]);
    const { account } = await makePatientAccount(t.database.db, TENANT);
    const patient = `Bearer ${(await createAccessSession(t.database.db, TENANT, account.id)).token}`;
    const before = await photoRow(doctorB);

    const refusals = [
      // An admin of B names A, where they are not a member: as if A did not exist.
      [await upload(doctorA, hospitalA, adminB.auth, photo, 'image/jpeg'), 404, 'ARO-E2001'],
      // An admin of B names B for a doctor of A only.
      [await upload(doctorA, hospitalB, adminB.auth, photo, 'image/jpeg'), 404, 'ARO-E2001'],
      // Another tenant's admin, on their own host, for this tenant's doctor and hospital.
      [await upload(doctorA, hospitalA, otherTenantAdmin.auth, photo, 'image/jpeg', 'first.localhost'), 404, 'ARO-E2001'],
      [await upload(doctorA, otherHospital.id, otherTenantAdmin.auth, photo, 'image/jpeg', 'first.localhost'), 404, 'ARO-E2001'],
      // Another tenant's token on this tenant's host signs in no one.
      [await upload(doctorA, hospitalA, otherTenantAdmin.auth, photo, 'image/jpeg'), 401, 'ARO-E1023'],
      [await upload(doctorB, hospitalB, receptionistB.auth, photo, 'image/jpeg'), 403, 'ARO-E1210'],
      [await upload(doctorB, hospitalB, patient, photo, 'image/jpeg'), 401, 'ARO-E1023'],
      [await upload(doctorB, hospitalB, null, photo, 'image/jpeg'), 401, 'ARO-E1023'],
      [await upload(doctorB, 'not-a-uuid', adminB.auth, photo, 'image/jpeg'), 400, 'ARO-E2002'],
    ] as const;
    for (const [answer, status, code] of refusals) {
      expect({ status: answer.statusCode, error: answer.json<{ error: string }>().error.split(':')[0] }).toEqual({
        status,
        error: code,
      });
    }
    expect(await photoRow(doctorB)).toEqual(before);
  });

  it("refuses a bad file with the blob service's CODE:message and changes nothing", async () => {
    const adminB = await staffAuth(TENANT, [{ organizationId: hospitalB, role: 'admin' }]);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const cases = [
      [Buffer.from('not an image at all'), 'image/png', 415, 'ARO-E3002:Only images and PDF files can be uploaded'],
      [photoJpeg(10, 10), 'application/pdf', 415, 'ARO-E3002:Only images and PDF files can be uploaded'],
      [gif, 'image/gif', 415, "ARO-E3008:A doctor's photo must be a JPEG or PNG image"],
      [pngHeader(50_000, 50_000), 'image/png', 422, 'ARO-E3006:'],
      [Buffer.concat([jpegHeader(64, 64), Buffer.from([1, 2, 3])]), 'image/jpeg', 422, 'ARO-E3007:'],
      [Buffer.alloc(0), 'image/png', 400, 'ARO-E3001:File is missing or empty'],
    ] as const;
    for (const [body, type, status, error] of cases) {
      const answer = await upload(doctorB, hospitalB, adminB.auth, body, type);
      expect(answer.statusCode).toBe(status);
      expect(answer.json<{ error: string }>().error.startsWith(error)).toBe(true);
    }
    expect(await photoRow(doctorB)).toBeNull();
  });

  it('serves nothing but a photo variant of the host tenant', async () => {
    const adminA = await staffAuth(TENANT, [{ organizationId: hospitalA, role: 'admin' }]);
    const answer = await upload(doctorA, hospitalA, adminA.auth, photoJpeg(50, 50), 'image/jpeg');
    const url = answer.json<{ photoUrl: string }>().photoUrl;
    const row = await photoRow(doctorA);
    const missing = [
      `/blob/practitioner-photo/${crypto.randomUUID()}.jpg`,
      // The upload as sent is not public.
      `/blob/practitioner-photo/${row?.sourceBlobId ?? ''}.jpg`,
      url.replace('.jpg', '.png'),
    ];
    for (const path of missing) {
      const served = await t.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(404);
      expect(served.json<{ error: string }>().error).toMatch(/^ARO-E2001:/);
    }
    // Another tenant's host does not serve it.
    expect((await t.app.inject({ method: 'GET', url, headers: { host: 'first.localhost' } })).statusCode).toBe(404);
  });
});
