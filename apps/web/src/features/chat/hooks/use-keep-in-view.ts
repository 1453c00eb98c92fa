import { useEffect, type RefObject } from 'react';

/**
 * Whether the user asked for less motion (prefers-reduced-motion: reduce).
 * @param win - the window to ask
 */
export function prefersReducedMotion(win: Pick<Window, 'matchMedia'> | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  return typeof win?.matchMedia === 'function' && win.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls an element's end into view whenever `key` changes (issue 6 §4.2: the chat keeps its newest
 * message and its actions in view). The element's scroll-margin-bottom (CSS) keeps it clear of the
 * fixed bottom bar. Smooth, unless the user prefers reduced motion.
 * @param target - the element to keep in view
 * @param key - what changed: a string built from the messages and actions shown
 */
export function useKeepInView(target: RefObject<HTMLElement | null>, key: string): void {
  useEffect(() => {
    const element = target.current;
    // jsdom has no scrollIntoView; browsers all do.
    if (typeof element?.scrollIntoView !== 'function') {
      return;
    }
    element.scrollIntoView({ block: 'end', inline: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [target, key]);
}
