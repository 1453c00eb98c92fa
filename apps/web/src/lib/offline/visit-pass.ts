import { storedSessionPrefix } from '../session/session-storage.ts';

/**
 * The visit pass (issue 32 §4.7): the upcoming appointment the patient last saw online, so that opening
 * the app with no signal goes to its token. Kept under the session prefix, so logout clears it.
 */
export type VisitPass = { owner: string; appointmentId: string; startTime: string };

const visitPassKey = `${storedSessionPrefix}visitPass`;
/** The pass is offered until a day after its session's start. */
const PASS_KEPT_MS = 24 * 60 * 60_000;

/**
 * Where an offline start goes: the saved pass's appointment, if it is this session's and not long past.
 * @param pass - the saved pass, if any
 * @param owner - the session now (ownerOf the token)
 * @param now - the clock
 */
export function visitPassTarget(pass: VisitPass | null, owner: string | null, now: Date): string | null {
  if (!pass || owner === null || pass.owner !== owner) {
    return null;
  }
  const start = new Date(pass.startTime).getTime();
  if (Number.isNaN(start) || start + PASS_KEPT_MS < now.getTime()) {
    return null;
  }
  return `/view/appointment?appointmentId=${encodeURIComponent(pass.appointmentId)}`;
}

/**
 * Which appointment the pass shows after an appointment was read online: an upcoming booked or arrived
 * one replaces an older pass; a later appointment does not push out an earlier one still ahead.
 * @param current - the saved pass
 * @param seen - the appointment just read
 * @param now - the clock
 */
export function nextVisitPass(
  current: VisitPass | null,
  seen: { owner: string; appointmentId: string; startTime: string; active: boolean },
  now: Date,
): VisitPass | null {
  const pass = { owner: seen.owner, appointmentId: seen.appointmentId, startTime: seen.startTime };
  const currentValid = current !== null && visitPassTarget(current, seen.owner, now) !== null;
  if (!seen.active) {
    return current?.appointmentId === seen.appointmentId ? null : currentValid ? current : null;
  }
  if (visitPassTarget(pass, seen.owner, now) === null) {
    return currentValid ? current : null;
  }
  if (currentValid && current.appointmentId !== seen.appointmentId && current.startTime < seen.startTime) {
    return current;
  }
  return pass;
}

/** The saved pass, or null. */
export function savedVisitPass(): VisitPass | null {
  try {
    const raw = window.localStorage.getItem(visitPassKey);
    const value = raw ? (JSON.parse(raw) as Partial<VisitPass>) : null;
    return value && typeof value.owner === 'string' && typeof value.appointmentId === 'string' && typeof value.startTime === 'string'
      ? { owner: value.owner, appointmentId: value.appointmentId, startTime: value.startTime }
      : null;
  } catch {
    return null;
  }
}

/**
 * Saves (or, with null, forgets) the pass.
 * @param pass - the pass
 */
export function saveVisitPass(pass: VisitPass | null): void {
  try {
    if (pass) {
      window.localStorage.setItem(visitPassKey, JSON.stringify(pass));
    } else {
      window.localStorage.removeItem(visitPassKey);
    }
  } catch {
    // Storage full or blocked: an offline start then goes to the home screen.
  }
}
