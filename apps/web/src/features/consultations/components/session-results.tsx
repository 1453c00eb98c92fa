import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useSubscription } from 'urql';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { Button } from '../../../components/button.tsx';
import { searchSessionSubscription, sessionsQuery } from '../api/doctor-documents.ts';
import { useNow } from '../hooks/use-now.ts';
import { groupSessionsByDoctor, sessionSearchVariables, type DoctorFilters } from '@careline/domain/consultations';
import { CallHospitalLink } from './call-hospital-link.tsx';
import { DoctorCard } from './doctor-card.tsx';
import { ResultsSkeleton } from './results-skeleton.tsx';

// /doctor's results, loaded once a filter is set (issue 29 §4.15): the screen's first paint without a
// filter does not wait for the cards' code, and with one it loads beside the sessions' query.

/** The address of a session's booking screen, carrying a reschedule along. */
export function sessionHref(sessionId: string, appointmentRescheduledFor: string | null): string {
  const params = new URLSearchParams({ sessionId });
  if (appointmentRescheduledFor) {
    params.set('appointmentRescheduledFor', appointmentRescheduledFor);
  }
  return `/view/session?${params.toString()}`;
}

/**
 * The sessions of the chosen filters, one card per doctor with the next session to book first and
 * the rest a tap away, each by day (issue 29 §4.14), with loading, error and empty states.
 */
export function SessionResults({ filters, hospitalName }: { filters: DoctorFilters; hospitalName: string | null }) {
  const t = useConsultationsTranslate();
  const now = useNow();
  const variables = sessionSearchVariables(filters);
  const [result, reexecute] = useQuery({ query: sessionsQuery, variables });
  // spec doc 2 §7 searchSession: a session of these filters changed (a booking, 'Dr. Arrived', a
  // cancellation), so the list is read again; events during a read bring one more read after it.
  const [{ data: changes = 0 }] = useSubscription<unknown, number>(
    { query: searchSessionSubscription, variables },
    (count = 0) => count + 1,
  );
  const seen = useRef(0);
  useEffect(() => {
    if (changes === seen.current || result.fetching) {
      return;
    }
    seen.current = changes;
    reexecute({ requestPolicy: 'network-only' });
  }, [changes, result.fetching, reexecute]);
  const sessions = result.data?.querySession;
  const doctors = useMemo(() => groupSessionsByDoctor(sessions ?? []), [sessions]);

  if (result.fetching && !result.data) {
    return <ResultsSkeleton />;
  }
  if (result.error && !result.data) {
    return (
      <div className="consultations-state" role="alert">
        <p className="consultations-state__title">{t('consultations.doctor.loadError')}</p>
        <Button variant="secondary" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
          {t('consultations.tryAgain')}
        </Button>
      </div>
    );
  }
  if (doctors.length === 0) {
    return (
      <div className="consultations-state">
        <p className="consultations-state__title" role="status">
          {t('consultations.doctor.noSessions')}
        </p>
        <CallHospitalLink organizationId={filters.organization} hospitalName={hospitalName} />
      </div>
    );
  }
  const count = sessions?.length ?? 0;
  const hrefOf = (sessionId: string) => sessionHref(sessionId, filters.appointmentRescheduledFor);
  return (
    <div className="session-results">
      <p className="session-results__count" role="status">
        {t('consultations.doctor.sessionsFound', { count })}
      </p>
      <ul className="doctor-cards">
        {doctors.map((card) => (
          <li key={card.practitionerId}>
            <DoctorCard card={card} now={now} hrefOf={hrefOf} />
          </li>
        ))}
      </ul>
    </div>
  );
}
