import { networkBarFor, networkTexts } from '@careline/domain/shell';
import { useNetworkIssue } from '../../../lib/network/network-status.ts';
import { Button } from '../../../components/button.tsx';
import { useTranslateText } from '@careline/i18n/react';

/** spec doc 1 §2: the offline bar, or the slow bar when the live socket fails (WS_ERROR). */
export function NetworkBars({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const bar = networkBarFor(useNetworkIssue());
  const tx = useTranslateText();
  if (bar === 'offline') {
    return (
      <div className="network-bar network-bar--offline" role="alert">
        <strong>{tx(networkTexts.offline)}</strong>
        <span>{tx(networkTexts.offlineRecheck)}</span>
      </div>
    );
  }
  if (bar === 'slow') {
    return (
      <div className="network-bar network-bar--slow" role="status">
        <div>
          <strong>{tx(networkTexts.slow)}</strong>
          <span>{tx(networkTexts.slowDetail)}</span>
        </div>
        <Button variant="secondary" onClick={reload}>
          {tx(networkTexts.refreshNow)}
        </Button>
      </div>
    );
  }
  return null;
}
