import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, appointments, consultationSessions, organizations } from '../../db/schema/index.ts';

/**
 * An appointment of the tenant with its session start and hospital name, for feedback by link, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment the signed link names
 */
export async function findAppointmentForFeedback(db: DbOrTx, tenantId: string, appointmentId: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      start: consultationSessions.startTime,
      organizationId: organizations.id,
      organizationName: organizations.name,
    })
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.tenantId, tenantId)));
  return row ?? null;
}

/**
 * Marks the feedback link SMS of fulfilled appointments as written, each at most once: a conditional
 * UPDATE, so of two transactions fulfilling the same appointment (a status set twice, two instances)
 * only the one that takes the row first gets it back. Returns what the SMS needs of each one taken.
 * @param tx - the transaction that fulfilled them
 * @param tenantId - the tenant
 * @param appointmentIds - appointments just fulfilled
 */
export async function claimFeedbackLinkSms(
  tx: DbOrTx,
  tenantId: string,
  appointmentIds: readonly string[],
): Promise<{ appointmentId: string; mobileNo: string; language: string | null; hospitalName: string }[]> {
  if (appointmentIds.length === 0) {
    return [];
  }
  const claimed = await tx
    .update(appointments)
    .set({ feedbackLinkSmsAt: sql`now()` })
    .where(
      and(
        inArray(appointments.id, [...appointmentIds]),
        eq(appointments.tenantId, tenantId),
        eq(appointments.appointmentStatus, 'fulfilled'),
        isNull(appointments.feedbackLinkSmsAt),
      ),
    )
    .returning({ id: appointments.id });
  if (claimed.length === 0) {
    return [];
  }
  const rows = await tx
    .select({
      appointmentId: appointments.id,
      mobileNo: accounts.mobileNo,
      language: accounts.preferredLanguage,
      hospitalName: organizations.name,
    })
    .from(appointments)
    .innerJoin(accounts, eq(accounts.id, appointments.accountId))
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .where(inArray(appointments.id, claimed.map((row) => row.id)));
  return rows;
}
