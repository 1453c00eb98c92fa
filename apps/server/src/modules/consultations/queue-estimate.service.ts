import {
  estimateCallTime,
  PACE_HISTORY_SESSIONS,
  sessionMinutesPerPatient,
} from '@careline/domain/consultations';
import type { DbOrTx } from '../../db/client.ts';
import { coalescedRead } from '../../db/coalesce.ts';
import { selectPastSessionCalls, selectSessionQueueCalls, type SessionQueueCallRow } from './queue-estimate.repo.ts';

/** Sessions whose calls are still to come: an estimate is made for their booked tokens only. */
const RUNNING_STATUSES: readonly string[] = ['scheduled', 'started'];

/** How many sessions' past paces are kept per instance (one entry per session and start). */
const PAST_PACES_KEPT = 1000;

/**
 * One read of a session's calls for every appointment of it resolved at once: each push of a call
 * resolves the estimate of every patient of the session watching it, and they all read the same rows.
 */
const sessionCallsOf = coalescedRead<{ tenantId: string; sessionId: string }, SessionQueueCallRow[]>({
  lane: (ask) => `${ask.tenantId}:${ask.sessionId}`,
  maxBatch: 1000,
  read: async (db, asks) => {
    const first = asks[0];
    const rows = first ? await selectSessionQueueCalls(db, first.tenantId, first.sessionId) : [];
    return asks.map(() => rows);
  },
});

// The doctor's past paces change only when another session of theirs ends, not with this session's
// calls: read once per session and start (the planned start until staff start it, then the actual one).
const pastPaces = new Map<string, Promise<number[]>>();

function pastPacesOf(
  db: DbOrTx,
  ask: { tenantId: string; practitionerId: string; sessionId: string; before: Date; startedAt: Date | null },
): Promise<number[]> {
  const key = `${ask.tenantId}:${ask.sessionId}:${ask.startedAt?.toISOString() ?? 'planned'}`;
  const kept = pastPaces.get(key);
  if (kept) {
    return kept;
  }
  const read = selectPastSessionCalls(db, { ...ask, sessions: PACE_HISTORY_SESSIONS }).then((rows) => {
    const bySession = new Map<string, Date[]>();
    for (const row of rows) {
      bySession.set(row.sessionId, [...(bySession.get(row.sessionId) ?? []), row.calledAt]);
    }
    return [...bySession.values()].flatMap((calls) => sessionMinutesPerPatient(calls) ?? []);
  });
  // A failed read is not kept: the next estimate reads again.
  read.catch(() => pastPaces.delete(key));
  pastPaces.set(key, read);
  if (pastPaces.size > PAST_PACES_KEPT) {
    const oldest = pastPaces.keys().next().value;
    if (oldest !== undefined) {
      pastPaces.delete(oldest);
    }
  }
  return read;
}

/** What an estimate needs of an appointment and its session (an AppointmentView has it all). */
export type EstimatedAppointment = {
  appointmentStatus: string;
  sessionId: string;
  tokenNo: number;
  session: { status: string; startTime: Date; delayMinutes: number | null; sessionStartedTime: Date | null; practitioner: { id: string } };
};

/**
 * When the patient's token is expected to be called (issue 32 §1.2 'Your turn at about 11:40'): from
 * the session's start, its calls so far and the doctor's recent sessions (packages/domain
 * queue-estimate.ts). Null for an appointment that is not booked (called, done, cancelled) and in a
 * session that is over. The caller has already checked the appointment is the account's own; only its
 * own time comes out, nothing of the other tokens beyond what the queue shows.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param appointment - the account's appointment, with its session
 * @param now - the clock
 */
export async function expectedCallAt(db: DbOrTx, tenantId: string, appointment: EstimatedAppointment, now: Date): Promise<Date | null> {
  const session = appointment.session;
  if (appointment.appointmentStatus !== 'booked' || !RUNNING_STATUSES.includes(session.status)) {
    return null;
  }
  const [rows, pastMinutesPerPatient] = await Promise.all([
    sessionCallsOf(db, { tenantId, sessionId: appointment.sessionId }),
    pastPacesOf(db, {
      tenantId,
      practitionerId: session.practitioner.id,
      sessionId: appointment.sessionId,
      before: session.startTime,
      startedAt: session.sessionStartedTime,
    }),
  ]);
  return estimateCallTime({
    plannedStart: session.startTime,
    // A delay staff marked moves the planned start until the session starts (issue 32 §1.4).
    delayMinutes: session.delayMinutes ?? 0,
    actualStart: session.status === 'started' ? (session.sessionStartedTime ?? session.startTime) : null,
    sessionOver: false,
    calls: rows.flatMap((row) => (row.calledAt ? [{ tokenNo: row.tokenNo, calledAt: row.calledAt }] : [])),
    pastMinutesPerPatient,
    queue: rows,
    tokenNo: appointment.tokenNo,
    now,
  }).expectedCallAt;
}

/**
 * What the estimates of a session's tokens are made from, read as expectedCallAt reads them (one
 * coalesced read of the session's calls, the doctor's past paces kept per session and start): the
 * waiting-room board estimates every next token of a session from it (issue 32 §3.6).
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param session - the session, its doctor, planned start and actual start
 */
export async function sessionEstimateInputs(
  db: DbOrTx,
  tenantId: string,
  session: { id: string; practitionerId: string; startTime: Date; sessionStartedTime: Date | null },
): Promise<{ rows: SessionQueueCallRow[]; pastMinutesPerPatient: number[] }> {
  const [rows, pastMinutesPerPatient] = await Promise.all([
    sessionCallsOf(db, { tenantId, sessionId: session.id }),
    pastPacesOf(db, {
      tenantId,
      practitionerId: session.practitionerId,
      sessionId: session.id,
      before: session.startTime,
      startedAt: session.sessionStartedTime,
    }),
  ]);
  return { rows, pastMinutesPerPatient };
}
