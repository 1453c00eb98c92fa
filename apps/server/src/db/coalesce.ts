import type { DbOrTx } from './client.ts';

type Waiter<A, R> = { ask: A; resolve: (answer: R) => void; reject: (error: unknown) => void };

/** One lane: whether its read is in flight, and the asks that arrived meanwhile. */
type Lane<A, R> = { waiting: Waiter<A, R>[] };

/** A read coalesced per database handle (see coalescedRead). */
export type CoalescedRead<A, R> = (db: DbOrTx, ask: A) => Promise<R>;

/**
 * Makes a read that many requests ask at once (the sign-in check, the idempotency key, the booking
 * checks, the booked appointment's answer) one query for all the asks that arrive while it is in
 * flight: under a rush each request's own round trip to the database, not the query itself, is most
 * of the server's work (a wakeup of the database on every write; issue 8 bench:booking), while one
 * query for 30 asks costs little more than for one. An ask with nothing in flight on its lane is sent
 * at once, alone, so nothing waits when there is no rush (no timer); those arriving meanwhile are sent
 * together when it returns, in arrival order, at most `maxBatch` a query. When a query of several asks
 * fails, each of them is read again alone, so one bad ask fails only itself.
 * @param options.lane - which asks may share a query (e.g. one tenant's); one lane when unset
 * @param options.maxBatch - the most asks in one query
 * @param options.read - answers the asks in order, one answer each; it must keep every ask to its own
 *   conditions (an account's ask never gets another account's row)
 */
export function coalescedRead<A, R>(options: {
  lane?: (ask: A) => string;
  maxBatch: number;
  read: (db: DbOrTx, asks: A[]) => Promise<R[]>;
}): CoalescedRead<A, R> {
  const lanesOf = new WeakMap<DbOrTx, Map<string, Lane<A, R>>>();

  async function send(db: DbOrTx, lanes: Map<string, Lane<A, R>>, laneKey: string, lane: Lane<A, R>, batch: Waiter<A, R>[]): Promise<void> {
    for (let now = batch; now.length > 0; now = lane.waiting.splice(0, options.maxBatch)) {
      try {
        const answers = await options.read(
          db,
          now.map((waiter) => waiter.ask),
        );
        now.forEach((waiter, i) => waiter.resolve(answers[i] as R));
      } catch (error) {
        if (now.length === 1) {
          now[0]?.reject(error);
          continue;
        }
        // One bad ask must not fail the others: each again alone, for its own answer or error.
        for (const waiter of now) {
          await options.read(db, [waiter.ask]).then(([answer]) => waiter.resolve(answer as R), waiter.reject);
        }
      }
    }
    lanes.delete(laneKey);
  }

  return (db, ask) =>
    new Promise<R>((resolve, reject) => {
      let lanes = lanesOf.get(db);
      if (!lanes) {
        lanes = new Map();
        lanesOf.set(db, lanes);
      }
      const laneKey = options.lane?.(ask) ?? '';
      const lane = lanes.get(laneKey);
      if (lane) {
        lane.waiting.push({ ask, resolve, reject });
        return;
      }
      const fresh: Lane<A, R> = { waiting: [] };
      lanes.set(laneKey, fresh);
      void send(db, lanes, laneKey, fresh, [{ ask, resolve, reject }]);
    });
}
