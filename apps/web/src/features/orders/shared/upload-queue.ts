/**
 * An order's uploads as plain data (spec doc 3 §2 Order creation screen, §4 Creation
 * flow, §8): one item per picked file, moved through compression, upload, its document record and
 * done, with automatic retries on network failures (exponential backoff) and a manual retry after
 * that. The hook (use-order-uploads.ts: the creation screen's files, a note's photo) runs the steps;
 * the rules of what comes next are here.
 */
import { ORDER_TEXTS, ORDER_UPLOAD_STATE } from '@careline/domain/orders/plain';

/** Images (image/*) or PDFs (application/pdf) (spec doc 3 §2). */
export type UploadKind = 'image' | 'pdf';

/**
 * Where a file is:
 * - compressing: an image over 1 MB being made smaller in the worker (spec doc 3 §5);
 * - queued: waiting for its turn to upload;
 * - uploading: POST /blob/put on the way (progress in `progress`);
 * - creating: uploaded, its document record (createDocumentReference) on the way;
 * - retrying: a network failure, tried again at `retryAt`;
 * - waiting: the browser is offline; tried again when it is back online;
 * - done: a document of the account (`documentId`);
 * - failed: automatic retries used up ('Upload failed', Retry);
 * - refused: the file itself cannot be sent (type, size, a hidden file); `refusal` says why.
 */
export type UploadStatus =
  | 'compressing'
  | 'queued'
  | 'uploading'
  | 'creating'
  | 'retrying'
  | 'waiting'
  | 'done'
  | 'failed'
  | 'refused';

export type OrderUploadItem = {
  /** A local id, also the key of the file's bytes in the draft store. */
  id: string;
  name: string;
  kind: UploadKind;
  /** The content type sent (after compression: the compressed file's). */
  type: string;
  /** Bytes to send (after compression). */
  size: number;
  /** Bytes as picked. */
  originalSize: number;
  status: UploadStatus;
  /** 0 to 1 while compressing or uploading. */
  progress: number;
  /** Network failures in a row since the last success or manual retry. */
  attempts: number;
  /** When a 'retrying' item is tried again (ms since the epoch). */
  retryAt: number | null;
  blobId: string | null;
  documentId: string | null;
  /** The idempotency key of this file's document record: a retried call never makes a second document. */
  documentKey: string;
  /** Why a refused file cannot be sent: a 'CODE:message' string or an English text of ours. */
  refusal: string | null;
};

/** An upload with its bytes: the file as picked (until its document exists) and the file sent (after compression). */
export type StoredUpload = OrderUploadItem & { original: Blob | null; prepared: Blob | null };

/** Automatic tries of one file before it shows 'Upload failed' with Retry. */
export const AUTOMATIC_UPLOAD_ATTEMPTS = 5;
/** The first retry waits 1 s, then 2, 4, 8 … up to 30 s. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;
/** Files sent at once on a weak link. */
export const PARALLEL_UPLOADS = 2;

/**
 * The wait before automatic try number `attempt` + 1: 1 s, 2 s, 4 s … capped at 30 s, plus up to
 * 20% jitter so that many phones coming back online do not retry in step.
 * @param attempt - failures so far (1 after the first failure)
 * @param random - a number in [0, 1) (Math.random in the app, fixed in tests)
 */
export function retryDelayMs(attempt: number, random: number = Math.random()): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random));
}

/**
 * The kind of a picked file by its declared type, or null for anything else.
 * @param type - the file's content type
 */
export function uploadKindOf(type: string): UploadKind | null {
  const lower = type.trim().toLowerCase();
  if (lower === 'application/pdf') {
    return 'pdf';
  }
  return lower.startsWith('image/') ? 'image' : null;
}

const WORKING: readonly UploadStatus[] = ['compressing', 'queued', 'uploading', 'creating', 'retrying', 'waiting'];

/**
 * Whether an item still has work to do (the submit waits for it: spec doc 3 §5).
 * @param item - an upload
 */
export function isUploadWorking(item: Pick<OrderUploadItem, 'status'>): boolean {
  return WORKING.includes(item.status);
}

/**
 * The screen's upload state code (spec doc 3 §4): 1 uploading while any file has work to do,
 * 3 failed when any failed, else 0 idle.
 * @param items - the uploads
 */
export function orderUploadState(items: readonly Pick<OrderUploadItem, 'status'>[]): number {
  if (items.some(isUploadWorking)) {
    return ORDER_UPLOAD_STATE.UPLOADING;
  }
  return items.some((item) => item.status === 'failed') ? ORDER_UPLOAD_STATE.FAILED : ORDER_UPLOAD_STATE.IDLE;
}

/**
 * The failure banners (spec doc 3 §4, §8): 'Failed to upload some images, please retry!' when an
 * image failed, 'Failed to upload some documents, please retry!' when a PDF did.
 * @param items - the uploads
 */
export function uploadFailureTexts(items: readonly Pick<OrderUploadItem, 'status' | 'kind'>[]): string[] {
  const failed = items.filter((item) => item.status === 'failed');
  const texts: string[] = [];
  if (failed.some((item) => item.kind === 'image')) {
    texts.push(ORDER_TEXTS.imagesUploadFailed);
  }
  if (failed.some((item) => item.kind === 'pdf')) {
    texts.push(ORDER_TEXTS.documentsUploadFailed);
  }
  return texts;
}

/**
 * The documents of the order, in the order the files were picked.
 * @param items - the uploads
 */
export function uploadedDocumentIds(items: readonly OrderUploadItem[]): string[] {
  return items.flatMap((item) => (item.status === 'done' && item.documentId ? [item.documentId] : []));
}

/**
 * What happens after a network failure (no answer, a 5xx, a dropped connection): wait offline,
 * retry after the backoff while automatic tries remain, else 'failed'.
 * @param item - the upload that failed
 * @param now - the current time (ms)
 * @param online - navigator.onLine
 * @param random - jitter source
 */
export function afterNetworkFailure<T extends OrderUploadItem>(
  item: T,
  now: number,
  online: boolean,
  random: number = Math.random(),
): T {
  const attempts = item.attempts + 1;
  if (!online) {
    return { ...item, attempts, status: 'waiting', progress: 0, retryAt: null };
  }
  if (attempts >= AUTOMATIC_UPLOAD_ATTEMPTS) {
    return { ...item, attempts, status: 'failed', progress: 0, retryAt: null };
  }
  return { ...item, attempts, status: 'retrying', progress: 0, retryAt: now + retryDelayMs(attempts, random) };
}

/**
 * The step a resumed item goes back to: uploaded files go on to their document record, the others
 * upload again. Used by Retry, by the browser coming back online and by a reloaded draft.
 * @param item - the upload
 * @param resetAttempts - true for a manual retry or a reconnection
 */
export function resumeUpload<T extends OrderUploadItem>(item: T, resetAttempts: boolean): T {
  return {
    ...item,
    status: item.blobId ? 'creating' : 'queued',
    progress: 0,
    retryAt: null,
    attempts: resetAttempts ? 0 : item.attempts,
  };
}
