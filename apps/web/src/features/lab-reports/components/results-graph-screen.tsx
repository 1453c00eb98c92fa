import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useSubscription } from 'urql';
import { printedMobileNo } from '@careline/domain/auth';
import {
  defaultSubTest,
  downloadButtons,
  formatReportDateTime,
  headerGender,
  isQualitativeCode,
  reportAccess,
  reportDate,
  selectSubTest,
  trendAxes,
  trendChart,
  trendTable,
  type DiagnosticReport,
  type ReportPrinting,
} from '@careline/domain/lab-reports';
import { orderViewRoute } from '@careline/domain/orders/plain';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useLabReportsTranslate } from '@careline/i18n/lab-reports';
import { useLingui } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { LastUpdated } from '../../../lib/offline/last-updated.tsx';
import { useSession } from '../../../lib/session';
import { downloadLabReport } from '../api/download-lab-report.ts';
import {
  labOrderChangedSubscription,
  labReportIssuedSubscription,
  reportSeenMutation,
  resultsGraphQuery,
} from '../api/lab-report-documents.ts';
import {
  LAB_REPORT_TIME_ZONE,
  birthDateText,
  toObservations,
  toReports,
} from '../utils/graph-model.ts';
import { TrendTable } from './trend-table.tsx';
import './lab-reports.css';

// The chart (and uPlot behind it) is its own chunk, fetched only when a chart is shown.
const TrendChart = lazy(() =>
  import('./trend-chart.tsx').then((module) => ({ default: module.TrendChart })),
);

export type ResultsGraphScreenProps = {
  /** Fetches a report's PDF and saves it; api/download-lab-report.ts by default. */
  downloadReport?: (reportId: string) => Promise<void>;
};

/** A refetch on focus waits at least this long after the last one (ours: a tab switch is not a reload). */
const FOCUS_REFETCH_GAP_MS = 15_000;

/**
 * /resultsGraph/?patientId=…&code=… (spec doc 3 §2 'Lab results graph'): the patient header, the
 * test's name, one 'Download <date time>' button per report ('Preparing your Report' while the PDF is
 * made), the line chart of the selected sub-test (final results only, hidden for qualitative tests,
 * y from the minimum to the maximum) and the table of the latest three report dates by sub-test.
 * Outsourced reports say 'Online view facility is not available'; unpaid ones 'Payment is pending'
 * in red. A profile that is not the account's goes to /accessDenied. Live: the profile's lab orders
 * (a report issued for an order changes it), and a refetch when the window gets focus again.
 */
export function ResultsGraphScreen({
  downloadReport = downloadLabReport,
}: ResultsGraphScreenProps) {
  const [searchParams] = useSearchParams();
  const patientId = searchParams.get('patientId') ?? '';
  const code = searchParams.get('code') ?? '';
  const session = useSession();
  const patient = session.account?.patients[patientId] ?? null;
  if (patientId === '' || code === '' || (session.account !== null && patient === null)) {
    // spec doc 3 §2: what is not one of the account's profiles is not shown (as an order's /accessDenied).
    return <Navigate to="/accessDenied" replace />;
  }
  return (
    <ResultsGraph
      key={`${patientId}:${code}`}
      patientId={patientId}
      code={code}
      downloadReport={downloadReport}
    />
  );
}

type ResultsGraphProps = {
  patientId: string;
  code: string;
  downloadReport: (reportId: string) => Promise<void>;
};

