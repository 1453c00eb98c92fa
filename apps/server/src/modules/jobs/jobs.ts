import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { jobFailures } from '../../metrics/metrics.ts';

// The kept job queue (issue 8 §3, ARCHITECTURE.md "background jobs"): pg-boss 10 on the app's own
// database (PostgreSQL pool or PGlite), in its schema `pgboss`. A job is a row, so it survives a
// restart and runs once on whichever instance fetches it first: no setInterval in every instance.

/** Every job the server knows, with its payload (plain JSON). */
export type JobPayloads = {
  /** Releases a temporary appointment still unconfirmed at the end of its hold (temporary-appointments.service.ts). */
  'temporary-appointment-release': { tenantId: string; temporaryAppointmentId: string };
  /** Releases every temporary appointment whose hold ended, every minute on one instance: a release job lost before it was queued. */
  'temporary-appointments-sweep': Record<string, never>;
  /** Deletes expired idempotency keys (modules/idempotency), every 10 minutes on one instance. */
  'idempotency-keys-prune': Record<string, never>;
  /**
   * Sends one row of the SMS outbox (modules/sms); jobId is this job's own id, kept in the data so
   * that its dead-letter copy names it too.
   */
  'sms-deliver': { outboxId: string; jobId: string };
  /** The copy of an 'sms-deliver' job that failed its last try: the row is given up on. */
  'sms-dead-letter': { outboxId: string; jobId: string };
  /** Queues the SMS outbox rows whose job was lost, and prunes old rows, every minute on one instance. */
  'sms-outbox-sweep': Record<string, never>;
  /**
   * Refunds one paid appointment of a session the hospital cancelled (modules/payments
   * session-refunds.service.ts, issue 32 §2.5); the job's id is the refund request's, so it is queued once.
   */
  'session-refund': { tenantId: string; refundRequestId: string };
  /** Queues the session refunds whose job was lost between the cancel's commit and its queueing, every minute. */
  'session-refunds-sweep': Record<string, never>;
  /**
   * Writes the session notices that are due (issue 32 §1.1 evening reminders, §1.4 doctor late),
   * every minute on one instance; each appointment's notice is claimed once, so a repeated or
   * concurrent run sends nothing twice.
   */
  'appointment-notices-sweep': Record<string, never>;
  /** Evaluates 'Leave home now' for every session with a journey time set, every minute on one instance (issue 32 §1.3). */
  'leave-home-sweep': Record<string, never>;
};

export type JobName = keyof JobPayloads;

/** Runs one job; a throw makes pg-boss retry it (retryLimit below). */
export type JobHandler<N extends JobName> = (data: JobPayloads[N]) => Promise<void>;

/** When a job is due, what makes two sends one job, and how a failed one is retried. */
export type SendOptions = {
  /** Not run before this instant. */
  startAfter?: Date;
  /** While a job of the name with this key waits, another send with it is dropped. */
  singletonKey?: string;
  /** The job's id (a UUID): while a job with it exists, in any state, another send with it is dropped. */
  id?: string;
  /**
   * Tries after the first (limit), the delay before the first retry in whole seconds, and whether
   * each next delay doubles (pg-boss: delay × 2^n, with up to as much again of jitter). Default: the
   * queue's (5 retries, 5 s, doubling).
   */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** Where a copy of the job goes when its last try failed (a registered job name). */
  deadLetter?: JobName;
  /**
   * A job due now that someone waits for: this instance's worker fetches it at once instead of at its
   * next poll (it is then no longer waiting, so singletonKey stops holding off a second send).
   */
  wake?: boolean;
};

/** How a registered job name is worked. */
export type WorkOptions = {
  /**
   * Jobs fetched at once and run together (default 1); each succeeds or fails (and is retried) on its
   * own.
   */
  batchSize?: number;
};

export type JobQueue = {
  /**
   * Registers the handler of a job name; call before start. Each instance that starts polls for
   * due jobs of every registered name.
   */
  work: <N extends JobName>(name: N, handler: JobHandler<N>, options?: WorkOptions) => void;
  /**
   * Runs a registered job on a cron schedule (UTC), kept in the database: one run per tick across
   * all instances, not a timer in each. Call before start.
   */
  every: <N extends JobName>(name: N, cron: string, data: JobPayloads[N]) => void;
  /** Queues a job in the database (starting the queue first when it was lazy). */
  send: <N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions) => Promise<void>;
  /** Starts pg-boss (creates or migrates its schema, starts the workers); later calls share the first. */
  start: () => Promise<void>;
  /** Stops the workers, waiting for jobs in flight; the database stays open (the caller closes it). */
  stop: () => Promise<void>;
  /** Jobs waiting per registered queue (none before the queue started), for the metrics. */
  waiting: () => Promise<Record<string, number>>;
};

type SqlResult = { rows: unknown[] };

/**
 * pg-boss's `db` option over the app's database. pg-boss sends multi-statement SQL without
 * parameters (its migrations and maintenance), which PGlite's query() refuses ("cannot insert
 * multiple commands into a prepared statement"): such text goes through exec() and the last
 * statement's rows are returned. On PostgreSQL the app's pool runs everything (a query without
 * values uses the simple protocol there, and several statements answer one result each).
 * @param database - the open database
 */
export function pgBossDb(database: Database): PgBoss.Db {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    return {
      executeSql: async (text: string, values?: unknown[]): Promise<SqlResult> => {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return client.query(text, values);
      },
    };
  }
  if (client instanceof pg.Pool) {
    return {
      executeSql: async (text: string, values?: unknown[]): Promise<SqlResult> => {
        // Several statements answer one result each: the last one's rows, as on PGlite.
        const result = (await client.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? { rows: result.at(-1)?.rows ?? [] } : result;
      },
    };
  }
  throw new Error('jobs: the database client is neither PGlite nor a node-postgres pool');
}

