import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, collectPageErrors, expectNoAxeViolations, launchBrowser, phoneUserAgent, screenshot } from './support/index.ts';
import { book, createSession, signedInPatient, signedInPhone, staffToken } from './support/journey-setup.ts';

// issue 33 §1: a signed-in phone's /chat-home comes written by the server for its account (by the page
// cookie the app asked for): the greeting, the upcoming appointment and the menu's buttons before any
// script, paced by CSS; the app takes it over as already shown (no typing again, no shift), and a button
// pressed before the app took over is pressed in the app. Without the cookie the page is the plain one.
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

const menuButton = (page: Page, name: string) => page.locator('.chat-suggestions button', { hasText: name });

describe('/chat-home written by the server for the signed-in account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('greets with the upcoming appointment and the buttons before the scripts, is taken over without a shift or a second pacing, and keeps a press', async () => {
    const staff = await staffToken();
    const sessionId = await createSession(staff, 3, 'Room Chat Server Screen');
    const patient = await signedInPatient('Chathura');
    const booked = await book(patient, sessionId);
    const { context, page } = await signedInPhone(browser, patient, 'chat-home-server-screen-failure');
    const errors = collectPageErrors(page);
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          seen.push((entry as unknown as { value: number }).value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // Whether the app typed a line again after taking over (the typing dots of the app's own chat).
      (window as unknown as { typedAgain: boolean }).typedAgain = false;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (root && !root.hidden && !root.querySelector('[data-careline-server-screen]') && root.querySelector('.chat-typing')) {
          (window as unknown as { typedAgain: boolean }).typedAgain = true;
        }
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });

    // The first start with a token kept from before: the app's own chat, and the page cookie.
    await page.goto('/chat-home');
    await menuButton(page, 'Book a Doctor').waitFor();
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'careline-page' && cookie.httpOnly))
      .toBe(true);

    // The next visit: the server writes the welcome; the app takes it over with its buttons at once.
    const response = await page.goto('/chat-home');
    expect(await response?.text()).toContain('data-careline-server-screen="chat"');
    await page.waitForFunction(() => document.querySelector('[data-careline-server-screen]') === null);
    expect(await page.locator('#root .chat-suggestions button').count()).toBeGreaterThan(0);
    // The first visit's welcome, kept on the device, above this visit's (as the app goes on from the menu).
    expect(await page.locator('#root .chat-appointment__token').last().textContent()).toBe(`Token No. ${booked.tokenNo}`);
    expect(await page.locator('#root .chat-message-assistant', { hasText: /^Good (morning|afternoon|evening)$/ }).count()).toBe(2);
    expect(await shifts(page)).toBeLessThanOrEqual(0.05);
    expect(await page.evaluate(() => (window as unknown as { typedAgain: boolean }).typedAgain)).toBe(false);
    await expectNoAxeViolations(page, '/chat-home taken over from the server');

    const cookies = await context.cookies();

    // A press before the app took over (its screen held back): made in the app once it takes over.
    // The same phone (its cookies and the account it keeps with the token): the screen is its account's.
    const slowApp = await browser.newContext({ ...phone, storageState: await context.storageState() });
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await slowApp.route('**/assets/chat-composition-*.js', async (route) => {
        await held;
        await route.continue();
      });
      const pressing = await slowApp.newPage();
      const pressErrors = collectPageErrors(pressing);
      await pressing.goto('/chat-home', { waitUntil: 'commit' });
      const serverButton = pressing.locator('[data-careline-server-screen="chat"] button', { hasText: 'What is my upcoming' });
      await serverButton.waitFor({ state: 'visible' });
      // The takeover code is there once the app's fetch answers from the page (it holds the press).
      await pressing.waitForFunction(() => document.getElementById('careline-server-answers') === null);
      await serverButton.click();
      expect(new URL(pressing.url()).pathname).toBe('/chat-home');
      release();
      await pressing.locator('#root .chat-message-patient', { hasText: 'What is my upcoming' }).waitFor();
      expect(pressErrors).toEqual([]);
    } finally {
      await slowApp.close();
    }

    // Before its JavaScript (never, here): the welcome and the buttons, axe clean, and a button that works as a link.
    const beforeScripts = await browser.newContext(phone);
    try {
      await beforeScripts.addCookies(cookies);
      await beforeScripts.route('**/assets/*.js', (route) => route.abort());
      const plain = await beforeScripts.newPage();
      await plain.goto('/chat-home');
      expect(await plain.locator('[data-careline-server-screen="chat"]').count()).toBe(1);
      await plain.getByRole('button', { name: 'Show my profile' }).waitFor({ state: 'visible' });
      expect(await plain.locator('.chat-message-assistant', { hasText: /^Good (morning|afternoon|evening)$/ }).isVisible()).toBe(true);
      expect(await plain.locator('.chat-appointment__token').textContent()).toBe(`Token No. ${booked.tokenNo}`);
      await screenshot(plain, 'chat-home-server-screen-before-scripts');
      await expectNoAxeViolations(plain, '/chat-home written by the server');
      await plain.getByRole('button', { name: 'Show my profile' }).click();
      await plain.waitForURL((url) => url.pathname === '/profiles');

      // Without the cookie: the plain page, none of the account's data.
      await beforeScripts.clearCookies();
      await plain.goto('/chat-home');
      expect(await plain.locator('[data-careline-server-screen]').count()).toBe(0);
      expect(await plain.content()).not.toContain(patient.displayName);
    } finally {
      await beforeScripts.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
