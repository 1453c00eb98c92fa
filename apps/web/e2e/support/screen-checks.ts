import type { Page } from 'playwright-core';

// The screen checks themselves (one h1, a title of its own, axe; goto()/reload()/waitForURL() check
// where they arrive; an unchecked screen fails the journey) are the shared ones, keyed by host and path.
export { checkScreen, watchScreens } from '../../../../e2e/support/screens.ts';

// What every screen a journey visits must satisfy (issue 6 §4.11): exactly one h1, a document title
// of its own (the app names each screen after its heading), and zero axe-core violations.
// newPhonePage() wires this in: goto() and waitForURL() check the screen they arrive on, and closing
// the context fails when the page showed a screen (a path that rendered an h1) that was never checked.

/** Minimum touch target, CSS pixels (WCAG 2.5.5, the app's --touch). */
export const MIN_TOUCH_TARGET = 44;

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
