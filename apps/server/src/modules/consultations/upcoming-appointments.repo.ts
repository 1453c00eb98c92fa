import { and, asc, eq, gte, inArray, notInArray, type SQL } from 'drizzle-orm';
import { NOT_UPCOMING_STATUSES } from '@careline/domain/loyalty';
import type { DbOrTx } from '../../db/client.ts';
import { appointments, consultationSessions } from '../../db/schema/index.ts';

/** Which of an account's appointments are upcoming events: from when, for which profiles, how many. */
export type UpcomingFilter = {
  tenantId: string;
  accountId: string;
  /** The start of today in the tenant's time zone. */
  from: Date;
  patientIds?: string[];
  limit: number;
};

/**
 * Ids of the account's upcoming events (spec doc 2 §4), soonest session start first: session start on
 * or after `from`, status not cancelled, fulfilled or entered_in_error. Filtered in SQL on the account
 * (appointments_account_idx) joined to the session's start; another account's rows never match.
 * @param db - database or transaction
 * @param filter - tenant, account, start of today, optional profiles, row cap
 */
export async function selectUpcomingAppointmentIds(db: DbOrTx, filter: UpcomingFilter): Promise<string[]> {
  if (filter.limit <= 0 || filter.patientIds?.length === 0) {
    return [];
  }
  const conditions: SQL[] = [
    eq(appointments.tenantId, filter.tenantId),
    eq(appointments.accountId, filter.accountId),
    gte(consultationSessions.startTime, filter.from),
    notInArray(appointments.appointmentStatus, [...NOT_UPCOMING_STATUSES]),
  ];
  if (filter.patientIds) {
    conditions.push(inArray(appointments.patientId, filter.patientIds));
  }
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .where(and(...conditions))
    .orderBy(asc(consultationSessions.startTime), asc(appointments.tokenNo), asc(appointments.id))
    .limit(filter.limit);
  return rows.map((row) => row.id);
}
