/**
 * Runs an order's uploads: the creation screen's files (spec doc 3 §4 Creation flow steps 1 and 2;
 * §5) and a photo attached to the notes later (§7). Each picked file is checked, an image over 1 MB
 * is compressed in a worker (one image at a time; removing it terminates the worker), the file is
 * sent to POST /blob/put with its progress, then made a document (createDocumentReference with the
 * file's own idempotency key, so a retried call never makes a second document). Network failures
 * retry on their own with exponential backoff, wait while the browser is offline and resume when it
 * is back online; after the automatic tries a file shows 'Upload failed' with Retry. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { englishErrorString } from '@careline/i18n/errors';
import { ORDER_MAX_DOCUMENTS, ORDER_UPLOAD_MAX_BYTES, needsCompression } from '@careline/domain/orders/plain';
import { hasControlCharacters } from '@careline/domain/text';
import type { UploadBlob } from './blob-upload.ts';
import { pickedFileRefusal } from './file-check.ts';
import type { CompressImage } from './image-compression.ts';
import { PARALLEL_UPLOADS, afterNetworkFailure, resumeUpload, uploadKindOf, type StoredUpload } from './upload-queue.ts';

/**
 * A file's name as the server takes a document's description: without the control characters its
 * one-line rule refuses (createDocumentReference), 200 characters at most.
 * @param name - the picked file's name
 */
export function documentDescription(name: string): string {
  return Array.from(name)
    .filter((character) => !hasControlCharacters(character))
    .join('')
    .slice(0, 200);
}

/** The answer of the document call: its id, a refusal ('CODE:message'), or a network failure to retry. */
export type CreateDocumentOutcome =
  | { kind: 'created'; documentId: string }
  | { kind: 'refused'; error: string }
  | { kind: 'network' };

export type CreateDocument = (args: {
  blobId: string;
  contentType: string;
  description: string;
  patientId: string | null;
  idempotencyKey: string;
}) => Promise<CreateDocumentOutcome>;

export type OrderUploadDeps = {
  compress: CompressImage;
  upload: UploadBlob;
  createDocument: CreateDocument;
  /** navigator.onLine */
  isOnline: () => boolean;
  newId: () => string;
  now: () => number;
};

export type OrderUploads = {
  items: StoredUpload[];
  /** Adds picked files (beyond ORDER_MAX_DOCUMENTS they are left out; returns how many were left out). */
  add: (files: readonly File[]) => Promise<number>;
  retry: (id: string) => void;
  remove: (id: string) => void;
  /** Replaces every item, e.g. with a draft read back from the phone. */
  restore: (items: StoredUpload[]) => void;
};

/**
 * The uploads of one screen (the creation screen, an order's notes).
 * @param options - token: the access token for /blob/put; patientId: the chosen profile, given to new documents; deps: the steps
 */
