/** Upcoming events in the chat (spec doc 1 §4 Chat flow; doc 2 §4). */
import { calendarDaysFrom } from './calendar.ts';

/** Appointment statuses that never count as upcoming (spec doc 1 §4). */
export const NOT_UPCOMING_STATUSES = ['cancelled', 'fulfilled', 'entered_in_error'] as const;

/** The consultation service type code (spec doc 2 §9: 2 consultation, 3 procedure). */
export const CONSULTATION_SERVICE_TYPE = '2';

export type UpcomingCandidate = {
  /** ISO date-time of the start. */
  start: string;
  appointmentStatus: string;
  /** The service type code when known; appointments without one are consultations. */
  serviceTypeCode?: string | null;
};

/**
 * Only consultations dated today or later that are not cancelled, fulfilled or entered_in_error,
 * soonest first (spec doc 1 §4). "Today" is now's local calendar date, so an earlier time today counts.
 * @param appointments - the account's appointments
 * @param now - the current time
 */
export function upcomingEvents<T extends UpcomingCandidate>(appointments: T[], now: Date): T[] {
  return appointments
    .filter((appointment) => {
      const start = new Date(appointment.start);
      if (Number.isNaN(start.getTime())) {
        return false;
      }
      const code = appointment.serviceTypeCode;
      const consultation = code === undefined || code === null || code === CONSULTATION_SERVICE_TYPE;
      return (
        consultation &&
        !(NOT_UPCOMING_STATUSES as readonly string[]).includes(appointment.appointmentStatus) &&
        calendarDaysFrom(start, now) >= 0
      );
    })
    .sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
}
