import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether the user asked for less motion (prefers-reduced-motion: reduce).
 * @param win - the window to ask
 */
export function prefersReducedMotion(win: Pick<Window, 'matchMedia'> | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  return typeof win?.matchMedia === 'function' && win.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * What the stream scrolls to: the actions' end when the newest message and the actions under it fit
 * in the room above the bottom bar together; else the newest message's top, its widget (a tall one:
 * the registration form) going on below it. Positions are the viewport's (getBoundingClientRect).
 * @param newestTop - the top of the newest message
 * @param actionsBottom - the bottom of the actions
 * @param room - the height the two may take: the viewport's, less what the bottom bar covers
 */
export function keepInViewTarget(newestTop: number, actionsBottom: number, room: number): 'actions-end' | 'newest-start' {
  return actionsBottom - newestTop <= room ? 'actions-end' : 'newest-start';
}

/**
 * Keeps the newest message and the actions under it in view whenever `key` changes (issue 6 §4.2,
 * issue 12 §2): the one place that scrolls the chat (no widget scrolls on its own, or the two would
 * fight). The actions' scroll-margin-bottom (CSS) keeps them clear of the fixed bottom bar. Smooth,
 * unless the user prefers reduced motion.
 * @param target - the actions
 * @param key - what changed: a string built from the messages and actions shown
 * @param newest - the newest message (or the typing dots), when there is one
 */
export function useKeepInView(target: RefObject<HTMLElement | null>, key: string, newest?: () => HTMLElement | null): void {
  // Looked up when the key changes; the function itself may be new on every render.
  const findNewest = useRef(newest);
  findNewest.current = newest;
  useEffect(() => {
    const element = target.current;
    // jsdom has no scrollIntoView; browsers all do.
    if (typeof element?.scrollIntoView !== 'function') {
      return;
    }
    const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
    const message = findNewest.current?.() ?? null;
    if (message !== null) {
      const covered = Number.parseFloat(getComputedStyle(element).scrollMarginBottom) || 0;
      const where = keepInViewTarget(
        message.getBoundingClientRect().top,
        element.getBoundingClientRect().bottom,
        window.innerHeight - covered,
      );
      if (where === 'newest-start') {
        message.scrollIntoView({ block: 'start', inline: 'nearest', behavior });
        return;
      }
    }
    element.scrollIntoView({ block: 'end', inline: 'nearest', behavior });
  }, [target, key]);
}
