import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
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

/** What shows when a screen's code could not be fetched (offline, or a deploy replaced the chunks). */
function ScreenLoadFailed() {
  const t = useShellMessages();
  return (
    <div role="alert" className="gate-loading">
      <p>{t.screenLoadFailed}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t.reload}
      </button>
    </div>
  );
}

/** Catches a screen whose code failed to load, so the console around it stays usable. */
class ScreenLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('staff screen failed to load', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ScreenLoadFailed /> : this.props.children;
  }
}

/**
 * One lazily loaded screen. Each route gets a boundary of its own: a new boundary shows the loading
 * state at once, even inside the router's transition, instead of keeping the last screen on show
 * under the new address.
 * @param props - children: the lazy screen
 */
export function LazyScreen({ children }: { children: ReactNode }) {
  return (
    <ScreenLoadBoundary>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </ScreenLoadBoundary>
  );
}
