import { useEffect, useRef, type RefObject } from 'react';
import { uxTexts } from './ux-texts.ts';

/**
 * The document title for a screen: its heading, then the hospital's name.
 * @param heading - the screen's h1 text
 * @param siteName - the tenant's hospital name
 */
export function screenTitle(heading: string, siteName: string): string {
  const text = heading.replace(/\s+/g, ' ').trim();
  return text === '' ? siteName : `${text}${uxTexts.titleSeparator}${siteName}`;
}

/**
 * Names the document after the screen's h1 and, after a route change, moves focus to that h1
 * (issue 6 §4.11), unless the screen already moved focus into itself. Screens load lazily, so the
 * heading is followed as it appears and as its text changes.
 * @param container - the element the screens render into (the shell's main)
 * @param routeKey - changes on each navigation (the path)
 * @param siteName - the tenant's hospital name, for the title
 */
export function useScreenHeading(container: RefObject<HTMLElement | null>, routeKey: string, siteName: string): void {
  const firstRoute = useRef(true);
  useEffect(() => {
    const root = container.current;
    if (!root) {
      return undefined;
    }
    // The first screen keeps the browser's initial focus; later ones get their heading focused.
    let focusPending = !firstRoute.current;
    firstRoute.current = false;
    const follow = () => {
      const heading = root.querySelector('h1');
      if (!heading) {
        return;
      }
      const title = screenTitle(heading.textContent ?? '', siteName);
      if (document.title !== title) {
        document.title = title;
      }
      if (focusPending) {
        focusPending = false;
        const active = document.activeElement;
        if (active && active !== document.body && root.contains(active)) {
          return;
        }
        if (!heading.hasAttribute('tabindex')) {
          heading.setAttribute('tabindex', '-1');
        }
        heading.focus({ preventScroll: true });
      }
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [container, routeKey, siteName]);
}
