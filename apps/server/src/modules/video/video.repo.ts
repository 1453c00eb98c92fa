/** Reads and writes of video calls: the appointment called, its VIDEOCONF communication and history. */
import { and, desc, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appointments,
  consultationSessions,
  videoCallHistory,
  videoCommunications,
} from '../../db/schema/index.ts';

/** What a call needs of an appointment and its session. */
export type CallAppointmentRow = {
  id: string;
  accountId: string;
  patientId: string;
  sessionId: string;
  appointmentStatus: string;
  remoteCommunicationLink: string | null;
  organizationId: string;
  practitionerId: string;
  participationMode: string;
};

export type VideoCommunicationRow = typeof videoCommunications.$inferSelect;
export type VideoCallHistoryRow = typeof videoCallHistory.$inferSelect;

/**
 * An appointment of the tenant with its session's hospital and mode; locked for update when asked
 * (one call or hang-up at a time per appointment).
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment (a UUID)
 * @param lock - take a row lock on the appointment
 */
export async function findCallAppointment(
  db: DbOrTx,
  tenantId: string,
  appointmentId: string,
  lock = false,
): Promise<CallAppointmentRow | null> {
  const query = db
    .select({
      id: appointments.id,
      accountId: appointments.accountId,
      patientId: appointments.patientId,
      sessionId: appointments.sessionId,
      appointmentStatus: appointments.appointmentStatus,
      remoteCommunicationLink: appointments.remoteCommunicationLink,
      organizationId: consultationSessions.organizationId,
      practitionerId: consultationSessions.practitionerId,
      participationMode: consultationSessions.participationMode,
    })
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: appointments }) : await query;
  return row ?? null;
}

/**
 * The appointment's latest VIDEOCONF communication (spec doc 2 §2: the latest video-conference one).
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 */
export async function latestCommunication(
  db: DbOrTx,
  tenantId: string,
  appointmentId: string,
): Promise<VideoCommunicationRow | null> {
  const [row] = await db
    .select()
    .from(videoCommunications)
    .where(
      and(
        eq(videoCommunications.tenantId, tenantId),
        eq(videoCommunications.appointmentId, appointmentId),
        eq(videoCommunications.medium, 'VIDEOCONF'),
      ),
    )
    .orderBy(desc(videoCommunications.createdTime), desc(videoCommunications.id))
    .limit(1);
  return row ?? null;
}

/**
 * A communication of the tenant by id.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param id - the communication (a UUID)
 */
export async function findCommunication(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<VideoCommunicationRow | null> {
  const [row] = await db
    .select()
    .from(videoCommunications)
    .where(and(eq(videoCommunications.tenantId, tenantId), eq(videoCommunications.id, id)))
    .limit(1);
  return row ?? null;
}

/** The most call history events one answer carries: the latest ones (graphql/limits.ts counts them). */
export const CALL_HISTORY_MAX = 50;

/**
 * A communication's latest connect and disconnect events (at most {@link CALL_HISTORY_MAX}), oldest first.
 * @param db - database or transaction
 * @param communicationId - the communication
 */
export async function readHistory(db: DbOrTx, communicationId: string): Promise<VideoCallHistoryRow[]> {
  const latest = await db
    .select()
    .from(videoCallHistory)
    .where(eq(videoCallHistory.videoCommunicationId, communicationId))
    .orderBy(desc(videoCallHistory.timestamp), desc(videoCallHistory.id))
    .limit(CALL_HISTORY_MAX);
  return latest.reverse();
}

/**
 * Appends one connect or disconnect event; call it inside the transaction that locked the appointment.
 * @param db - the change's transaction
 * @param entry - the communication, who and what, and when
 */
export async function appendHistory(
  db: DbOrTx,
  entry: { tenantId: string; communicationId: string; participantReference: string; participantStatus: string; at: Date },
): Promise<void> {
  // Events are ordered by time: one recorded in the same millisecond as the last (or, with clock
  // skew between instances, before it) is put 1 ms after it, so the order of the calls is kept.
  const [last] = await db
    .select({ at: max(videoCallHistory.timestamp) })
    .from(videoCallHistory)
    .where(eq(videoCallHistory.videoCommunicationId, entry.communicationId));
  const lastAt = last?.at ? new Date(last.at).getTime() : Number.NEGATIVE_INFINITY;
  const at = entry.at.getTime() > lastAt ? entry.at : new Date(lastAt + 1);
  await db.insert(videoCallHistory).values({
    tenantId: entry.tenantId,
    videoCommunicationId: entry.communicationId,
    participantReference: entry.participantReference,
    participantStatus: entry.participantStatus,
    timestamp: at,
  });
}

/**
 * Sets the appointment's room link (remoteCommunicationLink).
 * @param db - the change's transaction
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 * @param link - the room
 */
export async function setRoomLink(db: DbOrTx, tenantId: string, appointmentId: string, link: string): Promise<void> {
  await db
    .update(appointments)
    .set({ remoteCommunicationLink: link, updatedAt: new Date() })
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId)));
}

/**
 * Inserts the appointment's VIDEOCONF communication or updates the given one.
 * @param db - the change's transaction
 * @param existing - the communication to update, or null to insert one
 * @param values - the appointment's owner, patient and the fields to set
 */
export async function saveCommunication(
  db: DbOrTx,
  existing: VideoCommunicationRow | null,
  values: {
    tenantId: string;
    accountId: string;
    patientId: string;
    appointmentId: string;
    set: Partial<Pick<VideoCommunicationRow, 'participantStatus' | 'participantReference' | 'permissions' | 'deviceSupport' | 'roomSid'>>;
  },
): Promise<VideoCommunicationRow> {
  if (existing) {
    const [row] = await db
      .update(videoCommunications)
      .set({ ...values.set, updatedAt: new Date() })
      .where(eq(videoCommunications.id, existing.id))
      .returning();
    if (!row) {
      throw new Error('video communication update returned no row');
    }
    return row;
  }
  const [row] = await db
    .insert(videoCommunications)
    .values({
      tenantId: values.tenantId,
      accountId: values.accountId,
      patientId: values.patientId,
      appointmentId: values.appointmentId,
      medium: 'VIDEOCONF',
      ...values.set,
    })
    .returning();
  if (!row) {
    throw new Error('video communication insert returned no row');
  }
  return row;
}
