import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { smsMessages, smsOutbox } from '../../db/schema/index.ts';
import { smsDeadLetters } from '../../metrics/metrics.ts';
import { startFakeProvider, type FakeProvider } from '../../providers/sms/sms.testing.ts';
import type { OutboxSms } from './sms-outbox.service.ts';
import { smsOutboxSettled } from './sms.testing.ts';

/*
 * The SMS outbox (issue 31 §4.12): every SMS but the sign-in code is written in the transaction of
 * the change that causes it and sent by its pg-boss job, retried while the provider refuses it and
 * dead-lettered after the last retry. The HTTP provider points at a local server that each test
 * tells how to answer; SMS_RETRY_DELAY_SECONDS=0 retries at the next poll (no backoff), so nothing
 * waits on the wall clock.
 */

const TENANT = 'careline-demo';
// The message's outbox row id reaches the gateway on every try: requests are counted per message.
const TEMPLATE = '{"to":"{{to}}","message":"{{body}}","reference":"{{reference}}"}';

let fake: FakeProvider;
const apps: TestApp[] = [];

beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  for (const t of apps) {
    await t.close();
  }
  await fake.close();
});

async function app(
  env: Record<string, string>,
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<TestApp> {
  const t = await createTestApp(
    {
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `${fake.baseUrl}/send`,
      SMS_HTTP_BODY_TEMPLATE: TEMPLATE,
      // The gateway shares this process's event loop with the database: on a busy machine a try that
      // timed out after the gateway took it would be tried again and counted twice.
      SMS_TIMEOUT_MS: '60000',
      SMS_RETRY_DELAY_SECONDS: '0',
      JOBS_POLL_INTERVAL_MS: '500',
      ...env,
    },
    options,
  );
  apps.push(t);
  return t;
}

const notice = (to: string, body: string): OutboxSms => ({
  tenantId: TENANT,
  to,
  body,
  kind: 'session.cancelled',
});

/** Writes the messages in one transaction and queues them after its commit, as a service does. */
async function send(t: TestApp, messages: OutboxSms[]): Promise<string[]> {
  const queued = await t.database.db.transaction((tx) => t.smsOutbox.add(tx, messages));
  await t.smsOutbox.dispatch(queued);
  return queued.rows.map((row) => row.id);
}

const rowsOf = (t: TestApp, ids: string[]) =>
  t.database.db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));

/** The gateway's requests for one outbox row, by the answer each got. */
function requestsFor(reference: string): { accepted: number; refused: number } {
  const mine = fake.requests.filter(
    (request) => (JSON.parse(request.body) as { reference?: string }).reference === reference,
  );
  return {
    accepted: mine.filter((request) => request.status !== null && request.status < 300).length,
    refused: mine.filter((request) => request.status === null || request.status >= 300).length,
  };
}

type DeliveryJob = {
  state: string;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  dead_letter: string | null;
};

