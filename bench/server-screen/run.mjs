// `npm run bench:server-screen` (issue 33 §1): what a page the server writes costs it per request.
// Builds the web app, starts the real server with the demo seeded (scripts/bench-apps.mjs, as the
// browser benches do; embedded PGlite), then asks each page BENCH_REQUESTS times (default 300), one at
// a time over one kept-alive connection, after 30 of warm-up: GET /login (the kept, precompressed
// sign-in page), GET /doctor (the hospitals only), GET /doctor?organization=<Colombo> (the cards of the
// demo's Colombo branch, the slow-link bench's address), and beside them the two GraphQL queries the
// app asks for that screen when the page does not bring their answers; likewise GET /view/appointment of
// a signed-in patient's own appointment (the page cookie, issue 33 §1), beside its two queries, and GET
// /chat-home's welcome for the same patient, beside the two queries the app asks for it. Per request: the server
// process's CPU time (careline_process_cpu_seconds_total on /metrics, with a token of its own, before and after), the median
// and p95 time to the whole answer, and the bytes sent (br). Writes .bench/server-screen.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWeb, startServer } from '../../scripts/bench-apps.mjs';
import { rootDir } from '../../scripts/web-build.mjs';
import { doctorScreenDocuments } from '../../apps/server/src/web-app.doctor.ts';
import { appointmentScreenDocuments } from '../../apps/server/src/web-app.appointment.ts';
import { chatScreenDocuments } from '../../apps/server/src/web-app.chat.ts';
import { demoPatient } from '../../scripts/bench-demo-patient.mjs';

const requests = Math.max(10, Number.parseInt(process.env.BENCH_REQUESTS ?? '300', 10) || 300);
const warmUp = 30;

// The app's own documents, as the server runs them for the page (web-app.doctor.ts).
const { consultationOrganizations: organizationsQuery, consultationSessions: sessionsQuery } = doctorScreenDocuments;

// /metrics answers on the API's port with its token only (issue 31 §3.10): the bench's own.
const metricsToken = 'server-screen-bench-metrics-token';

