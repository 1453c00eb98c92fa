import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { smsDeadLetters } from '../../metrics/metrics.ts';
import { SmsSendError, type SmsSender } from '../../providers/sms/sms.ts';
import type { JobQueue } from '../jobs/index.ts';
import {
  claimOutboxRow,
  countWaitingOutboxRows,
  findUntriedOutboxRows,
  insertOutboxRows,
  markOutboxDead,
  markOutboxSent,
  pruneOutboxRows,
  releaseOutboxRow,
} from './sms-outbox.repo.ts';

/*
 * The SMS outbox (issue 31 §4.12): every SMS but the sign-in code. A provider outage used to lose
 * them (sent once, inline, after the commit). Now:
 *
 * 1. The service writes the message into sms_outbox in the transaction of the change that causes
 *    it (add): a change that rolls back sends nothing, one that commits always has its message.
 * 2. After the commit it queues the row's pg-boss job (dispatch), whose id is chosen with the row:
 *    queueing it twice is one job. Should the process die between commit and queue, the sweep
 *    (every minute, one instance) queues the rows never tried.
 * 3. The job takes the row (pending → sending), hands it to the provider, and marks it sent. A
 *    refusal puts the row back to pending and fails the job, which pg-boss retries with doubling
 *    delays (SMS_RETRY_LIMIT, SMS_RETRY_DELAY_SECONDS). A sent row is never taken again.
 * 4. After the last retry pg-boss copies the job to 'sms-dead-letter', whose worker marks the row
 *    dead, counts careline_sms_dead_letters_total and logs an error.
 */

/** What caused an SMS (logs, the dead-letter metric's label). */
export type SmsKind =
  | 'session.cancelled'
  | 'order.notice'
  | 'labReport.issued'
  | 'chat.staffReplied'
  | 'appointment.feedbackLink'
  | 'appointment.reminder'
  | 'session.late'
  | 'session.delayed'
  | 'session.refund'
  | 'appointment.leaveHome';

/** One SMS for the outbox; `to` is the normalised 94XXXXXXXXX form. */
export type OutboxSms = { tenantId: string; to: string; body: string; kind: SmsKind };

/** The rows one transaction wrote, to be queued after its commit. */
export type QueuedSms = { readonly rows: readonly { id: string; jobId: string }[] };

/** How the outbox's jobs retry a refused SMS. */
export type SmsRetry = { limit: number; delaySeconds: number; backoff: boolean };

/** What a service that sends SMS gets (deps.smsOutbox). */
export type SmsOutbox = {
  /**
   * Writes messages to the outbox inside the caller's transaction.
   * @param tx - the transaction of the change that causes them
   * @param messages - the messages
   * @returns the rows written, for dispatch after the commit
   */
  add: (tx: DbOrTx, messages: readonly OutboxSms[]) => Promise<QueuedSms>;
  /**
   * After the commit: queues the rows' delivery jobs. Never throws (a job that could not be queued
   * is queued by the sweep within a minute or two); the change stands either way.
   * @param queued - what add answered
   */
  dispatch: (queued: QueuedSms) => Promise<void>;
  /** Rows not sent yet (the careline_sms_outbox_waiting gauge). */
  waiting: () => Promise<number>;
  /**
   * What the 'sms-outbox-sweep' job runs every minute on one instance: queues the rows never tried
   * that are over a minute old (their job was lost between commit and queue), prunes old rows.
   */
  sweep: () => Promise<void>;
};

// The sweep queues a row never tried once it is this old: the dispatch after its commit had time.
const UNTRIED_AFTER_MS = 60_000;
const SWEEP_BATCH = 200;
// Sent rows serve only as the proof that they were sent; sms_messages keeps each try's record.
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
// Dead rows stay a month for the hospital's team to look into (docs/operations.md: re-sending them).
const KEEP_DEAD_MS = 30 * 24 * 60 * 60_000;
// Deliveries fetched at once by an instance: a session cancelled with 50 patients is sent in a few rounds.
const DELIVERY_BATCH = 10;

/**
 * The retry settings from the environment: SMS_RETRY_DELAY_SECONDS=0 retries at the next poll
 * without backoff (tests); otherwise each delay doubles.
 * @param env - SMS_RETRY_LIMIT and SMS_RETRY_DELAY_SECONDS
 */
