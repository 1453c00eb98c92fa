import { Suspense, type ReactNode } from 'react';
import { useShellMessages } from './messages.ts';

/**
 * What shows while a screen's code loads: a polite status in the active language, and no heading,
 * so the previous screen's h1 is gone and the next one is the only one once it renders.
 */
export function ScreenLoading() {
  const t = useShellMessages();
  return (
    <p role="status" className="gate-loading">
      {t.loading}
    </p>
  );
}

/**
 * One lazily loaded screen. Each route gets a boundary of its own: a new boundary shows the loading
 * state at once, even inside the router's transition, instead of keeping the last screen on show
 * under the new address.
 * @param props - children: the lazy screen
 */
export function LazyScreen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoading />}>{children}</Suspense>;
}
