// What the browser benches share (bench:lighthouse, bench:slow-link): the web app and the floor app
// (bench/bundle-floor) built by Vite, each served by the real server (tsx apps/server/src/main.ts) on
// its own free port and data folder. Run by `node --import tsx`: the floor app's build uses the web
// build's precompression (TypeScript).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { build } from 'vite';
import { precompressDir } from '../apps/web/build/precompress.ts';
import { rootDir, webDir } from './web-build.mjs';

const floorDir = path.join(rootDir, 'bench/bundle-floor');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Builds apps/web into its dist/ (as `npm start` serves it); answers the folder. */
export async function buildWeb() {
  const started = Date.now();
  await build({ root: webDir, configFile: path.join(webDir, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`built apps/web in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return path.join(webDir, 'dist');
}

/**
 * Builds the floor app into scratch/floor-dist. It gets what the server and the build give the real
 * app: the tenant head and splash markers in its page, and precompressed copies of its files.
 */
export async function buildFloor(scratch) {
  const outDir = path.join(scratch, 'floor-dist');
  await build({
    root: floorDir,
    configFile: path.join(floorDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const indexFile = path.join(outDir, 'index.html');
  const page = fs
    .readFileSync(indexFile, 'utf8')
    .replace(/<title>[^<]*<\/title>/, '<!--careline:head--><!--/careline:head-->')
    .replace('<div id="root"></div>', '<div id="root"><!--careline:splash--></div>');
  fs.writeFileSync(indexFile, page);
  precompressDir(outDir);
  console.log('built bench/bundle-floor');
  return outDir;
}

// Each server runs on its own embedded PGlite, whatever the caller's shell points at.
function withoutDatabaseAndRedis(env) {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = env;
  return rest;
}

/**
 * Starts the real server on a free port with its own data folder under scratch; resolves once
 * /healthz answers. seedDemo: the demo tenant's hospitals, doctors and sessions (default none).
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export async function startServer(name, webDistDir, scratch, options = {}) {
  const port = await freePort();
  const dataDir = path.join(scratch, `${name}-data`);
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(scratch, `${name}-server.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(path.join(rootDir, 'node_modules/.bin/tsx'), [path.join(rootDir, 'apps/server/src/main.ts')], {
    cwd: rootDir,
    stdio: ['ignore', log, log],
    env: {
      ...withoutDatabaseAndRedis(process.env),
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
      SEED_DEMO: options.seedDemo ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} server exited (${child.exitCode}); see ${logFile}`);
    }
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (answer.ok) {
        return { url: `http://localhost:${port}`, port, stop: () => stopServer(child) };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`${name} server did not answer /healthz within 120 s; see ${logFile}`);
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