export function smsRetryOf(env: {
  SMS_RETRY_LIMIT: number;
  SMS_RETRY_DELAY_SECONDS: number;
}): SmsRetry {
  return {
    limit: env.SMS_RETRY_LIMIT,
    delaySeconds: env.SMS_RETRY_DELAY_SECONDS,
    backoff: env.SMS_RETRY_DELAY_SECONDS > 0,
  };
}

/**
 * The SMS outbox on the job queue; registers its jobs (delivery, dead letter, the sweep every
 * minute), so call it before the queue starts.
 * @param deps - database, job queue, the provider's sender, retry settings and log
 */
export function createSmsOutbox(deps: {
  db: Db;
  jobs: JobQueue;
  sender: SmsSender;
  retry: SmsRetry;
  log: FastifyBaseLogger;
}): SmsOutbox {
  const { db, jobs, log } = deps;

  const queue = async (row: { id: string; jobId: string }): Promise<void> => {
    await jobs.send(
      'sms-deliver',
      { outboxId: row.id, jobId: row.jobId },
      // The key too: the queue's policy ('short') lets one waiting job per key, and a job without
      // one would share the empty key with every other row's.
      // Woken: a notice goes out as soon as its change commits, not at the next poll.
      {
        id: row.jobId,
        singletonKey: row.jobId,
        retry: deps.retry,
        deadLetter: 'sms-dead-letter',
        wake: true,
      },
    );
  };

  jobs.work(
    'sms-deliver',
    async (ids) => {
      const row = await claimOutboxRow(db, ids, new Date());
      if (!row) {
        // Sent, dead, or re-sent under another job (docs/operations.md): nothing to send.
        return;
      }
      try {
        await deps.sender.send({
          tenantId: row.tenantId,
          to: row.to,
          body: row.body,
          reference: row.id,
        });
      } catch (error) {
        // The sender logged the refusal and recorded it in sms_messages, codes hidden.
        const reason = error instanceof SmsSendError ? error.message : 'sms send failed';
        await releaseOutboxRow(db, ids, reason);
        throw new SmsSendError(`${row.kind} SMS not sent (try ${row.attempts}): ${reason}`);
      }
      await markOutboxSent(db, ids, new Date());
    },
    { batchSize: DELIVERY_BATCH },
  );

  jobs.work('sms-dead-letter', async (ids) => {
    const row = await markOutboxDead(db, ids, new Date());
    if (!row) {
      return;
    }
    smsDeadLetters.inc({ kind: row.kind });
    log.error(
      {
        outboxId: row.id,
        tenantId: row.tenantId,
        kind: row.kind,
        attempts: row.attempts,
        reason: row.lastError,
      },
      'sms given up after its last retry: the patient was not told (dead letter)',
    );
  });

  const sweep = async (): Promise<void> => {
    const now = Date.now();
    for (const row of await findUntriedOutboxRows(
      db,
      new Date(now - UNTRIED_AFTER_MS),
      SWEEP_BATCH,
    )) {
      // A no-op while the row's job exists (same id): only a lost one is queued again.
      await queue(row);
    }
    await pruneOutboxRows(db, {
      sent: new Date(now - KEEP_SENT_MS),
      dead: new Date(now - KEEP_DEAD_MS),
    });
  };
  jobs.work('sms-outbox-sweep', sweep);
  jobs.every('sms-outbox-sweep', '* * * * *', {});

  return {
    add: async (tx, messages) => {
      const rows = messages.map((message) => ({
        ...message,
        id: randomUUID(),
        jobId: randomUUID(),
      }));
      await insertOutboxRows(tx, rows);
      return { rows: rows.map(({ id, jobId }) => ({ id, jobId })) };
    },
    dispatch: async (queued) => {
      for (const row of queued.rows) {
        try {
          await queue(row);
        } catch (error) {
          log.error(
            { err: error, outboxId: row.id },
            'sms job not queued; the outbox sweep queues it',
          );
        }
      }
    },
    waiting: () => countWaitingOutboxRows(db),
    sweep,
  };
}
