import type { FastifyBaseLogger } from 'fastify';

/** Topic on which a consultation session's changes are published (status, tokens issued). */
export const consultationSessionTopic = (tenantId: string, consultationSessionId: string): string =>
  `tenant:${tenantId}:session:${consultationSessionId}`;

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

/**
 * publishSessionChanged after a committed change that a failed publish must not undo: the failure
 * is logged as a warning and the next read catches the subscribers up.
 * @param live - the context's publish and a log
 * @param tenantId - tenant of the session
 * @param sessionId - the session that changed
 * @param changed - what changed
 */
export async function announceSessionChanged(
  live: { publish: (topic: string, payload: unknown) => Promise<void>; log: Pick<FastifyBaseLogger, 'warn'> },
  tenantId: string,
  sessionId: string,
  changed: SessionChange,
): Promise<void> {
  try {
    await publishSessionChanged(live.publish, tenantId, sessionId, changed);
  } catch (error) {
    live.log.warn({ err: error, sessionId }, 'session change not published');
  }
}
