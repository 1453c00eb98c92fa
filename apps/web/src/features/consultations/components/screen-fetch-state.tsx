import type { ReactNode } from 'react';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { Button } from '../../../components/button.tsx';

type ScreenFetchStateProps = {
  /** The screen's own classes, e.g. 'appointment-screen'. */
  className: string;
  /** The id of the heading's element, which names the section. */
  titleId: string;
  /** The screen's h1, kept while it loads or failed. */
  heading: ReactNode;
};

/**
 * A detail screen while its first read is on the way: its heading, a skeleton card, and
 * 'Loading' for screen readers.
 */
export function ScreenLoading({ className, titleId, heading }: ScreenFetchStateProps) {
  const t = useConsultationsTranslate();
  return (
    <section className={`screen ${className}`} aria-labelledby={titleId} aria-busy="true">
      {heading}
      <p className="visually-hidden" role="status">
        {t('consultations.loading')}
      </p>
      <div className="session-card session-card--skeleton" aria-hidden="true" />
    </section>
  );
}

/** A detail screen whose first read failed: its heading, what went wrong and 'Try again'. */
export function ScreenFailed({ className, titleId, heading, onRetry }: ScreenFetchStateProps & { onRetry: () => void }) {
  const t = useConsultationsTranslate();
  return (
    <section className={`screen ${className}`} aria-labelledby={titleId}>
      {heading}
      <div className="consultations-state" role="alert">
        <p className="consultations-state__title">{t('consultations.somethingWentWrong')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('consultations.tryAgain')}
        </Button>
      </div>
    </section>
  );
}
