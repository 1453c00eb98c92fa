import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { demoTenants } from '../../server/src/modules/tenants/tenants.demo.ts';

// Browser tests drive the real built app served by the real server, started once for the whole run.
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const artifactsDir = path.join(rootDir, 'apps/web/e2e/artifacts');
const serverLogFile = path.join(artifactsDir, 'server.log');

/** A third tenant so journeys can check the flat ux flow and per-host branding. */
const flatTenant = {
  id: 'flat-demo',
  hosts: ['flat.localhost'],
  config: { uxFlow: 'flat', branding: { hospitalName: 'Flatland Hospital', shortName: 'Flatland' } },
};

/**
 * A fourth tenant with the questionnaire flag on (no demo tenant turns questionnaireResponse on): the
 * questionnaire journey (lab-reports.e2e.ts) defines its hospital's questionnaire here, so no other
 * journey's appointment shows the banner.
 */
const questionnaireTenant = {
  id: 'questionnaire-demo',
  hosts: ['questionnaire.localhost'],
  config: { features: { questionnaireResponse: { enabled: true } } },
};

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Makes a throwaway database on DATABASE_URL's server; returns its URL and how to drop it. */
async function createThrowawayDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `careline_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

function logTail(): string {
  try {
    return fs.readFileSync(serverLogFile, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${logTail()}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /healthz with 200 in time:\n${logTail()}`);
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The server runs in its own process group (tsx and its node child): signal the whole group.
  process.kill(-child.pid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), 15_000);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
}

/** Builds the web app if stale, starts the server on a free port with a fresh database, provides the port. */
export async function setup(project: TestProject): Promise<void> {
  const build = spawnSync(process.execPath, [path.join(rootDir, 'scripts/web-build.mjs')], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    throw new Error('the web app did not build; browser tests need apps/web/dist');
  }

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-e2e-'));
  const tenantsFile = path.join(dataDir, 'tenants.json');
  fs.writeFileSync(tenantsFile, JSON.stringify([...demoTenants, flatTenant, questionnaireTenant], null, 2));

  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TENANTS_FILE: tenantsFile,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    // Every journey signs its patients in from 127.0.0.1: one address, far more sign-ins than a real one.
    AUTH_INITIATIONS_PER_ADDRESS: '10000',
    AUTH_COMPLETIONS_PER_ADDRESS: '10000',
  };
  let database = 'PGlite (in DATA_DIR)';
  if (process.env.DATABASE_URL) {
    const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL);
    dropDatabase = throwaway.drop;
    env.DATABASE_URL = throwaway.url;
    database = `PostgreSQL (${new URL(throwaway.url).pathname.slice(1)})`;
  }

  const port = await freePort();
  env.PORT = String(port);
  fs.mkdirSync(artifactsDir, { recursive: true });
  const log = fs.openSync(serverLogFile, 'w');
  server = spawn(path.join(rootDir, 'node_modules/.bin/tsx'), [path.join(rootDir, 'apps/server/src/main.ts')], {
    cwd: rootDir,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  try {
    await waitForHealth(port, server);
  } catch (error) {
    await teardown();
    throw error;
  }
  console.log(`[e2e] server on 127.0.0.1:${port}, database ${database}, log ${path.relative(rootDir, serverLogFile)}`);

  // provide() is typed by vitest's ProvidedContext interface; the support module reads these keys back.
  const provide = project.provide.bind(project) as (key: string, value: unknown) => void;
  provide('e2ePort', port);
}

/** Stops the server (SIGTERM, waits), drops the throwaway database, removes the data folder. */
export async function teardown(): Promise<void> {
  await stopServer();
  if (dropDatabase) {
    await dropDatabase();
    dropDatabase = undefined;
  }
  if (dataDir) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  }
}
