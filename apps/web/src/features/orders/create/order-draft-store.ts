/**
 * The draft order kept on the phone until it is sent (issue 10 Uploads: a reload or a dropped
 * connection loses nothing): the choices, each file with its status, blob id and document id, and
 * the bytes of files not yet made documents. IndexedDB (it keeps Blobs), one record per account and
 * category; an in-memory store where IndexedDB is missing (tests, some private modes). The guided
 * chat's prescription upload keeps its files in the same store, one record per account (issue 12 §2).
 */
import type { InitiatedFor, OrderAddress } from '@careline/domain/orders/plain';
import type { StoredUpload } from '../shared/upload-queue.ts';
import { storedDatabasePrefix } from '../../../lib/session';

/** A file of the draft: its upload state and, until it is a document, its bytes (original and compressed). */
export type { StoredUpload };

export type StoredOrderDraft = {
  version: 1;
  organizationId: string | null;
  patientId: string | null;
  initiatedFor: InitiatedFor;
  address: OrderAddress;
  /** Examination: the chosen sample collection date (YYYY-MM-DD), if any. */
  sampleDate: string | null;
  /** Whether the patient edited the address (then a profile's address no longer replaces it). */
  addressEdited: boolean;
  /** The idempotency key of the last submit and what it sent, so a retry reuses it. */
  submit: { key: string; fingerprint: string } | null;
  files: StoredUpload[];
  savedAt: number;
};

/** The chat's prescription upload kept on the phone: its files only (the conversation keeps the rest). */
export type StoredChatUploads = {
  version: 1;
  files: StoredUpload[];
  savedAt: number;
};

/** A stored record: the creation screen's draft (the default) or the chat's uploads. */
type StoredRecord = StoredOrderDraft | StoredChatUploads;

export type DraftStore<Draft extends StoredRecord = StoredOrderDraft> = {
  load: (key: string) => Promise<Draft | null>;
  save: (key: string, draft: Draft) => Promise<void>;
  clear: (key: string) => Promise<void>;
};

/**
 * The record's key: the account and the category ('<accountId>:Medication').
 * @param accountId - the signed-in account (user profile id)
 * @param category - the creation screen's category
 */
export function draftKey(accountId: string, category: string): string {
  return `${accountId}:${category}`;
}

/**
 * The key of the chat's uploads: one record per account ('<accountId>:chat'), beside its drafts.
 * @param accountId - the signed-in account (user profile id)
 */
export function chatUploadsKey(accountId: string): string {
  return `${accountId}:chat`;
}

/** A store in memory: for tests and browsers without IndexedDB. */
export function memoryDraftStore<Draft extends StoredRecord = StoredOrderDraft>(): DraftStore<Draft> {
  const drafts = new Map<string, Draft>();
  return {
    load: async (key) => drafts.get(key) ?? null,
    save: async (key, draft) => {
      drafts.set(key, draft);
    },
    clear: async (key) => {
      drafts.delete(key);
    },
  };
}

// Deleted with the rest of the account's data on logout (lib/session).
const DB_NAME = `${storedDatabasePrefix}order-drafts`;
const STORE = 'drafts';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => reject(request.error ?? new Error('IndexedDB request failed')));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.addEventListener('upgradeneeded', () => {
    if (!request.result.objectStoreNames.contains(STORE)) {
      request.result.createObjectStore(STORE);
    }
  });
  return requestResult(request);
}

/**
 * The IndexedDB store, or null when the browser has none.
 * @param factory - indexedDB (a stand-in in tests)
 */
export function indexedDbDraftStore<Draft extends StoredRecord = StoredOrderDraft>(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): DraftStore<Draft> | null {
  if (!factory) {
    return null;
  }
  let database: Promise<IDBDatabase> | null = null;
  const store = async (mode: IDBTransactionMode): Promise<IDBObjectStore> => {
    database ??= openDatabase(factory);
    return (await database).transaction(STORE, mode).objectStore(STORE);
  };
  return {
    load: async (key) => {
      const value = (await requestResult((await store('readonly')).get(key))) as Draft | undefined;
      return value?.version === 1 ? value : null;
    },
    save: async (key, draft) => {
      await requestResult((await store('readwrite')).put(draft, key));
    },
    clear: async (key) => {
      await requestResult((await store('readwrite')).delete(key));
    },
  };
}

/** The app's store: IndexedDB when there is one, else memory (the draft then lasts as long as the page). */
export function defaultDraftStore<Draft extends StoredRecord = StoredOrderDraft>(): DraftStore<Draft> {
  return indexedDbDraftStore<Draft>() ?? memoryDraftStore<Draft>();
}

/**
 * A stored draft as the screen resumes it: its files as resumedUploads gives them back.
 * @param draft - the record read back
 */
export function resumedDraft(draft: StoredOrderDraft): StoredOrderDraft {
  return { ...draft, files: resumedUploads(draft.files) };
}

/**
 * Stored files as a screen resumes them: work in progress when the page went away starts again
 * (uploaded files go on to their document, the others upload again; images not yet compressed are
 * compressed again), the progress bars start at 0, and files without their bytes are failed (Retry).
 * @param files - the files read back
 */
export function resumedUploads(files: readonly StoredUpload[]): StoredUpload[] {
  return files.map((file): StoredUpload => {
    switch (file.status) {
      case 'done':
      case 'refused':
      case 'failed':
        return { ...file, progress: 0 };
      case 'compressing':
        return file.original ? { ...file, progress: 0 } : { ...file, status: 'failed', progress: 0 };
      case 'queued':
      case 'uploading':
      case 'retrying':
      case 'waiting':
      case 'creating':
        if (file.blobId) {
          return { ...file, status: 'creating', progress: 0, retryAt: null };
        }
        return file.prepared
          ? { ...file, status: 'queued', progress: 0, retryAt: null }
          : { ...file, status: 'failed', progress: 0, retryAt: null };
    }
  });
}
