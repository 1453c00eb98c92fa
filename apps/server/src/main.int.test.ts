import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// tsx's own CLI, as `npm start` runs it. Not through npx: npm's shell does not pass SIGTERM on, so
// the server would never hear it (deployments must signal the tsx or node process itself).
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

type Started = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
};

/** Starts `tsx src/main.ts` on a free port with its own DATA_DIR and waits for it to listen. */
async function startServer(dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    STAFF_DIST_DIR: path.join(dataDir, 'no-staff'),
  };
  // This process's own embedded database and in-process pub/sub, whatever CI exports.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [tsxCli, 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (): void => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`server exited (${code}) before listening:\n${output}`)),
    );
  });
  return { child, port, output: () => output, exited };
}

function waitForOutput(started: Started, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (pattern.test(started.output())) {
        started.child.stdout?.off('data', check);
        resolve();
      }
    };
    started.child.stdout?.on('data', check);
    void started.exited.then(() =>
      pattern.test(started.output()) ? resolve() : reject(new Error(started.output())),
    );
    check();
  });
}

function getStatus(port: number, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('graceful shutdown of `tsx src/main.ts`', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-main-'));
  let started: Started | undefined;

  afterAll(async () => {
    if (started && started.child.exitCode === null) {
      // SIGTERM, not SIGKILL: tsx passes it on, while a killed tsx would orphan the server.
      started.child.kill('SIGTERM');
      await started.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes the request in flight, closes the database and exits 0', async () => {
    started = await startServer(dataDir);
    expect(await getStatus(started.port, '/healthz')).toBe(200);

    // A request whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ query: '{ tenantConfig }' });
    const half = Math.floor(body.length / 2);
    const request = http.request({
      host: '127.0.0.1',
      port: started.port,
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, half));
    request.flushHeaders();
    // Give the server the first half before the signal, so the request is surely in flight.
    await new Promise((resolve) => setTimeout(resolve, 200));

    started.child.kill('SIGTERM');
    await waitForOutput(started, /shutting down: finishing requests in flight/);
    request.end(body.slice(half));

    const answered = await response;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toMatchObject({
      data: { tenantConfig: { tenantId: 'careline-demo' } },
    });

    expect(await started.exited).toBe(0);
    expect(started.output()).not.toMatch(/error during shutdown|shutdown took too long/);

    // The database was closed cleanly: a new process opens the same DATA_DIR and is healthy.
    started = await startServer(dataDir);
    expect(await getStatus(started.port, '/healthz')).toBe(200);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    // Starting PGlite in a new folder takes a while on a busy machine: no wall-clock assertion here.
  }, 300_000);
});

describe('two servers on one DATA_DIR (issue 6 §2)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-main-lock-'));
  let first: Started | undefined;

  afterAll(async () => {
    if (first && first.child.exitCode === null) {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the second refuses to start, naming the first; the first keeps serving; after it stops the folder is free', async () => {
    first = await startServer(dataDir);
    const holder = JSON.parse(fs.readFileSync(path.join(dataDir, 'careline.lock'), 'utf8')) as {
      pid: number;
    };

    const refused = await startServer(dataDir).then(
      (second) => {
        second.child.kill('SIGTERM');
        throw new Error('the second server started on the same DATA_DIR');
      },
      (error: unknown) => String(error),
    );
    expect(refused).toMatch(/server exited \(1\) before listening/);
    expect(refused).toContain(
      `DATA_DIR ${dataDir} is in use by another Careline process (pid ${holder.pid}, started `,
    );
    expect(await getStatus(first.port, '/healthz')).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'careline.lock'))).toBe(false);
    first = await startServer(dataDir);
    expect(await getStatus(first.port, '/healthz')).toBe(200);
  }, 300_000);
});

describe('npm run backup while the server runs on PGlite (issue 31 §4.13)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-main-backup-'));
  let server: Started | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is taken by the server over DATA_DIR/backup.sock (mode 0600), which goes away when it stops', async () => {
    server = await startServer(dataDir);
    const socket = path.join(dataDir, 'backup.sock');
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    const out = path.join(dataDir, 'online.backup');
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const backup = spawn(process.execPath, [tsxCli, 'src/scripts/backup.ts', '--out', out], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    backup.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    backup.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    expect(await new Promise<number | null>((resolve) => backup.once('exit', resolve))).toBe(0);
    expect(output).toContain('taken by the running server');
    // A gzipped tar of the data directory.
    expect([...fs.readFileSync(out).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    await waitForOutput(server, /online backup taken/);
    expect(await getStatus(server.port, '/readyz')).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(socket)).toBe(false);
  }, 300_000);
});

/** Runs `tsx src/main.ts` with these settings until it exits; its exit code and everything it printed. */
async function runUntilExit(settings: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-main-config-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...settings };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'APP_SECRET', 'SMS_PROVIDER', 'TENANTS_FILE', 'SEED_DEMO']) {
    if (!(key in settings)) {
      delete env[key];
    }
  }
  const child = spawn(process.execPath, [tsxCli, 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, output };
}

describe('a bad configuration stops the start with one message (issue 31 §1.2)', () => {
  it('names every bad key of every stage at once: tenants, SMS and the secret', async () => {
    const { code, output } = await runUntilExit({ NODE_ENV: 'production', TENANTS_FILE: '/nonexistent/tenants.json' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('TENANTS_FILE:');
    expect(output).toContain('SMS_PROVIDER: required in production');
    expect(output).toContain('APP_SECRET: required in production');
    expect(output.match(/Invalid configuration:/g)).toHaveLength(1);
  });

  it('a database that cannot be reached names DATABASE_URL, without its password', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const { code, output } = await runUntilExit({
      NODE_ENV: 'development',
      DATABASE_URL: `postgres://careline:hunter2-secret@127.0.0.1:${port}/careline`,
    });
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_URL: cannot use postgres://careline:***@127.0.0.1:');
    expect(output).toContain('ECONNREFUSED');
    expect(output).not.toContain('hunter2-secret');
  });
});
