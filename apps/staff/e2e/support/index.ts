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
  readOutbox,
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
  // Before watchScreens(): this script must run before the screen watcher's own (init scripts run in order).
  await page.addInitScript(headingsKeepTheirAddress);
  await watchScreens(context, page, { identity: 'path-and-heading' });
  return { context, page };
}

/**
 * Runs in the page: a screen is its h1 at the address the h1 appeared under. The console's screens
 * load lazily, and the router changes the address before the next screen renders; meanwhile the
 * previous screen's h1 is still on show (and loading a screen's code adds tags to the document, which
 * wakes the screen watcher). Without this, the watcher would record the previous heading under the
 * new address (`/staff/audit "Staff users"`) as a screen of its own that no journey can check.
 *
 * So each h1 is remembered with the address it appeared under (again when its text changes), and
 * the watcher's reports (window.__carelineScreenShown, e2e/support/screens.ts) are passed on only
 * while the h1 on show belongs to the current address: the next screen is recorded once its own
 * heading renders, whatever the address did before.
 */
function headingsKeepTheirAddress(): void {
  type Report = (key: string) => unknown;
  const bindingName = '__carelineScreenShown';
  const target = window as unknown as Record<string, unknown>;
  const seen = new WeakMap<Element, { path: string; text: string }>();
  const note = () => {
    const h1 = document.querySelector('h1');
    if (!h1) {
      return;
    }
    const text = (h1.textContent ?? '').replace(/\s+/g, ' ').trim();
    const known = seen.get(h1);
    if (!known || known.text !== text) {
      seen.set(h1, { path: window.location.pathname, text });
    }
  };
  // Created before the watcher's observer, so it is told of each change first.
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });

  let report: Report | undefined = typeof target[bindingName] === 'function' ? (target[bindingName] as Report) : undefined;
  const passOn: Report = (key) => {
    note();
    const h1 = document.querySelector('h1');
    const shownAt = h1 ? seen.get(h1)?.path : undefined;
    if (h1 && shownAt !== undefined && shownAt !== window.location.pathname) {
      // The previous screen's heading under the next screen's address: not a screen.
      return undefined;
    }
    return report?.(key);
  };
  Object.defineProperty(window, bindingName, {
    configurable: true,
    get: () => (report ? passOn : undefined),
    set: (value: Report) => {
      report = value;
    },
  });
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
 * Waits for the screen whose h1 is `heading` to render, with that h1 focused (the console moves the
 * focus there on every screen), and checks that it is the only one.
 * @param page - the page
 * @param heading - the screen's h1
 */
export async function expectHeading(page: Page, heading: string): Promise<void> {
  // The screen is there when its own h1 is: the address changes before a lazily loaded screen renders.
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction((name) => {
    const active = document.activeElement;
    return active?.tagName === 'H1' && (active.textContent ?? '').replace(/\s+/g, ' ').trim() === name;
  }, heading);
  expect(await page.locator('h1').count(), `one h1 on ${heading}`).toBe(1);
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
