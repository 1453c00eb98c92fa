import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  expectNoAxeViolations,
  expectTouchTargets,
  latestCode,
  launchBrowser,
  newPhonePage,
  randomMobileNo,
  screenshot,
  serverGraphql,
} from './support/index.ts';
import { createSession, staffToken } from './support/journey-setup.ts';

// Issue 8 browser journeys 'history paging' and 'feedback with the 10 → review link' (spec doc 2 §2
// Appointment history, §4 Feedback): a patient with 9 appointments made through the real server sees
// 8, then all 9 after 'See more'; the hospital marks one visit done in the staff API, and the patient
// rates it 10 in the app, which thanks them and opens the hospital's review link after 2 s.

const host = 'localhost';
const demoAdmin = { email: 'admin@careline.test', password: 'careline-demo-staff' };
const reviewLink = 'https://reviews.example.org/careline-journey';

const gql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
  serverGraphql<T>(query, variables, { token, host });

type Booked = { id: string; organizationId: string; doctorName: string };

/** A patient who signed in by SMS and has one profile, through the API; returns the token and profile. */
async function signUpPatient(mobileNo: string): Promise<{ token: string; patientId: string }> {
  const since = new Date();
  const started = await gql<{ initiateAuthentication: { id: string } }>(
    'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }',
    { u: mobileNo },
  );
  const code = await latestCode(mobileNo, { since });
  const done = await gql<{ completeAuthentication: { accessToken: string } }>(
    'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }',
    { id: started.initiateAuthentication.id, c: Number(code) },
  );
  const token = done.completeAuthentication.accessToken;
  const created = await gql<{ createPatient: { id: string } }>(
    `mutation { createPatient(name: {prefix: "Mrs", given: ["History${mobileNo.slice(-4)}"], family: "Perera"},
      birthDate: "1985-04-12", gender: "female", extension: [{ valueId: "relationship", value: "Me" }]) { id } }`,
    {},
    token,
  );
  return { token, patientId: created.createPatient.id };
}

/**
 * Books the profile into `count` sessions the journey makes itself (days 4, 5, … away, through the staff
 * API): never into sessions other journeys made and count tokens or places in, which may run alongside.
 */
async function bookAppointments(token: string, patientId: string, count: number): Promise<Booked[]> {
  const staff = await staffToken();
  const booked: Booked[] = [];
  for (let i = 0; i < count; i += 1) {
    const sessionId = await createSession(staff, 4 + i, `Room History ${String(i + 1)}`);
    const { createAppointment } = await gql<{ createAppointment: Booked }>(
      'mutation ($p: ID!, $s: ID!, $k: String) { createAppointment(patientId: $p, sessionId: $s, idempotencyKey: $k) { id organizationId doctorName } }',
      { p: patientId, s: sessionId, k: randomUUID() },
      token,
    );
    booked.push(createAppointment);
  }
  return booked;
}

/** The hospital marks the visit done through the staff API (arrived, then fulfilled). */
async function markVisitDone(appointment: Booked): Promise<void> {
  const { staffSignIn } = await gql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: demoAdmin.email, p: demoAdmin.password },
  );
  for (const status of ['arrived', 'fulfilled']) {
    await gql(
      'mutation ($a: ID!, $o: ID!, $s: StaffAppointmentStatus!) { staffSetAppointmentStatus(appointmentId: $a, organizationId: $o, status: $s) { tokenNo } }',
      { a: appointment.id, o: appointment.organizationId, s: status },
      staffSignIn.token,
    );
  }
}

/**
 * Gives the tenant's public settings a review link for one hospital. Review links are keyed by the
 * organisation's id, which the demo seed generates, so the journey adds one to the tenantConfig
 * answer of the real server rather than to the tenants file; every other request goes through untouched.
 */
async function withReviewLink(page: Page, organizationId: string): Promise<void> {
  await page.route('**/graphql*', async (route) => {
    const request = route.request();
    const text = request.method() === 'GET' ? new URL(request.url()).searchParams.get('query') : request.postData();
    if (!text?.includes('tenantConfig')) {
      await route.continue();
      return;
    }
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { tenantConfig?: { reviewLinks?: Record<string, string> } } };
    if (body.data?.tenantConfig) {
      body.data.tenantConfig.reviewLinks = { ...body.data.tenantConfig.reviewLinks, [organizationId]: reviewLink };
    }
    await route.fulfill({ response, json: body });
  });
}

describe('appointment history and feedback', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('shows 8 appointments, 8 more per See more, and a 10 opens the review link after 2 s', async () => {
    const mobileNo = randomMobileNo();
    const { token, patientId } = await signUpPatient(mobileNo);
    const booked = await bookAppointments(token, patientId, 9);
    const visited = booked[0]!;
    await markVisitDone(visited);

    const { context, page } = await newPhonePage(browser, { host });
    onTestFailed(async () => {
      await screenshot(page, 'history-failure');
    });
    await page.addInitScript((accessToken) => {
      window.localStorage.setItem('accessToken', accessToken);
      // The review page opens in a new tab; the journey records it instead.
      const opened: string[] = [];
      (window as unknown as { __opened: string[] }).__opened = opened;
      window.open = (url?: string | URL) => {
        opened.push(String(url));
        return null;
      };
    }, token);
    await withReviewLink(page, visited.organizationId);

    // History paging (spec doc 2 §9: 8, then 8 more).
    await page.goto('/history/appointments');
    const cards = page.getByRole('link', { name: /^Open appointment/ });
    await page.getByText('Showing 8 of 9').waitFor();
    expect(await page.locator('main .history-list').first().getByRole('link', { name: /^Open appointment/ }).count()).toBe(8);
    expect(await page.getByRole('navigation', { name: 'History' }).getByRole('link', { name: 'My Appointments' }).count()).toBe(1);
    await expectTouchTargets(page);
    await screenshot(page, 'history-first-page');

    await page.getByRole('button', { name: 'See more' }).click();
    await page.getByText('Showing 9 of 9').waitFor();
    expect(await page.locator('main .history-list').first().getByRole('link', { name: /^Open appointment/ }).count()).toBe(9);
    expect(await page.getByRole('button', { name: 'See more' }).count()).toBe(0);
    expect(await cards.count()).toBeGreaterThanOrEqual(9);
    await expectNoAxeViolations(page, 'history, all loaded');
    await screenshot(page, 'history-all');

    // Feedback with the 10 → review link (spec doc 2 §4 Feedback).
    const visitCard = page.locator('main .history-list').first().getByRole('article').filter({ hasText: 'Completed' });
    await visitCard.getByRole('button', { name: 'Rate your visit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rate your visit' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: '10' }).check();
    await dialog.getByText('Great', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'feedback dialog');
    await screenshot(page, 'history-feedback');
    // The thanks is a toast of 4 s: watch for it from the click.
    const thanks = page.getByRole('status').getByText('Thank you for your feedback').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await thanks;
    await page.waitForFunction(() => (window as unknown as { __opened: string[] }).__opened.length > 0, undefined, {
      timeout: 30_000,
    });
    expect(await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened)).toEqual([reviewLink]);

    // Rated: the card offers no second rating.
    await expect.poll(() => visitCard.getByRole('button', { name: 'Rate your visit' }).count()).toBe(0);
    await context.close();
  });
});
