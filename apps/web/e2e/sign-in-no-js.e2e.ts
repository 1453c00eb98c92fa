import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  appUrl,
  expectNoAxeViolations,
  latestCode,
  launchBrowser,
  phoneUserAgent,
  randomMobileNo,
  screenshot,
} from './support/index.ts';

// issue 33 §2: the sign-in form works with JavaScript off (a phone whose scripts are still
// downloading): plain form posts with the screen's texts and the server's limits, ending signed in;
// the app, once it runs, takes that sign-in over.
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: phoneUserAgent,
  baseURL: appUrl(''),
  locale: 'en-US',
};

/** A 4-digit code that is not the one sent. */
const wrongCodeFor = (code: string) => String((Number.parseInt(code, 10) + 1) % 10_000).padStart(4, '0');

describe('sign-in without JavaScript', () => {
  let browser: Browser;
  let axeContext: BrowserContext;
  let axePage: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    // axe runs in the page, so it checks the no-JavaScript pages' HTML in a page that runs scripts.
    axeContext = await browser.newContext(phone);
    axePage = await axeContext.newPage();
  });

  afterAll(async () => {
    await axeContext.close();
    await browser.close();
  });

  /** Axe on the HTML the no-JavaScript page shows, without the app's scripts (which would replace it). */
  async function expectAccessible(page: Page, screenName: string): Promise<void> {
    const html = (await page.content()).replace(/<script type="module"[^>]*><\/script>/g, '');
    await axePage.setContent(html);
    await expectNoAxeViolations(axePage, screenName);
  }

  it('keeps what was typed into the form before the app ran, when the app takes over', async () => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    // The app's entry script arrives only once the patient has typed (a slow link).
    let release: (() => void) | undefined;
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const mobile = page.getByPlaceholder('Type your mobile number here');
    await mobile.fill('0771234567');
    release?.();
    // The app's own screen replaces the server's, with the number in it.
    await page.locator('[data-careline-server-screen]').waitFor({ state: 'detached' });
    expect(await mobile.inputValue()).toBe('0771234567');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe(
      'Type your mobile number here',
    );
    await context.close();
  });

  it('asks for the code, is told the rules and limits, signs in; the app takes the sign-in over', async () => {
    const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    onTestFailed(async () => {
      await screenshot(page, 'no-js-failure');
    });
    const mobileNo = randomMobileNo();

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await page.title()).toBe('Sign in – Careline Hospitals');
    const mobile = page.getByPlaceholder('Type your mobile number here');
    // spec doc 1 §5: the screen's rule, its text, what was typed kept
    await mobile.fill('07712');
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Mobile No. starting with 0, should have 10 digits!').waitFor();
    expect(await mobile.inputValue()).toBe('07712');
    await expectAccessible(page, 'no-JS /login (bad number)');
    await screenshot(page, 'no-js-login-mobile-error');

    await mobile.fill(`0${mobileNo.slice(2)}`);
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.waitForURL((url) => url.pathname === '/login/code');
    await page.getByText(`+${mobileNo}`).waitFor();
    await page.getByText('There may be SMS delays. Please wait and check again your SMS').waitFor();
    // spec doc 1 §4: a new code waits a minute; without a countdown to show, the server says so
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await page.getByText('Please wait a minute before asking for another code').waitFor();

    const code = await latestCode(mobileNo);
    const codeInput = page.getByPlaceholder('Type verification code');
    await codeInput.fill(wrongCodeFor(code));
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText('that is not the code I sent you').waitFor();
    await page.getByText('Invalid verification code').waitFor();
    await expectAccessible(page, 'no-JS /login/code (wrong code)');
    await screenshot(page, 'no-js-login-wrong-code');

    await codeInput.fill(code);
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('You are signed in to Careline Hospitals.').waitFor();
    await expectAccessible(page, 'no-JS /login (signed in)');
    await screenshot(page, 'no-js-signed-in');

    // The same phone once its scripts run: the app finishes the sign-in as its own screen would
    // (an account without patients goes on to registration, spec doc 1 §2).
    const appContext = await browser.newContext(phone);
    await appContext.addCookies(await context.cookies());
    await context.close();
    const app = await appContext.newPage();
    await app.goto('/login');
    await app.waitForURL((url) => url.pathname === '/profiles/registration');
    expect(await app.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/.{20,}/);
    // Taken once: the token's cookie is gone.
    expect((await appContext.cookies()).map((cookie) => cookie.name)).not.toContain('careline-handover');
    await appContext.close();
  });
});