function ResultsGraph({ patientId, code, downloadReport }: ResultsGraphProps) {
  const t = useLabReportsTranslate();
  const { i18n } = useLingui();
  const session = useSession();
  const titleId = useId();
  const captionId = useId();
  const patient = session.account?.patients[patientId] ?? null;

  const [result, reexecute] = useQuery({
    query: resultsGraphQuery,
    variables: { patientId, patient: `Patient/${patientId}`, code, codes: [code] },
  });
  const lastFetch = useRef(Date.now());
  const refetch = useCallback(() => {
    lastFetch.current = Date.now();
    reexecute({ requestPolicy: 'network-only' });
  }, [reexecute]);

  // Live: a lab order of this profile changed (its report was issued, spec doc 3 §7 Subscriptions).
  const [live] = useSubscription({
    query: labOrderChangedSubscription,
    variables: { patientId: [patientId] },
  });
  const liveOrder = live.data?.subscribeServiceRequest;
  useEffect(() => {
    if (liveOrder?.category === 'Examination') {
      refetch();
    }
  }, [liveOrder, refetch]);
  // Live: a report of this profile was issued or corrected (reports entered at the desk have no order).
  const [liveReports] = useSubscription({
    query: labReportIssuedSubscription,
    variables: { patientId: [patientId] },
  });
  const liveReport = liveReports.data?.subscribeDiagnosticReport;
  useEffect(() => {
    if (liveReport) {
      refetch();
    }
  }, [liveReport, refetch]);
  // A socket that was down missed what happened meanwhile: look again when the patient comes back.
  useEffect(() => {
    const onFocus = () => {
      if (
        document.visibilityState !== 'hidden' &&
        Date.now() - lastFetch.current >= FOCUS_REFETCH_GAP_MS
      ) {
        refetch();
      }
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [refetch]);

  const data = result.data;
  const reports = useMemo(() => toReports(data?.diagnosticReports ?? []), [data]);
  const observations = useMemo(() => toObservations(data?.diagnosticObservations ?? []), [data]);
  const table = useMemo(() => trendTable(observations, reports), [observations, reports]);
  const qualitative = isQualitativeCode(data?.diagnosticReportCode);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected =
    chosen === null ? defaultSubTest(table) : selectSubTest(table, chosen, defaultSubTest(table));
  const chart = useMemo(
    () =>
      trendChart(
        { resultValueType: data?.diagnosticReportCode.resultValueType ?? null },
        observations,
        selected,
        reports,
      ),
    [data, observations, selected, reports],
  );
  // The selected sub-test's latest reference range, drawn as the chart's band.
  const selectedRange = useMemo(
    () =>
      observations
        .filter((observation) => observation.code === selected && observation.referenceRange)
        .sort((a, b) => Date.parse(b.createdTime) - Date.parse(a.createdTime))[0]?.referenceRange ??
      null,
    [observations, selected],
  );
  const axes = useMemo(
    () =>
      chart.visible
        ? trendAxes(chart.points, {
            timeZone: LAB_REPORT_TIME_ZONE,
            locale: i18n.locale,
            range: selectedRange,
          })
        : null,
    [chart, i18n.locale, selectedRange],
  );

  const [printing, setPrinting] = useState<ReportPrinting>({
    reportId: null,
    state: REQUEST_STATE.IDLE,
  });
  const [, markSeen] = useMutation(reportSeenMutation);
  const download = async (reportId: string) => {
    setPrinting({ reportId, state: REQUEST_STATE.PENDING });
    try {
      await downloadReport(reportId);
      setPrinting({ reportId, state: REQUEST_STATE.DONE });
      // spec doc 3 §4: after a PDF is generated, the report's last-seen timestamp.
      void markSeen({ id: reportId });
    } catch {
      setPrinting({ reportId, state: REQUEST_STATE.FAILED });
    }
  };

  const testName = data?.diagnosticReportCode.name ?? reports[0]?.code.coding[0]?.display ?? '';
  const loadingText = t('labReports.text.loadingReport');
  const header = (
    <>
      <Link className="lab-results__back" to="/history/examination">
        <span aria-hidden="true">‹ </span>
        {t('labReports.ui.back')}
      </Link>
      <h1 id={titleId} className="lab-results__title">
        {testName === '' ? t('labReports.ui.title') : testName}
      </h1>
      {patient ? (
        <PatientHeader
          patient={patient}
          accountMobile={session.account?.mobileNo ?? ''}
          locale={i18n.locale}
        />
      ) : null}
    </>
  );

  if (!data) {
    if (result.error) {
      return (
        <section className="lab-results" aria-labelledby={titleId}>
          {header}
          <div className="lab-results__state" role="alert">
            <p className="lab-results__state-title">{t('labReports.text.loadFailed')}</p>
            <Button variant="secondary" onClick={refetch}>
              {t('labReports.ui.tryAgain')}
            </Button>
          </div>
        </section>
      );
    }
    return (
      <section className="lab-results" aria-labelledby={titleId} aria-busy="true">
        {header}
        <p className="visually-hidden" role="status">
          {loadingText}
        </p>
        <p className="lab-results__loading" aria-hidden="true">
          {loadingText}
        </p>
        <div className="lab-skeleton lab-skeleton--buttons" aria-hidden="true" />
        <div className="lab-skeleton lab-skeleton--chart" aria-hidden="true" />
        <div className="lab-skeleton" aria-hidden="true" />
      </section>
    );
  }

  if (reports.length === 0) {
    return (
      <section className="lab-results" aria-labelledby={titleId}>
        {header}
        <div className="lab-results__state">
          <p className="lab-results__state-title">{t('labReports.text.empty')}</p>
        </div>
      </section>
    );
  }

  const buttons = downloadButtons(reports, printing, LAB_REPORT_TIME_ZONE);
  const viewable = new Set(buttons.map((button) => button.reportId));
  const withheld = reports.filter((report) => !viewable.has(report.id));
  const selectedRow = table.rows.find((row) => row.code === selected) ?? null;

  return (
    <section className="lab-results" aria-labelledby={titleId}>
      {header}
      <LastUpdated extensions={result.extensions} />
      <section className="lab-card" aria-labelledby={`${titleId}-downloads`}>
        <h2 id={`${titleId}-downloads`} className="lab-card__title">
          {t('labReports.ui.downloads')}
        </h2>
        {buttons.length > 0 ? (
          <p className="lab-card__hint">{t('labReports.ui.downloadHint')}</p>
        ) : null}
        <ul className="lab-downloads">
          {buttons.map((button) => {
            const report = reports.find((item) => item.id === button.reportId);
            const preparing =
              printing.state === REQUEST_STATE.PENDING && printing.reportId === button.reportId;
            return (
              <li key={button.reportId}>
                <Button
                  variant="secondary"
                  block
                  disabled={button.disabled}
                  loading={preparing}
                  onClick={() => void download(button.reportId)}
                >
                  {preparing ? null : <DownloadIcon />}
                  {preparing
                    ? t('labReports.text.preparingReport')
                    : t('labReports.text.download', { dateTime: reportDateTime(report) })}
                </Button>
                <ReportOrigin
                  orderId={
                    data.diagnosticReports.find((item) => item.id === button.reportId)
                      ?.serviceRequestId ?? null
                  }
                  amended={report?.status === 'amended'}
                />
              </li>
            );
          })}
          {withheld.map((report) => (
            <WithheldReport key={report.id} report={report} />
          ))}
        </ul>
        {printing.state === REQUEST_STATE.FAILED ? (
          <p className="lab-results__error" role="alert">
            {t('labReports.text.reportDataFailed')}
          </p>
        ) : null}
        <p className="visually-hidden" role="status" aria-live="polite">
          {printing.state === REQUEST_STATE.PENDING ? t('labReports.text.preparingReport') : ''}
        </p>
      </section>

      {table.rows.length > 0 ? (
        <>
          <section className="lab-card" aria-labelledby={`${titleId}-chart`}>
            <h2 id={`${titleId}-chart`} className="lab-card__title">
              {selectedRow && !qualitative
                ? t('labReports.ui.chartTitle', { subTest: selectedRow.display })
                : t('labReports.ui.title')}
            </h2>
            {chart.visible && axes ? (
              <Suspense
                fallback={<p className="lab-chart__loading">{t('labReports.ui.chartLoading')}</p>}
              >
                <TrendChart
                  points={chart.points}
                  axes={axes}
                  describedBy={captionId}
                  loadingText={t('labReports.ui.chartLoading')}
                  label={t('labReports.ui.chartLabel', {
                    subTest: selectedRow?.display ?? '',
                    min: `${chart.domain.min}${selectedRow?.unit ? ` ${selectedRow.unit}` : ''}`,
                    max: `${chart.domain.max}${selectedRow?.unit ? ` ${selectedRow.unit}` : ''}`,
                  })}
                />
              </Suspense>
            ) : (
              <p className="lab-card__hint">
                {!chart.visible && chart.reason === 'qualitative'
                  ? t('labReports.ui.chartHiddenQualitative')
                  : t('labReports.ui.chartNoValues', { subTest: selectedRow?.display ?? '' })}
              </p>
            )}
          </section>
          <section className="lab-card lab-card--table" aria-label={t('labReports.ui.tableTitle')}>
            <TrendTable
              table={table}
              selected={selected}
              onSelect={(rowCode) => setChosen(rowCode)}
              captionId={captionId}
              selectable={!qualitative}
            />
          </section>
        </>
      ) : null}
    </section>
  );
}

function reportDateTime(report: DiagnosticReport | undefined): string {
  return (report ? formatReportDateTime(reportDate(report), LAB_REPORT_TIME_ZONE) : null) ?? '';
}

/** A report that cannot be viewed online: outsourced, or its payment pending (spec doc 3 §2, §8). */
function WithheldReport({ report }: { report: DiagnosticReport }) {
  const t = useLabReportsTranslate();
  const access = reportAccess(report);
  const when = reportDateTime(report);
  return (
    <li className="lab-withheld">
      <span className="lab-withheld__when">
        {when === '' ? t('labReports.ui.notViewable') : when}
      </span>
      {access.outsourcedMessage ? (
        <span className="lab-withheld__message">{t('labReports.text.onlineViewNotAvailable')}</span>
      ) : null}
      {access.paymentPendingMessage ? (
        <span className="lab-withheld__message lab-withheld__message--danger">
          {t('labReports.text.paymentPending')}
        </span>
      ) : null}
    </li>
  );
}

type HeaderPatient = {
  displayName: string;
  dateOfBirth: string;
  gender: string;
  mobileNo: string;
  medicalRecordNumber?: string;
};

/** The patient header (spec doc 3 §2): name, the patient number (issue 30 §3.7), birth date, gender (M or F) and mobile. */
function PatientHeader({
  patient,
  accountMobile,
  locale,
}: {
  patient: HeaderPatient;
  accountMobile: string;
  locale: string;
}) {
  const t = useLabReportsTranslate();
  const gender = headerGender(patient.gender);
  // The number with its '+', as the spec writes it (issue 30 §11).
  const mobile = printedMobileNo(patient.mobileNo || accountMobile);
  const initials = patient.displayName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <div className="lab-patient">
      <span className="lab-patient__avatar" aria-hidden="true">
        {initials}
      </span>
      <dl className="lab-patient__facts">
        <div className="lab-patient__name">
          <dt className="visually-hidden">{t('labReports.ui.patient')}</dt>
          <dd>{patient.displayName}</dd>
        </div>
        {patient.medicalRecordNumber ? (
          <div>
            <dt>{t('labReports.ui.patientNumber')}</dt>
            <dd>{patient.medicalRecordNumber}</dd>
          </div>
        ) : null}
        {patient.dateOfBirth ? (
          <div>
            <dt>{t('labReports.ui.birthDate')}</dt>
            <dd>{birthDateText(patient.dateOfBirth, locale)}</dd>
          </div>
        ) : null}
        {gender ? (
          <div>
            <dt>{t('labReports.ui.gender')}</dt>
            <dd>{gender}</dd>
          </div>
        ) : null}
        {mobile ? (
          <div>
            <dt>{t('labReports.ui.mobile')}</dt>
            <dd>{mobile}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg
      className="lab-downloads__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 4v11" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 20h14" />
    </svg>
  );
}

/**
 * Under a report's download: its lab order, which the report names (issue 30 §1), and Amended for a
 * corrected version, as the order's screen shows it.
 */
function ReportOrigin({ orderId, amended }: { orderId: string | null; amended: boolean }) {
  const t = useLabReportsTranslate();
  if (orderId === null && !amended) {
    return null;
  }
  return (
    <p className="lab-downloads__origin">
      {orderId !== null ? (
        <Link className="lab-downloads__order" to={orderViewRoute(orderId)}>
          {t('labReports.ui.fromOrder')}
        </Link>
      ) : null}
      {amended ? <span className="lab-downloads__amended">{t('labReports.ui.amended')}</span> : null}
    </p>
  );
}
