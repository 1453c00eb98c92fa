import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, auditEvents, patients, staffUsers } from '../../db/schema/index.ts';

export type AuditEventInsert = typeof auditEvents.$inferInsert;
export type AuditEventRow = typeof auditEvents.$inferSelect & {
  actorName: string | null;
  /** The patient's name as the console writes it ('Mrs Nadeesha Perera'), when the row has a patient. */
  patientName: string | null;
  /** The patient's stored mobile number (the account's, else the profile's), unmasked. */
  patientMobileNo: string | null;
};

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
  /**
   * Rows about a patient found by this text: part of the name of the row's profile (of any profile
   * of its account when the row names none), or, typed as digits, part of the account's or the
   * profile's mobile number (07…, 947… or +94 7…, compared without a leading 0).
   */
  patient?: string | null;
  from?: Date | null;
  to?: Date | null;
  /** Keyset cursor: rows strictly older than this (at, id). */
  before?: { at: Date; id: string } | null;
  limit: number;
};

/** A LIKE pattern matching the text anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The row's profile, or, when it names none, its account's first profile (the holder).
const rowProfile = sql`(p.id = ${auditEvents.patientId}
  OR (${auditEvents.patientId} IS NULL AND p.account_id = ${auditEvents.patientAccountId}))`;

function patientCondition(search: string): SQL {
  const text = containing(search);
  const digits = search.replace(/[\s()+-]/g, '');
  const mobile = /^\d{3,}$/.test(digits) ? containing(digits.replace(/^0+/, '')) : null;
  return sql`(EXISTS (SELECT 1 FROM ${patients} p WHERE p.tenant_id = ${auditEvents.tenantId} AND ${rowProfile}
      AND (p.prefix || ' ' || p.given_name || ' ' || p.family_name ILIKE ${text}
      ${mobile ? sql`OR p.mobile_no LIKE ${mobile}` : sql``}))
    ${
      mobile
        ? sql`OR ${auditEvents.patientAccountId} IN (SELECT a.id FROM ${accounts} a
            WHERE a.tenant_id = ${auditEvents.tenantId} AND a.mobile_no LIKE ${mobile})`
        : sql``
    })`;
}

const patientName = sql<string | null>`(SELECT p.prefix || ' ' || p.given_name || ' ' || p.family_name
  FROM ${patients} p WHERE p.tenant_id = ${auditEvents.tenantId} AND ${rowProfile}
  ORDER BY (p.id = ${auditEvents.patientId}) DESC NULLS LAST, p.created_at, p.id LIMIT 1)`;

const patientMobileNo = sql<string | null>`COALESCE(
  (SELECT a.mobile_no FROM ${accounts} a WHERE a.id = ${auditEvents.patientAccountId} AND a.tenant_id = ${auditEvents.tenantId}),
  (SELECT p.mobile_no FROM ${patients} p WHERE p.id = ${auditEvents.patientId} AND p.tenant_id = ${auditEvents.tenantId}))`;

/**
 * A page of the audit trail of some hospitals of one tenant (and of the tenant itself), newest first,
 * with the staff member's name and the patient's name and mobile number.
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
    filter.patient ? patientCondition(filter.patient) : undefined,
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
    .select({
      event: auditEvents,
      actorName: staffUsers.displayName,
      patientName: patientName.as('patient_name'),
      patientMobileNo: patientMobileNo.as('patient_mobile_no'),
    })
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
  return rows.map((row) => ({
    ...row.event,
    actorName: row.actorName,
    patientName: row.patientName,
    patientMobileNo: row.patientMobileNo,
  }));
}
