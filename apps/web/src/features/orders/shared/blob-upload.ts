/**
 * POST /blob/put with upload progress (spec doc 3 §7 Upload file: raw bytes, Content-Type and
 * Authorization; the answer's x-blobdata-id header holds the id). XMLHttpRequest, because fetch
 * reports no upload progress.
 */
import { englishErrorString } from '@careline/i18n/errors';
import { requestHeaders } from '../../../lib/graphql';

/** The upload's answer: the blob id; a refusal of the file ('CODE:message'); or a network failure to retry. */
export type BlobUploadOutcome =
  | { kind: 'uploaded'; blobId: string }
  | { kind: 'refused'; error: string }
  | { kind: 'network' };

export type BlobUploadOptions = {
  token: string | null;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Sends one file to the blob store. */
export type UploadBlob = (file: Blob, options: BlobUploadOptions) => Promise<BlobUploadOutcome>;

/**
 * What an answer means: 201 with the id; 4xx a refusal of this file or this request (its 'CODE:message'
 * body, shown and not retried) except 408 and 429 without a code; 0 (no answer) and 5xx a network
 * failure, retried.
 * @param status - the HTTP status, 0 when no answer came
 * @param blobId - the x-blobdata-id header
 * @param body - the answer's text
 */
export function blobUploadOutcome(status: number, blobId: string | null, body: string): BlobUploadOutcome {
  if (status >= 200 && status < 300 && blobId) {
    return { kind: 'uploaded', blobId };
  }
  if (status >= 400 && status < 500) {
    let error: string | null = null;
    try {
      const parsed = JSON.parse(body) as { error?: unknown };
      error = typeof parsed.error === 'string' ? parsed.error : null;
    } catch {
      error = null;
    }
    if (error) {
      return { kind: 'refused', error };
    }
    if (status !== 408 && status !== 429) {
      return { kind: 'refused', error: englishErrorString('ARO-E2002') };
    }
  }
  return { kind: 'network' };
}

/**
 * The request headers of an upload: Authorization when signed in, a correlation id as the GraphQL
 * requests carry, and the file's own type (the server judges the bytes against it).
 * @param file - the file sent
 * @param token - the account's access token
 */
export function blobUploadHeaders(file: Blob, token: string | null): Record<string, string> {
  return { ...requestHeaders(token), 'Content-Type': file.type };
}

/**
 * The same upload over fetch, for a screen that shows no progress (an order's notes): the same
 * headers and the same reading of the answer (blobUploadOutcome).
 * @param send - fetch; the browser's by default
 */
export function fetchBlobUploader(send: typeof fetch = (...args) => fetch(...args)): UploadBlob {
  return async (file, { token, signal }) => {
    let response: Response;
    try {
      response = await send('/blob/put', {
        method: 'POST',
        headers: blobUploadHeaders(file, token),
        body: file,
        credentials: 'same-origin',
        ...(signal ? { signal } : {}),
      });
    } catch {
      // No answer at all: offline, a dropped connection or an abort.
      return { kind: 'network' };
    }
    const body = await response.text().catch(() => '');
    return blobUploadOutcome(response.status, response.headers.get('x-blobdata-id'), body);
  };
}

/** The order-create screen's uploader: XMLHttpRequest to /blob/put on the page's own host (progress). */
export const uploadBlob: UploadBlob = (file, { token, onProgress, signal }) =>
  new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/blob/put');
    for (const [name, value] of Object.entries(blobUploadHeaders(file, token))) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(event.loaded / event.total);
      }
    });
    request.addEventListener('load', () => {
      resolve(blobUploadOutcome(request.status, request.getResponseHeader('x-blobdata-id'), request.responseText));
    });
    // No answer at all: offline, a dropped connection, a timeout or an abort.
    request.addEventListener('error', () => resolve({ kind: 'network' }));
    request.addEventListener('timeout', () => resolve({ kind: 'network' }));
    request.addEventListener('abort', () => resolve({ kind: 'network' }));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
