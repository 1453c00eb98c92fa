import { useEffect, useState } from 'react';
import { CALL_TIMER_TICK_MS } from '@careline/domain/video-call';

/**
 * The current time, renewed each second while `running` (spec doc 2 §2: the timer ticks each second).
 * @param running - whether the timer shows
 */
export function useCallClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) {
      return undefined;
    }
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), CALL_TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}
