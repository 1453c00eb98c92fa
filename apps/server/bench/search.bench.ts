/**
 * `npm run bench:search` (issue 8): session search over the benchmark tenant (10,000 practitioners,
 * 5,000 sessions over the next two weeks) through GraphQL at a fixed rate (BENCH_RATE, 200 req/s),
 * beside the very same SQL run straight on the driver at the same rate in the same run. The SQL is
 * taken from the service itself (Drizzle's query log of each search), so the two sides run identical
 * statements. Reports p50/p95 latency and throughput of each. Goal: GraphQL p95 <= 20 ms at 200 req/s
 * on PostgreSQL. Searches mix: by doctor, by specialty, by hospital and specialty (the /doctor screen's).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { Agent, fetch as undiciFetch } from 'undici';
import { consultationSessions, organizations, practitionerRoles, practitioners } from '../src/db/schema/index.ts';
import * as schema from '../src/db/schema/index.ts';
import { searchConsultationSessions } from '../src/modules/consultations/consultations.service.ts';
import { BENCH_TENANT, openBenchDatabase, percentile, startBenchServer } from './support.ts';

const settings = {
  practitioners: Number(process.env.BENCH_PRACTITIONERS ?? 10_000),
  sessions: Number(process.env.BENCH_SESSIONS ?? 5_000),
  rate: Number(process.env.BENCH_RATE ?? 200),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
};
const GOAL_P95_MS = 20;
const HOSPITALS = 12;
const SPECIALTIES = [
  'Cardiologist', 'Dermatologist', 'Neurologist', 'Paediatrician', 'Psychiatrist', 'Gynaecologist', 'Oncologist',
  'Orthopaedic Surgeon', 'ENT Surgeon', 'Eye Surgeon', 'Physician', 'Urologist', 'Nephrologist', 'Endocrinologist',
  'Rheumatologist', 'Gastroenterologist', 'Pulmonologist', 'Radiologist', 'Dental Surgeon', 'Neurosurgeon',
  'Vascular Surgeon', 'General Surgeon', 'Haematologist', 'Psychologist', 'Nutritionist', 'Venereologist',
  'Chest Physician', 'Cardiothoracic Surgeon', 'Plastic Surgeon', 'Consultant Physician',
];
const GIVEN = ['Nimal', 'Kamal', 'Sunil', 'Anura', 'Chaminda', 'Dilani', 'Sanduni', 'Kumari', 'Ruwan', 'Priyanka', 'Tharindu', 'Ishara', 'Nuwan', 'Harsha', 'Malini', 'Lakmal'];
const FAMILY = ['Perera', 'Silva', 'Fernando', 'Jayasinghe', 'Wickramasinghe', 'Bandara', 'Rajapaksa', 'Gunasekara', 'Dissanayake', 'Herath', 'Kumara', 'Ratnayake'];

const QUERY = `query ($actorReference: [String!], $practitionerRoleCodingCode: String, $limit: Int) {
  querySession(actorReference: $actorReference, practitionerRoleCodingCode: $practitionerRoleCodingCode, limit: $limit) {
    id status startTime endTime appointmentMaxAllowed appointmentCount paidAppointments participationMode
    practitioner { id text } practitionerRole { display code } organization { id orgName } location { locationName }
  }
}`;

type Search = { actorReference?: string[]; practitionerRoleCodingCode?: string; limit: number };
type RunResult = { latencies: number[]; sent: number; failures: number; seconds: number };

const code = (display: string): string => display.toLowerCase().replace(/[^a-z]+/g, '_');
const pick = <T>(list: T[], i: number): T => list[i % list.length] as T;

async function makeTenantData(db: ReturnType<typeof drizzle<typeof schema>>): Promise<{ doctorIds: string[]; hospitalIds: string[] }> {
  const hospitalRows = await db
    .insert(organizations)
    .values(Array.from({ length: HOSPITALS }, (_, i) => ({ tenantId: BENCH_TENANT, name: `Bench Hospital ${i + 1}`, city: 'Colombo' })))
    .returning({ id: organizations.id });
  const hospitalIds = hospitalRows.map((row) => row.id);
  const doctorIds: string[] = [];
  const doctorRole = new Map<string, string>();
  const doctorHospital = new Map<string, string>();
  for (let offset = 0; offset < settings.practitioners; offset += 1000) {
    const size = Math.min(1000, settings.practitioners - offset);
    const rows = await db
      .insert(practitioners)
      .values(
        Array.from({ length: size }, (_, j) => {
          const i = offset + j;
          const given = `${pick(GIVEN, i)}${i}`;
          const family = pick(FAMILY, Math.floor(i / GIVEN.length));
          return { tenantId: BENCH_TENANT, prefix: 'Dr.', givenName: given, familyName: family, text: `Dr. ${given} ${family}` };
        }),
      )
      .returning({ id: practitioners.id });
    await db.insert(practitionerRoles).values(
      rows.map((row, j) => {
        const display = pick(SPECIALTIES, offset + j);
        const organizationId = pick(hospitalIds, offset + j);
        doctorRole.set(row.id, display);
        doctorHospital.set(row.id, organizationId);
        return { tenantId: BENCH_TENANT, practitionerId: row.id, organizationId, code: code(display), display };
      }),
    );
    doctorIds.push(...rows.map((row) => row.id));
  }
  const startOfToday = new Date();
  startOfToday.setHours(0, 0, 0, 0);
  for (let offset = 0; offset < settings.sessions; offset += 1000) {
    const size = Math.min(1000, settings.sessions - offset);
    await db.insert(consultationSessions).values(
      Array.from({ length: size }, (_, j) => {
        const i = offset + j;
        // Half of the doctors hold a session: doctor 2i, or 2i + 1 in every other run of 30 sessions, so
        // that the odd specialties have sessions too. Sessions spread over 14 days, 8:00-20:00.
        const practitionerId = pick(doctorIds, (i * 2 + (Math.floor(i / SPECIALTIES.length) % 2)) % doctorIds.length);
        const display = doctorRole.get(practitionerId) ?? 'Physician';
        const startTime = new Date(startOfToday.getTime() + (i % 14) * 86_400_000 + (8 + (i % 12)) * 3_600_000);
        return {
          tenantId: BENCH_TENANT,
          organizationId: doctorHospital.get(practitionerId) ?? pick(hospitalIds, i),
          practitionerId,
          practitionerRoleCode: code(display),
          practitionerRoleDisplay: display,
          startTime,
          endTime: new Date(startTime.getTime() + 2 * 3_600_000),
          appointmentMaxAllowed: 30,
        };
      }),
    );
  }
  // The planner's statistics, as autovacuum keeps them on a live database (both sides run on them).
  await db.execute(sql`ANALYZE`);
  return { doctorIds, hospitalIds };
}

function searches(doctorIds: string[], hospitalIds: string[], count: number): Search[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = i % 10;
    if (kind < 5) {
      return { actorReference: [`Practitioner/${pick(doctorIds, (i * 7919) % doctorIds.length)}`], limit: 100 };
    }
    if (kind < 8) {
      return { practitionerRoleCodingCode: code(pick(SPECIALTIES, i)), limit: 100 };
    }
    return { actorReference: [`Organization/${pick(hospitalIds, i)}`], practitionerRoleCodingCode: code(pick(SPECIALTIES, i * 3)), limit: 100 };
  });
}

/** Fires `work(i)` at a fixed rate (open loop: late answers do not slow the sending), records latencies. */
async function fixedRate(seconds: number, rate: number, work: (i: number) => Promise<boolean>): Promise<RunResult> {
  const latencies: number[] = [];
  let failures = 0;
  const total = Math.round(seconds * rate);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const sentAt = performance.now();
    inFlight.push(
      work(i).then(
        (ok) => {
          latencies.push(performance.now() - sentAt);
          failures += ok ? 0 : 1;
        },
        () => {
          failures++;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { latencies, sent: total, failures, seconds: (performance.now() - started) / 1000 };
}

/**
 * Child process: the GraphQL load at a fixed rate, so that the server's process has its CPU to itself.
 * The warm-up runs in this same process first (a fresh process's first requests measure its own cold
 * code, not the server), then it says so and the measured run follows.
 */
async function loadMain(url: string, file: string, warmupSeconds: number, seconds: number): Promise<void> {
  const list = JSON.parse(fs.readFileSync(file, 'utf8')) as Search[];
  const dispatcher = new Agent({ connections: 256, keepAliveTimeout: 30_000 });
  const search = async (i: number): Promise<boolean> => {
    const response = await undiciFetch(url, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY, variables: pick(list, i) }),
    });
    const body = (await response.json()) as { errors?: unknown };
    return response.ok && !body.errors;
  };
  await fixedRate(warmupSeconds, settings.rate, search);
  process.send?.({ warmedUp: true });
  const result = await fixedRate(seconds, settings.rate, search);
  await dispatcher.close();
  process.send?.(result);
}

