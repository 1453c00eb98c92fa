import { useEffect, useState } from 'react';

/** How often the session card labels are worked out again ('Starting In N Mins' counts down). */
export const LABEL_REFRESH_MS = 30_000;

/**
 * The current time, renewed every `everyMs`, so time-based labels move on their own.
 * @param everyMs - the refresh period
 */
export function useNow(everyMs: number = LABEL_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
