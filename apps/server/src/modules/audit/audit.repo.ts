import { and, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, staffUsers } from '../../db/schema/index.ts';

export type AuditEventInsert = typeof auditEvents.$inferInsert;
export type AuditEventRow = typeof auditEvents.$inferSelect & { actorName: string | null };

/**
 * Appends one audit row. The only write path to the trail: there is no update or delete here, and
 * the database refuses them too (migration 0002).
 * @param db - the transaction of the change being recorded
 * @param event - the row
 */
export async function insertAuditEvent(db: DbOrTx, event: AuditEventInsert): Promise<void> {
  await db.insert(auditEvents).values(event);
}

export type AuditFilter = {
  tenantId: string;
  organizationId: string;
  action?: string | null;
  actorId?: string | null;
  patientAccountId?: string | null;
  from?: Date | null;
  to?: Date | null;
  /** Keyset cursor: rows strictly older than this (at, id). */
  before?: { at: Date; id: string } | null;
  limit: number;
};

/**
 * A page of one hospital's audit trail, newest first, with the staff member's name.
 * @param db - database
 * @param filter - the hospital, optional filters and the page
 */
export async function listAuditEvents(db: DbOrTx, filter: AuditFilter): Promise<AuditEventRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(auditEvents.tenantId, filter.tenantId),
    eq(auditEvents.organizationId, filter.organizationId),
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.actorId ? eq(auditEvents.actorId, filter.actorId) : undefined,
    filter.patientAccountId ? eq(auditEvents.patientAccountId, filter.patientAccountId) : undefined,
    filter.from ? gte(auditEvents.at, filter.from) : undefined,
    filter.to ? lte(auditEvents.at, filter.to) : undefined,
    filter.before
      ? or(
          lt(auditEvents.at, filter.before.at),
          and(eq(auditEvents.at, filter.before.at), lt(auditEvents.id, filter.before.id)),
        )
      : undefined,
  ];
  const rows = await db
    .select({ event: auditEvents, actorName: staffUsers.displayName })
    .from(auditEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, auditEvents.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(filter.limit);
  return rows.map((row) => ({ ...row.event, actorName: row.actorName }));
}
