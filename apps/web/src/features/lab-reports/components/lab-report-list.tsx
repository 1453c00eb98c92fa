import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { offlineSavedAt } from '@careline/ui/graphql';
import { useQuery } from 'urql';
import { formatReportDateTime, reportAccess, reportDate, resultsGraphRoute } from '@careline/domain/lab-reports';
import { useLabReportsTranslate } from '@careline/i18n/lab-reports';
import { LastUpdated } from '../../../lib/offline/last-updated.tsx';
import { useSession } from '../../../lib/session';
import { labReportListQuery } from '../api/lab-report-documents.ts';
import { LAB_REPORT_TIME_ZONE, toReports } from '../utils/graph-model.ts';
import './lab-reports.css';

/** The lab results graph of a profile's test (spec doc 3 §2), from the domain since an order links to it too. */
export { resultsGraphRoute };

type LabReportListProps = {
  /** The chosen profile tile's records; null for every profile of the account. */
  patientIds: readonly string[] | null;
};

/**
 * The lab test list's results (spec doc 3 §2 /history/examination → /resultsGraph): each issued report
 * of the chosen profiles with its Result button, which opens the test's graph. When patientCreditStatus
 * is pending the Result button is disabled and 'Payment is pending' shows in red; an outsourced report
 * says 'Online view facility is not available'. Nothing shows while a profile has no report.
 */
export function LabReportList({ patientIds }: LabReportListProps) {
  const t = useLabReportsTranslate();
  const session = useSession();
  const headingId = useId();
  const ids = useMemo(
    () =>
      (patientIds ?? session.account?.patientList.map((patient) => patient.id) ?? []).filter(
        (id) => session.account?.patients[id] !== undefined,
      ),
    [patientIds, session.account],
  );
  const [counts, setCounts] = useState<Record<string, number>>({});
  const onCount = useCallback((id: string, count: number) => {
    setCounts((previous) => (previous[id] === count ? previous : { ...previous, [id]: count }));
  }, []);
  const shown = ids.some((id) => (counts[id] ?? 0) > 0);
  return (
    <section className="lab-list" aria-labelledby={shown ? headingId : undefined} hidden={!shown}>
      <h2 id={headingId} className="lab-list__title">
        {t('labReports.ui.listTitle')}
      </h2>
      <ul className="lab-list__items">
        {ids.map((id) => (
          <PatientReports key={id} patientId={id} onCount={onCount} />
        ))}
      </ul>
    </section>
  );
}

function PatientReports({
  patientId,
  onCount,
}: {
  patientId: string;
  onCount: (id: string, count: number) => void;
}) {
  const t = useLabReportsTranslate();
  const session = useSession();
  const name = session.account?.patients[patientId]?.displayName ?? '';
  const [result] = useQuery({ query: labReportListQuery, variables: { patientId } });
  const reports = useMemo(() => toReports(result.data?.diagnosticReports ?? []), [result.data]);
  useEffect(() => onCount(patientId, reports.length), [onCount, patientId, reports.length]);
  return (
    <>
      {/* issue 32 §4.7: read from the device for lack of a connection. */}
      {reports.length > 0 && offlineSavedAt(result.extensions) ? (
        <li className="lab-list__updated">
          <LastUpdated extensions={result.extensions} />
        </li>
      ) : null}
      {reports.map((report) => {
        const coding = report.code.coding[0];
        const test = coding?.display ?? '';
        const access = reportAccess(report);
        const when = formatReportDateTime(reportDate(report), LAB_REPORT_TIME_ZONE);
        const label = t('labReports.ui.resultFor', { test, name });
        return (
          <li key={report.id} className="lab-list__card">
            <span className="lab-list__text">
              <span className="lab-list__test">{test}</span>
              <span className="lab-list__meta">{name}</span>
              {when ? (
                <span className="lab-list__meta">
                  {t('labReports.ui.reportedAt', { dateTime: when })}
                </span>
              ) : null}
            </span>
            {access.resultEnabled && coding ? (
              <Link
                className="button button--primary"
                to={resultsGraphRoute(patientId, coding.code)}
                aria-label={label}
              >
                {t('labReports.label.result')}
              </Link>
            ) : (
              <button type="button" className="button button--primary" disabled aria-label={label}>
                {t('labReports.label.result')}
              </button>
            )}
            {access.outsourcedMessage ? (
              <p className="lab-list__message">{t('labReports.text.onlineViewNotAvailable')}</p>
            ) : null}
            {access.paymentPendingMessage ? (
              <p className="lab-list__message lab-list__message--danger">
                {t('labReports.text.paymentPending')}
              </p>
            ) : null}
          </li>
        );
      })}
    </>
  );
}
