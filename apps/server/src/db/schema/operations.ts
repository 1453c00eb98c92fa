import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './common.ts';

// What operations did to the database as a whole (issue 31 §4.13): not a tenant's data.

/**
 * A restore of the database from a backup (npm run restore, or --mark-only after a point-in-time
 * recovery). Tokens given after dataAsOf are not in the restored data, so the sessions that could
 * still take bookings are paused until staff confirm their highest token (consultation_sessions.
 * token_check_restore_id).
 */
export const databaseRestores = pgTable('database_restores', {
  id: idColumn(),
  restoredAt: timestamp('restored_at', { withTimezone: true }).notNull().defaultNow(),
  /** The newest change found in the restored data: bookings made after it may be missing. */
  dataAsOf: timestamp('data_as_of', { withTimezone: true }),
  /** What was restored: the backup file's name, or what the operator said (a recovery target). */
  source: text('source').notNull(),
  /** How many sessions were paused for a token check. */
  pausedSessions: integer('paused_sessions').notNull(),
});
