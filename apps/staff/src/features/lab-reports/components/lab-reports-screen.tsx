import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, PageHeading } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { useLiveSocketState } from '../../../lib/live-status.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { useLabReports } from '../hooks/use-lab-reports.ts';
import {
  LAB_FALLBACK_REFRESH_MS,
  LAB_REPORT_QUEUES,
  isOutsourced,
  labDateTime,
  labLiveState,
  labReportStage,
  type LabAbilities,
  type LabReportQueue,
} from '../lab-report-rules.ts';
import { useLabReportsMessages } from '../messages.ts';
import { LabImagesPanel } from './lab-images-panel.tsx';
import { LabSettingsPanel } from './lab-settings-panel.tsx';
import { ResultsImportPanel } from './results-import-panel.tsx';
import { StartReportPanel, type PatientSearch } from './start-report-panel.tsx';
import './lab-reports.css';

/**
 * The hospital's lab reports (issue 11, staff console): lists Drafts, Verified, Issued and All with
 * paging, each report at its current version; starting a report from a lab order or at the desk;
 * importing results from an analyser's CSV export; the second-person rule for admins; the hospital's report images for those who issue reports. A lab
 * order's reports only when one is given.
 * @param props - the hospital, what the member may do, the lab order to show, the desk's patient search, and the paths
 */
export function LabReportsScreen({
  hospital,
  may,
  serviceRequestId,
  reportPath,
  listPath,
  patientSearch,
  onStarted,
}: {
  hospital: Hospital;
  may: LabAbilities;
  serviceRequestId: string | null;
  reportPath: (reportId: string) => string;
  listPath: string;
  patientSearch: PatientSearch;
  onStarted: (reportId: string) => void;
}) {
  const t = useLabReportsMessages();
  const errorText = useErrorText();
  const [queue, setQueue] = useState<LabReportQueue>(serviceRequestId ? 'ALL' : 'DRAFT');
  const { state, loadMore, reload, heard } = useLabReports({ organizationId: hospital.id, queue, serviceRequestId });
  const liveState = labLiveState(useLiveSocketState(), heard);
  useEffect(() => {
    if (liveState === 'live') {
      return undefined;
    }
    const timer = window.setInterval(reload, LAB_FALLBACK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload, liveState]);

  const tabIds = useId();
  const tabRefs = useRef<Partial<Record<LabReportQueue, HTMLButtonElement | null>>>({});
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LAB_REPORT_QUEUES.indexOf(queue);
    let next: LabReportQueue | undefined;
    if (event.key === 'ArrowRight') {
      next = LAB_REPORT_QUEUES[(index + 1) % LAB_REPORT_QUEUES.length];
    } else if (event.key === 'ArrowLeft') {
      next = LAB_REPORT_QUEUES[(index + LAB_REPORT_QUEUES.length - 1) % LAB_REPORT_QUEUES.length];
    } else if (event.key === 'Home') {
      next = LAB_REPORT_QUEUES[0];
    } else if (event.key === 'End') {
      next = LAB_REPORT_QUEUES[LAB_REPORT_QUEUES.length - 1];
    }
    if (next) {
      event.preventDefault();
      setQueue(next);
      tabRefs.current[next]?.focus();
    }
  };

  const rows = state.rows;
  return (
    <>
      <PageHeading documentTitle={t.documentTitle(t.heading)}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      {serviceRequestId ? (
        <p className="lab-notice">
          {t.forOrder} <Link to={listPath}>{t.showAll}</Link>
        </p>
      ) : null}
      {may.work ? <StartReportPanel hospital={hospital} initialOrderId={serviceRequestId} patientSearch={patientSearch} onStarted={onStarted} /> : null}
      {may.work ? <ResultsImportPanel organizationId={hospital.id} onImported={reload} /> : null}
      <p role="status" className={`lab-live lab-live--${liveState}`}>
        {t.live(liveState)}
      </p>
      <div role="tablist" aria-label={t.queues} className="lab-tabs">
        {LAB_REPORT_QUEUES.map((value) => (
          <button
            key={value}
            ref={(element) => {
              tabRefs.current[value] = element;
            }}
            type="button"
            role="tab"
            id={`${tabIds}-tab-${value}`}
            aria-selected={queue === value}
            aria-controls={`${tabIds}-panel`}
            tabIndex={queue === value ? 0 : -1}
            className="lab-tab"
            onClick={() => setQueue(value)}
            onKeyDown={onTabKey}
          >
            {t.queue(value)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabIds}-panel`} aria-labelledby={`${tabIds}-tab-${queue}`} className="lab-tabpanel">
        {state.status === 'loading' ? (
          <div aria-busy="true">
            <p role="status">{t.loading}</p>
            <div className="lab-skeleton" aria-hidden="true">
              <span />
              <span />
              <span />
            </div>
          </div>
        ) : null}
        {state.status === 'error' ? (
          <div role="alert" className="lab-error">
            <p>{t.loadFailed(errorText(state.error))}</p>
            <Button variant="secondary" onClick={reload}>
              {t.retry}
            </Button>
          </div>
        ) : null}
        {state.status === 'ready' && rows.length === 0 ? <p className="empty-state">{t.empty}</p> : null}
        {state.status === 'ready' && rows.length > 0 ? (
          <div className="table-scroll">
            <table className="data-table">
              <caption>{t.tableCaption(t.queue(queue), rows.length, state.totalCount)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.colTest}</th>
                  <th scope="col">{t.colPatient}</th>
                  <th scope="col">{t.colStatus}</th>
                  <th scope="col">{t.colVersion}</th>
                  <th scope="col">{t.colOrder}</th>
                  <th scope="col">{t.colCreated}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <Link to={reportPath(row.id)} aria-label={t.openReport(row.report.codeDisplay, row.patient.name)}>
                        {row.report.codeDisplay}
                      </Link>
                    </td>
                    <th scope="row">{row.patient.name}</th>
                    <td>
                      <span className="lab-chip lab-chip--status">{t.stage(labReportStage(row.report))}</span>
                      {isOutsourced(row.report) ? <span className="lab-chip"> {t.outsourced}</span> : null}
                    </td>
                    <td>{row.report.version}</td>
                    <td>{row.report.serviceRequestId ? t.fromOrder : t.atDesk}</td>
                    <td>{labDateTime(row.report.createdTime)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {state.status === 'ready' && state.error ? <Alert tone="error">{errorText(state.error)}</Alert> : null}
        {state.status === 'ready' && state.hasMore ? (
          <Button variant="secondary" busy={state.loadingMore} onClick={() => void loadMore()}>
            {state.loadingMore ? t.loadingMore : t.loadMore}
          </Button>
        ) : null}
      </div>
      {may.settings ? <LabSettingsPanel organizationId={hospital.id} /> : null}
      {may.images ? <LabImagesPanel organizationId={hospital.id} hospitalName={hospital.name} /> : null}
    </>
  );
}
