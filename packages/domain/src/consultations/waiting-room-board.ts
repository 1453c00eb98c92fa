/**
 * The waiting-room board (issue 32 §3.6): what a hospital's waiting-room screen shows of a session's
 * queue (the token being seen, the next ones and when they are expected), the display's name, and
 * the tenant's languages the board shows in turn. No patient data enters these rules: tokens only.
 */
import { hasControlCharacters } from '../text.ts';
import { estimateCallTime, type EstimateToken, type SessionCall } from './queue-estimate.ts';

/** How many of the next tokens the board shows per session. */
export const BOARD_NEXT_TOKENS = 5;

/** How long the board shows each of the tenant's languages before the next one. */
export const BOARD_LANGUAGE_MS = 10_000;

/** A display's name ("Ground floor TV"): 1 to this many characters. */
export const DISPLAY_NAME_MAX = 60;

/** How many live display tokens (not revoked) a hospital may have. */
export const DISPLAY_TOKENS_MAX = 50;

/** A token of the board's queue: booked, called (arrived) and the rest, with when it was called. */
export type BoardQueueToken = EstimateToken & { calledAt: Date | null };

/** What the board shows of one session's queue. */
export type BoardQueue = {
  /** The token with the doctor now: the one called last that is still Ongoing; null when none is. */
  nowSeeing: number | null;
  /** The next booked tokens, lowest first, each with when it is expected to be called. */
  next: { tokenNo: number; expectedAt: Date | null }[];
};

/**
 * The board's view of a session's queue: the token being seen and the next BOARD_NEXT_TOKENS booked
 * tokens with their expected call times (estimateCallTime, the same estimate as the patient's
 * appointment shows).
 * @param input - the session's start, delay, whether it is over, the doctor's past paces, its tokens and the clock
 */
export function boardQueue(input: {
  plannedStart: Date;
  actualStart: Date | null;
  delayMinutes: number;
  sessionOver: boolean;
  pastMinutesPerPatient: readonly number[];
  tokens: readonly BoardQueueToken[];
  now: Date;
  count?: number;
}): BoardQueue {
  const calls: SessionCall[] = input.tokens.flatMap((token) => (token.calledAt ? [{ tokenNo: token.tokenNo, calledAt: token.calledAt }] : []));
  const ongoing = input.tokens
    .filter((token) => token.appointmentStatus === 'arrived')
    .sort((a, b) => (b.calledAt?.getTime() ?? 0) - (a.calledAt?.getTime() ?? 0) || b.tokenNo - a.tokenNo);
  const booked = input.tokens
    .filter((token) => token.appointmentStatus === 'booked')
    .sort((a, b) => a.tokenNo - b.tokenNo)
    .slice(0, input.count ?? BOARD_NEXT_TOKENS);
  return {
    nowSeeing: ongoing[0]?.tokenNo ?? null,
    next: booked.map((token) => ({
      tokenNo: token.tokenNo,
      expectedAt: estimateCallTime({
        plannedStart: input.plannedStart,
        actualStart: input.actualStart,
        delayMinutes: input.delayMinutes,
        sessionOver: input.sessionOver,
        calls,
        pastMinutesPerPatient: input.pastMinutesPerPatient,
        queue: input.tokens,
        tokenNo: token.tokenNo,
        now: input.now,
      }).expectedCallAt,
    })),
  };
}

/**
 * A display's name as kept (trimmed), or null when it is empty, too long or holds control characters.
 * @param name - the name staff typed
 */
export function displayName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > DISPLAY_NAME_MAX || hasControlCharacters(trimmed)) {
    return null;
  }
  return trimmed;
}

/**
 * The language the board shows at a moment: the tenant's languages in turn, each for periodMs,
 * counted from when the board opened.
 * @param languages - the tenant's languages, in order (en, si, ta)
 * @param elapsedMs - time since the board opened
 * @param periodMs - how long each language stays
 */
export function boardLanguageAt<L extends string>(languages: readonly L[], elapsedMs: number, periodMs = BOARD_LANGUAGE_MS): L | null {
  if (languages.length === 0) {
    return null;
  }
  const turn = Math.floor(Math.max(0, elapsedMs) / periodMs) % languages.length;
  return languages[turn] ?? null;
}

/** How long a session that ended stays on the board, marked ended, before it leaves (issue 32 §3.6). */
export const BOARD_ENDED_SHOWN_MS = 30 * 60_000;

/**
 * Whether a session that ended still shows on the board, as ended: for BOARD_ENDED_SHOWN_MS after
 * it ended, so it does not vanish from under the eyes of those still reading it.
 * @param endedAt - when the session ended (its completion), null when it has not
 * @param now - the clock
 */
export function boardShowsEnded(endedAt: Date | null, now: Date): boolean {
  return endedAt !== null && endedAt.getTime() <= now.getTime() && now.getTime() - endedAt.getTime() < BOARD_ENDED_SHOWN_MS;
}

