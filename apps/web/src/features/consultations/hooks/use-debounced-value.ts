import { useEffect, useState } from 'react';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The value once it has stopped changing for `delayMs` (search as you type without a query per key).
 * @param value - the live value
 * @param delayMs - the pause to wait for
 */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
