import { lazy, Suspense } from 'react';
import { offlineSavedAt } from '@careline/ui/graphql';

// Offline only, from a chunk the worker precaches: the time module stays out of the routes that do
// not already load it (the /profiles budget, apps/web/vite.config.ts).
const LastUpdatedTime = lazy(() => import('./last-updated-time.tsx').then((module) => ({ default: module.LastUpdatedTime })));

type LastUpdatedProps = {
  /** The shown result's extensions: a result read from the device carries when it was saved. */
  extensions: Record<string, unknown> | undefined;
  /** The hospital's zone the screen's times are on; the default hospital's when omitted. */
  timeZone?: string;
};

/**
 * "Last updated 10:42 AM" when the screen shows what was kept on the device for lack of a connection
 * (issue 32 §4.7); nothing while the answer is fresh.
 */
export function LastUpdated({ extensions, timeZone }: LastUpdatedProps) {
  const savedAt = offlineSavedAt(extensions);
  if (!savedAt) {
    return null;
  }
  return (
    <p className="last-updated" role="status" data-testid="last-updated">
      <Suspense fallback={null}>
        <LastUpdatedTime savedAt={savedAt} timeZone={timeZone} />
      </Suspense>
    </p>
  );
}