export function useOrderUploads(options: {
  token: string | null;
  patientId: string | null;
  deps: OrderUploadDeps;
}): OrderUploads {
  const { token, patientId, deps } = options;
  const [items, setItems] = useState<StoredUpload[]>([]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const active = useRef(new Set<string>());
  const aborts = useRef(new Map<string, AbortController>());
  const latest = useRef({ token, patientId, deps });
  latest.current = { token, patientId, deps };

  const patch = useCallback((id: string, change: (item: StoredUpload) => StoredUpload) => {
    setItems((previous) => previous.map((item) => (item.id === id ? change(item) : item)));
  }, []);

  const compress = useCallback(
    async (item: StoredUpload) => {
      const original = item.original;
      if (!original) {
        return;
      }
      let prepared: Blob = original;
      // Removing the file (or leaving the screen) aborts this: the worker is terminated at once.
      const controller = new AbortController();
      aborts.current.set(item.id, controller);
      try {
        prepared = await latest.current.deps.compress(
          original,
          (fraction) => patch(item.id, (current) => ({ ...current, progress: fraction })),
          controller.signal,
        );
      } catch {
        if (controller.signal.aborted) {
          return;
        }
        // Not decodable here (e.g. HEIC) or no workers: the original goes if it is within the limit.
        prepared = original;
      } finally {
        if (aborts.current.get(item.id) === controller) {
          aborts.current.delete(item.id);
        }
      }
      if (controller.signal.aborted) {
        return;
      }
      patch(item.id, (current) =>
        prepared.size > ORDER_UPLOAD_MAX_BYTES
          ? { ...current, status: 'refused', refusal: englishErrorString('ARO-E3003'), progress: 0 }
          : {
              ...current,
              status: current.status === 'compressing' ? 'queued' : current.status,
              prepared,
              type: prepared.type || current.type,
              size: prepared.size,
              progress: 0,
            },
      );
    },
    [patch],
  );

  const upload = useCallback(
    async (item: StoredUpload) => {
      const prepared = item.prepared;
      if (!prepared) {
        patch(item.id, (current) => ({ ...current, status: 'failed' }));
        return;
      }
      const controller = new AbortController();
      aborts.current.set(item.id, controller);
      patch(item.id, (current) => ({ ...current, status: 'uploading', progress: 0 }));
      const { deps: steps, token: accessToken } = latest.current;
      const outcome = await steps.upload(prepared, {
        token: accessToken,
        signal: controller.signal,
        onProgress: (fraction) => patch(item.id, (current) => ({ ...current, progress: fraction })),
      });
      aborts.current.delete(item.id);
      patch(item.id, (current) => {
        switch (outcome.kind) {
          case 'uploaded':
            return { ...current, status: 'creating', blobId: outcome.blobId, progress: 1, attempts: 0 };
          case 'refused':
            return { ...current, status: 'refused', refusal: outcome.error, progress: 0 };
          case 'network':
            return afterNetworkFailure(current, steps.now(), steps.isOnline());
        }
      });
    },
    [patch],
  );

  const createDocument = useCallback(
    async (item: StoredUpload) => {
      if (!item.blobId) {
        return;
      }
      const steps = latest.current.deps;
      const outcome = await steps.createDocument({
        blobId: item.blobId,
        contentType: item.type,
        description: documentDescription(item.name),
        patientId: latest.current.patientId,
        idempotencyKey: item.documentKey,
      });
      patch(item.id, (current) => {
        switch (outcome.kind) {
          case 'created':
            // The bytes stay for the preview; the original is no longer needed.
            return { ...current, status: 'done', documentId: outcome.documentId, original: null, progress: 1 };
          case 'refused':
            return { ...current, status: 'refused', refusal: outcome.error, progress: 0 };
          case 'network':
            return afterNetworkFailure(current, steps.now(), steps.isOnline());
        }
      });
    },
    [patch],
  );

  // Starts the next step of every item that is not already running one.
  useEffect(() => {
    const run = (item: StoredUpload, step: (item: StoredUpload) => Promise<void>) => {
      active.current.add(item.id);
      void step(item).finally(() => {
        active.current.delete(item.id);
        // Re-render so the effect looks for the next step.
        setItems((previous) => [...previous]);
      });
    };
    let uploading = items.filter((item) => item.status === 'uploading').length;
    // One image decodes at a time: a 12 MP photo takes ~48 MB while it is decoded, and ten at once
    // get the tab killed on a cheap phone.
    let compressing = items.some((item) => item.status === 'compressing' && active.current.has(item.id));
    for (const item of items) {
      if (active.current.has(item.id)) {
        continue;
      }
      if (item.status === 'compressing') {
        if (compressing) {
          continue;
        }
        compressing = true;
        run(item, compress);
      } else if (item.status === 'creating' && latest.current.deps.isOnline()) {
        run(item, createDocument);
      } else if (item.status === 'queued' && uploading < PARALLEL_UPLOADS && latest.current.deps.isOnline()) {
        uploading += 1;
        run(item, upload);
      }
    }
  }, [items, compress, upload, createDocument]);

  // Automatic retries after their backoff.
  useEffect(() => {
    const waits = items.filter((item) => item.status === 'retrying' && item.retryAt !== null);
    if (waits.length === 0) {
      return undefined;
    }
    const next = Math.min(...waits.map((item) => item.retryAt ?? 0));
    const timer = window.setTimeout(
      () => {
        const now = latest.current.deps.now();
        setItems((previous) =>
          previous.map((item) =>
            item.status === 'retrying' && (item.retryAt ?? 0) <= now ? (resumeUpload(item, false)) : item,
          ),
        );
      },
      Math.max(0, next - latest.current.deps.now()),
    );
    return () => window.clearTimeout(timer);
  }, [items]);

  // Back online: everything that waited, was backing off or had failed on the network goes again.
  useEffect(() => {
    const resume = () =>
      setItems((previous) =>
        previous.map((item) =>
          item.status === 'waiting' || item.status === 'retrying' || (item.status === 'failed' && (item.prepared || item.blobId))
            ? (resumeUpload(item, true))
            : item,
        ),
      );
    const kick = () => setItems((previous) => [...previous]);
    window.addEventListener('online', resume);
    // Items that were queued while offline start when the browser says it is online again; the
    // visibility change covers phones that slept through the 'online' event.
    document.addEventListener('visibilitychange', kick);
    return () => {
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', kick);
    };
  }, []);

  // Leaving the screen stops the uploads in flight (the draft keeps them for next time).
  useEffect(() => {
    const running = aborts.current;
    return () => {
      running.forEach((controller) => controller.abort());
    };
  }, []);

  const add = useCallback(async (files: readonly File[]) => {
    const room = Math.max(0, ORDER_MAX_DOCUMENTS - itemsRef.current.filter((item) => item.status !== 'refused').length);
    const taken = files.slice(0, room);
    const added = await Promise.all(
      taken.map(async (file): Promise<StoredUpload> => {
        const { newId } = latest.current.deps;
        const kind = uploadKindOf(file.type);
        const refusal = kind ? await pickedFileRefusal(file, kind) : englishErrorString('ARO-E3002');
        const base: StoredUpload = {
          id: newId(),
          name: file.name,
          kind: kind ?? 'image',
          type: file.type,
          size: file.size,
          originalSize: file.size,
          status: 'queued',
          progress: 0,
          attempts: 0,
          retryAt: null,
          blobId: null,
          documentId: null,
          documentKey: newId(),
          refusal: null,
          original: null,
          prepared: null,
        };
        if (refusal || !kind) {
          return { ...base, status: 'refused', refusal };
        }
        if (kind === 'image' && needsCompression(file)) {
          return { ...base, status: 'compressing', original: file };
        }
        if (file.size > ORDER_UPLOAD_MAX_BYTES) {
          return { ...base, status: 'refused', refusal: englishErrorString('ARO-E3003') };
        }
        return { ...base, prepared: file };
      }),
    );
    setItems((previous) => [...previous, ...added]);
    return files.length - taken.length;
  }, []);

  const retry = useCallback(
    (id: string) => patch(id, (item) => (item.status === 'failed' ? (resumeUpload(item, true)) : item)),
    [patch],
  );

  const remove = useCallback((id: string) => {
    aborts.current.get(id)?.abort();
    aborts.current.delete(id);
    setItems((previous) => previous.filter((item) => item.id !== id));
  }, []);

  const restore = useCallback((restored: StoredUpload[]) => setItems(restored), []);

  return { items, add, retry, remove, restore };
}
