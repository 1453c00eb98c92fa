import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../../test/test-db.ts';
import { createJobQueue, pgBossDb } from './jobs.ts';

describe('job queue (pg-boss on the app database)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs multi-statement SQL without parameters and returns the last rows', async () => {
    const db = pgBossDb(database);
    const result = await db.executeSql('SELECT 1 AS a; SELECT 2 AS b', []);
    expect(result.rows).toEqual([{ b: 2 }]);
    const withValues = await db.executeSql('SELECT $1::int AS c', [3]);
    expect(withValues.rows).toEqual([{ c: 3 }]);
  });

  it('keeps a cron schedule in the database', async () => {
    const jobs = createJobQueue(database, { pollIntervalMs: 500, log: pino({ level: 'silent' }) });
    jobs.work('idempotency-keys-prune', async () => {});
    jobs.every('idempotency-keys-prune', '*/10 * * * *', {});
    try {
      await jobs.start();
      const rows = await pgBossDb(database).executeSql(
        'SELECT name, cron FROM pgboss.schedule',
        [],
      );
      expect(rows.rows).toEqual([{ name: 'idempotency-keys-prune', cron: '*/10 * * * *' }]);
    } finally {
      await jobs.stop();
    }
  });

  it('runs a sent job once, and a second send with the same key while it waits is dropped', async () => {
    const log = pino({ level: 'silent' });
    const seen: string[] = [];
    let done: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      done = resolve;
    });
    const jobs = createJobQueue(database, { pollIntervalMs: 500, log });
    jobs.work('temporary-appointment-release', async (data) => {
      seen.push(data.temporaryAppointmentId);
      done();
    });
    try {
      await jobs.send(
        'temporary-appointment-release',
        { tenantId: 't', temporaryAppointmentId: 'a' },
        { singletonKey: 'a' },
      );
      await jobs.send(
        'temporary-appointment-release',
        { tenantId: 't', temporaryAppointmentId: 'a' },
        { singletonKey: 'a' },
      );
      await ran;
      // Give a duplicate every chance to be fetched too: two more polls.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(seen).toEqual(['a']);
    } finally {
      await jobs.stop();
    }
  });
});
