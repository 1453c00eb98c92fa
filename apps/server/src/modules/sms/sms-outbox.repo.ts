import { and, asc, count, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof smsOutbox.$inferSelect;

/** A row as the causing transaction writes it: ids chosen by the caller, status pending. */
export type NewOutboxRow = Pick<OutboxRow, 'id' | 'jobId' | 'tenantId' | 'kind' | 'to' | 'body'>;

/**
 * Writes outbox rows (in the transaction of the change that causes them).
 * @param tx - the causing transaction
 * @param rows - the messages with their row and job ids
 */
export async function insertOutboxRows(tx: DbOrTx, rows: readonly NewOutboxRow[]): Promise<void> {
  if (rows.length > 0) {
    await tx.insert(smsOutbox).values([...rows]);
  }
}

type OutboxIds = { outboxId: string; jobId: string };
/** pending → sending → sent, or back to pending after a refusal, or dead after the last try. */
type OutboxStatus = 'pending' | 'sending' | 'sent' | 'dead';

/**
 * The one guarded write of the send path: a row changes only while it belongs to the job that
 * tries it and its status allows the step, so a late or duplicate job never undoes another's.
 * @param db - database
 * @param ids - the row and the job acting on it
 * @param change - the columns the step sets
 * @param status - the step's rule on the current status (`in` these, or `not` this one)
 * @returns the row as changed, or null when the guard kept it as it was
 */
async function updateOwnedRow(
  db: DbOrTx,
  ids: OutboxIds,
  change: PgUpdateSetSource<typeof smsOutbox>,
  status: { in: OutboxStatus[] } | { not: OutboxStatus },
): Promise<OutboxRow | null> {
  const [row] = await db
    .update(smsOutbox)
    .set(change)
    .where(
      and(
        eq(smsOutbox.id, ids.outboxId),
        eq(smsOutbox.jobId, ids.jobId),
        'in' in status ? inArray(smsOutbox.status, status.in) : ne(smsOutbox.status, status.not),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Takes a row for one try by its job: pending, or 'sending' left by a try of the same job that did
 * not finish (the process died, or the answer could not be written). A sent or dead row, or one
 * handed to another job, is not taken: it is never sent again.
 * @param db - database
 * @param ids - the row and the job trying it
 * @param now - the clock
 * @returns the row as taken (attempts counts this try), or null when there is nothing to send
 */
export function claimOutboxRow(db: DbOrTx, ids: OutboxIds, now: Date): Promise<OutboxRow | null> {
  return updateOwnedRow(
    db,
    ids,
    { status: 'sending', attempts: sql`${smsOutbox.attempts} + 1`, attemptedAt: now },
    { in: ['pending', 'sending'] },
  );
}

/**
 * Marks a row sent after the provider took it (also over 'dead': the provider's answer is the truth).
 * @param db - database
 * @param ids - the row and the job that sent it
 * @param now - the clock
 */
export async function markOutboxSent(db: DbOrTx, ids: OutboxIds, now: Date): Promise<void> {
  await updateOwnedRow(db, ids, { status: 'sent', sentAt: now, lastError: null }, { not: 'sent' });
}

/**
 * Puts a row back to pending after the provider refused it, with the reason, until its job's next try.
 * @param db - database
 * @param ids - the row and the job that tried it
 * @param reason - the provider's refusal, codes hidden
 */
export async function releaseOutboxRow(db: DbOrTx, ids: OutboxIds, reason: string): Promise<void> {
  await updateOwnedRow(db, ids, { status: 'pending', lastError: reason.slice(0, 500) }, { in: ['sending'] });
}

/**
 * Gives a row up after its job's last try failed.
 * @param db - database
 * @param ids - the row and the job that gave up
 * @param now - the clock
 * @returns the row as given up, or null when it was sent, already dead or handed to another job
 */
export function markOutboxDead(db: DbOrTx, ids: OutboxIds, now: Date): Promise<OutboxRow | null> {
  return updateOwnedRow(db, ids, { status: 'dead', deadAt: now }, { in: ['pending', 'sending'] });
}

/**
 * Rows never tried that were written before a time: their job may have been lost between the
 * commit and its send (the process died), so the sweep sends it again (a no-op while it exists).
 * @param db - database
 * @param before - written before this
 * @param limit - at most this many
 */
export async function findUntriedOutboxRows(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<Pick<OutboxRow, 'id' | 'jobId'>[]> {
  return db
    .select({ id: smsOutbox.id, jobId: smsOutbox.jobId })
    .from(smsOutbox)
    .where(
      and(
        eq(smsOutbox.status, 'pending'),
        eq(smsOutbox.attempts, 0),
        lt(smsOutbox.createdAt, before),
      ),
    )
    .orderBy(asc(smsOutbox.createdAt))
    .limit(limit);
}

/**
 * Deletes rows sent or given up on long enough ago (the texts carry patients' details; sms_messages
 * keeps the record of each try).
 * @param db - database
 * @param before - sent rows sent before `sent`, dead rows given up before `dead`
 */
export async function pruneOutboxRows(
  db: DbOrTx,
  before: { sent: Date; dead: Date },
): Promise<void> {
  await db
    .delete(smsOutbox)
    .where(
      or(
        and(eq(smsOutbox.status, 'sent'), lt(smsOutbox.sentAt, before.sent)),
        and(eq(smsOutbox.status, 'dead'), lt(smsOutbox.deadAt, before.dead)),
      ),
    );
}

/**
 * Rows not sent yet: waiting, between tries or being sent.
 * @param db - database
 */
export async function countWaitingOutboxRows(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsOutbox)
    .where(inArray(smsOutbox.status, ['pending', 'sending']));
  return row?.n ?? 0;
}
