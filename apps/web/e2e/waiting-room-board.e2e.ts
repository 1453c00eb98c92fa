import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { collectPageErrors, expectNoAxeViolations, latestCode, launchBrowser, randomMobileNo, screenshot, serverGraphql } from './support/index.ts';
import { watchScreens } from './support/screen-checks.ts';
import { freePort, startServerInstance, stopServerInstance, waitUntilReady, type ServerInstance } from './support/server-instance.ts';

// Issue 32 §3.6: the waiting-room board. An admin creates a display token through the staff API, a
// TV-sized page opens /display/<hospital>#<secret>, staff start the session and call a token and the
// board shows it live; then the server restarts: the board says it is offline with the time of its
// last update, reconnects by itself and shows the current state (a call made while it was down).
// Before staff start it, its start passed: it says it has not started. Staff then end the session: it
// stays on the board, marked ended; another one cancelled stays, marked so. Last the TV is a 720-line one,
// where the demo's Colombo day does not fit: the board pages, each page fitting the screen.
// The run's server cannot be restarted under the other journeys, so this one starts its own
// (the built server on its own embedded database, as nginx-failover.e2e.ts does with two).

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');
const host = 'localhost';
const demoAdmin = { email: 'admin@careline.test', password: 'careline-demo-staff' };

