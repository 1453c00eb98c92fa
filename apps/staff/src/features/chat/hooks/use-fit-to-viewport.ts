import { useEffect, useLayoutEffect, type RefObject } from 'react';

/**
 * Lets an element fill the window below where it starts (issue 30 §2.6: the inbox and the chat fit
 * 1280 × 800): sets `--chat-fit-top` on it, the page offset of its top, on every render (what sits
 * above it, an announcement or an error, changes with the screen's state) and on every resize. The
 * CSS decides whether the height is used (desktop widths only).
 * @param ref - the element
 */
export function useFitToViewport(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    fit(ref.current);
  });
  useEffect(() => {
    const onResize = () => fit(ref.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [ref]);
}

function fit(element: HTMLElement | null): void {
  if (!element) {
    return;
  }
  const top = `${String(Math.round(element.getBoundingClientRect().top + window.scrollY))}px`;
  if (element.style.getPropertyValue('--chat-fit-top') !== top) {
    element.style.setProperty('--chat-fit-top', top);
  }
}
