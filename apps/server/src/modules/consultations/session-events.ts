import { consultationSessionTopic } from './consultations.schema.ts';

/** What changed in a session: its appointments (booked, moved, called) or the session itself. */
export type SessionChange = 'appointments' | 'session';

/** Topic on which every session change of a tenant is published (searchSession listens here). */
export const tenantSessionsTopic = (tenantId: string): string => `tenant:${tenantId}:sessions`;

/**
 * Tells live subscribers that a session changed; call it only after the change has committed.
 * Publishes on the session's own topic (subscribeSession, subscribeAppointment, subscribeSessionTokens)
 * and on the tenant-wide topic (searchSession).
 * @param publish - the context's publish (in-process or Redis)
 * @param tenantId - tenant of the session
 * @param sessionId - the session that changed
 * @param changed - what changed
 */
export async function publishSessionChanged(
  publish: (topic: string, payload: unknown) => Promise<void>,
  tenantId: string,
  sessionId: string,
  changed: SessionChange,
): Promise<void> {
  const payload = { id: sessionId, changed };
  await publish(consultationSessionTopic(tenantId, sessionId), payload);
  await publish(tenantSessionsTopic(tenantId), payload);
}
