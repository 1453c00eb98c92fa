import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

// What every screen a journey visits must satisfy (issue 6 §4.11): exactly one h1, a document title
// of its own (the app names each screen after its heading), and zero axe-core violations.
// newPhonePage() wires this in: goto() and waitForURL() check the screen they arrive on, and closing
// the context fails when the page showed a screen (a path that rendered an h1) that was never checked.

/** Minimum touch target, CSS pixels (WCAG 2.5.5, the app's --touch). */
export const MIN_TOUCH_TARGET = 44;

type ScreenLog = { shown: Map<string, number>; checked: Set<string>; seq: number };
const screenLogs = new WeakMap<Page, ScreenLog>();

const screenKey = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
};

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

/** Waits until the screen shows exactly one h1 and the document title names it. */
async function waitForScreenHeading(page: Page, label: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  let last = { count: 0, heading: '', title: '' };
  for (;;) {
    last = await page.evaluate(() => {
      const headings = Array.from(document.querySelectorAll('h1'));
      return {
        count: headings.length,
        heading: (headings[0]?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        title: document.title,
      };
    });
    if (last.count === 1 && last.heading !== '' && last.title.startsWith(last.heading)) {
      return last.heading;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `screen ${label}: expected exactly one h1 and a document title starting with it; found ${last.count} h1 ` +
          `(first: ${JSON.stringify(last.heading)}), title ${JSON.stringify(last.title)}`,
      );
    }
    await page.waitForTimeout(100);
  }
}

/**
 * Checks the screen on show: one h1, its own document title, zero axe-core violations (every rule
 * axe-core enables by default: WCAG 2.0–2.2 A/AA and best practices).
 * @param page - the page showing the screen
 * @param label - names the screen in the failure message (default: its path)
 */
export async function checkScreen(page: Page, label?: string): Promise<void> {
  await waitForScreenHeading(page, label ?? new URL(page.url()).pathname);
  const name = label ?? new URL(page.url()).pathname;
  const results = await new AxeBuilder({ page }).analyze();
  if (results.violations.length > 0) {
    throw new Error(`screen ${name}: ${results.violations.length} axe violation(s):\n${describeViolations(results.violations)}`);
  }
  screenLogs.get(page)?.checked.add(screenKey(page.url()));
}

/**
 * The text of the focused element when it is the screen's h1, else null.
 * @param page - the page to read
 */
export async function focusedHeading(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active instanceof HTMLHeadingElement && active.tagName === 'H1' ? (active.textContent ?? '').trim() : null;
  });
}

/**
 * The visible controls smaller than 44×44 px: links, buttons and selects, and the labels of radios
 * and checkboxes (their real target). Links inside running text are exempt (WCAG 2.5.8 inline).
 * @param page - the page to measure
 */
export async function undersizedTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('a[href], button, select, [role="button"], label:has(input[type="radio"]), label:has(input[type="checkbox"])'),
    ).filter((element) => !element.classList.contains('skip-link') && !element.closest('p'));
    return controls
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) => box.width < min - 0.5 || box.height < min - 0.5)
      .map(({ element, box }) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim()}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  }, MIN_TOUCH_TARGET);
}

/**
 * Fails when a visible control on the screen is smaller than 44×44 px.
 * @param page - the page to measure
 */
export async function expectTouchTargets(page: Page): Promise<void> {
  const small = await undersizedTouchTargets(page);
  if (small.length > 0) {
    throw new Error(`touch targets under ${MIN_TOUCH_TARGET}×${MIN_TOUCH_TARGET} px on ${new URL(page.url()).pathname}:\n  ${small.join('\n  ')}`);
  }
}

/**
 * Wires the screen checks into a journey's page: goto() and waitForURL() check the screen they arrive
 * on; context.close() fails when a screen the page showed was never checked.
 * @param context - the journey's browser context
 * @param page - its page
 */
export async function watchScreens(context: BrowserContext, page: Page): Promise<void> {
  const log: ScreenLog = { shown: new Map(), checked: new Set(), seq: 0 };
  screenLogs.set(page, log);

  // The page reports each path on which an h1 rendered; redirects and loading states render none.
  await page.exposeBinding('__carelineScreenShown', (source, url: string) => {
    if (source.page === page) {
      log.seq += 1;
      log.shown.set(screenKey(url), log.seq);
    }
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __carelineScreenShown?: (url: string) => void }).__carelineScreenShown;
    let reported = '';
    new MutationObserver(() => {
      if (document.querySelector('h1') && reported !== window.location.pathname) {
        reported = window.location.pathname;
        void report?.(window.location.href);
      }
    }).observe(document, { childList: true, subtree: true });
  });

  // Screens passed through on the way (redirects, a link being read) count as part of the navigation.
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
        `the journey showed screens it never checked: ${unchecked.join(', ')} — wait for them with ` +
          'page.waitForURL() or call checkScreen(page)',
      );
    }
  };
}
