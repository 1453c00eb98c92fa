import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { errorString, type ErrorCode } from '@careline/domain/errors';
import type { FastifyReply } from 'fastify';
import type { UploadQuota } from './files.repo.ts';
import { claimedKind, hidesAnotherFile, sniffBlobType, type AcceptedType } from './files.content-type.ts';
import { imageSize, type ImageSize } from './files.image-size.ts';

// What every upload route of the blob service shares: its refusals, the bounded read of the body and
// the checks of the bytes (files.routes.ts /put, files.practitioner-photos.ts).

/** A refusal: the HTTP status and the catalogue's code. */
export type Refusal = { status: number; code: ErrorCode };

export const refusals = {
  unauthenticated: { status: 401, code: 'ARO-E1023' },
  notFound: { status: 404, code: 'ARO-E2001' },
  empty: { status: 400, code: 'ARO-E3001' },
  unsupported: { status: 415, code: 'ARO-E3002' },
  polyglot: { status: 415, code: 'ARO-E3005' },
  tooManyPixels: { status: 422, code: 'ARO-E3006' },
  unreadableImage: { status: 422, code: 'ARO-E3007' },
  notAPhoto: { status: 415, code: 'ARO-E3008' },
  tooLarge: { status: 413, code: 'ARO-E3003' },
  badRequest: { status: 400, code: 'ARO-E2002' },
  overQuota: { status: 429, code: 'ARO-E3004' },
  temporaryPassword: { status: 403, code: 'ARO-E1201' },
  forbidden: { status: 403, code: 'ARO-E1210' },
} as const satisfies Record<string, Refusal>;

/**
 * Answers a refusal as the blob service does: `{ error: 'CODE:message' }` with the refusal's status.
 * @param reply - the reply
 * @param refusal - what is refused
 * @param options - bodyUnread: the upload was not read (the connection is closed); vars: the message's values
 */
export function refuse(
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

/** An upload read into memory, or too large. */
export type ReadResult = { kind: 'ok'; bytes: Buffer; sha256: string } | { kind: 'too-large' };

/**
 * Reads an upload into memory, counting bytes as they arrive and stopping past the limit
 * (a chunked body has no Content-Length to check first).
 * @param stream - the request body
 * @param maxBytes - the most bytes taken
 */
export function readLimited(stream: Readable, maxBytes: number): Promise<ReadResult> {
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

/** The verdict on an upload's bytes: its real type (and an image's size), or the refusal. */
export type UploadVerdict =
  | { ok: true; type: AcceptedType; size: ImageSize | null }
  | { ok: false; refusal: Refusal; vars?: Record<string, string> };

/**
 * Judges an upload's bytes as every upload is judged: the bytes decide the type, not the header (a
 * header claiming another kind is refused); a file hiding another is refused (issue 10 Uploads);
 * an image's header is read before anything is stored and a pixel flood refused (issue 31 §6.17).
 * @param bytes - the whole upload, not empty
 * @param contentTypeHeader - the request's Content-Type
 * @param maxPixels - the most pixels an image may declare
 */
export function judgeUpload(bytes: Buffer, contentTypeHeader: string | undefined, maxPixels: number): UploadVerdict {
  const claimed = claimedKind(contentTypeHeader);
  const actual = sniffBlobType(bytes);
  if (!claimed || !actual || actual.kind !== claimed) {
    return { ok: false, refusal: refusals.unsupported };
  }
  if (hidesAnotherFile(actual, bytes)) {
    return { ok: false, refusal: refusals.polyglot };
  }
  if (actual.contentType === 'application/pdf') {
    return { ok: true, type: actual, size: null };
  }
  const size = imageSize(actual.contentType, bytes);
  if (!size) {
    return { ok: false, refusal: refusals.unreadableImage };
  }
  if (size.width * size.height > maxPixels) {
    return { ok: false, refusal: refusals.tooManyPixels, vars: pixelVars(maxPixels) };
  }
  return { ok: true, type: actual, size };
}

/**
 * The values of ARO-E3006's message: the cap in megapixels with one decimal.
 * @param maxPixels - the cap
 */
export function pixelVars(maxPixels: number): Record<string, string> {
  return { max: String(Math.floor(maxPixels / 100_000) / 10) };
}

/**
 * The values of ARO-E3004's message.
 * @param quota - the caps
 */
export function quotaVars(quota: UploadQuota): Record<string, string> {
  return {
    files: String(quota.maxFiles),
    size:
      quota.maxBytes >= 1024 * 1024
        ? `${Math.round((quota.maxBytes / (1024 * 1024)) * 10) / 10} MB`
        : `${Math.ceil(quota.maxBytes / 1024)} KB`,
  };
}

