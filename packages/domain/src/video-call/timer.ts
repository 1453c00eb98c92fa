/** The in-call timer (spec doc 2 §2: timer mm:ss, ticks each second, zero padded). */

/** The timer ticks once a second (spec doc 2 §2). */
export const CALL_TIMER_TICK_MS = 1000;

/**
 * A duration as mm:ss, both zero padded to two digits: 0 → '00:00', 65 → '01:05'. Minutes keep
 * counting past 59 (an hour and a quarter reads '75:00'), since the spec's format has no hours.
 * Fractions of a second are dropped; a negative or non-finite duration reads '00:00'.
 * @param totalSeconds - the call's length in seconds
 */
export function formatCallTimer(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The timer's text at a moment: the whole seconds since the practitioner connected, as mm:ss.
 * A clock running behind the connect time reads '00:00'.
 * @param connectedAt - when the call connected (epoch milliseconds)
 * @param now - the current time (epoch milliseconds)
 */
export function callTimerText(connectedAt: number, now: number): string {
  return formatCallTimer((now - connectedAt) / 1000);
}
