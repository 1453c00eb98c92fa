/** Async request states: 0 idle, 1 pending, 2 done, 3 failed; each request keeps its own error (spec doc 1 §4). */

export const REQUEST_STATE = { IDLE: 0, PENDING: 1, DONE: 2, FAILED: 3 } as const;

export type RequestState = (typeof REQUEST_STATE)[keyof typeof REQUEST_STATE];

export type AsyncRequest<T> = { state: RequestState; data: T | null; error: string | null };

/** A request not started. */
export function idleRequest<T>(): AsyncRequest<T> {
  return { state: REQUEST_STATE.IDLE, data: null, error: null };
}

/**
 * The request in progress: keeps the data it had (so a reload does not blank the screen), clears its error.
 * @param previous - the request before
 */
export function pendingRequest<T>(previous: AsyncRequest<T>): AsyncRequest<T> {
  return { state: REQUEST_STATE.PENDING, data: previous.data, error: null };
}

/**
 * The request done with its data.
 * @param data - the result
 */
export function doneRequest<T>(data: T): AsyncRequest<T> {
  return { state: REQUEST_STATE.DONE, data, error: null };
}

/**
 * The request failed with its own error; keeps the data it had.
 * @param previous - the request before
 * @param error - the text to show
 */
export function failedRequest<T>(previous: AsyncRequest<T>, error: string): AsyncRequest<T> {
  return { state: REQUEST_STATE.FAILED, data: previous.data, error };
}

/**
 * Whether the request is in progress (spec doc 1 §5: submit is disabled while loading).
 * @param request - the request
 */
export function isPending(request: AsyncRequest<unknown>): boolean {
  return request.state === REQUEST_STATE.PENDING;
}