/** Runs the GraphQL load in a child; `onWarmedUp` is called between its warm-up and its measured run. */
function graphqlLoad(url: string, file: string, onWarmedUp: () => void): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--load', url, file, String(settings.warmupSeconds), String(settings.seconds)],
      { execArgv: process.execArgv },
    );
    child.on('message', (message: RunResult | { warmedUp: true }) => {
      if ('warmedUp' in message) {
        onWarmedUp();
      } else {
        resolve(message);
      }
    });
    child.once('error', reject);
    child.once('exit', (exitCode) => {
      if (exitCode !== 0) {
        reject(new Error(`load generator exited with ${exitCode}`));
      }
    });
  });
}

function report(label: string, result: RunResult): { p95: number } {
  const p50 = percentile(result.latencies, 50);
  const p95 = percentile(result.latencies, 95);
  const throughput = (result.sent - result.failures) / result.seconds;
  console.log(
    `${label.padEnd(22)} p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  ${throughput.toFixed(0)} req/s` +
      `${result.failures ? `  ${result.failures} failed` : ''}`,
  );
  return { p95 };
}

async function main(): Promise<void> {
  const bench = await openBenchDatabase();
  const server = await startBenchServer(bench);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-search-bench-'));
  const pool = bench.url ? new pg.Pool({ connectionString: bench.url, max: 10 }) : null;
  try {
    const built = performance.now();
    const { doctorIds, hospitalIds } = await makeTenantData(bench.database.db as never);
    console.log(
      `database: ${bench.kind}; benchmark tenant: ${settings.practitioners} practitioners, ${settings.sessions} sessions, ${HOSPITALS} hospitals ` +
        `(made in ${((performance.now() - built) / 1000).toFixed(1)} s); ${settings.rate} req/s for ${settings.seconds} s each`,
    );
    const list = searches(doctorIds, hospitalIds, 2000);
    const file = path.join(tmp, 'searches.json');
    fs.writeFileSync(file, JSON.stringify(list));
    const url = `${server.origin}/graphql`;
    // The server runs in this process and the load in a child: this process's CPU is the server's.
    let cpuBefore = process.cpuUsage();
    const graphqlRun = await graphqlLoad(url, file, () => {
      cpuBefore = process.cpuUsage();
    });
    const cpu = process.cpuUsage(cpuBefore);
    const graphqlResult = report('GraphQL querySession', graphqlRun);
    const cpuPerRequest = (cpu.user + cpu.system) / 1000 / (settings.rate * settings.seconds);
    console.log(
      `server CPU per request ${cpuPerRequest.toFixed(2)} ms (${((cpuPerRequest * settings.rate) / 10).toFixed(0)}% of one core at ${settings.rate} req/s)`,
    );

    let sqlLine = '';
    if (pool) {
      // The service's own statements, captured from Drizzle's query log, one list per search.
      const captured: { sql: string; params: unknown[] }[][] = [];
      let current: { sql: string; params: unknown[] }[] = [];
      const logging = drizzle({ client: pool, schema, casing: 'snake_case', logger: { logQuery: (sql, params) => current.push({ sql, params }) } });
      for (const search of list.slice(0, 500)) {
        current = [];
        await searchConsultationSessions(logging, BENCH_TENANT, search);
        captured.push(current);
      }
      const replay = async (i: number): Promise<boolean> => {
        for (const statement of pick(captured, i)) {
          await pool.query(statement.sql, statement.params);
        }
        return true;
      };
      await fixedRate(settings.warmupSeconds, settings.rate, replay);
      const direct = report('same SQL on the driver', await fixedRate(settings.seconds, settings.rate, replay));
      sqlLine = `; ratio p95 GraphQL / SQL = ${(graphqlResult.p95 / direct.p95).toFixed(2)}`;
    }
    const ok = graphqlResult.p95 <= GOAL_P95_MS;
    console.log(`goal: GraphQL p95 <= ${GOAL_P95_MS} ms at ${settings.rate} req/s: ${ok ? 'OK' : 'MISSED'}${sqlLine}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await pool?.end();
    await server.close();
    await bench.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const [mode, loadUrl, loadFile, loadWarmupSeconds, loadSeconds] = process.argv.slice(2);
if (mode === '--load' && loadUrl && loadFile) {
  loadMain(loadUrl, loadFile, Number(loadWarmupSeconds), Number(loadSeconds)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
