import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

// Instances of `tsx src/main.ts` started at the same instant on one empty PostgreSQL database
// (issue 31 §2.7): the second used to die with "deadlock detected" in pg-boss's create_queue.

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.warn(
    '[main.start-together.int.test] DATABASE_URL is not set: skipping the instances-at-once start (PostgreSQL only).',
  );
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// tsx's own CLI, as main.int.test.ts runs it, so SIGTERM reaches the server.
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const INSTANCES = 3;

type Instance = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Spawns one server on a free port with this database; it has not started yet when this returns. */
function spawnServer(url: string, dataDir: string): Instance {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    // One secret for all, as instances behind one load balancer must share it.
    APP_SECRET: 'start-together-test-secret-0123456789abcdef',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    JOBS_START: 'eager',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    STAFF_DIST_DIR: path.join(dataDir, 'no-staff'),
  };
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [tsxCli, 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The port once the instance says it is running, or the error it exited with. */
function running(instance: Instance): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(instance.output());
      if (port && instance.output().includes('Careline is running')) {
        instance.child.stdout?.off('data', check);
        resolve(Number(port[1]));
      }
    };
    instance.child.stdout?.on('data', check);
    void instance.exited.then((code) => reject(new Error(`instance exited (${code}) before running:\n${instance.output()}`)));
  });
}

function getJson(port: number, urlPath: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      })
      .on('error', reject);
  });
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('instances started at the same instant on an empty PostgreSQL database (issue 31 §2.7)', () => {
  const name = `careline_test_start_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-start-together-'));
  const instances: Instance[] = [];

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
    }
    if (databaseUrl) {
      await admin(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(Boolean(databaseUrl))(
    `${INSTANCES} instances all migrate, start pg-boss with its queues and serve; each stops cleanly`,
    async () => {
      if (!databaseUrl) {
        throw new Error('DATABASE_URL is not set');
      }
      // Empty: not the int run's migrated template.
      await admin(databaseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;

      for (let i = 0; i < INSTANCES; i++) {
        instances.push(spawnServer(url.toString(), path.join(dataDir, String(i))));
      }
      const ports = await Promise.all(instances.map(running));

      for (const port of ports) {
        const ready = await getJson(port, '/readyz');
        expect(ready.status).toBe(200);
      }
      for (const instance of instances) {
        expect(instance.output()).not.toMatch(/deadlock detected/);
      }
      const queues = await admin(url.toString(), (client) =>
        client.query<{ name: string }>(`SELECT name FROM pgboss.queue WHERE name NOT LIKE '\\_\\_pgboss%' ORDER BY name`),
      );
      expect(queues.rows.map((row) => row.name)).toEqual([
        'appointment-notices-sweep',
        'idempotency-keys-prune',
        'leave-home-sweep',
        'session-refund',
        'session-refunds-sweep',
        'sms-dead-letter',
        'sms-deliver',
        'sms-outbox-sweep',
        'temporary-appointment-release',
        'temporary-appointments-sweep',
      ]);
      const schedules = await admin(url.toString(), (client) => client.query<{ name: string }>('SELECT name FROM pgboss.schedule ORDER BY name'));
      expect(schedules.rows.map((row) => row.name)).toEqual([
        'appointment-notices-sweep',
        'idempotency-keys-prune',
        'leave-home-sweep',
        'session-refunds-sweep',
        'sms-outbox-sweep',
        'temporary-appointments-sweep',
      ]);

      for (const instance of instances) {
        instance.child.kill('SIGTERM');
      }
      expect(await Promise.all(instances.map((instance) => instance.exited))).toEqual(Array.from({ length: INSTANCES }, () => 0));
    },
    300_000,
  );
});
