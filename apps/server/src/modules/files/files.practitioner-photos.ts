import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UUID_PATTERN as uuidPattern } from '@careline/domain/ids';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import {
  findPractitionerPhotoBlob,
  practitionerPhotoUrl,
  practitionerWorksAt,
  upsertPractitionerPhoto,
} from '../hospitals/index.ts';
import { actingRole, staffAccess, type StaffViewer } from '../staff/index.ts';
import type { ServerTenant } from '../tenants/index.ts';
import { decodeImage, encodeJpeg, isResizable, squareThumbnail } from './files.image-resize.ts';
import { insertBlob, insertStaffBlobWithinQuota, type UploadQuota } from './files.repo.ts';
import { judgeUpload, quotaVars, readLimited, refuse, refusals } from './files.upload.ts';

/** The side of a photo's variant in pixels: a 64 px avatar at 3× (issue 29 §4.15: small). */
export const PRACTITIONER_PHOTO_EDGE = 192;

/**
 * The most pixels a doctor's photo may have: it is decoded to be resized (a 16 MP phone photo is
 * about 64 MB decoded), so its cap is below the one of the files only stored.
 */
export const PRACTITIONER_PHOTO_MAX_PIXELS = 16_000_000;

/** Who uploads: a staff member, signed in, of the request's tenant. */
export type PhotoUploader = (request: FastifyRequest) => Promise<{ tenant: ServerTenant; staff: StaffViewer | null }>;

/** What a photo's upload records, in one transaction: both blobs, the photo, the audit row. */
async function recordPhoto(
  db: Db,
  input: {
    tenantId: string;
    staff: StaffViewer;
    role: string;
    organizationId: string;
    practitionerId: string;
    source: { storageKey: string; contentType: string; byteSize: number; sha256: string };
    variant: { storageKey: string; byteSize: number; sha256: string };
  },
  correlationId: string,
  quota: UploadQuota,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const sourceId = await insertStaffBlobWithinQuota(
      tx,
      { tenantId: input.tenantId, staffUserId: input.staff.staffUserId, ...input.source },
      quota,
    );
    if (sourceId === null) {
      return null;
    }
    const variantId = await insertBlob(tx, {
      tenantId: input.tenantId,
      accountId: null,
      staffUserId: input.staff.staffUserId,
      contentType: 'image/jpeg',
      ...input.variant,
    });
    await upsertPractitionerPhoto(tx, {
      practitionerId: input.practitionerId,
      tenantId: input.tenantId,
      blobId: variantId,
      sourceBlobId: sourceId,
      organizationId: input.organizationId,
      updatedBy: input.staff.staffUserId,
    });
    await recordAudit(tx, {
      tenantId: input.tenantId,
      actor: { kind: 'staff', staffUserId: input.staff.staffUserId, role: input.role, organizationId: input.organizationId },
      action: 'practitioner.photo',
      correlationId,
      details: {
        practitionerId: input.practitionerId,
        blobId: variantId,
        sourceBlobId: sourceId,
        contentType: input.source.contentType,
        byteSize: input.source.byteSize,
      },
    });
    return variantId;
  });
}

/**
 * A doctor's photo (issue 29 §4.14), on the blob service:
 *
 * - `POST /blob/practitioner-photo/:practitionerId?organizationId=<uuid>`, the image as the raw body:
 *   an admin of that hospital ('practitioners.photo'), for a doctor who works there (a role or a
 *   session). Refusals as every upload's (files.upload.ts), before a byte is read where they can be:
 *   not signed in as staff 401 ARO-E1023, no or a malformed hospital 400 ARO-E2002, a hospital the
 *   member is not in 404 ARO-E2001, another role 403 ARO-E1210, a doctor of another hospital or
 *   tenant 404 ARO-E2001; then the bytes as for any upload, and a type the server cannot resize
 *   (GIF, WebP, HEIF, PDF) 415 ARO-E3008. The upload and its 192 px square JPEG are stored through
 *   the blob store, the photo set and audited in one transaction. Answers 201 `{ photoUrl }`.
 * - `GET /blob/practitioner-photo/:blobId.jpg`: the variant, public like the doctor's name, cached
 *   for good (a new upload is a new address); anything else of the blob service stays private.
 * @param blob - the /blob plugin (its raw body parser and error handler)
 * @param deps - env, database and blob store
 * @param uploader - who is signed in
 * @param quota - the member's upload caps, shared with /blob/put
 */
