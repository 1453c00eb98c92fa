import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import WebSocket from 'ws';
import { collectPageErrors, latestCode, launchBrowser, newPhonePage, randomMobileNo, screenshot, serverGraphql } from './support/index.ts';
import { checkSiteConfig, hasOpenssl, nginxBinary, startNginx, stopNginx, writeLoadBalancerConfig } from './support/nginx-recipe.ts';
import {
  ended,
  freePort,
  gaugeValue,
  startServerInstance,
  stopServerInstance,
  waitUntilReady,
  type ServerInstance,
} from './support/server-instance.ts';
import { createThrowawayDatabase } from './support/throwaway-database.ts';

// Issue 31 §14: the nginx recipe of deploy/nginx, proven. Two instances of the built server on one
// PostgreSQL database and the shared Redis, behind Debian's nginx running the recipe as written; a
// patient signs in, books and watches the live queue through nginx, the instance holding the page's
// websocket is killed with -9, and the page goes on through the other: its websocket reconnects, the
// doctor's call reaches it live, and the booking is still there. Its own instances and nginx, so it
// runs in the e2e-serial project (vitest.config.ts), alone on the machine.

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
const host = 'localhost';
const demoAdmin = { email: 'admin@careline.test', password: 'careline-demo-staff' };

const nginx = nginxBinary();
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const missing = [
  nginx ? null : 'nginx (apt-get install nginx; .ci/run does)',
  databaseUrl ? null : 'DATABASE_URL (PostgreSQL)',
  redisUrl ? null : 'REDIS_URL',
].filter((what): what is string => what !== null);
if (missing.length > 0) {
  console.warn(`[nginx-failover.e2e] skipping the load-balancer journey: it needs ${missing.join(', ')}.`);
}
const openssl = hasOpenssl();
if (nginx && !openssl) {
  console.warn('[nginx-failover.e2e] skipping the TLS site check: openssl is not installed.');
}

/**
 * Polls a condition until it holds (every 100 ms), failing with what was awaited when it has not
 * after a minute: conditions here are steps of a failover, not speeds.
 */
async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`waited a minute for: ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One graphql-ws socket of the page as the browser saw it: acknowledged, and its live subscriptions. */
type SocketSeen = { acked: boolean; closed: boolean; live: Set<string> };

/** Follows every websocket the page opens (graphql-ws's messages, in both directions). */
function watchSockets(page: Page): SocketSeen[] {
  const sockets: SocketSeen[] = [];
  const message = (payload: string | Buffer): { id?: string; type?: string } => {
    try {
      return JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as { id?: string; type?: string };
    } catch {
      return {};
    }
  };
  page.on('websocket', (socket) => {
    const seen: SocketSeen = { acked: false, closed: false, live: new Set() };
    sockets.push(seen);
    socket.on('framesent', (frame) => {
      const { id, type } = message(frame.payload);
      if (type === 'subscribe' && id) {
        seen.live.add(id);
      } else if (type === 'complete' && id) {
        seen.live.delete(id);
      }
    });
    socket.on('framereceived', (frame) => {
      const { id, type } = message(frame.payload);
      if (type === 'connection_ack') {
        seen.acked = true;
      } else if ((type === 'complete' || type === 'error') && id) {
        seen.live.delete(id);
      }
    });
    socket.on('close', () => {
      seen.closed = true;
    });
  });
  return sockets;
}

/**
 * Opens a graphql-ws socket from the test process and initialises it (so the server's init timeout
 * leaves it open); resolves with the socket, or with the HTTP status the upgrade was refused with.
 */
function openInitialisedSocket(port: number): Promise<{ socket: WebSocket; status: number | 'open' }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${String(port)}/graphql`, 'graphql-transport-ws');
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString('utf8')) as { type?: string }).type === 'connection_ack') {
        resolve({ socket, status: 'open' });
      }
    });
    socket.once('unexpected-response', (_request, response) => resolve({ socket, status: response.statusCode ?? 0 }));
    socket.once('error', reject);
  });
}

