/** Consultation sessions: statuses, card labels, capacity and the numbered queue (spec doc 2 §3, §4). */

/** Session statuses (spec doc 2 §4 Session status); provider_aborted never shows in a search. */
export const sessionStatuses = ['scheduled', 'started', 'completed', 'practitioner_canceled', 'provider_aborted'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/** appointmentMaxAllowed of a session without a cap (spec doc 2 §3 Session). */
export const UNLIMITED_APPOINTMENTS = -1;

/** The 'Starting At' label turns into 'Starting In N Mins' this close to the start (spec doc 2 §4). */
export const STARTING_SOON_MINUTES = 60;

/** Session card label texts, copied character for character (spec doc 2 §4 Session status). */
export const sessionLabelTexts = {
  startingAt: 'Starting At',
  startingIn: 'Starting In {minutes} Mins',
  awaitingDoctor: 'Awaiting Dr',
  doctorArrived: 'Dr. Arrived',
  doctorLeft: 'Dr. Left',
  doctorCanceled: 'Dr. Canceled',
} as const;

/** A session card's label: which text, and its minutes for 'Starting In N Mins'. */
export type SessionCardLabel =
  | { kind: 'startingAt' }
  | { kind: 'startingIn'; minutes: number }
  | { kind: 'awaitingDoctor' }
  | { kind: 'doctorArrived' }
  | { kind: 'doctorLeft' }
  | { kind: 'doctorCanceled' };

/**
 * The label a session card shows (spec doc 2 §4 Session status): 'Starting At' more than 60 minutes
 * ahead, 'Starting In N Mins' within 60, 'Awaiting Dr' after the start while still scheduled, then
 * 'Dr. Arrived', 'Dr. Left' or 'Dr. Canceled' by status. N is rounded up, so a session 30 s away
 * reads 'Starting In 1 Mins' rather than 0.
 * @param session - the session's status and start time
 * @param now - the current time
 */
export function sessionCardLabel(session: { status: string; startTime: Date }, now: Date): SessionCardLabel {
  switch (session.status) {
    case 'started':
      return { kind: 'doctorArrived' };
    case 'completed':
      return { kind: 'doctorLeft' };
    case 'practitioner_canceled':
    case 'provider_aborted':
      return { kind: 'doctorCanceled' };
    default: {
      const msAhead = session.startTime.getTime() - now.getTime();
      if (msAhead <= 0) {
        return { kind: 'awaitingDoctor' };
      }
      const minutes = Math.ceil(msAhead / 60_000);
      return minutes > STARTING_SOON_MINUTES ? { kind: 'startingAt' } : { kind: 'startingIn', minutes };
    }
  }
}

/**
 * True when the session holds as many live (non-cancelled) appointments as it allows; -1 means
 * unlimited (spec doc 2 §4: full when the non-cancelled count equals appointmentMaxAllowed).
 * @param appointmentMaxAllowed - the cap, -1 for none
 * @param liveAppointments - appointments of the session that are not cancelled
 */
export function isSessionFull(appointmentMaxAllowed: number, liveAppointments: number): boolean {
  return appointmentMaxAllowed !== UNLIMITED_APPOINTMENTS && liveAppointments >= appointmentMaxAllowed;
}

/** Why a session cannot be picked, or null when it can (spec doc 2 §4: full, completed, cancelled). */
export type SessionPickBlock = 'full' | 'completed' | 'cancelled' | null;

/**
 * Whether a patient may pick (book) a session (spec doc 2 §4 Session status).
 * @param session - status, cap and the count of non-cancelled appointments
 */
export function sessionPickBlock(session: {
  status: string;
  appointmentMaxAllowed: number;
  liveAppointments: number;
}): SessionPickBlock {
  if (session.status === 'completed') {
    return 'completed';
  }
  if (session.status === 'practitioner_canceled' || session.status === 'provider_aborted') {
    return 'cancelled';
  }
  return isSessionFull(session.appointmentMaxAllowed, session.liveAppointments) ? 'full' : null;
}

/**
 * The token a new booking gets: every appointment the session ever had, cancelled ones included,
 * plus one, so a number is never reused (spec doc 2 §4 Booking step 2).
 * @param appointmentsEver - all appointments of the session, cancelled included
 */
export function nextTokenNumber(appointmentsEver: number): number {
  return appointmentsEver + 1;
}

/**
 * Expected minutes per appointment: (end − start) / appointmentMaxAllowed (spec doc 2 §4 Numbered
 * slot display). Null when the session has no cap, or a cap of 0, where no slot length exists.
 * @param session - start, end and the cap
 */
export function minutesPerAppointment(session: { startTime: Date; endTime: Date; appointmentMaxAllowed: number }): number | null {
  if (session.appointmentMaxAllowed <= 0) {
    return null;
  }
  return (session.endTime.getTime() - session.startTime.getTime()) / 60_000 / session.appointmentMaxAllowed;
}

/** An appointment as the queue sees it. */
export type QueueAppointment = { tokenNo: number; appointmentStatus: string; paymentStatus: string };

/** Statuses that count as 'ongoing' tokens on the queue display (spec doc 2 §4: arrived or fulfilled). */
const ONGOING_STATUSES = ['arrived', 'fulfilled'];

/** How many ongoing token numbers the queue shows (spec doc 2 §4 Numbered slot display). */
export const ONGOING_TOKENS_SHOWN = 3;

/**
 * The last 3 ongoing token numbers, arrived or fulfilled, in ascending order (spec doc 2 §4).
 * @param appointments - the session's appointments
 */
export function lastOngoingTokens(appointments: QueueAppointment[]): number[] {
  return appointments
    .filter((appointment) => ONGOING_STATUSES.includes(appointment.appointmentStatus))
    .map((appointment) => appointment.tokenNo)
    .sort((a, b) => a - b)
    .slice(-ONGOING_TOKENS_SHOWN);
}

/**
 * Appointments ahead of a token that still wait to be seen: booked, with a lower token, paid or not.
 * Called (arrived, fulfilled), no-show, cancelled and erroneous ones do not count. The spec's wait
 * counts 'paid booked appointments ahead' (spec doc 2 §4 Numbered slot display), but the console calls
 * the lowest booked token whatever its payment (a reserved number is paid at the hospital), and 'Your
 * turn at about' counts the same (issue 32 §1.2: queue-estimate.ts tokensAheadToCall is this count).
 * @param appointments - the session's appointments
 * @param tokenNo - the patient's own token
 */
export function appointmentsAhead(appointments: readonly { tokenNo: number; appointmentStatus: string }[], tokenNo: number): number {
  return appointments.filter((appointment) => appointment.tokenNo < tokenNo && appointment.appointmentStatus === 'booked').length;
}

/**
 * The estimated wait in minutes: appointments ahead × minutes per appointment (spec doc 2 §4).
 * Null when the session has no slot length.
 * @param ahead - booked appointments ahead, from appointmentsAhead
 * @param slotMinutes - minutes per appointment, from minutesPerAppointment
 */
export function estimatedWaitMinutes(ahead: number, slotMinutes: number | null): number | null {
  return slotMinutes === null ? null : ahead * slotMinutes;
}
