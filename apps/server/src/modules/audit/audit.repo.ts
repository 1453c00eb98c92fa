import { and, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
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
  /**
   * Whose rows: those of these hospitals, and, with `tenantRows`, those of the tenant as a whole
   * (hospital null: patient sign-ins and account changes, staff sign-ins and password changes).
   * Never rows of another tenant.
   */
  organizationIds: readonly string[];
  tenantRows: boolean;
  action?: string | null;
  /** Rows of this staff member as the actor. */
  staffUserId?: string | null;
  /** Rows about this patient account (as the patient acting, or as whose data was read). */
  patientAccountId?: string | null;
  from?: Date | null;
  to?: Date | null;
  /** Keyset cursor: rows strictly older than this (at, id). */
  before?: { at: Date; id: string } | null;
  limit: number;
};

/**
 * A page of the audit trail of some hospitals of one tenant (and of the tenant itself), newest first,
 * with the staff member's name.
 * @param db - database
 * @param filter - the tenant and hospitals, optional filters and the page
 */
export async function listAuditEvents(db: DbOrTx, filter: AuditFilter): Promise<AuditEventRow[]> {
  const where = or(
    filter.organizationIds.length > 0
      ? inArray(auditEvents.organizationId, [...filter.organizationIds])
      : undefined,
    filter.tenantRows ? isNull(auditEvents.organizationId) : undefined,
  );
  if (!where) {
    return [];
  }
  const conditions: (SQL | undefined)[] = [
    eq(auditEvents.tenantId, filter.tenantId),
    where,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.staffUserId
      ? and(eq(auditEvents.actorKind, 'staff'), eq(auditEvents.actorId, filter.staffUserId))
      : undefined,
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
    // The name of a staff actor of the same tenant; a patient's account id never matches a name.
    .leftJoin(
      staffUsers,
      and(
        eq(auditEvents.actorKind, 'staff'),
        eq(staffUsers.id, auditEvents.actorId),
        eq(staffUsers.tenantId, auditEvents.tenantId),
      ),
    )
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(filter.limit);
  return rows.map((row) => ({ ...row.event, actorName: row.actorName }));
}
