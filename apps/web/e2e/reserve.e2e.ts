import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  appUrl,
  checkScreen,
  collectPageErrors,
  latestCode,
  launchBrowser,
  newPhonePage,
  randomMobileNo,
  screenshot,
  serverGraphql,
} from './support/index.ts';

// Issue 8 §3 browser journey, the reserve path (spec doc 2 §4 Booking step 4, doc 1 Profile creation):
// on the tenant that allows reserving, a new user with no profile yet reserves a number (a temporary
// appointment), registers the patient, and the reservation continues to the appointment's token.
const host = 'first.localhost';

const gql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
  serverGraphql<T>(query, variables, { token, host });

type SeedSession = {
  id: string;
  status: string;
  startTime: string;
  appointmentCount: number;
  appointmentMaxAllowed: number;
  chargingSchemeId: string | null;
  paidAppointments: number;
};

/** A seeded session of the tenant that can be reserved: bookable, with room, a fee and no paid appointments. */
async function reservableSession(): Promise<string> {
  const { querySession } = await gql<{ querySession: SeedSession[] }>(
    'query { querySession(limit: 500) { id status startTime appointmentCount appointmentMaxAllowed chargingSchemeId paidAppointments } }',
  );
  const found = querySession.find(
    (session) =>
      session.status === 'scheduled' &&
      session.chargingSchemeId !== null &&
      session.paidAppointments === 0 &&
      new Date(session.startTime).getTime() > Date.now() + 60 * 60 * 1000 &&
      (session.appointmentMaxAllowed === -1 ||
        session.appointmentCount + 1 < session.appointmentMaxAllowed),
  );
  if (!found) {
    throw new Error('the tenant has no session that can be reserved');
  }
  return found.id;
}

describe('the reserve path: a number held before the profile exists', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('reserves a number with no profile, registers the patient, and continues to the token', async () => {
    const sessionId = await reservableSession();
    const { context, page } = await newPhonePage(browser, { host });
    onTestFailed(async () => {
      await screenshot(page, 'reserve-failure');
    });
    const errors = collectPageErrors(page);

    // Sign in with a new number: no profile yet.
    const mobileNo = randomMobileNo();
    await page.goto(appUrl('/login', host));
    await page.getByPlaceholder('Type your mobile number here').fill(`0${mobileNo.slice(2)}`);
    await page.getByRole('button', { name: 'Send now' }).click();
    const codeInput = page.getByPlaceholder('Type verification code');
    await codeInput.waitFor();
    await codeInput.fill(await latestCode(mobileNo));
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.waitForURL((url) => url.pathname === '/profiles/registration');

    // /view/session: the relationship modal opens (no profile chosen); close it and reserve instead.
    await page.goto(appUrl(`/view/session?sessionId=${sessionId}`, host));
    const picker = page.getByRole('dialog');
    await picker.waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Reserve now, pay later' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reserve a number' });
    await confirm
      .getByText(
        "We hold a number in this session while you add the patient's details. You can pay later.",
      )
      .waitFor();
    await checkScreen(page, 'reserve-number confirm modal');
    await screenshot(page, 'reserve-confirm-modal');
    await confirm.getByRole('button', { name: 'Reserve', exact: true }).click();

    // The registration form, then back to the session, where the reservation continues.
    await page.waitForURL(
      (url) => url.pathname === '/profiles/registration' && url.searchParams.has('back'),
    );
    await page.getByRole('radio', { name: 'Me', exact: true }).check();
    await page.getByLabel('Prefix').selectOption('Ms');
    await page.getByRole('radio', { name: 'female', exact: true }).check();
    await page.getByLabel('Given name').fill('Nimali');
    await page.getByLabel('Family name').fill('Fernando');
    await page.getByLabel('Day').fill('12');
    await page.getByLabel('Month').fill('3');
    await page.getByLabel('Year').fill('1991');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(
      (url) =>
        url.pathname === '/view/appointment' && url.searchParams.get('sessionId') === sessionId,
    );
    const token = page.locator('.appointment-facts__token-number');
    await token.waitFor();
    expect(Number(await token.textContent())).toBeGreaterThan(0);
    await page.getByText('Ms Nimali Fernando · Me').waitFor();
    await screenshot(page, 'reserve-appointment');

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
