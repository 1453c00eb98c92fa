import { useEffect, useRef } from 'react';

/**
 * Calls `onRestored` when the browser shows this page again from its back-forward cache (the patient
 * pressed Back on the gateway's or the bank's page): the page comes back exactly as it was left, a
 * payment "in progress" included, so the caller resets what the departure left behind.
 * @param onRestored - what to reset; the latest one is called
 */
export function usePageRestored(onRestored: () => void): void {
  const latest = useRef(onRestored);
  latest.current = onRestored;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) {
        latest.current();
      }
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
}