/** The pg-boss jobs of outbox rows, as pgboss.job holds them. */
async function deliveryJobs(t: TestApp, jobIds: string[]): Promise<DeliveryJob[]> {
  // Both drivers answer { rows }.
  const result = await t.database.db.execute(
    sql`SELECT state, retry_limit, retry_delay, retry_backoff, dead_letter FROM pgboss.job WHERE name = 'sms-deliver' AND id IN (${sql.join(
      jobIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return (result as { rows: DeliveryJob[] }).rows;
}

describe('the SMS outbox (issue 31 §4.12)', () => {
  it('delivers each message exactly once while the provider fails 3 times and then recovers', async () => {
    const t = await app({ SMS_RETRY_LIMIT: '5' });
    fake.requests.length = 0;
    fake.answer = (_request, index) =>
      index < 3
        ? { status: 503, body: 'gateway down' }
        : { status: 200, body: JSON.stringify({ messageId: `gw-${index}` }) };
    const ids = await send(t, [
      notice('94771110001', 'Your session is cancelled. Token 1.'),
      notice('94771110002', 'Your session is cancelled. Token 2.'),
      notice('94771110003', 'Your session is cancelled. Token 3.'),
    ]);

    await vi.waitFor(
      async () =>
        expect((await rowsOf(t, ids)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']),
      {
        timeout: 60_000,
        interval: 100,
      },
    );
    // Every job is over (none is left that could send again): nothing more can reach the gateway.
    const rows = await rowsOf(t, ids);
    expect(
      (
        await deliveryJobs(
          t,
          rows.map((row) => row.jobId),
        )
      ).map((job) => job.state),
    ).toEqual(['completed', 'completed', 'completed']);
    for (const id of ids) {
      expect(requestsFor(id).accepted, `message ${id}`).toBe(1);
    }
    expect(fake.requests.filter((request) => request.status === 503)).toHaveLength(3);
    expect(fake.requests).toHaveLength(6);
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(6);
    // The store still records each try as the provider answered it; the dev outbox lists the sent ones.
    const tries = await t.database.db
      .select()
      .from(smsMessages)
      .where(
        inArray(
          smsMessages.to,
          rows.map((row) => row.to),
        ),
      );
    expect(tries.filter((row) => row.status === 'failed')).toHaveLength(3);
    expect(tries.filter((row) => row.status === 'sent')).toHaveLength(3);
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/dev/sms-outbox?to=94771110002',
      remoteAddress: '127.0.0.1',
    });
    expect(outbox.json()).toEqual([
      expect.objectContaining({ to: '94771110002', body: 'Your session is cancelled. Token 2.' }),
    ]);
  });

  it('gives a message up after its last retry: dead letter, metric and error log', async () => {
    const lines: string[] = [];
    const t = await app(
      { SMS_RETRY_LIMIT: '2', LOG_LEVEL: 'error' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    fake.requests.length = 0;
    fake.answer = { status: 500, body: 'no route' };
    const before =
      (await smsDeadLetters.get()).values.find((value) => value.labels.kind === 'order.notice')
        ?.value ?? 0;
    const [id = ''] = await send(t, [
      {
        tenantId: TENANT,
        to: '94771110010',
        body: 'Your medicine is on its way.',
        kind: 'order.notice',
      },
    ]);

    await vi.waitFor(async () => expect((await rowsOf(t, [id]))[0]?.status).toBe('dead'), {
      timeout: 60_000,
      interval: 100,
    });
    const [row] = await rowsOf(t, [id]);
    // The first try and two retries, each refused.
    expect(requestsFor(id), `last error: ${row?.lastError}`).toEqual({ accepted: 0, refused: 3 });
    expect(row?.attempts).toBe(3);
    expect(row?.lastError).toContain('500');
    expect(row?.deadAt).not.toBeNull();
    const after =
      (await smsDeadLetters.get()).values.find((value) => value.labels.kind === 'order.notice')
        ?.value ?? 0;
    expect(after - before).toBe(1);
    const given = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.outboxId === id);
    expect(given).toMatchObject({ level: 50, kind: 'order.notice', attempts: 3 });
    expect(given?.msg).toContain('dead letter');
    // A dead row is not sent again, even when its job is queued again.
    await t.smsOutbox.dispatch({ rows: [{ id, jobId: row?.jobId ?? '' }] });
    await smsOutboxSettled(t.database.db);
    expect(requestsFor(id).refused).toBe(3);
    // The hospital's team re-sends it once the provider is back (docs/operations.md): pending again
    // under a new job, which the sweep queues.
    fake.answer = { status: 200, body: '{}' };
    await t.database.db.execute(
      sql`UPDATE sms_outbox SET status = 'pending', attempts = 0, job_id = gen_random_uuid(), dead_at = NULL WHERE status = 'dead' AND dead_at > now() - interval '1 day'`,
    );
    // With the default retries a dead row is hours old; this one is seconds old.
    await t.database.db
      .update(smsOutbox)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(smsOutbox.id, id));
    await t.smsOutbox.sweep();
    await smsOutboxSettled(t.database.db);
    expect((await rowsOf(t, [id]))[0]?.status).toBe('sent');
    expect(requestsFor(id)).toEqual({ accepted: 1, refused: 3 });
  });

  it('writes nothing, and sends nothing, when the causing transaction rolls back', async () => {
    const t = await app({});
    fake.requests.length = 0;
    fake.answer = { status: 200, body: '{}' };
    const to = '94771110020';
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.smsOutbox.add(tx, [notice(to, 'never')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to, to))).toEqual([]);
    // The sweep finds nothing to queue either.
    await t.smsOutbox.sweep();
    await smsOutboxSettled(t.database.db);
    expect(fake.requests).toEqual([]);
  });

  it('queues a message whose job was lost between the commit and its send, and prunes it a week after it was sent (the sweep)', async () => {
    const t = await app({});
    fake.requests.length = 0;
    fake.answer = { status: 200, body: '{}' };
    // Committed, but the process "died" before dispatch: no job.
    const queued = await t.database.db.transaction((tx) =>
      t.smsOutbox.add(tx, [notice('94771110030', 'Your report is ready.')]),
    );
    const [{ id } = { id: '' }] = queued.rows;
    // Young rows are left to their own dispatch; a minute later the sweep queues them.
    await t.smsOutbox.sweep();
    expect((await rowsOf(t, [id]))[0]?.status).toBe('pending');
    await t.database.db
      .update(smsOutbox)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(smsOutbox.id, id));
    // With the default retries a dead row is hours old; this one is seconds old.
    await t.database.db
      .update(smsOutbox)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(smsOutbox.id, id));
    await t.smsOutbox.sweep();
    await smsOutboxSettled(t.database.db);
    expect((await rowsOf(t, [id]))[0]?.status).toBe('sent');
    // Queued again (a second sweep, a late dispatch): the same job id, so no second job and no second SMS.
    await t.smsOutbox.sweep();
    await t.smsOutbox.dispatch(queued);
    await smsOutboxSettled(t.database.db);
    expect(requestsFor(id)).toEqual({ accepted: 1, refused: 0 });
    // A week after it was sent the row goes (sms_messages keeps the record of the try).
    await t.database.db
      .update(smsOutbox)
      .set({ sentAt: sql`now() - interval '8 days'` })
      .where(eq(smsOutbox.id, id));
    await t.smsOutbox.sweep();
    expect(await rowsOf(t, [id])).toEqual([]);
    expect(
      await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, '94771110030')),
    ).toHaveLength(1);
  });

  it('queues each delivery with the configured retries and doubling delays, and a dead letter', async () => {
    const t = await app({ SMS_RETRY_LIMIT: '', SMS_RETRY_DELAY_SECONDS: '' });
    fake.answer = { status: 200, body: '{}' };
    const ids = await send(t, [notice('94771110040', 'Your session is cancelled.')]);
    await smsOutboxSettled(t.database.db);
    const rows = await rowsOf(t, ids);
    expect(
      await deliveryJobs(
        t,
        rows.map((row) => row.jobId),
      ),
    ).toEqual([
      {
        state: 'completed',
        retry_limit: 8,
        retry_delay: 30,
        retry_backoff: true,
        dead_letter: 'sms-dead-letter',
      },
    ]);
  });
});
