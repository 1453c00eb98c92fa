/**
 * When a token will be called (issue 32 §1.2 'Your turn at about 11:40'): from the session's start,
 * the pace of its calls so far and the doctor's usual minutes per patient in past sessions.
 */
import { DEFAULT_MINUTES_PER_PATIENT } from '../constants.ts';
import { appointmentsAhead } from './session-rules.ts';

const MINUTE_MS = 60_000;

/** How many of the doctor's latest sessions with calls make their usual pace. */
export const PACE_HISTORY_SESSIONS = 10;

/**
 * How much the doctor's usual pace weighs against this session's own, counted in call gaps: after
 * this many gaps in the session, both weigh the same, and the session's own pace leads after that.
 */
export const USUAL_PACE_WEIGHT_GAPS = 3;

/** The default's weight for a doctor with no past sessions: a guess, so one gap of the session already weighs as much. */
export const DEFAULT_PACE_WEIGHT_GAPS = 1;

/**
 * The minutes per patient an estimate uses stay within these: a gap under 2 minutes is staff
 * catching up with the console's clicks rather than a visit, and a long gap a break, not a pace.
 */
export const MINUTES_PER_PATIENT_BOUNDS = { min: 2, max: 60 } as const;

/** One call of this session: the token that was called (Ongoing) and when. */
export type SessionCall = { tokenNo: number; calledAt: Date };

/** A token of the session as the estimate sees it. */
export type EstimateToken = { tokenNo: number; appointmentStatus: string };

/** What the estimate of one token's call is made from. */
export type QueueEstimateInput = {
  /** The session's planned start. */
  plannedStart: Date;
  /** When staff started the session; null until then. */
  actualStart: Date | null;
  /** 'Doctor delayed by N minutes': moves the planned start until the session starts (issue 32 §1.4); 0 when unset. */
  delayMinutes?: number;
  /** The session is over (completed or cancelled): no token is called any more. */
  sessionOver: boolean;
  /** The session's calls so far. */
  calls: readonly SessionCall[];
  /** The doctor's minutes per patient in each of their recent past sessions (sessionMinutesPerPatient). */
  pastMinutesPerPatient: readonly number[];
  /** The session's tokens with their statuses. */
  queue: readonly EstimateToken[];
  /** The token whose call is estimated. */
  tokenNo: number;
  /** The clock. */
  now: Date;
};

/** The estimate: when the token is expected to be called (null: called already, or not to be called) and the pace used. */
export type QueueEstimate = { expectedCallAt: Date | null; minutesPerPatient: number };

/**
 * The median of some numbers (the mean of the middle two for an even count), or null for none.
 * @param values - the numbers
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) {
    return null;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The minutes between consecutive calls of a session, in the order they were made.
 * @param calledAt - when each token was called, in any order
 */
export function callGapsMinutes(calledAt: readonly Date[]): number[] {
  const times = calledAt.map((at) => at.getTime()).sort((a, b) => a - b);
  return times.slice(1).map((time, index) => (time - (times[index] ?? time)) / MINUTE_MS);
}

/**
 * A session's minutes per patient: the median gap between its calls (a break or a long visit moves
 * it little), or null with fewer than two calls.
 * @param calledAt - when each token of the session was called
 */
export function sessionMinutesPerPatient(calledAt: readonly Date[]): number | null {
  return median(callGapsMinutes(calledAt));
}

// A past session whose calls all came at once has no pace to learn from.
const recordedPaces = (paces: readonly number[]): number[] => paces.filter((minutes) => Number.isFinite(minutes) && minutes > 0);

/**
 * The doctor's usual minutes per patient: the median of their recent sessions' own, or the default
 * for a doctor with none (DEFAULT_MINUTES_PER_PATIENT).
 * @param pastMinutesPerPatient - each recent past session's minutes per patient
 */
export function usualMinutesPerPatient(pastMinutesPerPatient: readonly number[]): number {
  return median(recordedPaces(pastMinutesPerPatient)) ?? DEFAULT_MINUTES_PER_PATIENT;
}

/**
 * The minutes per patient an estimate uses: this session's median gap and the doctor's usual pace,
 * the session's weighing more with each gap it has (gaps / (gaps + the usual pace's weight)), kept
 * within MINUTES_PER_PATIENT_BOUNDS.
 * @param calledAt - when each token of this session was called
 * @param pastMinutesPerPatient - each recent past session's minutes per patient
 */
export function blendedMinutesPerPatient(calledAt: readonly Date[], pastMinutesPerPatient: readonly number[]): number {
  const usual = usualMinutesPerPatient(pastMinutesPerPatient);
  const gaps = callGapsMinutes(calledAt);
  const own = median(gaps);
  const priorWeight = recordedPaces(pastMinutesPerPatient).length > 0 ? USUAL_PACE_WEIGHT_GAPS : DEFAULT_PACE_WEIGHT_GAPS;
  const weight = gaps.length / (gaps.length + priorWeight);
  const blended = own === null ? usual : weight * own + (1 - weight) * usual;
  return Math.min(MINUTES_PER_PATIENT_BOUNDS.max, Math.max(MINUTES_PER_PATIENT_BOUNDS.min, blended));
}

/**
 * The tokens still to be called before a token: booked ones with a lower number. Called (arrived,
 * fulfilled), no-show, cancelled and erroneous ones do not count; paid or not, as the console calls
 * the lowest booked token whatever its payment. The same count as the appointment's 'N patients
 * ahead' (session-rules.ts appointmentsAhead), so the two never disagree.
 * @param queue - the session's tokens
 * @param tokenNo - the token in question
 */
export function tokensAheadToCall(queue: readonly EstimateToken[], tokenNo: number): number {
  return appointmentsAhead(queue, tokenNo);
}

/**
 * When a token is expected to be called (issue 32 §1.2), rounded up to the minute and never before
 * now. The next call comes one pace after the last call of the session, or at its start (its actual
 * start, else the planned one moved by the delay) while none was made; each booked token ahead adds a
 * pace. None when the token was called already or is not booked, or the session is over.
 * @param input - the session, its calls and queue, the doctor's past paces, the token and the clock
 */
export function estimateCallTime(input: QueueEstimateInput): QueueEstimate {
  const minutesPerPatient = blendedMinutesPerPatient(
    input.calls.map((call) => call.calledAt),
    input.pastMinutesPerPatient,
  );
  const own = input.queue.find((token) => token.tokenNo === input.tokenNo);
  const called = input.calls.some((call) => call.tokenNo === input.tokenNo);
  if (input.sessionOver || called || own?.appointmentStatus !== 'booked') {
    return { expectedCallAt: null, minutesPerPatient };
  }
  const pace = minutesPerPatient * MINUTE_MS;
  const lastCall = Math.max(...input.calls.map((call) => call.calledAt.getTime()), Number.NEGATIVE_INFINITY);
  const nextCall =
    input.actualStart === null
      ? input.plannedStart.getTime() + (input.delayMinutes ?? 0) * MINUTE_MS
      : Number.isFinite(lastCall)
        ? lastCall + pace
        : input.actualStart.getTime();
  const at = Math.max(nextCall, input.now.getTime()) + tokensAheadToCall(input.queue, input.tokenNo) * pace;
  return { expectedCallAt: new Date(Math.ceil(at / MINUTE_MS) * MINUTE_MS), minutesPerPatient };
}
