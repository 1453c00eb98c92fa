import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export { freePort } from './free-port.ts';

/*
 * A redis-server of the test's own, on a free port, which the test may kill and start again: never
 * the shared Redis (REDIS_URL), which other test files and engineers use.
 */

/** Whether the machine has redis-server (the tests that need it are skipped without). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/**
 * Starts redis-server on a port (no persistence) and resolves once it accepts connections.
 * @param port - the port, e.g. from freePort(), or the one a killed server had
 */
export function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/Ready to accept connections/i.test(output)) {
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
}

/**
 * Stops a redis-server and waits until it has exited.
 * @param child - the server
 * @param signal - SIGTERM (a clean stop) or SIGKILL (a crash)
 */
export async function stopRedis(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
