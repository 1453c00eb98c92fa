import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { demoTenants } from '../../server/src/modules/tenants/tenants.demo.ts';
import { freePort } from './support/server-instance.ts';
import { createThrowawayDatabase } from './support/throwaway-database.ts';

// Browser tests drive the real built app served by the real server, started once for the whole run.
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const artifactsDir = path.join(rootDir, 'apps/web/e2e/artifacts');
const serverLogFile = path.join(artifactsDir, 'server.log');
const turnLogFile = path.join(artifactsDir, 'turnserver.log');
const TURNSERVER = '/usr/bin/turnserver';

/** A third tenant so journeys can check the flat ux flow and per-host branding. */
const flatTenant = {
  id: 'flat-demo',
  hosts: ['flat.localhost'],
  config: { uxFlow: 'flat', branding: { hospitalName: 'Flatland Hospital', shortName: 'Flatland' } },
};

/**
 * What one run started. vitest runs a project's global setup per project (`e2e`, the journeys run two
 * files at a time, and `e2e-serial`), each with its own copy of this module, so the run's one server
 * and one coturn live on globalThis: the first setup starts them, each setup counts itself in, and the
 * last teardown stops them.
 */
type E2eRun = {
  started?: Promise<{ port: number; turn: boolean }>;
  users: number;
  server?: ChildProcess;
  turn?: ChildProcess;
  dataDir?: string;
  dropDatabase?: () => Promise<void>;
};
const shared = globalThis as typeof globalThis & { __carelineE2e?: E2eRun };
const run: E2eRun = (shared.__carelineE2e ??= { users: 0 });

/** A free UDP port on 127.0.0.1 (bind to 0, read it, give it back), for coturn's listener. */
async function freeUdpPort(): Promise<number> {
  const probe = createSocket('udp4');
  await new Promise<void>((resolve) => probe.bind(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Waits until coturn answers a STUN Binding request on 127.0.0.1:port (sent again every 200 ms). */
async function waitForTurn(port: number, child: ChildProcess): Promise<void> {
  const client = createSocket('udp4');
  await new Promise<void>((resolve) => client.bind(0, '127.0.0.1', resolve));
  // Binding request (0x0001), no attributes, the magic cookie, a random transaction id.
  const request = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]), randomBytes(12)]);
  try {
    await new Promise<void>((resolve, reject) => {
      const giveUp = setTimeout(() => finish(new Error(`coturn did not answer a STUN Binding request in 20 s (log: ${turnLogFile})`)), 20_000);
      const again = setInterval(() => {
        if (child.exitCode !== null || child.signalCode !== null) {
          finish(new Error(`turnserver exited (${String(child.exitCode ?? child.signalCode)}) (log: ${turnLogFile})`));
          return;
        }
        client.send(request, port, '127.0.0.1');
      }, 200);
      const onMessage = (bytes: Buffer) => {
        if (bytes.length >= 20 && bytes.readUInt16BE(0) === 0x0101 && bytes.subarray(8, 20).equals(request.subarray(8, 20))) {
          finish();
        }
      };
      const finish = (error?: Error) => {
        clearTimeout(giveUp);
        clearInterval(again);
        client.off('message', onMessage);
        if (error) {
          reject(error);
        } else {
          resolve();
        }
      };
      client.on('message', onMessage);
      client.send(request, port, '127.0.0.1');
    });
  } finally {
    client.close();
  }
}

/**
 * Starts coturn (when installed) on a free UDP port of 127.0.0.1 with a random static-auth-secret,
 * as apps/server/src/modules/video/coturn.int.test.ts does, for the relay-only call journey
 * (video-call.e2e.ts). Loopback peers are allowed: both browsers of the journey are on this machine.
 * Answers the demo tenant's `video.ice` for it, or null when turnserver is not installed.
 */
