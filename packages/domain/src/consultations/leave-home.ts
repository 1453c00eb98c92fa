/**
 * 'Leave home now' (issue 32 §1.3): from the token's expected call (queue-estimate.ts) and the
 * patient's journey time, when to tell them to leave, and when a moved estimate is worth one more SMS.
 */
import { AppError } from '../errors.ts';

const MINUTE_MS = 60_000;

/** The journey times a patient may set, in whole minutes (none: no leave-home message). */
export const JOURNEY_MINUTES_BOUNDS = { min: 5, max: 240 } as const;

/** Never more than this many leave-home messages per appointment (issue 32 §1.3). */
export const LEAVE_HOME_MAX_MESSAGES = 3;

/** The tenant's settings: how long before the time to leave the message goes, and how far an estimate must move for an update. */
export type LeaveHomeSettings = { leadMinutes: number; marginMinutes: number };

/** The defaults: 10 minutes to get ready, and an update only when the turn moves by over 15 minutes. */
export const DEFAULT_LEAVE_HOME_SETTINGS: LeaveHomeSettings = { leadMinutes: 10, marginMinutes: 15 };

/** The bounds a tenant's settings are validated against. */
export const LEAVE_HOME_SETTINGS_BOUNDS = { leadMinutes: { min: 0, max: 120 }, marginMinutes: { min: 1, max: 240 } } as const;

/** What a message says: the first one 'leave now', later ones the turn moved earlier or later. */
export type LeaveHomeKind = 'leaveNow' | 'earlier' | 'later';

/** A message already sent for the appointment: its number (1..3), kind, and the estimate it gave. */
export type LeaveHomeSent = { messageNo: number; kind: LeaveHomeKind; expectedCallAt: Date };

/** What the rules decide: nothing, or the next message with its number and the estimate it gives. */
export type LeaveHomeDecision = { kind: LeaveHomeKind; messageNo: number; expectedCallAt: Date } | null;

/**
 * The journey time a patient sent, checked: null clears it; otherwise whole minutes within
 * JOURNEY_MINUTES_BOUNDS, else ARO-E4060.
 * @param minutes - what the patient sent
 */
export function checkJourneyMinutes(minutes: unknown): number | null {
  if (minutes === null) {
    return null;
  }
  if (
    typeof minutes !== 'number' ||
    !Number.isInteger(minutes) ||
    minutes < JOURNEY_MINUTES_BOUNDS.min ||
    minutes > JOURNEY_MINUTES_BOUNDS.max
  ) {
    throw new AppError('ARO-E4060', { min: String(JOURNEY_MINUTES_BOUNDS.min), max: String(JOURNEY_MINUTES_BOUNDS.max) });
  }
  return minutes;
}

/**
 * When the patient should leave home: the expected call minus the journey.
 * @param expectedCallAt - the token's expected call
 * @param journeyMinutes - the journey to the hospital
 */
export function leaveHomeAt(expectedCallAt: Date, journeyMinutes: number): Date {
  return new Date(expectedCallAt.getTime() - journeyMinutes * MINUTE_MS);
}

/**
 * The next leave-home message of an appointment, or null (issue 32 §1.3). The first ('leaveNow') goes
 * once now is within the lead of the time to leave (expected call − journey). After it, a slower
 * queue sends nothing unless the estimate moved later by more than the margin ('later'); a faster
 * one sends an update once it moved earlier by more than the margin ('earlier'), each measured from
 * the last message's estimate. Never more than LEAVE_HOME_MAX_MESSAGES; none without a journey time
 * or an estimate (called, not booked, session over).
 * @param input - the estimate, the journey, the clock, the messages sent so far and the tenant's settings
 */
export function nextLeaveHomeMessage(input: {
  expectedCallAt: Date | null;
  journeyMinutes: number | null;
  now: Date;
  sent: readonly LeaveHomeSent[];
  settings: LeaveHomeSettings;
}): LeaveHomeDecision {
  const { expectedCallAt, journeyMinutes, sent, settings } = input;
  if (expectedCallAt === null || journeyMinutes === null || sent.length >= LEAVE_HOME_MAX_MESSAGES) {
    return null;
  }
  const messageNo = Math.max(0, ...sent.map((message) => message.messageNo)) + 1;
  if (messageNo > LEAVE_HOME_MAX_MESSAGES) {
    return null;
  }
  const last = sent.reduce<LeaveHomeSent | null>((latest, message) => (latest === null || message.messageNo > latest.messageNo ? message : latest), null);
  if (last === null) {
    const dueAt = leaveHomeAt(expectedCallAt, journeyMinutes).getTime() - settings.leadMinutes * MINUTE_MS;
    return input.now.getTime() >= dueAt ? { kind: 'leaveNow', messageNo, expectedCallAt } : null;
  }
  const movedMinutes = (expectedCallAt.getTime() - last.expectedCallAt.getTime()) / MINUTE_MS;
  if (movedMinutes < -settings.marginMinutes) {
    return { kind: 'earlier', messageNo, expectedCallAt };
  }
  if (movedMinutes > settings.marginMinutes) {
    return { kind: 'later', messageNo, expectedCallAt };
  }
  return null;
}
