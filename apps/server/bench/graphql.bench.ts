/**
 * `npm run bench:graphql`: requests per second of a trivial GraphQL query through the full Careline
 * server (buildApp with its real plugins, PGlite in a temp folder, logger at warn) against a bare
 * Fastify + Mercurius hello-world, with the same load generator (autocannon, run programmatically
 * in a child process so it does not share the servers' CPU). Goal: careline / baseline >= 0.8.
 * Traffic goes to 127.0.0.1 only; every run is bounded in time and stops by itself.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { createTenantRegistry } from '../src/modules/tenants/tenants.registry.ts';
import { createProviders } from '../src/providers/providers.ts';

const GOAL = 0.8;
const settings = {
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 1),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  // Alternating rounds, best of each: a shared machine's noise only ever slows a run down.
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
};

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/graphql`;
}

type LoadResult = { average: number; total: number; failures: number; p50: number; p99: number };

/** Load generator mode: this same file, run as a child process, fires autocannon and prints JSON. */
async function loadGeneratorMain(url: string, query: string, seconds: number): Promise<void> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    connections: settings.connections,
    duration: seconds,
  });
  const summary: LoadResult = {
    average: result.requests.average,
    total: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
  process.stdout.write(JSON.stringify(summary));
}

// The load generator runs in its own process so that the server's CPU time is its own.
function load(url: string, query: string, seconds: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--load', url, query, String(seconds)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`load generator exited with ${code}`));
        return;
      }
      resolve(JSON.parse(out) as LoadResult);
    });
  });
}

type Measured = { rps: number; capacity: number };

/**
 * Warm-up (JIT, graphql-jit compilation), then the measured run. Answers the mean requests/second
 * and the capacity: requests per CPU-second of the server process (the load generator is another
 * process), which a busy shared machine disturbs far less than wall-clock throughput.
 */
async function measure(label: string, url: string, query: string): Promise<Measured> {
  const check = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await check.json()) as { errors?: unknown };
  if (!check.ok || body.errors) {
    throw new Error(`${label}: the query failed: ${JSON.stringify(body)}`);
  }
  await load(url, query, settings.warmupSeconds);
  const before = process.cpuUsage();
  const result = await load(url, query, settings.seconds);
  const cpu = process.cpuUsage(before);
  if (result.failures > 0) {
    throw new Error(`${label}: ${result.failures} failed requests during the run`);
  }
  const capacity = result.total / ((cpu.user + cpu.system) / 1e6);
  console.log(
    `${label.padEnd(28)} ${result.average.toFixed(0).padStart(7)} req/s  ${capacity.toFixed(0).padStart(7)} req per CPU-second  (p50 ${result.p50} ms, p99 ${result.p99} ms)`,
  );
  return { rps: result.average, capacity };
}

async function baselineServer(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(mercurius, {
    schema: 'type Query { hello: String }',
    resolvers: { Query: { hello: async () => 'world' } },
    jit: 1,
  });
  return app;
}

async function carelineServer(
  dataDir: string,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const env = loadEnv({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // The bare baseline keeps a connection for good; at the default 1,000 requests per socket the
    // load generator counts each close with a request in flight as a failure.
    HTTP_MAX_REQUESTS_PER_SOCKET: '1000000000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const tenants = createTenantRegistry(env);
  const providers = await createProviders(env, database, tenants, pino({ level: 'warn' }));
  const app = await buildApp({ env, database, tenants, providers });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-bench-'));
  const baseline = await baselineServer();
  const careline = await carelineServer(dataDir);
  try {
    const baselineUrl = await listen(baseline);
    const carelineUrl = await listen(careline.app);
    console.log(
      `autocannon (own process): ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per run, 127.0.0.1`,
    );
    const runs: Record<'base' | 'trivial' | 'tenantConfig', Measured[]> = {
      base: [],
      trivial: [],
      tenantConfig: [],
    };
    for (let round = 1; round <= settings.rounds; round++) {
      console.log(`round ${round} of ${settings.rounds}`);
      runs.base.push(await measure('baseline  { hello }', baselineUrl, '{ hello }'));
      runs.trivial.push(await measure('careline  { __typename }', carelineUrl, '{ __typename }'));
      runs.tenantConfig.push(
        await measure('careline  { tenantConfig }', carelineUrl, '{ tenantConfig }'),
      );
    }
    const best = (list: Measured[]): Measured => ({
      rps: Math.max(...list.map((m) => m.rps)),
      capacity: Math.max(...list.map((m) => m.capacity)),
    });
    const base = best(runs.base);
    const trivial = best(runs.trivial);
    const tenantConfig = best(runs.tenantConfig);
    console.log(
      `best: baseline ${base.rps.toFixed(0)} req/s, careline ${trivial.rps.toFixed(0)} req/s ({ __typename }), ${tenantConfig.rps.toFixed(0)} req/s ({ tenantConfig })`,
    );
    const ratio = trivial.rps / base.rps;
    const capacityRatio = trivial.capacity / base.capacity;
    console.log(
      `ratio = careline / baseline = ${ratio.toFixed(2)} (goal >= ${GOAL}) ${ratio >= GOAL ? 'OK' : 'BELOW GOAL'}`,
    );
    console.log(`capacity ratio (server CPU) = ${capacityRatio.toFixed(2)}`);
    console.log(
      `{ tenantConfig } (the tenant's whole public config): ${(tenantConfig.rps / base.rps).toFixed(2)} of baseline req/s, ${(tenantConfig.capacity / base.capacity).toFixed(2)} of its capacity`,
    );
    process.exitCode = ratio >= GOAL ? 0 : 1;
  } finally {
    await baseline.close();
    await careline.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const [mode, loadUrl, loadQuery, loadSeconds] = process.argv.slice(2);
const run =
  mode === '--load' && loadUrl && loadQuery
    ? loadGeneratorMain(loadUrl, loadQuery, Number(loadSeconds))
    : main();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
