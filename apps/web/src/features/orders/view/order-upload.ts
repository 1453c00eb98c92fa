/**
 * The steps of a photo attached to the notes (spec doc 3 §7 Upload file, Create document reference;
 * §5: images over 1 MB are compressed to at most 1 MB and 1920 px): the creation screen's own
 * uploader (shared/use-order-uploads.ts) runs them, so a note photo is compressed in a worker one at
 * a time, retried with backoff, waits while offline, and keeps its blob id and its document's
 * idempotency key across retries (no second upload, no orphan document).
 */
import type { CombinedError } from 'urql';
import { fetchBlobUploader, type UploadBlob } from '../shared/blob-upload.ts';
import { compressImageInWorker } from '../shared/image-compression.ts';
import type { CreateDocumentOutcome, OrderUploadDeps } from '../shared/use-order-uploads.ts';

/** What the document call answered: its id, or the error of the call. */
export type NoteDocumentAnswer = { data?: { createDocumentReference: { id: string } } | null; error?: CombinedError | undefined };

/**
 * Reads the document call's answer as the uploader's outcome: a GraphQL refusal is shown and not
 * retried; no answer (a network error) is retried.
 * @param answer - the mutation's result
 */
export function noteDocumentOutcome(answer: NoteDocumentAnswer): CreateDocumentOutcome {
  const document = answer.data?.createDocumentReference;
  if (document) {
    return { kind: 'created', documentId: document.id };
  }
  const refusal = answer.error?.graphQLErrors[0]?.message;
  return refusal && !answer.error?.networkError ? { kind: 'refused', error: refusal } : { kind: 'network' };
}

/**
 * The uploader's steps for note photos: the worker compression, POST /blob/put over fetch (the notes
 * show no progress bar) and the notes' document call.
 * @param createDocument - createOrderNoteDocument with the file's kept idempotency key
 * @param upload - the blob uploader; fetch to /blob/put by default
 */
export function noteUploadDeps(
  createDocument: (args: { blobId: string; contentType: string; patientId: string | null; idempotencyKey: string }) => Promise<NoteDocumentAnswer>,
  upload: UploadBlob = fetchBlobUploader(),
): OrderUploadDeps {
  return {
    compress: compressImageInWorker,
    upload,
    createDocument: async ({ blobId, contentType, patientId, idempotencyKey }) =>
      noteDocumentOutcome(await createDocument({ blobId, contentType, patientId, idempotencyKey })),
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
    newId: () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`),
    now: () => Date.now(),
  };
}
