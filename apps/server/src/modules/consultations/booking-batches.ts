import type { Db } from '../../db/client.ts';
import { bookNextToken, bookTokens, lockSessionForBooking, tokenRefusal, type BookedRow, type NewBooking } from './appointments.repo.ts';

/** The most bookings of one session that go into one statement. */
export const MAX_BOOKING_BATCH = 64;

type Waiter = { booking: NewBooking; resolve: (row: BookedRow | null) => void; reject: (error: unknown) => void };

/** Per database, per session: the bookings waiting while that session's batch is in flight. */
const lanes = new WeakMap<Db, Map<string, Waiter[]>>();

/**
 * Books the next token of a session like bookNextToken, batched with the bookings of the same session
 * that arrive while one is being written (spec doc 2 §4 Booking, issue 8's hot session).
 *
 * Every booking of one session must update that session's row, whose lock lasts until the commit is
 * flushed to disk; one statement per booking therefore caps a session at one booking per disk flush.
 * Here a booking for an idle session is written at once, as before; those arriving meanwhile wait
 * (no timer: nothing waits when there is no rush) and are then written together, in arrival order, in
 * one transaction with one flush: the session row locked, its room read, and one statement for as many
 * as it has room for; the others are answered null ("full or closed", as bookNextToken). When that
 * statement fails (a profile twice, a twin key, a race with another server), nothing of it is kept and
 * each half is written again, in order, down to single bookings, each with its own answer or error.
 * @param db - the database (not a transaction: a batch is its own)
 * @param booking - a booking without `also` parts
 */
export function bookNextTokenInBatch(db: Db, booking: NewBooking): Promise<BookedRow | null> {
  return new Promise<BookedRow | null>((resolve, reject) => {
    let sessions = lanes.get(db);
    if (!sessions) {
      sessions = new Map();
      lanes.set(db, sessions);
    }
    const lane = `${booking.tenantId}/${booking.sessionId}`;
    const waiting = sessions.get(lane);
    if (waiting) {
      waiting.push({ booking, resolve, reject });
      return;
    }
    sessions.set(lane, []);
    void drain(db, sessions, lane, [{ booking, resolve, reject }]);
  });
}

async function drain(db: Db, sessions: Map<string, Waiter[]>, lane: string, first: Waiter[]): Promise<void> {
  let batch = first;
  try {
    while (batch.length > 0) {
      await writeBatch(db, batch);
      const waiting = sessions.get(lane) ?? [];
      batch = waiting.splice(0, MAX_BOOKING_BATCH);
      if (batch.length === 0) {
        sessions.delete(lane);
      }
    }
  } catch (error) {
    // writeBatch settles every booking it takes; should it ever throw, no booking of the lane is
    // left without an answer, and the lane is not left behind to hold the next ones forever.
    const stranded = [...batch, ...(sessions.get(lane) ?? [])];
    sessions.delete(lane);
    for (const waiter of stranded) {
      waiter.reject(error);
    }
  }
}

/** Writes one batch and settles each of its bookings; never throws. */
async function writeBatch(db: Db, batch: Waiter[]): Promise<void> {
  const [only] = batch;
  if (!only) {
    return;
  }
  if (batch.length === 1) {
    await bookNextToken(db, only.booking).then(only.resolve, only.reject);
    return;
  }
  const { tenantId, sessionId } = only.booking;
  let rows: BookedRow[];
  try {
    rows = await db.transaction(async (tx) => {
      const session = await lockSessionForBooking(tx, tenantId, sessionId);
      if (!session || tokenRefusal(session)) {
        return [];
      }
      const room = session.appointmentMaxAllowed === -1 ? batch.length : Math.max(0, session.appointmentMaxAllowed - session.liveAppointments);
      const granted = batch.slice(0, room).map((waiter) => waiter.booking);
      return granted.length === 0 ? [] : bookTokens(tx, granted);
    });
  } catch {
    // A booking broke a constraint (a profile twice, a twin key, a race with another server) or the
    // statement failed: nothing of it was kept. Each half again, in order, down to one booking alone
    // for its own answer, so one bad booking costs a few more transactions, not one per booking.
    const half = Math.ceil(batch.length / 2);
    await writeBatch(db, batch.slice(0, half));
    await writeBatch(db, batch.slice(half));
    return;
  }
  batch.forEach((waiter, i) => waiter.resolve(rows[i] ?? null));
}
