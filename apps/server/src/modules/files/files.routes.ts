import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { errorString } from '@careline/domain/errors';
import type { StaffRole } from '@careline/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps, ViewerLookup } from '../../app-deps.ts';
import { signedInRequest } from '../../http/authorised-file-route.ts';
import type { Viewer } from '../auth/index.ts';
import { actingRole, staffAccess, type StaffViewer } from '../staff/index.ts';
import type { ServerTenant } from '../tenants/index.ts';
import { claimedKind, extensionFor } from './files.content-type.ts';
import { registerPractitionerPhotoRoutes } from './files.practitioner-photos.ts';
import { staffUploadUsageSince, uploadUsageSince, type UploadQuota } from './files.repo.ts';
import {
  findReadableBlob,
  recordStaffUpload,
  recordUpload,
  type BlobReader,
} from './files.service.ts';
import { judgeUpload, quotaVars, readLimited, refuse, refusals } from './files.upload.ts';
import { UUID_PATTERN as uuidPattern } from '@careline/domain/ids';

/** Response header carrying the new blob's id (spec doc 1 §7 Blob storage). */
export const BLOB_ID_HEADER = 'x-blobdata-id';

const DAY_MS = 24 * 60 * 60_000;

/** The policies under which a staff member may upload in a hospital: any one of them. */
// 'labReports.images': the hospital's header, footer and signature images of the printable lab report.
const STAFF_UPLOAD_ACTIONS = ['orders.work', 'chat.work', 'labReports.images'] as const;

