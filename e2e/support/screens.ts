import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

// Automatic screen checks for any app's journeys (issue 7: "run axe on each screen"): every screen a
// page shows must be checked — exactly one h1, a document title starting with it, zero axe-core
// violations — or closing its context fails. goto(), reload() and waitForURL() check the screen they
// arrive on; a screen reached by a click is checked with checkScreen(page).
//
// A screen is identified by its host and path, and, for single-page apps that show several screens
// at one address (the staff console shows sign-in, the forced password change and home at /staff/),
// also by its h1: `identity: 'path-and-heading'`.
//
// Both apps' journeys use it: the patient app's with identity 'path' (apps/web/e2e/support adds
// touch-target checks), the staff console's with 'path-and-heading'.

export type ScreenIdentity = 'path' | 'path-and-heading';

type ScreenLog = {
  identity: ScreenIdentity;
  shown: Map<string, number>;
  checked: Set<string>;
  seq: number;
};

const screenLogs = new WeakMap<Page, ScreenLog>();

function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join('\n');
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/** The page's screen as it is now: its key (see ScreenIdentity), its h1s and its title. */
async function currentScreen(
  page: Page,
  identity: ScreenIdentity,
): Promise<{ key: string; count: number; heading: string; title: string }> {
  return page.evaluate((mode) => {
    // A screen the server wrote (the sign-in form, issue 33 §2) on a page whose app will replace it is
    // not the app's screen yet: wait for the app (sign-in-no-js.e2e.ts drives the server's own).
    const awaitingApp =
      document.querySelector('[data-careline-server-screen]') !== null &&
      document.querySelector('script[type="module"][src]') !== null;
    const headings = awaitingApp ? [] : Array.from(document.querySelectorAll('h1'));
    const heading = (headings[0]?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const path = `${window.location.host}${window.location.pathname}`;
    return {
      key: mode === 'path' ? path : `${path} "${heading}"`,
      count: headings.length,
      heading,
      title: document.title,
    };
  }, identity);
}

/**
 * Checks the screen on show — exactly one h1, a document title starting with it, zero axe-core
 * violations (every rule axe-core enables by default: WCAG 2.0–2.2 A/AA and best practices) — and,
 * on a page from watchScreens(), records it as checked.
 * @param page - the page showing the screen
 * @param label - names the screen in a failure message (default: its key)
 */
export async function checkScreen(page: Page, label?: string): Promise<void> {
  const identity = screenLogs.get(page)?.identity ?? 'path';
  const deadline = Date.now() + 30_000;
  let screen = await currentScreen(page, identity);
  let results;
  for (;;) {
    while (!(screen.count === 1 && screen.heading !== '' && screen.title.startsWith(screen.heading))) {
      if (Date.now() > deadline) {
        throw new Error(
          `screen ${label ?? screen.key}: expected exactly one h1 and a document title starting with it; found ` +
            `${screen.count} h1 (first: ${JSON.stringify(screen.heading)}), title ${JSON.stringify(screen.title)}`,
        );
      }
      await page.waitForTimeout(100);
      screen = await currentScreen(page, identity);
    }
    results = await new AxeBuilder({ page }).analyze();
    // The screen moved on while axe read it (a client-side redirect, such as a replaced order's
    // address opening its replacement): what axe saw was neither screen, so check the one it became.
    const after = await currentScreen(page, identity);
    if ((after.key === screen.key && after.count === 1 && after.heading === screen.heading) || Date.now() > deadline) {
      break;
    }
    screen = after;
  }
  if (results.violations.length > 0) {
    throw new Error(
      `screen ${label ?? screen.key}: ${results.violations.length} axe violation(s):\n${describeViolations(results.violations)}`,
    );
  }
  screenLogs.get(page)?.checked.add(screen.key);
}

/**
 * Wires the screen checks into a journey's page: goto(), reload() and waitForURL() check the screen
 * they arrive on (and count the screens passed through on the way, such as redirects, as part of it);
 * context.close() fails when the page showed a screen that was never checked.
 * @param context - the journey's browser context
 * @param page - its page
 * @param options - identity: what tells two screens apart (default 'path')
 */
export async function watchScreens(
  context: BrowserContext,
  page: Page,
  options: { identity?: ScreenIdentity } = {},
): Promise<void> {
  const log: ScreenLog = { identity: options.identity ?? 'path', shown: new Map(), checked: new Set(), seq: 0 };
  screenLogs.set(page, log);

  // The page reports each screen (by the chosen identity) on which an h1 rendered; loading states and
  // redirects render none.
  await page.exposeBinding('__carelineScreenShown', (source, key: string) => {
    if (source.page === page) {
      log.seq += 1;
      log.shown.set(key, log.seq);
    }
  });
  await page.addInitScript((mode: ScreenIdentity) => {
    const report = (window as unknown as { __carelineScreenShown?: (key: string) => void }).__carelineScreenShown;
    let reported = '';
    new MutationObserver(() => {
      const h1 = document.querySelector('h1');
      if (!h1) {
        return;
      }
      const path = `${window.location.host}${window.location.pathname}`;
      const key = mode === 'path' ? path : `${path} "${(h1.textContent ?? '').replace(/\s+/g, ' ').trim()}"`;
      if (key !== reported) {
        reported = key;
        void report?.(key);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, log.identity);

  const checkArrival = async (since: number) => {
    await checkScreen(page);
    for (const [key, seq] of log.shown) {
      if (seq > since) {
        log.checked.add(key);
      }
    }
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const since = log.seq;
    const response = await goto(...args);
    await checkArrival(since);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const since = log.seq;
    const response = await reload(...args);
    await checkArrival(since);
    return response;
  };
  const waitForURL = page.waitForURL.bind(page);
  page.waitForURL = async (...args: Parameters<Page['waitForURL']>) => {
    const since = log.seq;
    await waitForURL(...args);
    await checkArrival(since);
  };
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    const unchecked = [...log.shown.keys()].filter((key) => !log.checked.has(key));
    await close(...args);
    if (unchecked.length > 0) {
      throw new Error(
        `the journey showed screens it never checked: ${unchecked.join(', ')} — arrive with goto(), ` +
          'reload() or waitForURL(), or call checkScreen(page)',
      );
    }
  };
}
