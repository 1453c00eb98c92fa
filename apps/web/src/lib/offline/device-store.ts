import type { AnswerStore, SavedAnswer } from '@careline/ui/graphql';
import { storedDatabasePrefix } from '../session/session-storage.ts';

/**
 * The device's offline data (issue 32 §4.7): the visit pass's last answers and the outbox of notes
 * written offline. Its name starts with storedDatabasePrefix, so logout deletes it with the session.
 */
export const OFFLINE_DATABASE = `${storedDatabasePrefix}offline`;
const ANSWERS = 'answers';
const OUTBOX = 'outbox';

let opening: Promise<IDBDatabase> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function database(): Promise<IDBDatabase> {
  if (!opening) {
    opening = new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(OFFLINE_DATABASE, 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore(ANSWERS, { keyPath: 'key' });
        open.result.createObjectStore(OUTBOX, { keyPath: 'id' });
      };
      open.onsuccess = () => {
        // A logout in another tab deletes the database: let it, and open afresh next time.
        open.result.onversionchange = () => {
          open.result.close();
          opening = null;
        };
        resolve(open.result);
      };
      open.onerror = () => {
        opening = null;
        reject(open.error ?? new Error('IndexedDB open failed'));
      };
      open.onblocked = () => reject(new Error('IndexedDB blocked'));
    });
  }
  return opening;
}

async function inStore<T>(name: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const db = await database();
  const tx = db.transaction(name, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await work(tx.objectStore(name));
  await done;
  return result;
}

/** The IndexedDB store of saved answers, or null where IndexedDB is missing (old browsers, tests). */
export function deviceAnswerStore(): AnswerStore | null {
  if (typeof indexedDB === 'undefined') {
    return null;
  }
  // The owner whose rivals were last cleared out: once per page and account is enough.
  let clearedFor: string | null = null;
  return {
    get: (key) => inStore(ANSWERS, 'readonly', (store) => request(store.get(key) as IDBRequest<SavedAnswer | undefined>)),
    put: async (answer) => {
      // The answer in a transaction of its own, one request: it commits at once, before a reload can
      // abort it (a transaction still open when the page goes is lost).
      await inStore(ANSWERS, 'readwrite', async (store) => void (await request(store.put(answer))));
      if (clearedFor === answer.owner) {
        return;
      }
      // Then another account's answers go, as soon as this one's first answer is kept.
      await inStore(ANSWERS, 'readwrite', async (store) => {
        const all = await request(store.getAll() as IDBRequest<SavedAnswer[]>);
        all.filter((other) => other.owner !== answer.owner).forEach((other) => store.delete(other.key));
      });
      clearedFor = answer.owner;
    },
  };
}

/** A generic keyed list of the outbox's items in IndexedDB. */
export type OutboxStore<T extends { id: string }> = {
  all: () => Promise<T[]>;
  put: (item: T) => Promise<void>;
  remove: (id: string) => Promise<void>;
};

/** The IndexedDB outbox, or null where IndexedDB is missing. */
export function deviceOutboxStore<T extends { id: string }>(): OutboxStore<T> | null {
  if (typeof indexedDB === 'undefined') {
    return null;
  }
  return {
    all: () => inStore(OUTBOX, 'readonly', (store) => request(store.getAll() as IDBRequest<T[]>)),
    put: (item) => inStore(OUTBOX, 'readwrite', async (store) => void (await request(store.put(item)))),
    remove: (id) => inStore(OUTBOX, 'readwrite', async (store) => void (await request(store.delete(id)))),
  };
}
