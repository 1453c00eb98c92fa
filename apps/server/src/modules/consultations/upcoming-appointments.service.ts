import { DEFAULT_TIME_ZONE, startOfLocalDay } from '@careline/domain/loyalty';
import type { DbOrTx } from '../../db/client.ts';
import { selectAppointmentViews, type AppointmentView } from './appointment-read.repo.ts';
import { selectUpcomingAppointmentIds } from './upcoming-appointments.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

/** Most upcoming events one queryUpcomingAppointments returns. */
export const UPCOMING_APPOINTMENTS_MAX = 100;

/**
 * The account's upcoming events for the chat's 'What is my upcoming' (issue 8 §10, spec doc 2 §4):
 * consultations whose session starts today or later in the tenant's time zone and that are not
 * cancelled, fulfilled or entered_in_error, soonest first. `patientIds` narrows to some of the
 * account's profiles; another account's ids match nothing.
 * @param db - database
 * @param owner - tenant and the signed-in account
 * @param options - optional profiles, row cap, clock and time zone (DEFAULT_TIME_ZONE: tenants have none yet)
 */
export async function listUpcomingAppointments(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  options: { patientIds?: string[] | null; limit?: number | null; now?: Date; timeZone?: string } = {},
): Promise<AppointmentView[]> {
  const limit =
    options.limit === null || options.limit === undefined
      ? UPCOMING_APPOINTMENTS_MAX
      : Math.max(0, Math.min(Math.trunc(options.limit), UPCOMING_APPOINTMENTS_MAX));
  const ids = await selectUpcomingAppointmentIds(db, {
    ...owner,
    from: startOfLocalDay(options.now ?? new Date(), options.timeZone ?? DEFAULT_TIME_ZONE),
    // A malformed id cannot be one of the account's profiles: it narrows to nothing.
    ...(options.patientIds ? { patientIds: options.patientIds.filter((id) => UUID.test(id)) } : {}),
    limit,
  });
  if (ids.length === 0) {
    return [];
  }
  const views = await selectAppointmentViews(db, { ...owner, ids, limit: ids.length });
  const order = new Map(ids.map((id, index) => [id, index]));
  return views.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
