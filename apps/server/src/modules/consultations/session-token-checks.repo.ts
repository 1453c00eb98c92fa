import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { databaseRestores } from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/**
 * The newest change found in the data: the latest audit row, appointment or session change (every
 * token taken moves its session's updated_at and writes an audit row), or null for an empty database.
 * @param db - database or transaction
 */
export async function newestChange(db: DbOrTx): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`
      SELECT greatest(
        (SELECT max(at) FROM audit_events),
        (SELECT max(created_at) FROM appointments),
        (SELECT max(updated_at) FROM consultation_sessions)) AS at`),
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * Records a restore; the count of paused sessions is set by pauseOpenSessions' caller.
 * @param tx - the restore marker's transaction
 * @param values - what was restored and the newest change in it
 */
export async function insertRestore(tx: DbOrTx, values: { source: string; dataAsOf: Date | null; restoredAt: Date }): Promise<string> {
  const [row] = await tx
    .insert(databaseRestores)
    .values({ ...values, pausedSessions: 0 })
    .returning({ id: databaseRestores.id });
  if (!row) {
    throw new Error('database_restores insert returned no row');
  }
  return row.id;
}

/**
 * Pauses every session that could still take bookings (scheduled or started, every tenant) for a
 * token check under the restore, and stores how many on its row. Nothing else of the sessions
 * changes: the restored rows stay as they were backed up.
 * @param tx - the restore marker's transaction
 * @param restoreId - the restore
 */
export async function pauseOpenSessions(tx: DbOrTx, restoreId: string): Promise<number> {
  const paused = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE consultation_sessions SET token_check_restore_id = ${restoreId}::uuid
       WHERE status IN ('scheduled', 'started')
      RETURNING id`),
  ).length;
  await tx.execute(sql`UPDATE database_restores SET paused_sessions = ${paused}::int WHERE id = ${restoreId}::uuid`);
  return paused;
}

/**
 * Ends a session's token check: the counter moves to the highest token already given, and the
 * tokens given past what the data holds keep their places (live appointments), since those patients
 * may come. Only while the check is open and never below the counter; false when either is not so.
 * @param tx - the confirmation's transaction
 * @param sessionId - the session
 * @param highestTokenGiven - the highest token the hospital knows was given
 */
export async function confirmHighestToken(tx: DbOrTx, sessionId: string, highestTokenGiven: number): Promise<boolean> {
  return (
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        UPDATE consultation_sessions
           SET live_appointments = live_appointments + (${highestTokenGiven}::int - issued_tokens),
               issued_tokens = ${highestTokenGiven}::int, token_check_restore_id = NULL, updated_at = now()
         WHERE id = ${sessionId}::uuid AND token_check_restore_id IS NOT NULL AND issued_tokens <= ${highestTokenGiven}::int
        RETURNING id`),
    ).length === 1
  );
}

/**
 * Pauses a session just created at a hospital that still has sessions awaiting a token check, under
 * the same restore: it may be one the restore lost and staff planned again, whose tokens patients
 * already hold. True when it was paused.
 * @param tx - the creation's transaction
 * @param session - the new session and its hospital
 */
export async function pauseIfHospitalAwaitsCheck(tx: DbOrTx, session: { id: string; organizationId: string }): Promise<boolean> {
  return (
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        WITH latest AS (
          SELECT s.token_check_restore_id AS id FROM consultation_sessions s
            JOIN database_restores r ON r.id = s.token_check_restore_id
           WHERE s.organization_id = ${session.organizationId}::uuid
           ORDER BY r.restored_at DESC LIMIT 1)
        UPDATE consultation_sessions SET token_check_restore_id = latest.id FROM latest
         WHERE consultation_sessions.id = ${session.id}::uuid
        RETURNING consultation_sessions.id`),
    ).length === 1
  );
}