export function registerPractitionerPhotoRoutes(
  blob: FastifyInstance,
  deps: Pick<AppDeps, 'env' | 'database' | 'providers' | 'tenants'>,
  uploader: PhotoUploader,
  quota: UploadQuota,
): void {
  const { env, database, providers, tenants } = deps;
  const maxBytes = env.BLOB_MAX_BYTES;
  const maxPixels = Math.min(env.BLOB_MAX_IMAGE_PIXELS, PRACTITIONER_PHOTO_MAX_PIXELS);

  blob.post<{ Params: { practitionerId: string } }>('/practitioner-photo/:practitionerId', async (request, reply) => {
    const body = request.body as Readable | undefined;
    const { tenant, staff } = await uploader(request);
    if (!staff) {
      return refuse(reply, refusals.unauthenticated, { bodyUnread: true });
    }
    if (staff.mustChangePassword) {
      return refuse(reply, refusals.temporaryPassword, { bodyUnread: true });
    }
    const organizationId = (request.query as { organizationId?: unknown } | undefined)?.organizationId;
    const practitionerId = request.params.practitionerId;
    if (typeof organizationId !== 'string' || !uuidPattern.test(organizationId) || !uuidPattern.test(practitionerId)) {
      return refuse(reply, refusals.badRequest, { bodyUnread: true });
    }
    const hospital = organizationId.toLowerCase();
    const access = staffAccess(staff, 'practitioners.photo', hospital);
    const role = actingRole(staff, 'practitioners.photo', hospital);
    if (access !== 'allowed' || !role) {
      return refuse(reply, access === 'not-member' ? refusals.notFound : refusals.forbidden, { bodyUnread: true });
    }
    const doctor = practitionerId.toLowerCase();
    if (!(await practitionerWorksAt(database.db, tenant.id, doctor, hospital))) {
      return refuse(reply, refusals.notFound, { bodyUnread: true });
    }
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBytes) {
      return refuse(reply, refusals.tooLarge, { bodyUnread: true });
    }
    if (!body) {
      return refuse(reply, refusals.empty);
    }
    const read = await readLimited(body, maxBytes);
    if (read.kind === 'too-large') {
      return refuse(reply, refusals.tooLarge, { bodyUnread: true });
    }
    if (read.bytes.length === 0) {
      return refuse(reply, refusals.empty);
    }
    const verdict = judgeUpload(read.bytes, request.headers['content-type'], maxPixels);
    if (!verdict.ok) {
      return refuse(reply, verdict.refusal, { vars: verdict.vars });
    }
    const type = verdict.type.contentType;
    if (!isResizable(type)) {
      return refuse(reply, refusals.notAPhoto);
    }
    const decoded = decodeImage(type, read.bytes, maxPixels);
    if (!decoded) {
      return refuse(reply, refusals.unreadableImage);
    }
    const variant = encodeJpeg(squareThumbnail(decoded, PRACTITIONER_PHOTO_EDGE));
    const sourceKey = `${tenant.id}/${randomUUID()}`;
    const variantKey = `${tenant.id}/${randomUUID()}`;
    await providers.blobStore.put(sourceKey, read.bytes, type);
    await providers.blobStore.put(variantKey, variant, 'image/jpeg');
    const removeStored = async (): Promise<void> => {
      for (const key of [sourceKey, variantKey]) {
        await providers.blobStore.delete(key).catch((cleanup: unknown) => {
          request.log.warn({ err: cleanup, storageKey: key }, 'could not remove an unrecorded blob');
        });
      }
    };
    let variantId: string | null;
    try {
      variantId = await recordPhoto(
        database.db,
        {
          tenantId: tenant.id,
          staff,
          role,
          organizationId: hospital,
          practitionerId: doctor,
          source: { storageKey: sourceKey, contentType: type, byteSize: read.bytes.length, sha256: read.sha256 },
          variant: {
            storageKey: variantKey,
            byteSize: variant.length,
            sha256: createHash('sha256').update(variant).digest('hex'),
          },
        },
        request.id,
        quota,
      );
    } catch (error) {
      await removeStored();
      throw error;
    }
    if (variantId === null) {
      await removeStored();
      return refuse(reply, refusals.overQuota, { vars: quotaVars(quota) });
    }
    return reply.code(201).send({ photoUrl: practitionerPhotoUrl(variantId) });
  });

  blob.get<{ Params: { file: string } }>('/practitioner-photo/:file', async (request, reply) => {
    const tenant = tenants.resolve(request.hostname);
    const match = /^([0-9a-f-]{36})\.jpg$/i.exec(request.params.file);
    const id = match?.[1]?.toLowerCase();
    const row = id && uuidPattern.test(id) ? await findPractitionerPhotoBlob(database.db, tenant.id, id) : null;
    const bytes = row ? await providers.blobStore.get(row.storageKey) : null;
    if (!row || !bytes) {
      return refuse(reply, refusals.notFound);
    }
    return reply
      .code(200)
      .header('content-type', row.contentType)
      .header('content-length', bytes.length)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(bytes);
  });
}
