import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appointments,
  chargingSchemes,
  consultationSessions,
  patients,
  temporaryAppointments,
} from '../../db/schema/index.ts';

export type TemporaryAppointmentRow = typeof temporaryAppointments.$inferSelect;

/**
 * The invoice total of a session: the sum of its charging scheme's fee lines (0 without a scheme).
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function sessionTotal(
  db: DbOrTx,
  tenantId: string,
  sessionId: string,
): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce((select sum((item->>'amount')::numeric) from jsonb_array_elements(${chargingSchemes.items}) item), 0)`,
    })
    .from(consultationSessions)
    .innerJoin(chargingSchemes, eq(chargingSchemes.id, consultationSessions.chargingSchemeId))
    .where(
      and(eq(consultationSessions.id, sessionId), eq(consultationSessions.tenantId, tenantId)),
    );
  return row ? Number(row.total) : 0;
}

/**
 * How many appointments of the session are paid (any status), as the session card counts them.
 * @param db - database or transaction
 * @param sessionId - the session
 */
export async function sessionPaidAppointments(db: DbOrTx, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.sessionId, sessionId), eq(appointments.paymentStatus, 'paid')));
  return Number(row?.count ?? 0);
}

/**
 * Inserts a temporary appointment holding the given token; its hold ends holdMs after the
 * database's now().
 * @param tx - the reservation's transaction
 * @param values - tenant, session, account, token and hold length
 */
export async function insertTemporaryAppointment(
  tx: DbOrTx,
  values: {
    tenantId: string;
    sessionId: string;
    accountId: string;
    tokenNo: number;
    holdMs: number;
  },
): Promise<TemporaryAppointmentRow> {
  const [row] = await tx
    .insert(temporaryAppointments)
    .values({
      tenantId: values.tenantId,
      sessionId: values.sessionId,
      accountId: values.accountId,
      tokenNo: values.tokenNo,
      holdExpiresAt: sql`now() + (${values.holdMs}::bigint * interval '1 millisecond')`,
    })
    .returning();
  if (!row) {
    throw new Error('temporary appointment insert returned no row');
  }
  return row;
}

/**
 * The account's temporary appointment still held in a session, if any.
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param sessionId - the session
 */
export async function findHeldTemporaryAppointment(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  sessionId: string,
): Promise<TemporaryAppointmentRow | null> {
  const [row] = await db
    .select()
    .from(temporaryAppointments)
    .where(
      and(
        eq(temporaryAppointments.tenantId, owner.tenantId),
        eq(temporaryAppointments.accountId, owner.accountId),
        eq(temporaryAppointments.sessionId, sessionId),
        eq(temporaryAppointments.status, 'temporary'),
        sql`${temporaryAppointments.holdExpiresAt} > now()`,
      ),
    )
    .limit(1);
  return row ?? null;
}

// The first key of the two-key advisory locks (the seeds use 7311024 and 7311025, loyalty 7311026).
const TEMPORARY_LOCK_KEY = 7_311_027;

/**
 * Orders an account's temporary appointments: one hold is made or confirmed at a time per account,
 * so concurrent requests cannot take several places (PGlite runs one transaction at a time anyway).
 * @param tx - the transaction
 * @param owner - tenant and account
 */