describe('the waiting-room board', () => {
  let instance: ServerInstance | undefined;
  let env: Record<string, string> = {};
  let port = 0;
  let dataDir = '';
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  const gql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
    serverGraphql<T>(query, variables, { token, host, port });
  const logFile = (run: number) => path.join(artifactsDir, `waiting-room-board-server-${String(run)}.log`);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-board-'));
    port = await freePort();
    // Its own embedded database (an empty DATABASE_URL is unset): the restart reopens the same DATA_DIR.
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    };
    instance = startServerInstance('board server', port, env, logFile(1));
    browser = await launchBrowser();
    await waitUntilReady(instance);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (instance) {
      await stopServerInstance(instance);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says a session late, shows the call live, says when it is offline during a restart, recovers with the current state, shows an ended and a cancelled session, and pages', async () => {
    const { staffSignIn } = await gql<{ staffSignIn: { token: string } }>(
      'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
      { e: demoAdmin.email, p: demoAdmin.password },
    );
    const staff = staffSignIn.token;
    const { queryOrganization } = await gql<{ queryOrganization: { id: string; name: string }[] }>('{ queryOrganization { id name } }');
    const { searchDoctors } = await gql<{ searchDoctors: { id: string; name: { text: string } }[] }>(
      '{ searchDoctors(text: "Nimal Perera") { id name { text } } }',
    );
    const colombo = queryOrganization.find((organization) => organization.name.endsWith('Colombo'));
    const doctor = searchDoctors.find((found) => found.name.text === 'Dr. Nimal Perera');
    if (!colombo || !doctor) {
      throw new Error('the demo needs its Colombo branch and Dr. Nimal Perera');
    }
    // A session starting now (today on the hospital's clock), with three patients booked.
    const start = new Date();
    start.setSeconds(0, 0);
    const { staffCreateSession } = await gql<{ staffCreateSession: { id: string } }>(
      'mutation ($o: ID!, $input: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $input) { id } }',
      {
        o: colombo.id,
        input: {
          practitionerId: doctor.id,
          locationName: 'Room Board',
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
          appointmentMaxAllowed: 10,
          participationMode: 'in_person',
        },
      },
      staff,
    );
    const sessionId = staffCreateSession.id;
    const patientNames: string[] = [];
    // Names no demo doctor carries, so the board's text can be searched for them.
    const letters = () => Array.from(randomBytes(5), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
    for (const given of ['Kasun', 'Dilani', 'Tharindu'].map((name) => `${name}${letters()}`)) {
      const mobileNo = randomMobileNo();
      const since = new Date();
      const started = await gql<{ initiateAuthentication: { id: string } }>('mutation ($u: String!) { initiateAuthentication(username: $u) { id } }', {
        u: mobileNo,
      });
      const code = await latestCode(mobileNo, { since, port });
      const { completeAuthentication } = await gql<{ completeAuthentication: { accessToken: string } }>(
        'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }',
        { id: started.initiateAuthentication.id, c: Number(code) },
      );
      const token = completeAuthentication.accessToken;
      const { createPatient } = await gql<{ createPatient: { id: string } }>(
        `mutation ($given: String!) { createPatient(name: {prefix: "Mr", given: [$given], family: "Board"},
          birthDate: "1980-01-02", gender: "male", extension: [{ valueId: "relationship", value: "Me" }]) { id } }`,
        { given },
        token,
      );
      await gql(
        'mutation ($p: ID!, $s: ID!, $k: String) { createAppointment(patientId: $p, sessionId: $s, idempotencyKey: $k) { id } }',
        { p: createPatient.id, s: sessionId, k: randomUUID() },
        token,
      );
      patientNames.push(given);
    }
    const staffCall = (mutation: 'staffStartSession' | 'staffCallNext' | 'staffEndSession') =>
      gql(`mutation ($o: ID!, $s: ID!) { ${mutation}(organizationId: $o, sessionId: $s) { __typename } }`, { o: colombo.id, s: sessionId }, staff);

    // The admin's display token; the TV opens its address (the secret in the fragment).
    const { staffCreateDisplayToken } = await gql<{ staffCreateDisplayToken: { boardUrl: string } }>(
      'mutation ($o: ID!) { staffCreateDisplayToken(organizationId: $o, name: "Ground floor TV") { boardUrl } }',
      { o: colombo.id },
      staff,
    );
    const board = new URL(staffCreateDisplayToken.boardUrl);
    expect(board.pathname).toBe(`/display/${colombo.id}`);
    // A screen tall enough for the whole of the demo's day at first, so this session is on the one page.
    context = await (browser as Browser).newContext({ viewport: { width: 1280, height: 720 * 8 }, locale: 'en-US' });
    const page: Page = await context.newPage();
    await watchScreens(context, page);
    const errors = collectPageErrors(page);
    onTestFailed(async () => {
      await screenshot(page, 'waiting-room-board-failure');
    });
    await page.goto(`http://${host}:${String(port)}${board.pathname}${board.hash}`);
    const room = page.getByRole('listitem').filter({ hasText: 'Room Board' }).first();
    const nowSeeing = room.getByTestId('now-seeing');
    await room.waitFor();
    expect(await room.getByRole('listitem').count()).toBe(3);
    // Its start (this minute) has passed and staff have not started it: it says so, giving no time of its own.
    await room.getByText(/^Not started yet \(was to start at \d{1,2}:\d{2}/).waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, 'the board with a session not started');
    // The secret went in the subscription, never in an address the server logged.
    const secret = board.hash.slice(1);

    await staffCall('staffStartSession');
    await staffCall('staffCallNext');
    await expect.poll(() => nowSeeing.textContent(), { timeout: 30_000 }).toBe('1');
    expect(await room.getByRole('listitem').count()).toBe(2);
    await screenshot(page, 'waiting-room-board-live');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const name of patientNames) {
      expect(text).not.toContain(name);
    }

    // The server stops: the board says so, with the time of its last update.
    await stopServerInstance(instance as ServerInstance);
    await page.getByText(/^Offline — reconnecting\. Last updated at /).waitFor({ timeout: 30_000 });
    await screenshot(page, 'waiting-room-board-offline');

    // It comes back (same data), a call is made before the board is back: the board shows it.
    instance = startServerInstance('board server (restarted)', port, env, logFile(2));
    await waitUntilReady(instance);
    await staffCall('staffCallNext');
    await expect.poll(() => nowSeeing.textContent(), { timeout: 45_000 }).toBe('2');
    await page.getByText(/^Updated at /).waitFor();
    expect(await room.getByRole('listitem').count()).toBe(1);


    // Ended: the session stays, saying so, with nobody seen and no tokens.
    await staffCall('staffEndSession');
    await room.getByText(/^Session ended at \d{1,2}:\d{2}/).waitFor({ timeout: 30_000 });
    expect(await room.getByTestId('now-seeing').count()).toBe(0);
    expect(await room.getByRole('listitem').count()).toBe(0);

    // Cancelled during the day: it stays on the board, saying so, without tokens.
    const { staffCreateSession: toCancel } = await gql<{ staffCreateSession: { id: string } }>(
      'mutation ($o: ID!, $input: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $input) { id } }',
      {
        o: colombo.id,
        input: {
          practitionerId: doctor.id,
          locationName: 'Room Cancelled',
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
          appointmentMaxAllowed: 10,
          participationMode: 'in_person',
        },
      },
      staff,
    );
    await gql('mutation ($o: ID!, $s: ID!) { staffCancelSession(organizationId: $o, sessionId: $s) { id } }', { o: colombo.id, s: toCancel.id }, staff);
    const cancelledRoom = page.getByRole('listitem').filter({ hasText: 'Room Cancelled' }).first();
    await cancelledRoom.getByText(/^Session at \d{1,2}:\d{2}\s?[AP]M cancelled$/).waitFor({ timeout: 30_000 });
    expect(await cancelledRoom.getByTestId('now-seeing').count()).toBe(0);
    await expectNoAxeViolations(page, 'the board with an ended and a cancelled session');

    // A 720-line TV: more sessions than fit, so pages, each within the screen, the next one in turn
    // after the page has been shown in en, si and ta.
    await page.setViewportSize({ width: 1280, height: 720 });
    const pageNote = page.locator('.display-board__page');
    // Whichever page it is on, in English (each language comes within 30 s).
    await pageNote.filter({ hasText: /^Page \d+ of \d+$/ }).waitFor({ timeout: 45_000 });
    const [, shownPage, pageCount] = (/^Page (\d+) of (\d+)$/.exec((await pageNote.textContent()) ?? '') ?? []).map(Number);
    const pages = pageCount ?? 0;
    expect(pages).toBeGreaterThan(1);
    const fits = () =>
      page.evaluate(() => {
        const rows = Array.from(document.querySelectorAll('.display-board__session'));
        return rows.length > 0 && rows.every((row) => row.getBoundingClientRect().bottom <= window.innerHeight);
      });
    expect(await fits()).toBe(true);
    const shownSessions = async () => (await page.locator('.display-board__session').allTextContents()).join('|');
    const before = await shownSessions();
    await screenshot(page, 'waiting-room-board-page');
    // The next page comes after this one's three languages (3 × 10 s), in English again.
    const nextPage = ((shownPage ?? 1) % pages) + 1;
    await pageNote.filter({ hasText: `Page ${String(nextPage)} of ${String(pages)}` }).waitFor({ timeout: 45_000 });
    expect(await shownSessions()).not.toBe(before);
    expect(await fits()).toBe(true);
    await expectNoAxeViolations(page, 'the board, its next page');
    await screenshot(page, 'waiting-room-board-next-page');

    const logs = [1, 2].map((run) => fs.readFileSync(logFile(run), 'utf8')).join('\n');
    expect(logs).not.toContain(secret);
    expect(errors.filter((error) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(error))).toEqual([]);
  }, 300_000);
});
