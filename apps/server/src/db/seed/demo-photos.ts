import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { blobs, practitionerPhotos, practitionerRoles, practitioners } from '../schema/index.ts';
import type { BlobStore } from '../../providers/blob-storage/blob-store.ts';
import type { TenantRegistry } from '../../modules/tenants/tenants.types.ts';
import { encodeJpeg, type Raster } from '../../modules/files/files.image-resize.ts';
import { ANCHOR_DOCTORS } from './demo-data.ts';

/*
 * The demo doctors' portraits (issue 29 §4.14): drawn here, never real people's photos. A flat
 * illustration (a coloured ground, a head and shoulders in a white coat), stored through the blob
 * store like a photo staff upload, so /doctor shows photos for some doctors and initials for the rest.
 */

/** The demo doctors that get a portrait (the others keep their initials, as a doctor without one). */
const PORTRAIT_DOCTORS = ANCHOR_DOCTORS.slice(1, 5);

const EDGE = 192;
const GROUNDS: readonly [number, number, number][] = [
  [46, 125, 120],
  [94, 80, 170],
  [200, 120, 60],
  [50, 110, 170],
];
const SKIN: readonly [number, number, number][] = [
  [141, 85, 60],
  [198, 134, 98],
  [110, 70, 50],
  [170, 110, 80],
];

/**
 * A portrait illustration: ground, white coat shoulders, a neck and a head, a fringe of hair.
 * @param index - picks the ground and skin colours
 */
export function drawPortrait(index: number): Raster {
  const ground = GROUNDS[index % GROUNDS.length] ?? [46, 125, 120];
  const skin = SKIN[index % SKIN.length] ?? [170, 110, 80];
  const hair: [number, number, number] = [40, 30, 28];
  const coat: [number, number, number] = [245, 247, 250];
  const data = new Uint8Array(EDGE * EDGE * 4);
  const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
  for (let y = 0; y < EDGE; y += 1) {
    for (let x = 0; x < EDGE; x += 1) {
      let colour = ground;
      if (inEllipse(x, y, 96, 200, 78, 62)) {
        colour = coat;
      } else if (x > 84 && x < 108 && y > 110 && y < 150) {
        colour = skin;
      }
      if (inEllipse(x, y, 96, 84, 34, 40)) {
        colour = skin;
        if (y < 66 && inEllipse(x, y, 96, 70, 37, 30)) {
          colour = hair;
        }
      }
      const at = (y * EDGE + x) * 4;
      data[at] = colour[0];
      data[at + 1] = colour[1];
      data[at + 2] = colour[2];
      data[at + 3] = 255;
    }
  }
  return { width: EDGE, height: EDGE, data };
}

/**
 * Gives the demo's portrait doctors of each tenant an illustration when they have no photo yet;
 * answers how many were stored. Runs after the blob store exists (main.ts), only with SEED_DEMO.
 * @param db - database
 * @param tenants - the tenants
 * @param blobStore - where the bytes go
 */
export async function seedDemoPhotosIfMissing(db: Db, tenants: TenantRegistry, blobStore: BlobStore): Promise<number> {
  let stored = 0;
  for (const tenant of tenants.all()) {
    const doctors = await db
      .select({ id: practitioners.id, givenName: practitioners.givenName, familyName: practitioners.familyName })
      .from(practitioners)
      .leftJoin(practitionerPhotos, eq(practitionerPhotos.practitionerId, practitioners.id))
      .where(
        and(
          eq(practitioners.tenantId, tenant.id),
          inArray(practitioners.givenName, PORTRAIT_DOCTORS.map((doctor) => doctor.given)),
          isNull(practitionerPhotos.practitionerId),
        ),
      );
    for (const [index, wanted] of PORTRAIT_DOCTORS.entries()) {
      const doctor = doctors.find((row) => row.givenName === wanted.given && row.familyName === wanted.family);
      const [role] = doctor
        ? await db
            .select({ organizationId: practitionerRoles.organizationId })
            .from(practitionerRoles)
            .where(eq(practitionerRoles.practitionerId, doctor.id))
            .limit(1)
        : [];
      if (!doctor || !role?.organizationId) {
        continue;
      }
      const bytes = encodeJpeg(drawPortrait(index));
      const storageKey = `${tenant.id}/${randomUUID()}`;
      await blobStore.put(storageKey, bytes, 'image/jpeg');
      await db.transaction(async (tx) => {
        const [blob] = await tx
          .insert(blobs)
          .values({
            tenantId: tenant.id,
            storageKey,
            contentType: 'image/jpeg',
            byteSize: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
          })
          .returning({ id: blobs.id });
        if (!blob) {
          throw new Error('demo photo blob insert returned no row');
        }
        await tx
          .insert(practitionerPhotos)
          .values({
            practitionerId: doctor.id,
            tenantId: tenant.id,
            blobId: blob.id,
            sourceBlobId: blob.id,
            organizationId: role.organizationId ?? '',
            // The demo seed is no staff member: the nil UUID says so.
            updatedBy: '00000000-0000-0000-0000-000000000000',
          })
          .onConflictDoNothing();
      });
      stored += 1;
    }
  }
  return stored;
}