/** How long stop() waits for running jobs (then pg-boss fails them, to be retried). */
const STOP_TIMEOUT_MS = 10_000;

/**
 * The server's job queue on its database.
 * @param database - the open database
 * @param options - how often workers poll, and where failures are logged
 */
export function createJobQueue(
  database: Database,
  options: { pollIntervalMs: number; log: FastifyBaseLogger },
): JobQueue {
  const handlers = new Map<JobName, { handler: JobHandler<JobName>; options: WorkOptions }>();
  // This instance's worker of each name, woken when a job is sent from here with `wake`.
  const workers = new Map<JobName, string>();
  const schedules = new Map<JobName, { cron: string; data: object }>();
  let boss: PgBoss | null = null;
  let starting: Promise<void> | null = null;
  let stopped = false;
  // pg-boss's queries and this queue's handler runs still going. pg-boss's graceful stop waits for
  // the jobs its workers hold, not for a fetch in flight: the job that fetch brings would run, and be
  // completed or failed, after stop() said it was done and the database closed (CI, 2026-12-03).
  let busy = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    busy += 1;
    try {
      return await work();
    } finally {
      busy -= 1;
    }
  };
  const countedDb = (db: PgBoss.Db): PgBoss.Db => ({
    executeSql: async (text, values) => counted(async () => db.executeSql(text, values)),
  });

  const start = (): Promise<void> => {
    if (stopped) {
      return Promise.reject(new Error('jobs: the queue was stopped'));
    }
    // A start that failed is forgotten, so the next send tries again instead of failing for good.
    starting ??= (async () => {
      const instance = new PgBoss({
        db: countedDb(pgBossDb(database)),
        schema: 'pgboss',
        // The clock and cron monitors run only when something is scheduled.
        schedule: schedules.size > 0,
        supervise: true,
        migrate: true,
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
      });
      instance.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
      try {
        await startInstance(instance);
      } catch (error) {
        boss = null;
        await instance.stop({ graceful: false, close: false }).catch(() => {});
        throw error;
      }
    })().catch((error: unknown) => {
      starting = null;
      throw error;
    });
    return starting;
  };

  const startInstance = async (instance: PgBoss): Promise<void> => {
    // pg-boss's schema, its queues and the schedules are made under the startup lock: create_queue
    // of two instances at once deadlocks (each adds a partition and a foreign key to pgboss.queue),
    // so the second instance to start on an empty database died (issue 31 §2.7).
    await database.withStartupLock(async () => {
      await instance.start();
      for (const name of handlers.keys()) {
        // 'short': while a job with a key waits, a second send with that key is dropped.
        await instance.createQueue(name, { name, policy: 'short' });
      }
      for (const [name, { cron, data }] of schedules) {
        await instance.schedule(name, cron, data, { tz: 'UTC' });
      }
    });
    boss = instance;
    for (const [name, { handler, options: workOptions }] of handlers) {
      const workerId = await instance.work<JobPayloads[typeof name]>(
        name,
        { pollingIntervalSeconds: options.pollIntervalMs / 1000, batchSize: workOptions.batchSize ?? 1 },
        async (jobs) => counted(async () => {
          const failed = await Promise.all(
            jobs.map(async (job) => {
              try {
                await handler(job.data);
                return null;
              } catch (error) {
                jobFailures.inc({ job: name });
                options.log.error({ err: error, job: name, jobId: job.id }, 'job failed; it is retried');
                return { id: job.id, error };
              }
            }),
          );
          // Each failed job fails alone (retried or dead-lettered); pg-boss then completes the others,
          // and its completion leaves a job already failed as it is.
          for (const failure of failed) {
            if (failure) {
              await instance.fail(
                name,
                failure.id,
                failure.error instanceof Error ? failure.error : { value: String(failure.error) },
              );
            }
          }
        }),
      );
      workers.set(name, workerId);
    }
  };

  return {
    work: (name, handler, workOptions = {}) => {
      if (starting) {
        throw new Error(`jobs: register ${name} before the queue starts`);
      }
      handlers.set(name, { handler: handler as JobHandler<JobName>, options: workOptions });
    },
    every: (name, cron, data) => {
      if (starting) {
        throw new Error(`jobs: schedule ${name} before the queue starts`);
      }
      schedules.set(name, { cron, data });
    },
    send: async (name, data, sendOptions = {}) => {
      await start();
      if (!boss) {
        throw new Error('jobs: the queue did not start');
      }
      const { retry } = sendOptions;
      await boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(retry ? { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: retry.backoff } : {}),
        ...(sendOptions.deadLetter ? { deadLetter: sendOptions.deadLetter } : {}),
      });
      const worker = workers.get(name);
      if (sendOptions.wake && worker) {
        boss.notifyWorker(worker);
      }
    },
    start,
    waiting: async () => {
      const started = boss;
      if (!started) {
        return {};
      }
      const names = [...handlers.keys()];
      const sizes = await Promise.all(names.map(async (name) => started.getQueueSize(name)));
      return Object.fromEntries(names.map((name, i) => [name, sizes[i] ?? 0]));
    },
    stop: async () => {
      stopped = true;
      if (!starting) {
        return;
      }
      // A start in flight finishes first, so nothing keeps polling after the database closes.
      await starting.catch(() => {});
      await boss?.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
      // Each check comes after a timer, so a fetch that just answered has handed its jobs on (in
      // microtasks) and they count as busy; the completion pg-boss sends after them counts too.
      const until = Date.now() + STOP_TIMEOUT_MS;
      do {
        await new Promise((resolve) => setTimeout(resolve, 10));
      } while (busy > 0 && Date.now() < until);
      boss = null;
      workers.clear();
    },
  };
}
