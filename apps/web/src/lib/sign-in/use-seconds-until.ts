import { useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment, re-rendering while it runs; 0 once it has passed or when none is set.
 * @param until - epoch milliseconds, or null
 */
export function useSecondsUntil(until: number | null): number {
  // Only a re-render trigger: the time is read on each render, so a new moment never shows a stale one.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === null) {
      return undefined;
    }
    const timer = window.setInterval(() => {
      setTick((tick) => tick + 1);
      if (Date.now() >= until) {
        window.clearInterval(timer);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
}