async function startTurn(): Promise<{ turnUrls: string[]; sharedSecret: string } | null> {
  if (spawnSync(TURNSERVER, ['--version'], { stdio: 'ignore' }).error !== undefined) {
    console.warn('[e2e] turnserver is not installed: the relay-only call journey is skipped (apt-get install coturn; .ci/run does).');
    return null;
  }
  const port = await freeUdpPort();
  const sharedSecret = randomBytes(24).toString('base64');
  fs.mkdirSync(artifactsDir, { recursive: true });
  const log = fs.openSync(turnLogFile, 'w');
  run.turn = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${String(port)}`,
      '--use-auth-secret',
      `--static-auth-secret=${sharedSecret}`,
      '--realm=careline.test',
      '--no-tls',
      '--no-dtls',
      '--no-tcp',
      '--no-cli',
      '--no-tcp-relay',
      '--allow-loopback-peers',
      '--min-port=49152',
      '--max-port=65535',
      '--log-file=stdout',
      '--simple-log',
      `--pidfile=${path.join(run.dataDir ?? os.tmpdir(), `careline-coturn-${String(port)}.pid`)}`,
    ],
    { stdio: ['ignore', log, log] },
  );
  fs.closeSync(log);
  await waitForTurn(port, run.turn);
  console.log(`[e2e] coturn on udp 127.0.0.1:${String(port)}, log ${path.relative(rootDir, turnLogFile)}`);
  return { turnUrls: [`turn:127.0.0.1:${String(port)}?transport=udp`], sharedSecret };
}

/** Stops coturn (SIGTERM, waits; SIGKILL after 10 s). */
async function stopTurn(): Promise<void> {
  const child = run.turn;
  run.turn = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), 10_000);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
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
  const child = run.server;
  run.server = undefined;
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

/**
 * Starts the run's server and coturn once (the first project's setup; the others wait for it) and
 * provides the port to this project.
 */
export async function setup(project: TestProject): Promise<void> {
  run.users += 1;
  run.started ??= start();
  const { port, turn } = await run.started;
  // provide() is typed by vitest's ProvidedContext interface; the support module reads these keys back.
  const provide = project.provide.bind(project) as (key: string, value: unknown) => void;
  provide('e2ePort', port);
  provide('e2eTurn', turn);
}

/** Builds the web app if stale, starts the server on a free port with a fresh database; answers its port. */
async function start(): Promise<{ port: number; turn: boolean }> {
  const build = spawnSync(process.execPath, [path.join(rootDir, 'scripts/web-build.mjs')], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    throw new Error('the web app did not build; browser tests need apps/web/dist');
  }
  // The journeys run the server as `npm start` does: the built JavaScript, always built afresh.
  const serverBuild = spawnSync(process.execPath, [path.join(rootDir, 'scripts/server-build.mjs')], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (serverBuild.status !== 0) {
    throw new Error('the server did not build; browser tests run apps/server/dist/main.js');
  }

  run.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-e2e-'));
  const tenantsFile = path.join(run.dataDir, 'tenants.json');
  // With coturn, the demo tenant (the video journey's, host localhost) hands out TURN credentials for
  // it; ICE with policy 'all' still picks the host candidates, so only the relay-only journey uses it.
  let ice: { turnUrls: string[]; sharedSecret: string } | null;
  try {
    ice = await startTurn();
  } catch (error) {
    await stopAll();
    throw error;
  }
  const tenants = demoTenants.map((tenant) =>
    ice && tenant.default ? { ...tenant, video: { ...tenant.video, ice: { ...tenant.video?.ice, ...ice } } } : tenant,
  );
  fs.writeFileSync(tenantsFile, JSON.stringify([...tenants, flatTenant], null, 2));

  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: run.dataDir,
    TENANTS_FILE: tenantsFile,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    // Every journey signs its patients in from 127.0.0.1: one address, far more sign-ins than a real one.
    AUTH_INITIATIONS_PER_ADDRESS: '10000',
    AUTH_COMPLETIONS_PER_ADDRESS: '10000',
    // Likewise every browser of two journeys running side by side connects from 127.0.0.1.
    GRAPHQL_WS_MAX_SOCKETS_PER_ADDRESS: '500',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2000',
  };
  let database = 'PGlite (in DATA_DIR)';
  if (process.env.DATABASE_URL) {
    const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL);
    run.dropDatabase = throwaway.drop;
    env.DATABASE_URL = throwaway.url;
    database = `PostgreSQL (${new URL(throwaway.url).pathname.slice(1)})`;
  }

  const port = await freePort();
  env.PORT = String(port);
  fs.mkdirSync(artifactsDir, { recursive: true });
  const log = fs.openSync(serverLogFile, 'w');
  const server = spawn(process.execPath, ['--enable-source-maps', path.join(rootDir, 'apps/server/dist/main.js')], {
    cwd: rootDir,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  run.server = server;
  fs.closeSync(log);
  try {
    await waitForHealth(port, server);
  } catch (error) {
    await stopAll();
    throw error;
  }
  console.log(`[e2e] server on 127.0.0.1:${port}, database ${database}, log ${path.relative(rootDir, serverLogFile)}`);
  return { port, turn: ice !== null };
}

/** The last project's teardown stops what the run started (see E2eRun). */
export async function teardown(): Promise<void> {
  run.users -= 1;
  if (run.users > 0) {
    return;
  }
  run.started = undefined;
  await stopAll();
}

/** Stops the server (SIGTERM, waits) and coturn, drops the throwaway database, removes the data folder. */
async function stopAll(): Promise<void> {
  await stopServer();
  await stopTurn();
  const drop = run.dropDatabase;
  run.dropDatabase = undefined;
  if (drop) {
    await drop();
  }
  if (run.dataDir) {
    fs.rmSync(run.dataDir, { recursive: true, force: true });
    run.dataDir = undefined;
  }
}
