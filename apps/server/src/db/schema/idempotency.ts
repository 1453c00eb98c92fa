import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumn } from './common.ts';

/**
 * Idempotency keys of create mutations (issue 6 §2, docs/api-contract.md): the first result of a
 * key, so a retry by the same account returns it and creates nothing. Pruned after expiry.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantColumn(),
    /** The patient account that sent the key (keys of different accounts never meet). */
    accountId: uuid('account_id').notNull(),
    key: text('key').notNull(),
    /** The mutation's name, e.g. createPatient. */
    operation: text('operation').notNull(),
    /** SHA-256 of the operation and its arguments: the same key with other input is refused. */
    requestHash: text('request_hash').notNull(),
    /** The first answer, as JSON; written in the same transaction as what it created. */
    result: jsonb('result').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.accountId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
