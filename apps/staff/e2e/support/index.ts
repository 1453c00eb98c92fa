import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { appUrl, screenshotTo } from '../../../../e2e/support/harness.ts';
import { checkScreen as checkScreenOnShow, watchScreens } from '../../../../e2e/support/screens.ts';

// The staff console's browser-test harness: the shared one (e2e/support) plus desktop pages whose
// every screen is checked automatically, as the patient app's phone pages are.
export {
  appUrl,
  collectPageErrors,
  expectNoAxeViolations,
  latestCode,
  launchBrowser,
  randomMobileNo,
  serverGraphql,
  serverRequest,
} from '../../../../e2e/support/harness.ts';

const screenshotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/**
 * A fresh context (own storage) with a desktop-sized page on the console's host. Every screen the
 * page shows is checked — one h1, a title starting with it, zero axe violations: goto(), reload()
 * and waitForURL() check the screen they arrive on, checkScreen() one reached by a click, and closing
 * the context fails when the page showed a screen that was never checked. The console shows several
 * screens at /staff/ (sign-in, the forced password change, home), so a screen is its path and its h1.
 * @param browser - from launchBrowser()
 * @param options - host: the tenant's host (default 'localhost')
 */
export async function newConsolePage(
  browser: Browser,
  options: { host?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: appUrl('', options.host ?? 'localhost'),
    locale: 'en-US',
  });
  const page = await context.newPage();
  await watchScreens(context, page, { identity: 'path-and-heading' });
  return { context, page };
}

/**
 * Saves a full-page PNG to apps/staff/e2e/screenshots/<name>.png once the fonts are in.
 * @param page - the page to capture
 * @param name - file name without extension
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  return screenshotTo(page, screenshotsDir, name);
}

/**
 * Waits for the screen whose h1 is `heading`, and checks that the h1 has focus (the console moves it
 * there on every screen) and that it is the only one.
 * @param page - the page
 * @param heading - the screen's h1
 */
export async function expectHeading(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await page.locator('h1').count(), `one h1 on ${heading}`).toBe(1);
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
}

/**
 * For a screen reached by a click: waits for its h1 (focused), saves a screenshot and checks it (one
 * h1, its title, axe), recording it as checked.
 * @param page - the page
 * @param heading - the screen's h1
 * @param name - the screenshot's name
 */
export async function checkScreen(page: Page, heading: string, name: string): Promise<void> {
  await expectHeading(page, heading);
  await screenshot(page, name);
  await checkScreenOnShow(page, name);
}
