import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { errorString, type ErrorCode } from '@careline/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { Viewer } from '../auth/auth.viewer.ts';
import type { ServerTenant } from '../tenants/tenants.types.ts';
import { claimedKind, extensionFor, sniffBlobType } from './files.content-type.ts';
import { findOwnedBlob, insertBlob } from './files.repo.ts';

export type ViewerLookup = (
  tenantId: string,
  token: string | null,
) => Promise<{ viewer: Viewer | null; rejectedToken: boolean }>;

/** Response header carrying the new blob's id (spec doc 1 §7 Blob storage). */
export const BLOB_ID_HEADER = 'x-blobdata-id';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function tokenFrom(header: string | undefined): string | null {
  if (!header) {
    return null;
  }
  // "Bearer <token>" or the bare token, as the GraphQL endpoint accepts.
  const match = /^(?:Bearer\s+)?(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

type Refusal = { status: number; code: ErrorCode };

const refusals = {
  unauthenticated: { status: 401, code: 'ARO-E1023' },
  notFound: { status: 404, code: 'ARO-E2001' },
  empty: { status: 400, code: 'ARO-E3001' },
  unsupported: { status: 415, code: 'ARO-E3002' },
  tooLarge: { status: 413, code: 'ARO-E3003' },
  badRequest: { status: 400, code: 'ARO-E2002' },
} as const satisfies Record<string, Refusal>;

function refuse(
  reply: FastifyReply,
  refusal: Refusal,
  options: { bodyUnread?: boolean } = {},
): FastifyReply {
  if (options.bodyUnread) {
    // The upload was not read: close the connection rather than let Node drain an unbounded body.
    reply.header('connection', 'close');
  }
  return reply.code(refusal.status).send({ error: errorString(refusal.code) });
}

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

/**
 * POST /blob/put and GET /blob/get/:id (spec doc 1 §7 Blob storage: "/put" and "/get/{id}" on the
 * blob service, served under /blob/ by the one process). Blobs belong to the uploading account.
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

  const signedIn = async (
    request: FastifyRequest,
  ): Promise<{ tenant: ServerTenant; viewer: Viewer | null }> => {
    const tenant = tenants.resolve(request.hostname);
    const token = tokenFrom(request.headers.authorization);
    if (!token) {
      return { tenant, viewer: null };
    }
    const { viewer } = await viewerFor(tenant.id, token);
    return { tenant, viewer };
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
        const { tenant, viewer } = await signedIn(request);
        if (!viewer) {
          return refuse(reply, refusals.unauthenticated, { bodyUnread: true });
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
        const storageKey = `${tenant.id}/${randomUUID()}`;
        await providers.blobStore.put(storageKey, read.bytes, actual.contentType);
        let id: string;
        try {
          id = await insertBlob(database.db, {
            tenantId: tenant.id,
            accountId: viewer.accountId,
            storageKey,
            contentType: actual.contentType,
            byteSize: read.bytes.length,
            sha256: read.sha256,
          });
        } catch (error) {
          await providers.blobStore.delete(storageKey).catch((cleanup: unknown) => {
            request.log.warn({ err: cleanup, storageKey }, 'could not remove an unrecorded blob');
          });
          throw error;
        }
        return reply
          .code(201)
          .header(BLOB_ID_HEADER, id)
          .header('access-control-expose-headers', BLOB_ID_HEADER)
          .send({ id });
      });

      blob.get<{ Params: { id: string } }>('/get/:id', async (request, reply) => {
        const { tenant, viewer } = await signedIn(request);
        if (!viewer) {
          return refuse(reply, refusals.unauthenticated);
        }
        // Someone else's blob and a missing one get the same answer.
        const id = request.params.id;
        const row = uuidPattern.test(id)
          ? await findOwnedBlob(database.db, tenant.id, viewer.accountId, id.toLowerCase())
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