/**
 * How a session on the board reads: to start at its time, late (its start passed, not started), not
 * held (its end passed too, never started), running, ended or cancelled.
 */
export type BoardSessionState = 'startsAt' | 'late' | 'notHeld' | 'running' | 'ended' | 'cancelled';

/** The statuses of a cancelled session (spec doc 2 §4): practitioner_canceled, and provider_aborted that reads the same. */
const CANCELLED_STATUSES: readonly string[] = ['practitioner_canceled', 'provider_aborted'];

/**
 * How a session on the board reads now: 'late' once its expected start (the planned one moved by the
 * delay staff marked) has passed while it has not started, as the session card's 'Awaiting Dr' (spec
 * doc 2 §4): the board then says it has not started, never a time of its own making. Once its expected
 * end (the planned end moved by the same delay) has passed too, it was 'notHeld': nobody waits for it
 * to start any more.
 * @param session - its status, expected start and expected end (the planned ones plus the marked delay)
 * @param now - the clock
 */
export function boardSessionState(session: { status: string; expectedStart: Date; expectedEnd: Date }, now: Date): BoardSessionState {
  if (session.status === 'started') {
    return 'running';
  }
  if (session.status === 'completed') {
    return 'ended';
  }
  if (CANCELLED_STATUSES.includes(session.status)) {
    return 'cancelled';
  }
  if (now.getTime() >= session.expectedEnd.getTime()) {
    return 'notHeld';
  }
  return now.getTime() >= session.expectedStart.getTime() ? 'late' : 'startsAt';
}

/**
 * Whether a session that never started still shows on the board: until BOARD_ENDED_SHOWN_MS after its
 * expected end (the planned end moved by the marked delay), as not held once that end passed; then it
 * leaves, as an ended one does, rather than saying 'Not started yet' until midnight.
 * @param expectedEnd - the session's planned end plus the delay staff marked
 * @param now - the clock
 */
export function boardShowsNotStarted(expectedEnd: Date, now: Date): boolean {
  return now.getTime() - expectedEnd.getTime() < BOARD_ENDED_SHOWN_MS;
}

/**
 * Whether a cancelled session still shows on the board, as cancelled (issue 32 §3.6): for the rest of
 * its planned time, and at least BOARD_ENDED_SHOWN_MS after it was cancelled (one cancelled while it
 * ran past its planned end does not vanish at once either).
 * @param plannedEnd - the session's planned end
 * @param cancelledAt - when it was cancelled
 * @param now - the clock
 */
export function boardShowsCancelled(plannedEnd: Date, cancelledAt: Date, now: Date): boolean {
  return now.getTime() < Math.max(plannedEnd.getTime(), cancelledAt.getTime() + BOARD_ENDED_SHOWN_MS);
}

/**
 * What the board says of the day: no session on it, all of them ended, none left to run but some
 * cancelled or not held ('over': no more sessions today), or some still to run or running.
 */
export type BoardDay = 'none' | 'ended' | 'over' | 'running';

/**
 * The day on the board from how its sessions read (boardSessionState): 'ended' when every session it
 * shows has ended, 'over' when none is left to run and some were cancelled or not held, 'none' when it
 * shows none.
 * @param states - how the sessions on the board read now
 */
export function boardDay(states: readonly BoardSessionState[]): BoardDay {
  if (states.length === 0) {
    return 'none';
  }
  if (states.every((state) => state === 'ended')) {
    return 'ended';
  }
  return states.every((state) => state === 'ended' || state === 'cancelled' || state === 'notHeld') ? 'over' : 'running';
}

/**
 * The board's sessions cut into pages of perPage (at least one page, maybe empty).
 * @param items - the sessions, in the board's order
 * @param perPage - how many fit the screen (at least 1)
 */
export function boardPages<T>(items: readonly T[], perPage: number): T[][] {
  const size = Math.max(1, Math.floor(perPage));
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    pages.push(items.slice(start, start + size));
  }
  return pages.length > 0 ? pages : [[]];
}

/**
 * What the board shows at its turn number `turn` (one turn every BOARD_LANGUAGE_MS since it opened):
 * each page in all of the tenant's languages in turn, then the next page, so every session is read
 * in every language. Indices are of the languages and of the pages; a page count that changed
 * between two turns is taken as it is now.
 * @param turn - turns since the board opened (floor(elapsed / BOARD_LANGUAGE_MS))
 * @param languageCount - the tenant's languages (at least 1)
 * @param pageCount - the board's pages now (at least 1)
 */
export function boardTurn(turn: number, languageCount: number, pageCount: number): { language: number; page: number } {
  const languages = Math.max(1, languageCount);
  const pages = Math.max(1, pageCount);
  const step = Math.max(0, Math.floor(turn));
  return { language: step % languages, page: Math.floor(step / languages) % pages };
}
