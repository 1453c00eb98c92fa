import type { DbOrTx } from '../../db/client.ts';
import { countWaitingOutboxRows } from './sms-outbox.repo.ts';

/**
 * Resolves when the SMS outbox holds nothing waiting: every SMS written so far was sent or given up
 * on (tests; the job queue sends them after the commit). Polls, and fails after 30 s with the count.
 * @param db - the test's database
 */
export async function smsOutboxSettled(db: DbOrTx): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const waiting = await countWaitingOutboxRows(db);
    if (waiting === 0) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`the SMS outbox still holds ${waiting} message(s) after 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
