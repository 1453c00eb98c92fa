import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useMutation } from 'urql';
import { useSession } from '../../../../lib/session';
import { isUploadWorking } from '../../shared/upload-queue.ts';
import { useOrderUploads } from '../../shared/use-order-uploads.ts';
import { createNoteDocumentMutation, type OrderViewData } from '../order-view-documents.ts';
import { noteUploadDeps } from '../order-upload.ts';
import { newKey, type AppendAttempt } from './order-patch.ts';
import type { AppendToOrder } from './use-order-append.ts';

/** An attached photo's patch: sending, or failed with its 'CODE:message' ('' for no answer). */
type AttachPatch = AppendAttempt & { state: 'sending' | 'failed'; error: string };

/** How the notes' photos go, as the notes block shows it. */
export type NoteAttachState = { working: boolean; error: string | null; canRetry: boolean };

/** The notes' photos: attach one, how they go, and Retry. */
export type NoteAttachments = {
  attachPhoto: (file: File) => void;
  attachState: NoteAttachState;
  retryAttach: () => void;
};

/**
 * spec doc 3 §4 Creation flow, for a photo sent later: compressed, uploaded, a document record (the
 * creation screen's uploader: backoff, offline wait, kept blob id and document key), then the
 * order's patch, whose key and version are kept per photo too.
 * @param append - the order's append
 * @param latestOrder - the order as read last
 * @param patientId - the order's profile, or null before the order is read
 */
export function useNoteAttachments(
  append: AppendToOrder,
  latestOrder: RefObject<OrderViewData | null>,
  patientId: string | null,
): NoteAttachments {
  const session = useSession();
  const [, createNoteDocument] = useMutation(createNoteDocumentMutation);
  const noteDeps = useMemo(
    () =>
      noteUploadDeps(async (args) => {
        const answer = await createNoteDocument(args);
        return { data: answer.data ?? null, error: answer.error };
      }),
    [createNoteDocument],
  );
  const noteUploads = useOrderUploads({ token: session.accessToken, patientId, deps: noteDeps });
  const { remove: removeNoteUpload, retry: retryNoteUpload } = noteUploads;
  const [attachPatches, setAttachPatches] = useState<Record<string, AttachPatch>>({});
  const attachStarted = useRef(new Set<string>());
  const attachDocument = useCallback(
    async (uploadId: string, documentId: string, attempt: AppendAttempt) => {
      setAttachPatches((previous) => ({ ...previous, [uploadId]: { ...attempt, state: 'sending', error: '' } }));
      const refusal = await append({ documentReferenceIds: [documentId] }, attempt);
      if (refusal === null) {
        attachStarted.current.delete(uploadId);
        removeNoteUpload(uploadId);
        setAttachPatches((previous) => Object.fromEntries(Object.entries(previous).filter(([id]) => id !== uploadId)));
        return;
      }
      setAttachPatches((previous) => ({ ...previous, [uploadId]: { ...attempt, state: 'failed', error: `:${refusal}` } }));
    },
    [append, removeNoteUpload],
  );
  useEffect(() => {
    const current = latestOrder.current;
    for (const item of noteUploads.items) {
      if (item.status === 'done' && item.documentId && current && !attachStarted.current.has(item.id)) {
        attachStarted.current.add(item.id);
        void attachDocument(item.id, item.documentId, { key: newKey(), expectedVersion: current.version });
      }
    }
  }, [noteUploads.items, attachDocument, latestOrder]);
  const failedPatches = Object.entries(attachPatches).filter(([, attached]) => attached.state === 'failed');
  const refusedUpload = noteUploads.items.find((item) => item.status === 'refused');
  const failedUploads = noteUploads.items.filter((item) => item.status === 'failed');
  const attachState = {
    working: noteUploads.items.some(
      (item) => isUploadWorking(item) || (item.status === 'done' && attachPatches[item.id]?.state !== 'failed'),
    ),
    error: refusedUpload ? (refusedUpload.refusal ?? '') : failedUploads.length > 0 ? '' : (failedPatches[0]?.[1].error ?? null),
    canRetry: failedUploads.length > 0 || failedPatches.length > 0,
  };
  const attachPhoto = useCallback(
    (file: File) => {
      // A refused file is done with; a failed one stays for Retry.
      for (const item of noteUploads.items) {
        if (item.status === 'refused') {
          removeNoteUpload(item.id);
        }
      }
      void noteUploads.add([file]);
    },
    [noteUploads, removeNoteUpload],
  );
  const retryAttach = useCallback(() => {
    for (const item of failedUploads) {
      retryNoteUpload(item.id);
    }
    for (const [uploadId, attached] of failedPatches) {
      const documentId = noteUploads.items.find((item) => item.id === uploadId)?.documentId;
      if (documentId) {
        void attachDocument(uploadId, documentId, { key: attached.key, expectedVersion: attached.expectedVersion });
      }
    }
  }, [failedUploads, failedPatches, noteUploads.items, retryNoteUpload, attachDocument]);
  return { attachPhoto, attachState, retryAttach };
}
