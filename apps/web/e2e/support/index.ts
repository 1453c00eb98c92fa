import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appUrl, screenshotTo, serverRequest } from '../../../../e2e/support/harness.ts';
import { watchScreens } from './screen-checks.ts';

export { checkScreen, expectTouchTargets, focusedHeading } from './screen-checks.ts';

// The patient app's browser-test harness: the shared one (e2e/support, also used by the staff
// console's journeys) plus phone-sized pages, the SMS outbox and sign-in links.
export {
  appUrl,
  collectPageErrors,
  expectNoAxeViolations,
  latestCode,
  launchBrowser,
  randomMobileNo,
  readOutbox,
  serverPort,
  serverGraphql,
  serverRequest,
  type OutboxMessage,
} from '../../../../e2e/support/harness.ts';

const screenshotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const phoneUserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/**
 * A fresh context (own cookies and storage) sized like a phone, with a page; relative goto() paths
 * resolve against the tenant's host. Every screen the page arrives on through goto() or waitForURL()
 * is checked (one h1, a title of its own, zero axe violations; see screen-checks.ts), and closing the
 * context fails when the page visited a screen that was never checked.
 * @param browser - from launchBrowser()
 * @param options - host: the tenant's host (default 'localhost'); reducedMotion: emulate the preference
 */
export async function newPhonePage(
  browser: Browser,
  options: { host?: string; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: phoneUserAgent,
    baseURL: appUrl('', options.host ?? 'localhost'),
    locale: 'en-US',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  const page = await context.newPage();
  await watchScreens(context, page);
  return { context, page };
}

/**
 * Mints a sign-in link through the dev route (POST /dev/sign-in-links).
 * @param body - what the route takes (see apps/server/src/modules/dev)
 * @param options - host: the tenant's host
 */
export async function mintSignInLink(
  body: Record<string, unknown>,
  options: { host?: string } = {},
): Promise<{ token: string; url: string }> {
  const response = await serverRequest('POST', '/dev/sign-in-links', { body, host: options.host });
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`POST /dev/sign-in-links answered ${response.status}: ${response.body}`);
  }
  return JSON.parse(response.body) as { token: string; url: string };
}

/**
 * Saves a full-page PNG to apps/web/e2e/screenshots/<name>.png and returns its path.
 * @param page - the page to capture
 * @param name - file name without extension
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  return screenshotTo(page, screenshotsDir, name);
}
