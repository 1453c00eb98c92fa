import { useId, useRef } from 'react';
import { MINIMIZED_CALL_MODAL } from '@careline/domain/video-call';
import { useDialogFocus } from '@careline/ui/components';
import { useVideoTranslate } from '@careline/i18n/video';
import { Button } from '../../../components/button.tsx';

/**
 * The minimized call (spec doc 2 §2): 'Call ongoing' with End and View in a 110 × 480 px modal that
 * leaves the app usable behind it (no backdrop, not modal to assistive technology either).
 */
export function MinimizedCall({ timer, onEnd, onView }: { timer: string | null; onEnd: () => void; onView: () => void }) {
  const t = useVideoTranslate();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, { restore: 'ifLost' });
  return (
    <div
      ref={ref}
      className="minimized-call"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="minimized-call"
      style={{ height: MINIMIZED_CALL_MODAL.heightPx, width: MINIMIZED_CALL_MODAL.widthPx }}
    >
      <div className="minimized-call__text">
        <h2 id={titleId} className="minimized-call__title">
          {t('video.text.callOngoing')}
        </h2>
        {timer ? (
          <p className="minimized-call__timer" role="timer" aria-label={t('video.ui.timerLabel')}>
            {timer}
          </p>
        ) : null}
      </div>
      <div className="minimized-call__actions">
        <Button variant="danger" onClick={onEnd}>
          {t('video.text.end')}
        </Button>
        <Button onClick={onView}>{t('video.text.view')}</Button>
      </div>
    </div>
  );
}
