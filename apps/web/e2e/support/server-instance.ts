import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Servers a journey starts for itself, beside the run's one (global-setup.ts): the built server
// (apps/server/dist/main.js, as `npm start` runs it) with the journey's own environment, e.g. two
// instances on one PostgreSQL and Redis behind a load balancer (nginx-failover.e2e.ts).

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverMain = path.join(rootDir, 'apps/server/dist/main.js');

/** A free TCP port on 127.0.0.1 (listen on 0, read it, give it back). */
export async function freePort(): Promise<number> {
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

/** Whether a child process has ended (exited or killed by a signal). */
export const hasEnded = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Resolves when the child has ended (at once when it already has). */
export function ended(child: ChildProcess): Promise<void> {
  return hasEnded(child) ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The last lines of a log file, for a failure message. */
export function logTail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return `(no log at ${file})`;
  }
}

export type ServerInstance = {
  name: string;
  port: number;
  child: ChildProcess;
  logFile: string;
};

/**
 * Starts the built server on 127.0.0.1:port with the given environment (on top of this process's),
 * its output in logFile. Does not wait: see {@link waitUntilReady}.
 * @param name - for messages, e.g. 'instance A'
 * @param port - where it listens
 * @param env - its settings (DATABASE_URL, REDIS_URL, APP_SECRET, …)
 * @param logFile - where its JSON log lines go
 */
export function startServerInstance(name: string, port: number, env: Record<string, string>, logFile: string): ServerInstance {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: rootDir,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  return { name, port, child, logFile };
}

/**
 * Waits until the instance answers GET /readyz with 200 and status 'ok' (database reachable,
 * migrations done, Redis connected), asking again every 250 ms; fails at once when it exits.
 * @param instance - from startServerInstance
 * @param giveUpMs - how long a start may take on a loaded machine (migrations of an empty database)
 */
export async function waitUntilReady(instance: ServerInstance, giveUpMs = 150_000): Promise<void> {
  const deadline = Date.now() + giveUpMs;
  while (Date.now() < deadline) {
    if (hasEnded(instance.child)) {
      throw new Error(`${instance.name} exited (${String(instance.child.exitCode ?? instance.child.signalCode)}) before it was ready:\n${logTail(instance.logFile)}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${String(instance.port)}/readyz`);
      const body = (await response.json()) as { status?: string };
      if (response.status === 200 && body.status === 'ok') {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${instance.name} did not answer /readyz with 200 ok in time:\n${logTail(instance.logFile)}`);
}

/**
 * Stops the instance: SIGTERM (it finishes requests in flight and closes its database and Redis
 * connections), SIGKILL after 15 s. Nothing to do when it has ended.
 * @param instance - from startServerInstance
 */
export async function stopServerInstance(instance: ServerInstance): Promise<void> {
  if (hasEnded(instance.child)) {
    return;
  }
  instance.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    ended(instance.child).then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), 15_000);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    instance.child.kill('SIGKILL');
    await ended(instance.child);
  }
}

/**
 * A gauge's value in the instance's Prometheus text (GET /metrics with the METRICS_TOKEN it was
 * started with), summed over its series.
 * @param instance - a running instance
 * @param token - its METRICS_TOKEN
 * @param metric - e.g. 'careline_websockets_open'
 */
export async function gaugeValue(instance: ServerInstance, token: string, metric: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${String(instance.port)}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) {
    throw new Error(`${instance.name} answered /metrics with ${String(response.status)}`);
  }
  const text = await response.text();
  const series = new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\S+)$`, 'gm');
  let total = 0;
  let found = false;
  for (const match of text.matchAll(series)) {
    total += Number(match[1]);
    found = true;
  }
  if (!found) {
    throw new Error(`${instance.name}'s /metrics has no ${metric}`);
  }
  return total;
}
