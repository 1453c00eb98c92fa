import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { errorString, type ErrorCode } from '@careline/domain/errors';
import type { StaffRole } from '@careline/domain/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, ViewerLookup } from '../../app-deps.ts';
import { signedInRequest } from '../../http/authorised-file-route.ts';
import type { Viewer } from '../auth/index.ts';
import { actingRole, staffAccess, type StaffViewer } from '../staff/index.ts';
import type { ServerTenant } from '../tenants/index.ts';
import { claimedKind, extensionFor, hidesAnotherFile, sniffBlobType } from './files.content-type.ts';
import { imageSize } from './files.image-size.ts';
import { staffUploadUsageSince, uploadUsageSince, type UploadQuota } from './files.repo.ts';
import {
  findReadableBlob,
  recordStaffUpload,
  recordUpload,
  type BlobReader,
} from './files.service.ts';
import { UUID_PATTERN as uuidPattern } from '@careline/domain/ids';

/** Response header carrying the new blob's id (spec doc 1 §7 Blob storage). */
export const BLOB_ID_HEADER = 'x-blobdata-id';

type Refusal = { status: number; code: ErrorCode };

const refusals = {
  unauthenticated: { status: 401, code: 'ARO-E1023' },
  notFound: { status: 404, code: 'ARO-E2001' },
  empty: { status: 400, code: 'ARO-E3001' },
  unsupported: { status: 415, code: 'ARO-E3002' },
  polyglot: { status: 415, code: 'ARO-E3005' },
  tooManyPixels: { status: 422, code: 'ARO-E3006' },
  unreadableImage: { status: 422, code: 'ARO-E3007' },
  tooLarge: { status: 413, code: 'ARO-E3003' },
  badRequest: { status: 400, code: 'ARO-E2002' },
  overQuota: { status: 429, code: 'ARO-E3004' },
  temporaryPassword: { status: 403, code: 'ARO-E1201' },
  forbidden: { status: 403, code: 'ARO-E1210' },
} as const satisfies Record<string, Refusal>;

function refuse(
  reply: FastifyReply,
  refusal: Refusal,
  options: { bodyUnread?: boolean; vars?: Record<string, string> } = {},
): FastifyReply {
  if (options.bodyUnread) {
    // The upload was not read: close the connection rather than let Node drain an unbounded body.
    reply.header('connection', 'close');
  }
  return reply.code(refusal.status).send({ error: errorString(refusal.code, options.vars) });
}

const DAY_MS = 24 * 60 * 60_000;

type ReadResult = { kind: 'ok'; bytes: Buffer; sha256: string } | { kind: 'too-large' };

/**
 * Reads an upload into memory, counting bytes as they arrive and stopping past the limit
 * (a chunked body has no Content-Length to check first).
 */
function readLimited(stream: Readable, maxBytes: number): Promise<ReadResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) {
        return;
      }
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      outcome();
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.pause();
        finish(() => resolve({ kind: 'too-large' }));
        return;
      }
      chunks.push(chunk);
      hash.update(chunk);
    };
    const onEnd = (): void =>
      finish(() =>
        resolve({ kind: 'ok', bytes: Buffer.concat(chunks, size), sha256: hash.digest('hex') }),
      );
    const onError = (error: Error): void => finish(() => reject(error));
    const onClose = (): void => finish(() => reject(new Error('upload aborted by the client')));
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}

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
  const pixelVars = { max: String(Math.floor(maxPixels / 100_000) / 10) };
  const quotaVars = {
    files: String(quota.maxFiles),
    size:
      quota.maxBytes >= 1024 * 1024
        ? `${Math.round((quota.maxBytes / (1024 * 1024)) * 10) / 10} MB`
        : `${Math.ceil(quota.maxBytes / 1024)} KB`,
  };

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
          return refuse(reply, refusals.overQuota, { bodyUnread: true, vars: quotaVars });
        }
        const read = await readLimited(body, maxBytes);
        if (read.kind === 'too-large') {
          return refuse(reply, refusals.tooLarge, { bodyUnread: true });
        }
        if (read.bytes.length === 0) {
          return refuse(reply, refusals.empty);
        }
        // The bytes decide, not the header; a header claiming another kind is refused too.
        const actual = sniffBlobType(read.bytes);
        if (!actual || actual.kind !== claimed) {
          return refuse(reply, refusals.unsupported);
        }
        // issue 10 Uploads: an image or PDF that hides another file (a PDF header in an image's
        // first KB, a ZIP appended, markup a browser would run) is refused; nothing is stored.
        if (hidesAnotherFile(actual, read.bytes)) {
          return refuse(reply, refusals.polyglot);
        }
        // issue 31 §6.17: the header's size is read before anything is stored; a pixel flood (a tiny
        // file declaring gigapixels) would take the memory of whoever decodes it: the patient's and
        // the staff's browsers, and the lab report PDF that draws the hospital's images.
        if (actual.contentType !== 'application/pdf') {
          const size = imageSize(actual.contentType, read.bytes);
          if (!size) {
            return refuse(reply, refusals.unreadableImage);
          }
          if (size.width * size.height > maxPixels) {
            return refuse(reply, refusals.tooManyPixels, { vars: pixelVars });
          }
        }
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
          return refuse(reply, refusals.overQuota, { vars: quotaVars });
        }
        return reply
          .code(201)
          .header(BLOB_ID_HEADER, id)
          .header('access-control-expose-headers', BLOB_ID_HEADER)
          .send({ id });
      });

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
