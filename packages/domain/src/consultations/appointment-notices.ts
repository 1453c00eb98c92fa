import { AppError } from '../errors.ts';
import { addDays, instantOfWallClock, zonedDay, zonedParts } from '../time/index.ts';

/*
 * The notices a booked patient gets about the session itself (issue 32 §1.1, §1.4): the evening
 * reminder, and the SMS that says the doctor is late. Pure rules; the server's sweep applies them.
 *
 * Reminder (§1.1). Due at the tenant's reminder time on the hospital's day before the session.
 * Never in the quiet hours (default 21:00–07:00 hospital time): a reminder that falls in them waits
 * for their end, and is dropped when the session starts first. A booking made after the reminder
 * time:
 * - the evening before, outside the quiet hours: reminded at once (it is still the evening before);
 * - in the quiet hours (a booking at 23:30 for 09:00 tomorrow, or at 02:00 for the same morning):
 *   reminded when the quiet hours end (07:00), if that is still before the session; none otherwise;
 * - on the session's own day outside the quiet hours: none (the patient booked that day, awake).
 *
 * Doctor late (§1.4). A session still scheduled (not started) the tenant's late minutes (default
 * 15) after its planned start is late; its booked, not arrived patients are told once. A session
 * staff marked delayed is not late by this rule: their mark already told the patients.
 */

/** A wall-clock time of day, 'HH:MM' on the 24-hour clock. */
export type ClockTime = string;

/** A tenant's settings of the session notices (tenant configuration, issue 32 §1.1, §1.4). */
export type AppointmentNoticeSettings = {
  /** The hospital time on the day before a session at which its reminder is due, e.g. '18:00'. */
  reminderTime: ClockTime;
  /** No reminder is sent from `start` to `end` hospital time (over midnight when end < start). */
  quietHours: { start: ClockTime; end: ClockTime };
  /** Minutes after a session's planned start without it starting at which its patients are told. */
  lateAfterMinutes: number;
};

/** The defaults: reminders at 18:00, quiet from 21:00 to 07:00, late after 15 minutes. */
export const DEFAULT_APPOINTMENT_NOTICE_SETTINGS: AppointmentNoticeSettings = {
  reminderTime: '18:00',
  quietHours: { start: '21:00', end: '07:00' },
  lateAfterMinutes: 15,
};

/** The minutes a late session may be configured to wait before its patients are told. */
export const LATE_AFTER_MINUTES = { min: 5, max: 120 } as const;

/** The delay staff may mark on a session, in minutes (issue 32 §1.4). */
export const SESSION_DELAY_MINUTES = { min: 5, max: 240 } as const;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE_MS = 60_000;

/**
 * Minutes since midnight of an 'HH:MM' time, or null when it is not one.
 * @param time - e.g. '18:00'
 */
