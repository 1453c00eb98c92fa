import { describe, expect, it, vi } from 'vitest';
import { CombinedError } from 'urql';
import type { UploadBlob } from '../shared/blob-upload.ts';
import { compressImageInWorker } from '../shared/image-compression.ts';
import { noteDocumentOutcome, noteUploadDeps } from './order-upload.ts';

describe("note photos go through the creation screen's uploader", () => {
  it('reads the document answer: an id, a refusal (not retried), no answer (retried)', () => {
    expect(noteDocumentOutcome({ data: { createDocumentReference: { id: 'doc-1' } } })).toEqual({ kind: 'created', documentId: 'doc-1' });
    const refused = new CombinedError({ graphQLErrors: [{ message: 'ARO-E3005:This file has another kind of file hidden inside it' }] });
    expect(noteDocumentOutcome({ error: refused })).toEqual({ kind: 'refused', error: 'ARO-E3005:This file has another kind of file hidden inside it' });
    expect(noteDocumentOutcome({ error: new CombinedError({ networkError: new Error('offline') }) })).toEqual({ kind: 'network' });
  });

  it('compresses in the worker and sends the kept idempotency key with the document call', async () => {
    const createDocument = vi.fn(() => Promise.resolve({ data: { createDocumentReference: { id: 'doc-2' } } }));
    const upload = vi.fn<UploadBlob>(() => Promise.resolve({ kind: 'uploaded', blobId: 'b-1' }));
    const deps = noteUploadDeps(createDocument, upload);
    expect(deps.compress).toBe(compressImageInWorker);
    expect(deps.upload).toBe(upload);
    const outcome = await deps.createDocument({ blobId: 'b-1', contentType: 'image/jpeg', description: 'x.jpg', patientId: 'p-1', idempotencyKey: 'k-1' });
    expect(outcome).toEqual({ kind: 'created', documentId: 'doc-2' });
    expect(createDocument).toHaveBeenCalledWith({ blobId: 'b-1', contentType: 'image/jpeg', patientId: 'p-1', idempotencyKey: 'k-1' });
  });
});
