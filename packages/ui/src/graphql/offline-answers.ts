import {
  getOperationName,
  makeResult,
  mapExchange,
  stringifyVariables,
  type CombinedError,
  type Exchange,
  type OperationResult,
} from '@urql/core';

/** A query's last good answer, kept on the device for an offline read (issue 32 §4.7). */
export type SavedAnswer = {
  /** {@link answerKey}: the owner, the query's name, its variables. */
  key: string;
  /** Whose answer it is (a digest of the session, never the token itself). */
  owner: string;
  data: unknown;
  /** When it was answered (ISO). */
  savedAt: string;
};

/** Where saved answers live (IndexedDB in the patient app, a Map in tests). */
export type AnswerStore = {
  get: (key: string) => Promise<SavedAnswer | undefined>;
  /** Keeps the answer and drops every answer of another owner (another account signed in). */
  put: (answer: SavedAnswer) => Promise<void>;
};

/** The extension a result read from the device carries: when its answer came from the server. */
export const OFFLINE_SAVED_AT = 'offlineSavedAt';

/**
 * The key of a saved answer.
 * @param owner - whose answer
 * @param operationName - the query's name
 * @param variables - its variables (order of keys does not matter)
 */
export function answerKey(owner: string, operationName: string, variables: unknown): string {
  return `${owner}|${operationName}|${stringifyVariables(variables ?? {})}`;
}

/**
 * Whether an error means "no connection" (fetch failed), not an answer of the server.
 * @param error - the result's error
 */
export function isNoConnection(error: CombinedError | undefined): boolean {
  return error !== undefined && error.networkError !== undefined && error.graphQLErrors.length === 0;
}

/**
 * When the answer shown was saved, if the screen shows a saved one (read offline), else null.
 * @param extensions - the result's extensions
 */
export function offlineSavedAt(extensions: Record<string, unknown> | undefined): Date | null {
  const value = extensions?.[OFFLINE_SAVED_AT];
  if (typeof value !== 'string') {
    return null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type OfflineAnswersOptions = {
  /** The names of the queries kept; every other operation passes untouched (nothing else is persisted). */
  kept: ReadonlySet<string>;
  /**
   * The names of mutations whose answer is what a screen shows (prepareInvoice works out the open
   * invoice): their last answer is kept and shown offline as a query's. Offline nothing is sent or replayed
   * to the server; a mutation whose answer reports a change (a booking, a payment) does not belong here.
   */
  keptReads?: ReadonlySet<string>;
  /** Whose answers: null when signed out (nothing is kept or read). */
  owner: () => string | null;
  /** The store, or null where there is none (no IndexedDB). */
  store: () => AnswerStore | null;
  now?: () => Date;
};

/**
 * Keeps the last good answer of a few queries per owner and, when the network fails, answers them
 * from the device with {@link OFFLINE_SAVED_AT} in the extensions (issue 32 §4.7). Goes before fetchExchange.
 * @param options - the kept queries, the owner, the store
 */
export function offlineAnswersExchange(options: OfflineAnswersOptions): Exchange {
  const now = options.now ?? (() => new Date());
  // mapExchange (already the client's) waits for a returned promise: no stream operators of our own.
  return mapExchange({
    onResult: (result: OperationResult) => {
      const { operation } = result;
      const name = getOperationName(operation.query);
      const keptNames = operation.kind === 'query' ? options.kept : operation.kind === 'mutation' ? options.keptReads : undefined;
      const owner = options.owner();
      const store = options.store();
      if (!name || !keptNames?.has(name) || owner === null || store === null) {
        return result;
      }
      const key = answerKey(owner, name, operation.variables);
      if (result.data !== undefined && result.data !== null && !result.error) {
        // Best effort: a full or blocked store only loses the offline read.
        store.put({ key, owner, data: result.data, savedAt: now().toISOString() }).catch(() => undefined);
        return result;
      }
      if (!isNoConnection(result.error)) {
        return result;
      }
      return store.get(key).then(
        (saved) =>
          saved && saved.owner === owner
            ? makeResult(operation, { data: saved.data as Record<string, unknown>, extensions: { [OFFLINE_SAVED_AT]: saved.savedAt } })
            : result,
        () => result,
      );
    },
  });
}