describe.runIf(nginx !== null && openssl)('deploy/nginx: the TLS site as Debian installs it', () => {
  it('nginx -t accepts the four recipe files laid out in conf.d, snippets and sites-enabled', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-nginx-site-'));
    try {
      const { ok, output } = checkSiteConfig(nginx ?? '', dir);
      expect(output).toContain('test is successful');
      expect(ok).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(missing.length === 0)('deploy/nginx: two instances behind nginx, one killed with -9', () => {
  const metricsToken = randomBytes(24).toString('hex');
  const folders: string[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  let instances: ServerInstance[] = [];
  let balancer: ChildProcess | undefined;
  let nginxDir = '';
  let balancerPort = 0;
  let browser: Browser | undefined;

  /** A GraphQL call through nginx as the demo tenant. */
  const viaNginx = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
    serverGraphql<T>(query, variables, { token, host, port: balancerPort });
  const pageUrl = (urlPath: string): string => `http://${host}:${String(balancerPort)}${urlPath}`;

  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase(databaseUrl ?? '');
    dropDatabase = throwaway.drop;
    // Both as a hospital would run them: one database, one Redis, one secret, behind a proxy.
    const shared = {
      NODE_ENV: 'test',
      DATABASE_URL: throwaway.url,
      REDIS_URL: redisUrl ?? '',
      APP_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    };
    const names = ['a', 'b'];
    instances = await Promise.all(
      names.map(async (name) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `careline-lb-${name}-`));
        folders.push(dataDir);
        return startServerInstance(
          `instance ${name.toUpperCase()}`,
          await freePort(),
          { ...shared, DATA_DIR: dataDir },
          path.join(artifactsDir, `nginx-failover-${name}.log`),
        );
      }),
    );
    // Started at the same moment on the empty database: they take turns migrating (issue 31 §2.7).
    await Promise.all(instances.map((instance) => waitUntilReady(instance)));

    nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-nginx-'));
    folders.push(nginxDir);
    balancerPort = await freePort();
    const conf = writeLoadBalancerConfig(
      nginxDir,
      balancerPort,
      instances.map((instance) => `127.0.0.1:${String(instance.port)}`),
    );
    balancer = await startNginx(nginx ?? '', nginxDir, conf, balancerPort);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (balancer) {
      await stopNginx(balancer);
      // Kept beside the instances' logs: which connections nginx saw refused, and where it went next.
      fs.mkdirSync(artifactsDir, { recursive: true });
      fs.copyFileSync(path.join(nginxDir, 'error.log'), path.join(artifactsDir, 'nginx-failover-nginx.log'));
    }
    await Promise.all(instances.map((instance) => stopServerInstance(instance)));
    await dropDatabase?.();
    for (const folder of folders) {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('caps websockets per client address once for both instances: the 51st is refused with 429 (issue 31 §15)', async () => {
    const sockets: WebSocket[] = [];
    try {
      for (let opened = 0; opened < 50; opened += 1) {
        const { socket, status } = await openInitialisedSocket(balancerPort);
        sockets.push(socket);
        expect(status).toBe('open');
      }
      // Spread over both instances, each under its own cap of 50 (GRAPHQL_WS_MAX_SOCKETS_PER_ADDRESS):
      // only the count at nginx sees the address's 50.
      const held = await Promise.all(instances.map((instance) => gaugeValue(instance, metricsToken, 'careline_websockets_open')));
      expect(held.reduce((sum, open) => sum + open, 0)).toBe(50);
      expect(Math.min(...held)).toBeGreaterThan(0);
      const refused = await openInitialisedSocket(balancerPort);
      sockets.push(refused.socket);
      expect(refused.status).toBe(429);
    } finally {
      for (const socket of sockets) {
        socket.terminate();
      }
    }
    await until('both instances to have closed the 50 sockets', async () => {
      const open = await Promise.all(instances.map((instance) => gaugeValue(instance, metricsToken, 'careline_websockets_open')));
      return open.every((count) => count === 0);
    });
  });

  it('signs in, books and watches the queue through nginx; kill -9 of its instance loses neither the page nor the booking', async () => {
    // The doctor's session, made through nginx with the staff API as a receptionist would.
    const { staffSignIn } = await viaNginx<{ staffSignIn: { token: string } }>(
      'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
      { e: demoAdmin.email, p: demoAdmin.password },
    );
    const staff = staffSignIn.token;
    const { queryOrganization } = await viaNginx<{ queryOrganization: { id: string; name: string }[] }>('{ queryOrganization { id name } }');
    const { searchDoctors } = await viaNginx<{ searchDoctors: { id: string; name: { text: string } }[] }>(
      '{ searchDoctors(text: "Nimal Perera") { id name { text } } }',
    );
    const colombo = queryOrganization.find((organization) => organization.name.endsWith('Colombo'));
    const doctor = searchDoctors.find((found) => found.name.text === 'Dr. Nimal Perera');
    if (!colombo || !doctor) {
      throw new Error('the demo needs its Colombo branch and Dr. Nimal Perera');
    }
    const start = new Date(Date.now() + 2 * 60 * 60 * 1000);
    start.setSeconds(0, 0);
    const { staffCreateSession } = await viaNginx<{ staffCreateSession: { id: string } }>(
      'mutation ($o: ID!, $input: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $input) { id } }',
      {
        o: colombo.id,
        input: {
          practitionerId: doctor.id,
          locationName: 'Room Failover',
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
          appointmentMaxAllowed: 10,
          participationMode: 'in_person',
        },
      },
      staff,
    );
    const sessionId = staffCreateSession.id;
    const staffCall = (mutation: 'staffStartSession' | 'staffCallNext') =>
      viaNginx(`mutation ($o: ID!, $s: ID!) { ${mutation}(organizationId: $o, sessionId: $s) { __typename } }`, { o: colombo.id, s: sessionId }, staff);

    const { context, page } = await newPhonePage(browser as Browser, { host });
    const errors = collectPageErrors(page);
    const sockets = watchSockets(page);
    onTestFailed(async () => {
      await screenshot(page, 'nginx-failover-failure');
    });

    // Signs in by SMS code, through nginx (the code is read from the outbox of an instance: /dev/ is closed at nginx).
    const mobileNo = randomMobileNo();
    await page.goto(pageUrl('/login'));
    await page.getByPlaceholder('Type your mobile number here').fill(`0${mobileNo.slice(2)}`);
    await page.getByRole('button', { name: 'Send now' }).click();
    const codeInput = page.getByPlaceholder('Type verification code');
    await codeInput.waitFor();
    await codeInput.fill(await latestCode(mobileNo, { port: instances[0]?.port }));
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.waitForURL((url) => url.pathname === '/profiles/registration');
    await page.getByRole('radio', { name: 'Me', exact: true }).check();
    await page.getByLabel('Prefix').selectOption('Mr');
    await page.getByLabel('Given name').fill('Ruwan');
    await page.getByLabel('Family name').fill('Silva');
    await page.getByLabel('Day').fill('12');
    await page.getByLabel('Month').fill('8');
    await page.getByLabel('Year').fill('1985');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/profiles');

    // Books the session at the hospital's counter and gets token 1.
    await page.goto(pageUrl(`/view/session?sessionId=${sessionId}`));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /Me/ }).click();
    await page.getByText('Pay at the hospital when you arrive.').waitFor();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/view/appointment' && url.searchParams.get('sessionId') === sessionId);
    const appointmentUrl = page.url();
    const appointmentId = new URL(appointmentUrl).searchParams.get('appointmentId') ?? '';
    const token = page.locator('.appointment-facts__token-number');
    await token.waitFor();
    expect(await token.textContent()).toBe('1');
    await page.getByText('No token called yet').waitFor();

    // Watches the queue live: the doctor arrives, and the open page shows it without a reload.
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        navigations += 1;
      }
    });
    await staffCall('staffStartSession');
    await page.getByText('Dr. Arrived', { exact: true }).first().waitFor();

    // The page's one websocket is on one instance; that one is killed with -9.
    const before = await Promise.all(instances.map((instance) => gaugeValue(instance, metricsToken, 'careline_websockets_open')));
    const targetIndex = before.findIndex((open) => open > 0);
    expect(before.reduce((sum, open) => sum + open, 0)).toBe(1);
    const target = instances[targetIndex];
    const survivor = instances[1 - targetIndex];
    if (!target || !survivor) {
      throw new Error(`no instance holds the page's websocket (open: ${before.join(', ')})`);
    }
    const oldSocket = sockets.at(-1);
    const liveBefore = oldSocket?.live.size ?? 0;
    expect(oldSocket?.acked).toBe(true);
    expect(liveBefore).toBeGreaterThan(0);
    const socketsBefore = sockets.length;
    target.child.kill('SIGKILL');
    await ended(target.child);
    expect(target.child.signalCode).toBe('SIGKILL');

    // The page reconnects by itself through nginx, to the survivor, and subscribes again.
    await until('the old socket to close', () => oldSocket?.closed === true);
    await until(
      `a new websocket, acknowledged, holding the page's ${String(liveBefore)} subscriptions again`,
      () => sockets.slice(socketsBefore).some((seen) => !seen.closed && seen.acked && seen.live.size >= liveBefore),
    );
    await until(`${survivor.name} to hold the page's websocket`, async () => (await gaugeValue(survivor, metricsToken, 'careline_websockets_open')) === 1);

    // The doctor calls the next token; the call, sent through nginx, reaches the page live.
    await staffCall('staffCallNext');
    const ongoing = page.locator('.queue__token');
    await ongoing.first().waitFor();
    expect(await ongoing.allTextContents()).toEqual(['1']);
    expect(navigations).toBe(0);
    await screenshot(page, 'nginx-failover-called');
    // nginx did meet the dead instance (least_conn sends the next request to the one holding no
    // websocket) and took the request on to the survivor instead of failing it.
    const nginxLog = fs.readFileSync(path.join(nginxDir, 'error.log'), 'utf8');
    expect(nginxLog).toContain('connect() failed (111: Connection refused) while connecting to upstream');
    expect(nginxLog).toContain(`upstream: "http://127.0.0.1:${String(target.port)}/graphql`);

    // The booking made before the kill is there, read through nginx, by the page after a reload too.
    const patientToken = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const { queryAppointment } = await viaNginx<{ queryAppointment: { id: string; sessionId: string; tokenNo: number }[] }>(
      'query ($id: ID) { queryAppointment(id: $id) { id sessionId tokenNo } }',
      { id: appointmentId },
      patientToken ?? undefined,
    );
    expect(queryAppointment).toEqual([{ id: appointmentId, sessionId, tokenNo: 1 }]);
    await page.goto(appointmentUrl);
    await token.waitFor();
    expect(await token.textContent()).toBe('1');
    expect(await page.locator('.queue__token').allTextContents()).toEqual(['1']);

    expect(errors).toEqual([]);
    await context.close();
    // The access log names paths only: the websocket's access token never reaches it.
    const accessLog = fs.readFileSync(path.join(nginxDir, 'access.log'), 'utf8');
    expect(accessLog).toContain('"GET /graphql HTTP/1.1" 101');
    expect(accessLog).not.toContain('access_token');
  }, 300_000);
});
