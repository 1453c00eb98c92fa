import { useConsultationsTranslate } from '@careline/i18n/consultations';

/** The shape of /doctor's results while they load, with the spec's loading text for screen readers. */
export function ResultsSkeleton() {
  const t = useConsultationsTranslate();
  return (
    <div className="session-results" aria-busy="true">
      <p className="visually-hidden" role="status">
        {t('consultations.doctor.loadingSessions')}
      </p>
      {[0, 1, 2].map((index) => (
        <div key={index} className="session-card session-card--skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}