export function clockMinutes(time: string): number | null {
  const match = CLOCK.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function inQuietMinutes(minutes: number, quiet: { start: number; end: number }): boolean {
  return quiet.start <= quiet.end
    ? minutes >= quiet.start && minutes < quiet.end
    : minutes >= quiet.start || minutes < quiet.end;
}

/**
 * What is wrong with a tenant's notice settings, one line per problem (empty when valid), for the
 * tenant configuration's check at start.
 * @param settings - the merged settings
 */
export function appointmentNoticeSettingsProblems(settings: AppointmentNoticeSettings): string[] {
  const problems: string[] = [];
  const reminder = clockMinutes(settings.reminderTime);
  const start = clockMinutes(settings.quietHours.start);
  const end = clockMinutes(settings.quietHours.end);
  if (reminder === null) {
    problems.push('reminderTime: must be a time HH:MM, e.g. 18:00');
  }
  if (start === null) {
    problems.push('quietHours.start: must be a time HH:MM, e.g. 21:00');
  }
  if (end === null) {
    problems.push('quietHours.end: must be a time HH:MM, e.g. 07:00');
  }
  if (start !== null && end !== null && start === end) {
    problems.push('quietHours: start and end must differ');
  }
  if (reminder !== null && start !== null && end !== null && start !== end && inQuietMinutes(reminder, { start, end })) {
    problems.push('reminderTime: must be outside the quiet hours');
  }
  const late = settings.lateAfterMinutes;
  if (!Number.isInteger(late) || late < LATE_AFTER_MINUTES.min || late > LATE_AFTER_MINUTES.max) {
    problems.push(`lateAfterMinutes: must be a whole number from ${LATE_AFTER_MINUTES.min} to ${LATE_AFTER_MINUTES.max}`);
  }
  return problems;
}

function quietOf(settings: AppointmentNoticeSettings): { start: number; end: number } {
  return { start: clockMinutes(settings.quietHours.start) ?? 0, end: clockMinutes(settings.quietHours.end) ?? 0 };
}

function minutesOfDay(instant: Date, timeZone: string): number {
  const parts = zonedParts(instant, timeZone);
  return parts.hour * 60 + parts.minute;
}

function atClock(day: string, minutes: number, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return instantOfWallClock(
    { year: year ?? 1970, month: month ?? 1, day: date ?? 1, hour: Math.floor(minutes / 60), minute: minutes % 60 },
    timeZone,
  );
}

/**
 * Whether an instant is in the quiet hours on the hospital's clock.
 * @param instant - the instant
 * @param settings - the tenant's notice settings
 * @param timeZone - the hospital's time zone
 */
export function isQuietHour(instant: Date, settings: AppointmentNoticeSettings, timeZone: string): boolean {
  return inQuietMinutes(minutesOfDay(instant, timeZone), quietOf(settings));
}

/**
 * The first instant at or after `instant` outside the quiet hours (the instant itself outside them).
 * @param instant - the instant
 * @param settings - the tenant's notice settings
 * @param timeZone - the hospital's time zone
 */
export function outsideQuietHours(instant: Date, settings: AppointmentNoticeSettings, timeZone: string): Date {
  if (!isQuietHour(instant, settings, timeZone)) {
    return instant;
  }
  const { end } = quietOf(settings);
  const day = zonedDay(instant, timeZone);
  // The quiet hours end today when now is before their end on the clock, else tomorrow (over midnight).
  const endDay = minutesOfDay(instant, timeZone) < end ? day : addDays(day, 1);
  return atClock(endDay, end, timeZone);
}

/**
 * When an appointment's reminder is due, or null when it gets none (see the rules above).
 * @param appointment - its session's planned start and when it was booked
 * @param settings - the tenant's notice settings
 * @param timeZone - the hospital's time zone
 */
export function reminderDueAt(
  appointment: { sessionStart: Date; bookedAt: Date },
  settings: AppointmentNoticeSettings,
  timeZone: string,
): Date | null {
  const sessionDay = zonedDay(appointment.sessionStart, timeZone);
  const planned = atClock(addDays(sessionDay, -1), clockMinutes(settings.reminderTime) ?? 0, timeZone);
  const booked = appointment.bookedAt;
  if (booked > planned && zonedDay(booked, timeZone) === sessionDay && !isQuietHour(booked, settings, timeZone)) {
    return null;
  }
  const due = outsideQuietHours(booked > planned ? booked : planned, settings, timeZone);
  return due < appointment.sessionStart ? due : null;
}

/**
 * Whether an appointment's reminder should go now: due, the session not begun, and not in the
 * quiet hours (a sweep that runs late, into them, waits for their end).
 * @param appointment - its session's planned start and when it was booked
 * @param settings - the tenant's notice settings
 * @param timeZone - the hospital's time zone
 * @param now - the current instant
 */
export function isReminderDue(
  appointment: { sessionStart: Date; bookedAt: Date },
  settings: AppointmentNoticeSettings,
  timeZone: string,
  now: Date,
): boolean {
  const due = reminderDueAt(appointment, settings, timeZone);
  return due !== null && now >= due && now < appointment.sessionStart && !isQuietHour(now, settings, timeZone);
}

/**
 * Whether a session is late by the automatic rule: still scheduled (not started) `lateAfterMinutes`
 * after its planned start, and not marked delayed by staff (their mark told the patients already).
 * @param session - status, planned start and the delay staff marked (null: none)
 * @param settings - the tenant's notice settings
 * @param now - the current instant
 */
export function isSessionLate(
  session: { status: string; startTime: Date; delayMinutes: number | null },
  settings: AppointmentNoticeSettings,
  now: Date,
): boolean {
  return (
    session.status === 'scheduled' &&
    session.delayMinutes === null &&
    now.getTime() >= session.startTime.getTime() + settings.lateAfterMinutes * MINUTE_MS
  );
}

/**
 * The delay staff mark on a session, checked: a whole number of minutes from 5 to 240, else
 * ARO-E4044.
 * @param minutes - what the console sent
 */
export function checkSessionDelayMinutes(minutes: number): number {
  if (!Number.isInteger(minutes) || minutes < SESSION_DELAY_MINUTES.min || minutes > SESSION_DELAY_MINUTES.max) {
    throw new AppError('ARO-E4044', { min: String(SESSION_DELAY_MINUTES.min), max: String(SESSION_DELAY_MINUTES.max) });
  }
  return minutes;
}

/** The doctor-late notice an appointment shows: the delay staff marked, or that the session has not started. */
export type DoctorLateNotice = { kind: 'delayed'; minutes: number } | { kind: 'late' };

/**
 * The doctor-late notice a booked appointment shows (issue 32 §1.4), or null: once the patient was
 * told (lateNoticeAt), while the session has not started, or when it was told again after the
 * session started (a delay marked mid-session); the delay staff marked when there is one.
 * @param appointment - its status and when the patient was told the doctor is late
 * @param session - status, actual start and the delay staff marked
 */
export function doctorLateNotice(
  appointment: { appointmentStatus: string; lateNoticeAt: Date | null },
  session: { status: string; sessionStartedTime: Date | null; delayMinutes: number | null },
): DoctorLateNotice | null {
  const told = appointment.lateNoticeAt;
  if (appointment.appointmentStatus !== 'booked' || told === null) {
    return null;
  }
  const waiting =
    session.status === 'scheduled' ||
    (session.status === 'started' && session.sessionStartedTime !== null && told > session.sessionStartedTime);
  if (!waiting) {
    return null;
  }
  return session.delayMinutes === null ? { kind: 'late' } : { kind: 'delayed', minutes: session.delayMinutes };
}
