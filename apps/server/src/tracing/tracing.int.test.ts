import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Tracing (issue 31 §3.11). The built server runs as `npm start` runs it (scripts/start.mjs: the tracing
// preload with --import, then dist/main.js). With OTEL_EXPORTER_OTLP_ENDPOINT it exports its spans over
// OTLP/HTTP (the JSON protocol) to a receiver in this test; without it, nothing of OpenTelemetry is loaded.
// On PostgreSQL (DATABASE_URL set) the trace holds the pg driver's spans; PGlite runs inside the process,
// with no driver to instrument, so there a trace has the HTTP and Fastify spans only.

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverDist = path.join(rootDir, 'apps/server/dist');
const databaseUrl = process.env.DATABASE_URL;

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
};
type OtlpExport = {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
};
/** One received span with what it came with: its instrumentation (scope) and its service's name. */
type ReceivedSpan = OtlpSpan & { scope: string; service: string | undefined };

const SERVER = 2; // OTLP's SpanKind: SERVER
const CLIENT = 3;

function attribute(attributes: OtlpAttribute[] | undefined, key: string): string | undefined {
  const value = attributes?.find((entry) => entry.key === key)?.value;
  return value === undefined
    ? undefined
    : String(value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue);
}

/** An OTLP/HTTP receiver for traces (JSON protocol), the test's stand-in for a collector. */
async function startReceiver(): Promise<{
  url: string;
  spans: ReceivedSpan[];
  close: () => Promise<void>;
}> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
      if (
        request.url === '/v1/traces' &&
        request.headers['content-type']?.startsWith('application/json')
      ) {
        const received = JSON.parse(body.toString('utf8')) as OtlpExport;
        for (const resourceSpans of received.resourceSpans) {
          const service = attribute(resourceSpans.resource.attributes, 'service.name');
          for (const scopeSpans of resourceSpans.scopeSpans) {
            spans.push(
              ...scopeSpans.spans.map((span) => ({
                ...span,
                scope: scopeSpans.scope.name,
                service,
              })),
            );
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Started = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
};

/** Runs the built server as scripts/start.mjs does, with `extraImports` loaded first; waits until it runs. */
async function startBuiltServer(
  env: NodeJS.ProcessEnv,
  extraImports: string[] = [],
): Promise<Started> {
  const imports = [
    ...extraImports,
    pathToFileURL(path.join(serverDist, 'tracing.js')).href,
  ].flatMap((url) => ['--import', url]);
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', ...imports, path.join(serverDist, 'main.js')],
    {
      cwd: rootDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const check = (): void => {
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening && output.includes('Careline is running')) {
        child.stdout?.off('data', check);
        resolve(Number(listening[1]));
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) =>
      reject(new Error(`server exited (${code}) before running:\n${output}`)),
    );
  });
  return { child, port, output: () => output, exited };
}

/** OpenTelemetry's SDK, instrumentations, exporters and loader hooks (its API package is not among them). */
const openTelemetryModule =
  /@opentelemetry[/\\](?!api[/\\])|@fastify[/\\]otel|import-in-the-middle|require-in-the-middle/;

/**
 * A probe to load before the preload: its loader hook writes down every ESM import the process resolves,
 * and at exit it adds every CommonJS module in require's cache.
 */
function writeModuleProbe(dir: string): { url: string; loaded: () => string[] } {
  const out = path.join(dir, 'loaded-modules.txt');
  const hooks = path.join(dir, 'probe-hooks.mjs');
  fs.writeFileSync(
    hooks,
    `import fs from 'node:fs';
let out;
export function initialize(data) { out = data.out; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  fs.appendFileSync(out, resolved.url + '\\n');
  return resolved;
}
`,
  );
  const probe = path.join(dir, 'probe.mjs');
  fs.writeFileSync(
    probe,
    `import fs from 'node:fs';
import { createRequire, register } from 'node:module';
const out = ${JSON.stringify(out)};
register(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { out } });
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => fs.appendFileSync(out, Object.keys(cache).join('\\n') + '\\n'));
`,
  );
  return {
    url: pathToFileURL(probe).href,
    loaded: () => fs.readFileSync(out, 'utf8').split('\n').filter(Boolean),
  };
}

function serverEnv(dataDir: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
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
    ...extra,
  };
  delete env.REDIS_URL;
  for (const key of Object.keys(env)) {
    if (key.startsWith('OTEL_') && !(key in extra)) {
      delete env[key];
    }
  }
  if (!('DATABASE_URL' in extra)) {
    delete env.DATABASE_URL;
  }
  return env;
}

type Answer = { status: number; correlationId: string | undefined; body: string };

