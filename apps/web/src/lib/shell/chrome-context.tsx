import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';

type ChromeValue = {
  mainBottomBarHidden: boolean;
  setHideRequest: (id: string, hidden: boolean) => void;
};

const ChromeContext = createContext<ChromeValue | null>(null);

/** Holds what screens ask of the app's chrome (bars), e.g. hiding the main bottom bar. */
export function ChromeProvider({ children }: { children: ReactNode }) {
  const [hideRequests, setHideRequests] = useState<ReadonlySet<string>>(() => new Set());
  const setHideRequest = useCallback((id: string, hidden: boolean) => {
    setHideRequests((current) => {
      if (current.has(id) === hidden) {
        return current;
      }
      const next = new Set(current);
      if (hidden) {
        next.add(id);
      } else {
        next.delete(id);
      }
      return next;
    });
  }, []);
  const value = useMemo(
    () => ({ mainBottomBarHidden: hideRequests.size > 0, setHideRequest }),
    [hideRequests, setHideRequest],
  );
  return <ChromeContext.Provider value={value}>{children}</ChromeContext.Provider>;
}

/**
 * Hides the main bottom bar while the calling screen is mounted and `hidden` is true
 * (spec doc 1 §2: hidden during doctor search with a filter set and during a connected video call).
 * @param hidden - whether the bar should be hidden now
 */
export function useHideMainBottomBar(hidden: boolean): void {
  const id = useId();
  const chrome = useContext(ChromeContext);
  const setHideRequest = chrome?.setHideRequest;
  useEffect(() => {
    if (!setHideRequest) {
      return undefined;
    }
    setHideRequest(id, hidden);
    return () => setHideRequest(id, false);
  }, [id, hidden, setHideRequest]);
}

/** Whether some screen asked to hide the main bottom bar. */
export function useMainBottomBarHidden(): boolean {
  return useContext(ChromeContext)?.mainBottomBarHidden ?? false;
}