export async function lockAccountTemporaryAppointments(
  tx: DbOrTx,
  owner: { tenantId: string; accountId: string },
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${TEMPORARY_LOCK_KEY}::int, hashtext(${`${owner.tenantId}:${owner.accountId}`}))`,
  );
}

/**
 * The account's temporary appointments still held (any session), oldest first.
 * @param db - database or transaction
 * @param owner - tenant and account
 */
export async function findHeldTemporaryAppointmentsOfAccount(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
): Promise<TemporaryAppointmentRow[]> {
  return db
    .select()
    .from(temporaryAppointments)
    .where(
      and(
        eq(temporaryAppointments.tenantId, owner.tenantId),
        eq(temporaryAppointments.accountId, owner.accountId),
        eq(temporaryAppointments.status, 'temporary'),
      ),
    )
    .orderBy(temporaryAppointments.createdAt);
}

/**
 * True when the account has an active profile in the tenant (then it reserves for that profile,
 * not with a temporary appointment).
 * @param db - database or transaction
 * @param owner - tenant and account
 */
export async function accountHasProfile(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, owner.tenantId),
        eq(patients.accountId, owner.accountId),
        eq(patients.active, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A session's status, read with a share lock so a staff cancel or end (an UPDATE of the row) waits
 * for the confirmation, or the confirmation sees the session closed; null when unknown.
 * @param tx - the confirmation's transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function lockSessionStatus(
  tx: DbOrTx,
  tenantId: string,
  sessionId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ status: consultationSessions.status })
    .from(consultationSessions)
    .where(and(eq(consultationSessions.id, sessionId), eq(consultationSessions.tenantId, tenantId)))
    .for('share');
  return row?.status ?? null;
}

/**
 * A temporary appointment of the account in the tenant, or null (another account's is as missing
 * as an unknown one).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param id - the temporary appointment
 */
export async function findOwnedTemporaryAppointment(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  id: string,
): Promise<TemporaryAppointmentRow | null> {
  const [row] = await db
    .select()
    .from(temporaryAppointments)
    .where(
      and(
        eq(temporaryAppointments.id, id),
        eq(temporaryAppointments.tenantId, owner.tenantId),
        eq(temporaryAppointments.accountId, owner.accountId),
      ),
    );
  return row ?? null;
}

/**
 * Marks a held temporary appointment confirmed, only while it is still temporary and its hold has
 * not ended; null when the release job (or another confirm) got there first. The row lock orders it
 * against a concurrent release on PostgreSQL; PGlite runs one transaction at a time.
 * @param tx - the confirmation's transaction
 * @param id - the temporary appointment
 */
export async function markTemporaryConfirmed(
  tx: DbOrTx,
  id: string,
): Promise<TemporaryAppointmentRow | null> {
  const [row] = await tx
    .update(temporaryAppointments)
    .set({ status: 'confirmed', updatedAt: sql`now()` })
    .where(
      and(
        eq(temporaryAppointments.id, id),
        eq(temporaryAppointments.status, 'temporary'),
        sql`${temporaryAppointments.holdExpiresAt} > now()`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Records which appointment took a confirmed temporary appointment's place.
 * @param tx - the confirmation's transaction
 * @param id - the temporary appointment
 * @param appointmentId - the appointment
 */
export async function setTemporaryAppointmentId(
  tx: DbOrTx,
  id: string,
  appointmentId: string,
): Promise<void> {
  await tx
    .update(temporaryAppointments)
    .set({ appointmentId })
    .where(eq(temporaryAppointments.id, id));
}

/**
 * Marks a temporary appointment released when it is still temporary and its hold has ended (or at
 * once with evenIfHeld: replaced by the account's next hold, or its session closed); null when it
 * was confirmed, released already, or is still held.
 * @param tx - the release's transaction
 * @param tenantId - the tenant
 * @param id - the temporary appointment
 * @param options - evenIfHeld: release before the hold ends
 */
export async function markTemporaryReleased(
  tx: DbOrTx,
  tenantId: string,
  id: string,
  options: { evenIfHeld?: boolean } = {},
): Promise<TemporaryAppointmentRow | null> {
  const [row] = await tx
    .update(temporaryAppointments)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(
      and(
        eq(temporaryAppointments.id, id),
        eq(temporaryAppointments.tenantId, tenantId),
        eq(temporaryAppointments.status, 'temporary'),
        options.evenIfHeld ? undefined : sql`${temporaryAppointments.holdExpiresAt} <= now()`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Temporary appointments whose hold has ended but that are still temporary (a job lost before it
 * was queued, or not run yet), oldest first.
 * @param db - database or transaction
 * @param limit - at most this many
 */
export async function findExpiredTemporaryAppointments(
  db: DbOrTx,
  limit: number,
): Promise<{ id: string; tenantId: string }[]> {
  return db
    .select({ id: temporaryAppointments.id, tenantId: temporaryAppointments.tenantId })
    .from(temporaryAppointments)
    .where(
      and(
        eq(temporaryAppointments.status, 'temporary'),
        lte(temporaryAppointments.holdExpiresAt, sql`now()`),
      ),
    )
    .orderBy(temporaryAppointments.holdExpiresAt)
    .limit(limit);
}

/**
 * A temporary appointment by id within a tenant, whoever holds it (for the release job).
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param id - the temporary appointment
 */
export async function findTemporaryAppointment(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<TemporaryAppointmentRow | null> {
  const [row] = await db
    .select()
    .from(temporaryAppointments)
    .where(and(eq(temporaryAppointments.id, id), eq(temporaryAppointments.tenantId, tenantId)));
  return row ?? null;
}