function request(
  port: number,
  options: { method: 'GET' | 'POST'; path: string; body?: unknown; correlationId?: string },
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.correlationId === undefined
            ? {}
            : { 'x-correlation-id': options.correlationId }),
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => {
          const header = response.headers['x-correlation-id'];
          resolve({
            status: response.statusCode ?? 0,
            correlationId: typeof header === 'string' ? header : undefined,
            body,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function stop(started: Started): Promise<number | null> {
  if (started.child.exitCode === null) {
    started.child.kill('SIGTERM');
  }
  return started.exited;
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

beforeAll(() => {
  // The built output, as `npm start` runs it; rebuilt only when the sources changed since the last build.
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "await (await import('./scripts/server-build.mjs')).ensureServerBuild()",
    ],
    { cwd: rootDir, encoding: 'utf8' },
  );
  if (build.status !== 0) {
    throw new Error(`the server did not build:\n${build.stdout}${build.stderr}`);
  }
}, 120_000);

describe('with OTEL_EXPORTER_OTLP_ENDPOINT: traces over OTLP', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-tracing-'));
  const database = `careline_test_tracing_${randomBytes(6).toString('hex')}`;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let exitCode: number | null = null;
  let probe: ReturnType<typeof writeModuleProbe>;
  // Answers of the requests sent, each looked up in the spans once the server has stopped.
  let unnamed: Answer;
  let named: Answer;
  let withToken: Answer;
  const clientCorrelationId = 'ward-7.request-42';
  const tokenCorrelationId = 'tracing-test-token-query';
  const probeCorrelationId = 'tracing-test-readiness-probe';
  const secret = 's3cret-access-token-value';

  beforeAll(async () => {
    receiver = await startReceiver();
    const extra: NodeJS.ProcessEnv = {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Nothing leaves on the batch timer within the test: every span here arrives through the
      // shutdown's flush, so the test also shows SIGTERM loses none of the last requests' spans.
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    };
    if (databaseUrl) {
      await admin(databaseUrl, (client) => client.query(`CREATE DATABASE ${database}`));
      const url = new URL(databaseUrl);
      url.pathname = `/${database}`;
      extra.DATABASE_URL = url.toString();
    }
    probe = writeModuleProbe(dataDir);
    const started = await startBuiltServer(serverEnv(dataDir, extra), [probe.url]);
    const query = { query: '{ queryOrganization { id name } }' };
    unnamed = await request(started.port, { method: 'POST', path: '/graphql', body: query });
    named = await request(started.port, {
      method: 'POST',
      path: '/graphql',
      body: query,
      correlationId: clientCorrelationId,
    });
    await request(started.port, {
      method: 'GET',
      path: '/readyz',
      correlationId: probeCorrelationId,
    });
    withToken = await request(started.port, {
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent('{ __typename }')}&access_token=${secret}`,
      correlationId: tokenCorrelationId,
    });
    exitCode = await stop(started);
  }, 180_000);

  afterAll(async () => {
    await receiver.close();
    if (databaseUrl) {
      await admin(databaseUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
      );
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const traceOf = (traceId: string | undefined): ReceivedSpan[] =>
    receiver.spans.filter((span) => span.traceId === traceId);
  const traceCarrying = (correlationId: string): ReceivedSpan[] =>
    traceOf(
      receiver.spans.find(
        (span) => attribute(span.attributes, 'careline.correlation_id') === correlationId,
      )?.traceId,
    );

  it('exports the buffered spans on SIGTERM, then exits 0', () => {
    expect(exitCode).toBe(0);
    expect(unnamed.status).toBe(200);
    expect(receiver.spans.length).toBeGreaterThan(0);
    expect(new Set(receiver.spans.map((span) => span.service))).toEqual(new Set(['careline']));
    // What the run without the endpoint must not load (below) is what this one did load.
    expect(probe.loaded().some((entry) => openTelemetryModule.test(entry))).toBe(true);
  });

  it("a GraphQL request is one trace: the HTTP server span for /graphql, with Fastify's spans under it", () => {
    const spans = traceOf(unnamed.correlationId);
    const server = spans.find(
      (span) => span.scope === '@opentelemetry/instrumentation-http' && span.kind === SERVER,
    );
    expect(server).toMatchObject({ name: 'POST /graphql' });
    expect(server?.parentSpanId ?? '').toBe('');
    expect(attribute(server?.attributes, 'http.route')).toBe('/graphql');

    const fastifyRequest = spans.find(
      (span) => span.scope === '@fastify/otel' && span.name === 'request',
    );
    expect(fastifyRequest?.parentSpanId).toBe(server?.spanId);
    const underRequest = spans.filter(
      (span) => span.scope === '@fastify/otel' && span.parentSpanId === fastifyRequest?.spanId,
    );
    expect(underRequest.map((span) => span.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^handler - /)]),
    );
  });

  it('without a client correlation id, the correlation id is the trace id, and the spans carry it', () => {
    expect(unnamed.correlationId).toMatch(/^[0-9a-f]{32}$/);
    const spans = traceOf(unnamed.correlationId);
    const carriers = spans.filter(
      (span) => attribute(span.attributes, 'careline.correlation_id') !== undefined,
    );
    expect(carriers.map((span) => span.scope).sort()).toEqual([
      '@fastify/otel',
      '@opentelemetry/instrumentation-http',
    ]);
    for (const span of carriers) {
      expect(attribute(span.attributes, 'careline.correlation_id')).toBe(unnamed.correlationId);
    }
  });

  it("a client's own correlation id is answered and carried on its trace's spans", () => {
    expect(named.correlationId).toBe(clientCorrelationId);
    const spans = traceCarrying(clientCorrelationId);
    const server = spans.find(
      (span) => span.scope === '@opentelemetry/instrumentation-http' && span.kind === SERVER,
    );
    expect(attribute(server?.attributes, 'careline.correlation_id')).toBe(clientCorrelationId);
    expect(server?.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it.runIf(Boolean(databaseUrl))(
    'on PostgreSQL the trace holds the queries, as statements without their values',
    () => {
      const spans = traceOf(unnamed.correlationId);
      const byId = new Map(spans.map((span) => [span.spanId, span]));
      const server = spans.find(
        (span) => span.scope === '@opentelemetry/instrumentation-http' && span.kind === SERVER,
      );
      const queries = spans.filter(
        (span) =>
          span.scope === '@opentelemetry/instrumentation-pg' &&
          span.kind === CLIENT &&
          span.name.startsWith('pg.query'),
      );
      expect(queries.length).toBeGreaterThan(0);
      for (const query of queries) {
        // Each query sits under the request's server span.
        let ancestor = byId.get(query.parentSpanId ?? '');
        while (ancestor && ancestor !== server) {
          ancestor = byId.get(ancestor.parentSpanId ?? '');
        }
        expect(ancestor).toBe(server);
      }
      const statements = queries.map(
        (span) =>
          attribute(span.attributes, 'db.query.text') ?? attribute(span.attributes, 'db.statement'),
      );
      expect(statements.some((text) => /^select .* from "organizations"/i.test(text ?? ''))).toBe(
        true,
      );
    },
  );

  it.runIf(!databaseUrl)(
    'on PGlite (inside the process, no driver) the trace has no database spans',
    () => {
      const spans = traceOf(unnamed.correlationId);
      expect(spans.some((span) => span.scope === '@fastify/otel')).toBe(true);
      expect(spans.filter((span) => span.scope === '@opentelemetry/instrumentation-pg')).toEqual(
        [],
      );
    },
  );

  it('probes start no trace', () => {
    // The request sent after the probe was exported...
    expect(traceCarrying(tokenCorrelationId).length).toBeGreaterThan(0);
    // ...and nothing of the probe.
    expect(traceCarrying(probeCorrelationId)).toEqual([]);
    expect(
      receiver.spans.filter((span) =>
        /^\/(readyz|livez|healthz|metrics)/.test(attribute(span.attributes, 'url.path') ?? ''),
      ),
    ).toEqual([]);
  });

  it('a token in the query string never reaches a span', () => {
    expect(withToken.correlationId).toBe(tokenCorrelationId);
    const spans = traceCarrying(tokenCorrelationId);
    expect(spans.length).toBeGreaterThan(0);
    expect(JSON.stringify(spans)).toContain('access_token=');
    expect(JSON.stringify(spans)).not.toContain(secret);
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT: nothing of OpenTelemetry', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-untraced-'));

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the preload loads no OpenTelemetry module and the server runs as without it', async () => {
    const probe = writeModuleProbe(dataDir);
    const started = await startBuiltServer(serverEnv(dataDir, {}), [probe.url]);
    const answer = await request(started.port, {
      method: 'POST',
      path: '/graphql',
      body: { query: '{ queryOrganization { id name } }' },
    });
    expect(await stop(started)).toBe(0);

    expect(answer.status).toBe(200);
    // A UUID, as before tracing: no trace id to take.
    expect(answer.correlationId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(started.output()).not.toMatch(/tracing on|preload did not run/);
    const loaded = probe.loaded();
    // The probe saw the preload and the server's packages, ESM and CommonJS alike...
    expect(loaded).toContain(pathToFileURL(path.join(serverDist, 'tracing.js')).href);
    expect(loaded.some((entry) => entry.includes('/node_modules/fastify/'))).toBe(true);
    expect(
      loaded.some(
        (entry) => entry.includes('/node_modules/mercurius/') && !entry.startsWith('file:'),
      ),
    ).toBe(true);
    // ...and nothing of OpenTelemetry's SDK, instrumentations, exporters or loader hooks. Its API package is
    // there without the preload: prom-client (the metrics) requires it for exemplars; with no SDK it is no-ops.
    expect(loaded.filter((entry) => openTelemetryModule.test(entry))).toEqual([]);
  }, 120_000);
});