/**
 * POST /blob/put and GET /blob/get/:id (spec doc 1 §7 Blob storage: "/put" and "/get/{id}" on the
 * blob service, served under /blob/ by the one process). A patient or a staff member uploads; who may read is files.service
 * findReadableBlob (issue 7 point 4).
 *
 * A staff upload names the hospital it is for in the query: POST /blob/put?organizationId=<uuid>
 * (docs/api-contract.md). The member must hold the 'orders.work' policy there (staff-orders.policy)
 * or 'chat.work' (a chat image, chat.policy) before a byte of the body is read: no hospital or a malformed one is 400 ARO-E2002, a hospital
 * the member does not belong to 404 ARO-E2001 (as a missing one), a role with neither 403
 * ARO-E1210. The upload's audit row records that hospital and role. A patient's upload ignores it.
 * @param app - the Fastify app
 * @param deps - env (BLOB_MAX_BYTES), database, tenants and the blob store
 * @param viewerFor - resolves an access token to the signed-in account, as GraphQL does
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  viewerFor: ViewerLookup,
): Promise<void> {
  const { env, database, tenants, providers } = deps;
  const maxBytes = env.BLOB_MAX_BYTES;
  const quota: UploadQuota = {
    maxFiles: env.UPLOADS_MAX_PER_DAY,
    maxBytes: env.UPLOAD_BYTES_MAX_PER_DAY,
    windowMs: DAY_MS,
  };
  const maxPixels = env.BLOB_MAX_IMAGE_PIXELS;
  const quotaText = quotaVars(quota);

  const signedIn = async (
    request: FastifyRequest,
  ): Promise<{ tenant: ServerTenant; viewer: Viewer | null; staff: StaffViewer | null }> => {
    const { tenant, signedIn: auth } = await signedInRequest(request, tenants, viewerFor);
    return { tenant, viewer: auth?.viewer ?? null, staff: auth?.staff ?? null };
  };

  await app.register(
    async (blob) => {
      // Every content type arrives as the raw stream: the handler judges the bytes and the size.
      blob.removeAllContentTypeParsers();
      blob.addContentTypeParser('*', (_request, payload, done) => {
        done(null, payload);
      });

      blob.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status = error.statusCode ?? 500;
        if (status === 413) {
          return refuse(reply, refusals.tooLarge, { bodyUnread: true });
        }
        if (status === 415) {
          return refuse(reply, refusals.unsupported, { bodyUnread: true });
        }
        if (status >= 400 && status < 500) {
          return refuse(reply, refusals.badRequest, { bodyUnread: true });
        }
        request.log.error({ err: error }, 'blob request failed');
        const hospital = tenants.resolve(request.hostname).publicConfig.branding.hospitalName;
        return reply
          .code(500)
          .header('connection', 'close')
          .send({ error: errorString('ARO-E9999', { hospital }) });
      });

      blob.post('/put', async (request, reply) => {
        const body = request.body as Readable | undefined;
        const { tenant, viewer, staff } = await signedIn(request);
        // A patient uploads prescriptions and images; a staff member results, prescriptions and
        // note attachments for orders (issue 10 staff console), each under their own quota.
        const uploader = viewer
          ? ({ kind: 'patient', id: viewer.accountId } as const)
          : staff
            ? ({ kind: 'staff', id: staff.staffUserId } as const)
            : null;
        if (!uploader) {
          return refuse(reply, refusals.unauthenticated, { bodyUnread: true });
        }
        let staffScope: { organizationId: string; role: StaffRole } | null = null;
        if (staff && !viewer) {
          if (staff.mustChangePassword) {
            return refuse(reply, refusals.temporaryPassword, { bodyUnread: true });
          }
          const organizationId = (request.query as { organizationId?: unknown } | undefined)
            ?.organizationId;
          if (typeof organizationId !== 'string' || !uuidPattern.test(organizationId)) {
            return refuse(reply, refusals.badRequest, { bodyUnread: true });
          }
          const hospital = organizationId.toLowerCase();
          // Orders' attachments, or the images staff send in a chat with a patient.
          const action = STAFF_UPLOAD_ACTIONS.find((name) => staffAccess(staff, name, hospital) === 'allowed');
          const role = action ? actingRole(staff, action, hospital) : null;
          if (!role) {
            return refuse(
              reply,
              staffAccess(staff, 'orders.work', hospital) === 'not-member' ? refusals.notFound : refusals.forbidden,
              { bodyUnread: true },
            );
          }
          staffScope = { organizationId: hospital, role };
        }
        const declared = request.headers['content-length'];
        if (declared !== undefined && Number(declared) > maxBytes) {
          return refuse(reply, refusals.tooLarge, { bodyUnread: true });
        }
        // spec doc 1 §7: image inputs accept image/*, PDF inputs accept application/pdf.
        const claimed = claimedKind(request.headers['content-type']);
        if (!claimed) {
          return refuse(reply, refusals.unsupported, { bodyUnread: true });
        }
        if (!body) {
          return refuse(reply, refusals.empty);
        }
        // Over the daily quota already: refuse before reading the body (checked again on insert).
        const since = new Date(Date.now() - quota.windowMs);
        const used =
          uploader.kind === 'patient'
            ? await uploadUsageSince(database.db, tenant.id, uploader.id, since)
            : await staffUploadUsageSince(database.db, tenant.id, uploader.id, since);
        if (used.files >= quota.maxFiles || used.bytes >= quota.maxBytes) {
          return refuse(reply, refusals.overQuota, { bodyUnread: true, vars: quotaText });
        }
        const read = await readLimited(body, maxBytes);
        if (read.kind === 'too-large') {
          return refuse(reply, refusals.tooLarge, { bodyUnread: true });
        }
        if (read.bytes.length === 0) {
          return refuse(reply, refusals.empty);
        }
        // The bytes decide, not the header; a polyglot and a pixel flood are refused (files.upload.ts).
        const verdict = judgeUpload(read.bytes, request.headers['content-type'], maxPixels);
        if (!verdict.ok) {
          return refuse(reply, verdict.refusal, { vars: verdict.vars });
        }
        const actual = verdict.type;
        const storageKey = `${tenant.id}/${randomUUID()}`;
        await providers.blobStore.put(storageKey, read.bytes, actual.contentType);
        const removeStored = (): Promise<void> =>
          providers.blobStore.delete(storageKey).catch((cleanup: unknown) => {
            request.log.warn({ err: cleanup, storageKey }, 'could not remove an unrecorded blob');
          });
        let id: string | null;
        try {
          const stored = {
            tenantId: tenant.id,
            storageKey,
            contentType: actual.contentType,
            byteSize: read.bytes.length,
            sha256: read.sha256,
          };
          id =
            staffScope === null
              ? await recordUpload(database.db, { ...stored, accountId: uploader.id }, request.id, quota)
              : await recordStaffUpload(
                  database.db,
                  { ...stored, staffUserId: uploader.id, ...staffScope },
                  request.id,
                  quota,
                );
        } catch (error) {
          await removeStored();
          throw error;
        }
        if (id === null) {
          await removeStored();
          return refuse(reply, refusals.overQuota, { vars: quotaText });
        }
        return reply
          .code(201)
          .header(BLOB_ID_HEADER, id)
          .header('access-control-expose-headers', BLOB_ID_HEADER)
          .send({ id });
      });

      // issue 29 §4.14: doctors' photos, uploaded by a hospital's admins, shown to everyone.
      registerPractitionerPhotoRoutes(blob, deps, signedIn, quota);

      blob.get<{ Params: { id: string } }>('/get/:id', async (request, reply) => {
        const { tenant, viewer, staff } = await signedIn(request);
        const reader: BlobReader | null = viewer
          ? { kind: 'patient', viewer }
          : staff
            ? { kind: 'staff', staff }
            : null;
        if (!reader) {
          return refuse(reply, refusals.unauthenticated);
        }
        // A blob this reader may not read and a missing one get the same answer.
        const id = request.params.id;
        const row = uuidPattern.test(id)
          ? await findReadableBlob(database.db, tenant.id, reader, id.toLowerCase(), request.id)
          : null;
        if (!row) {
          return refuse(reply, refusals.notFound);
        }
        const bytes = await providers.blobStore.get(row.storageKey);
        if (!bytes) {
          request.log.error({ blobId: row.id }, 'blob metadata without bytes in the store');
          return refuse(reply, refusals.notFound);
        }
        return reply
          .code(200)
          .header('content-type', row.contentType)
          .header('content-length', bytes.length)
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            `inline; filename="careline-${row.id.slice(0, 8)}.${extensionFor(row.contentType)}"`,
          )
          .header('cache-control', 'private')
          .header('vary', 'Authorization')
          .send(bytes);
      });
    },
    { prefix: '/blob' },
  );
}
