import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, collectPageErrors, expectNoAxeViolations, launchBrowser, phoneUserAgent, screenshot } from './support/index.ts';
import { appointmentPath, book, createSession, shownToken, signedInPatient, signedInPhone, staffToken } from './support/journey-setup.ts';

// issue 33 §1: a signed-in phone's /view/appointment comes written by the server for its account (by the
// page cookie the app asked for), shows the token before any script, and the app takes it over without a
// shift; another account's appointment address gets the plain page.
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: phoneUserAgent,
  baseURL: appUrl(''),
  locale: 'en-US',
};

async function shifts(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
}

describe('/view/appointment written by the server for the signed-in account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the token before the scripts, the app takes it over without a shift, and never for another account', async () => {
    const staff = await staffToken();
    const sessionId = await createSession(staff, 3, 'Room Server Screen');
    const patient = await signedInPatient('Dilani');
    const booked = await book(patient, sessionId);
    const path = appointmentPath(sessionId, booked.id);
    const { context, page } = await signedInPhone(browser, patient, 'appointment-server-screen-failure');
    const errors = collectPageErrors(page);
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          seen.push((entry as unknown as { value: number }).value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });

    // The first start with a token kept from before: the app asks for the page cookie once the account is in.
    await page.goto(path);
    expect(await shownToken(page)).toBe(String(booked.tokenNo));
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'careline-page' && cookie.httpOnly && cookie.sameSite === 'Lax'))
      .toBe(true);

    // The next visit: the server writes the screen; goto() checks the app's once it has taken over.
    const response = await page.goto(path);
    expect(await response?.text()).toContain('data-careline-server-screen="appointment"');
    expect(await page.locator('[data-careline-server-screen]').count()).toBe(0);
    expect(await shownToken(page)).toBe(String(booked.tokenNo));
    expect(await shifts(page)).toBeLessThanOrEqual(0.05);

    // Before its JavaScript (here: never, the app's scripts refused) the same phone's cookie shows the
    // token, the doctor and the payment status; axe runs in the page, so scripts stay on otherwise.
    const cookies = await context.cookies();
    const beforeScripts = await browser.newContext(phone);
    try {
      await beforeScripts.addCookies(cookies);
      await beforeScripts.route('**/assets/*.js', (route) => route.abort());
      const plain = await beforeScripts.newPage();
      await plain.goto(path);
      expect(await plain.locator('[data-careline-server-screen="appointment"]').count()).toBe(1);
      expect(await plain.locator('.appointment-facts__token-number').textContent()).toBe(String(booked.tokenNo));
      expect(await plain.getByText('Payment pending').count()).toBe(1);
      expect(await plain.locator('h1').textContent()).toBe('Your appointment');
      await screenshot(plain, 'appointment-server-screen-before-scripts');
      await expectNoAxeViolations(plain, '/view/appointment written by the server');

      // Another account's appointment address, with this phone's cookie: the plain page, none of its data.
      const other = await signedInPatient('Other');
      const theirs = await book(other, sessionId);
      await plain.goto(appointmentPath(sessionId, theirs.id));
      expect(await plain.locator('[data-careline-server-screen]').count()).toBe(0);
      expect(await plain.content()).not.toContain(other.displayName);
    } finally {
      await beforeScripts.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
