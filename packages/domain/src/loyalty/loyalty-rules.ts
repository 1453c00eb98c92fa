/**
 * Loyalty earning and the upcoming-events rule (spec doc 2 §2 Loyalty, §3, §4; issue 8 §10, §11).
 * Pure: no I/O, no clock of its own.
 */
import { DEFAULT_TIME_ZONE, startOfZonedDay } from '../time/index.ts';

/** A tenant's loyalty programme (tenant config `loyalty`). */
export type LoyaltySettings = {
  /** Off: visits earn nothing (accounts already held stay visible). */
  enabled: boolean;
  /** The account name on the profile card's Loyalty Information (spec doc 2 §2). */
  name: string;
  /** Whole points earned per 100 currency units charged for a visit (an integer, so earning is exact). */
  pointsPer100: number;
  /** Points per currency unit: the card's Amount = activePoints / rate (spec doc 2 §2). */
  rate: number;
};

/**
 * Points a completed, paid visit earns (issue 8 §11): charged amount × pointsPer100 / 100, rounded
 * down to whole points (floor: a visit never earns for money not charged). Worked in cents with
 * integers so 0.29 × 100 cannot become 28.999…; a zero, negative or non-finite amount earns 0.
 * @param chargedAmount - what the visit was charged (invoice total, else the scheme's fees), 2 decimals
 * @param settings - the tenant's loyalty settings
 */
export function visitPoints(chargedAmount: number, settings: Pick<LoyaltySettings, 'enabled' | 'pointsPer100'>): number {
  if (!settings.enabled || !Number.isFinite(chargedAmount) || chargedAmount <= 0) {
    return 0;
  }
  const per100 = Math.floor(settings.pointsPer100);
  if (!Number.isFinite(per100) || per100 <= 0) {
    return 0;
  }
  const cents = Math.round(chargedAmount * 100);
  // points = cents / 100 × per100 / 100, floored, in integers.
  return Math.floor((cents * per100) / 10_000);
}

// The profile card's Amount (points / rate) and the hiding of zero-point accounts are
// loyaltyAmount and visibleLoyaltyAccounts in @careline/domain/profiles.

/** The reason code of a loyalty transaction for points earned on a visit. */
export const VISIT_EARN_REASON = 'visit';

/** The time zone hospital days are counted in (the time module's; kept here for its importers). */
export { DEFAULT_TIME_ZONE };

/** Appointment statuses that are never upcoming events (spec doc 2 §4 Upcoming events). */
export const NOT_UPCOMING_STATUSES = ['cancelled', 'fulfilled', 'entered_in_error'] as const;

/**
 * The instant the local day of `now` starts (local midnight) in a time zone.
 * @param now - the current instant
 * @param timeZone - an IANA time zone, e.g. 'Asia/Colombo'
 */
export function startOfLocalDay(now: Date, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return startOfZonedDay(now, timeZone);
}

/**
 * Whether an appointment is an upcoming event (spec doc 2 §4, issue 8 §10): its session starts on or
 * after the start of today in the tenant's time zone, and it is not cancelled, fulfilled or
 * entered_in_error. An earlier hour of today still counts.
 * @param appointmentStatus - the appointment's status
 * @param sessionStart - the session's start
 * @param now - the current instant
 * @param timeZone - the tenant's IANA time zone (DEFAULT_TIME_ZONE until tenants have one)
 */
export function isUpcomingEvent(
  appointmentStatus: string,
  sessionStart: Date,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  if ((NOT_UPCOMING_STATUSES as readonly string[]).includes(appointmentStatus)) {
    return false;
  }
  return sessionStart.getTime() >= startOfLocalDay(now, timeZone).getTime();
}
