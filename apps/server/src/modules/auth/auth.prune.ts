import type { FastifyBaseLogger } from 'fastify';
import { lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accessSessions, authChallenges, authEvents, authNumbers } from '../../db/schema/index.ts';

const HOUR = 60 * 60_000;
/** How often the sign-in tables are pruned. */
export const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes sign-in rows no limit or session can need any more: events older than 25 hours (the
 * longest window is 24), challenges expired over an hour ago, send slots unused for 25 hours, and
 * sessions expired or revoked over 7 days ago.
 * @param db - database
 * @param now - the clock
 */
export async function pruneAuthTables(db: DbOrTx, now: Date = new Date()): Promise<void> {
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  await db.delete(authEvents).where(lt(authEvents.at, ago(25 * HOUR)));
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, ago(HOUR)));
  await db.delete(authNumbers).where(lt(authNumbers.lastSentAt, ago(25 * HOUR)));
  await db
    .delete(accessSessions)
    .where(
      or(
        lt(accessSessions.expiresAt, ago(7 * 24 * HOUR)),
        lt(accessSessions.revokedAt, ago(7 * 24 * HOUR)),
      ),
    );
}

/**
 * Runs pruneAuthTables every 10 minutes without keeping the process alive; returns the stop function.
 * @param db - database
 * @param log - logger for failures
 */
export function startAuthPruning(db: DbOrTx, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) {
      return;
    }
    running = true;
    pruneAuthTables(db)
      .catch((error: unknown) => log.warn({ err: error }, 'auth tables prune failed'))
      .finally(() => {
        running = false;
      });
  }, PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
