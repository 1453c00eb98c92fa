import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn } from './common.ts';

/**
 * SMS waiting to be sent, sent or given up on (issue 31 §4.12): every SMS but the sign-in code is
 * written here in the transaction of the change that causes it, and delivered after the commit by
 * its pg-boss job ('sms-deliver', modules/sms/sms-outbox.service.ts), which retries with backoff and
 * then dead-letters it. sms_messages still records each attempt as the provider answered it.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** What caused it ('session.cancelled', 'order.notice', 'labReport.issued', 'chat.staffReplied'): logs and the metric. */
    kind: text('kind').notNull(),
    /** Normalised 94XXXXXXXXX (spec doc 1 §5). */
    to: varchar('to', { length: 20 }).notNull(),
    body: text('body').notNull(),
    /** 'pending' (waiting or between tries), 'sending' (a try in flight), 'sent', 'dead' (no try left). */
    status: text('status').notNull().default('pending'),
    /** The pg-boss job that delivers it (its id is this job's id); only that job may send the row. */
    jobId: uuid('job_id').notNull(),
    /** Tries handed to the provider so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The provider's last refusal, codes hidden. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deadAt: timestamp('dead_at', { withTimezone: true }),
  },
  (t) => [index('sms_outbox_status_idx').on(t.status, t.createdAt)],
);