async function cpuSeconds(server) {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const line = text.split('\n').find((row) => row.startsWith('careline_process_cpu_seconds_total{'));
  if (!line) {
    throw new Error('/metrics has no careline_process_cpu_seconds_total');
  }
  return Number(line.split(' ').at(-1));
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(server, name, ask) {
  for (let i = 0; i < warmUp; i += 1) {
    await ask();
  }
  const before = await cpuSeconds(server);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const answer = await ask();
    const body = await answer.arrayBuffer();
    times.push(performance.now() - started);
    if (!answer.ok) {
      throw new Error(`${name}: HTTP ${answer.status}`);
    }
    bytes = Number(answer.headers.get('content-length') ?? body.byteLength);
  }
  const after = await cpuSeconds(server);
  times.sort((a, b) => a - b);
  return {
    name,
    cpuMsPerRequest: Math.round(((after - before) * 1000 * 100) / requests) / 100,
    medianMs: Math.round(quantile(times, 0.5) * 100) / 100,
    p95Ms: Math.round(quantile(times, 0.95) * 100) / 100,
    bytes,
  };
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-server-screen-'));
let server = null;
let failed = false;
try {
  const webDist = await buildWeb();
  server = await startServer('real', webDist, scratch, { seedDemo: true, env: { METRICS_TOKEN: metricsToken } });
  const graphql = (query, variables = {}) =>
    fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ query, variables }),
    });
  const { data } = await (await graphql(organizationsQuery)).json();
  const colombo = data.queryOrganization.find((organization) => organization.name.endsWith('Colombo'));
  if (!colombo) {
    throw new Error('the demo seed has no Colombo branch');
  }
  const page = (url) => () => fetch(`${server.url}${url}`, { headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'en' } });
  const doctorUrl = `/doctor?organization=${colombo.id}`;
  const sessionsVariables = { actorReference: [`Organization/${colombo.id}`], practitionerRoleCodingCode: null };
  const results = [];
  results.push(await measure(server, 'GET /login (kept page)', page('/login')));
  results.push(await measure(server, 'GET /doctor (hospitals)', page('/doctor')));
  results.push(await measure(server, 'GET /doctor?organization=<Colombo> (cards)', page(doctorUrl)));
  results.push(await measure(server, 'POST /graphql consultationOrganizations', () => graphql(organizationsQuery)));
  results.push(await measure(server, 'POST /graphql consultationSessions (Colombo)', () => graphql(sessionsQuery, sessionsVariables)));
  // issue 33 §1: the signed-in patient's own appointment, by the page cookie the app asks for.
  const patient = await demoPatient(server);
  const cookieAnswer = await fetch(`${server.url}/session/page-cookie`, { method: 'POST', headers: { authorization: `Bearer ${patient.token}` } });
  const cookie = cookieAnswer.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const appointmentUrl = patient.paths['/view/appointment'];
  const appointmentId = new URLSearchParams(appointmentUrl.split('?')[1]).get('appointmentId');
  const signedInGraphql = (query, variables) =>
    fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip', authorization: `Bearer ${patient.token}` },
      body: JSON.stringify({ query, variables }),
    });
  const appointmentPage = () =>
    fetch(`${server.url}${appointmentUrl}`, { headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'en', cookie } });
  const written = await (await appointmentPage()).text();
  if (!written.includes('data-careline-server-screen="appointment"')) {
    throw new Error('GET /view/appointment with the page cookie was not written by the server');
  }
  const { data: appointmentData } = await (await signedInGraphql(appointmentScreenDocuments.consultationAppointment, { id: appointmentId })).json();
  const sessionId = appointmentData.queryAppointment[0].sessionId;
  results.push(await measure(server, 'GET /view/appointment (page cookie)', appointmentPage));
  results.push(
    await measure(server, 'POST /graphql consultationAppointment', () =>
      signedInGraphql(appointmentScreenDocuments.consultationAppointment, { id: appointmentId }),
    ),
  );
  results.push(
    await measure(server, 'POST /graphql consultationSessionTokens', () =>
      signedInGraphql(appointmentScreenDocuments.consultationSessionTokens, { sessionId }),
    ),
  );
  // issue 33 §1: the same patient's /chat-home welcome (the profile and the upcoming appointments).
  const chatPage = () => fetch(`${server.url}/chat-home`, { headers: { 'accept-encoding': 'br, gzip', 'accept-language': 'en', cookie } });
  if (!(await (await chatPage()).text()).includes('data-careline-server-screen="chat"')) {
    throw new Error('GET /chat-home with the page cookie was not written by the server');
  }
  results.push(await measure(server, 'GET /chat-home (page cookie)', chatPage));
  results.push(await measure(server, 'POST /graphql queryOneProfile', () => signedInGraphql(chatScreenDocuments.queryOneProfile, {})));
  results.push(
    await measure(server, 'POST /graphql chatUpcomingAppointments', () =>
      signedInGraphql(chatScreenDocuments.chatUpcomingAppointments, { limit: 10 }),
    ),
  );
  fs.mkdirSync(path.join(rootDir, '.bench'), { recursive: true });
  fs.writeFileSync(
    path.join(rootDir, '.bench/server-screen.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), requests, cpus: os.cpus().length, results }, null, 2)}\n`,
  );
  console.log(`\n${requests} requests each, one at a time, after ${warmUp} of warm-up; real server, demo seed, PGlite.`);
  console.log('case'.padEnd(50), 'CPU ms/req'.padStart(11), 'median ms'.padStart(10), 'p95 ms'.padStart(8), 'bytes'.padStart(8));
  for (const row of results) {
    console.log(
      row.name.padEnd(50),
      String(row.cpuMsPerRequest).padStart(11),
      String(row.medianMs).padStart(10),
      String(row.p95Ms).padStart(8),
      String(row.bytes).padStart(8),
    );
  }
  console.log('written to .bench/server-screen.json');
} catch (error) {
  failed = true;
  console.error(`[bench:server-screen] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await server?.stop();
  if (!failed) {
    fs.rmSync(scratch, { recursive: true, force: true });
  } else {
    console.error(`[bench:server-screen] server log kept in ${scratch}`);
  }
}
process.exit(failed ? 1 : 0);
