import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appointments, consultationSessions, organizations } from '../../db/schema/index.ts';

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
