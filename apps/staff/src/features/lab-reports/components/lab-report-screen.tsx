import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useClient } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { errorString } from '@careline/domain/errors';
import { LAB_REASON_MAX, formatReferenceRange, type RangeComparator } from '@careline/domain/lab-reports';
import { useErrorText } from '../../../lib/error-text.ts';
import { useLiveSocketState } from '../../../lib/live-status.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  staffCorrectLabReportMutation,
  staffIssueLabReportMutation,
  staffMarkLabReportOutsourcedMutation,
  staffSaveLabResultsMutation,
  staffVerifyLabReportMutation,
  type StaffLabReportDetail,
} from '../api/lab-reports-operations.ts';
import { useLabReport, useLabReportActions } from '../hooks/use-lab-report.ts';
import {
  LAB_FALLBACK_REFRESH_MS,
  isOutsourced,
  labActionSet,
  labDateTime,
  labLiveState,
  labReportStage,
  type LabAbilities,
  type LabResultPayload,
} from '../lab-report-rules.ts';
import { useLabReportsMessages, type LabReportsMessages } from '../messages.ts';
import { ResultsForm } from './results-form.tsx';
import './lab-reports.css';

function Fact({ label, children }: { label: string; children: string | null | undefined }) {
  if (children === null || children === undefined || children === '') {
    return null;
  }
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function PatientPanel({ view, t }: { view: StaffLabReportDetail; t: LabReportsMessages }) {
  const headingId = useId();
  const patient = view.patient;
  return (
    <section aria-labelledby={headingId} className="lab-panel">
      <h2 id={headingId}>{t.patientHeading}</h2>
      <dl className="lab-facts">
        <Fact label={t.name}>{patient.name || t.notGiven}</Fact>
        <Fact label={t.gender}>{patient.gender ? t.genderName(patient.gender) : t.notGiven}</Fact>
        <Fact label={t.birthDate}>{patient.birthDate ?? t.notGiven}</Fact>
        <Fact label={t.mobileNo}>{patient.mobileNo ? `+${patient.mobileNo}` : t.notGiven}</Fact>
      </dl>
    </section>
  );
}

type RangeLike = StaffLabReportDetail['observations'][number]['referenceRange'];
const rangeText = (range: RangeLike) =>
  range ? formatReferenceRange({ ...range, comparator: (range.comparator ?? null) as RangeComparator | null }) : '';

/** The results of a version that can no longer be edited (verified, issued) or by a member who only reads. */
function ResultsTable({ view, t }: { view: StaffLabReportDetail; t: LabReportsMessages }) {
  if (view.observations.length === 0) {
    return <p>{t.noResult}</p>;
  }
  return (
    <div className="table-scroll">
      <table className="data-table lab-results">
        <thead>
          <tr>
            <th scope="col">{t.subTest}</th>
            <th scope="col">{t.result}</th>
            <th scope="col">{t.unit}</th>
            <th scope="col">{t.range}</th>
          </tr>
        </thead>
        <tbody>
          {view.observations.map((o) => {
            const value = o.valueQuantity?.value ?? null;
            const shown = value !== null ? String(value) : (o.valueString ?? '');
            return (
              <tr key={o.id}>
                <th scope="row">{o.display ?? o.code}</th>
                <td className={o.critical ? 'lab-results__critical' : undefined}>
                  {shown || t.noResult}
                  {o.critical ? ` (${t.criticalMark})` : null}
                  {o.microbiology && o.microbiology.length > 0 ? (
                    <ul>
                      {o.microbiology.map((row, index) => (
                        <li key={index}>
                          {row.category === 'antibiotic' ? t.antibiotic : t.organism}: {row.name}
                          {row.result ? ` · ${row.result}` : ''}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td>{o.valueQuantity?.unit ?? ''}</td>
                <td>{rangeText(o.referenceRange)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function History({ view, t, reportPath }: { view: StaffLabReportDetail; t: LabReportsMessages; reportPath: (id: string) => string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="lab-panel lab-history">
      <h2 id={headingId}>{t.historyHeading}</h2>
      <div className="table-scroll">
        <table className="data-table">
          <caption>{t.historyCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.colVersion}</th>
              <th scope="col">{t.colStatus}</th>
              <th scope="col">{t.colWhen}</th>
              <th scope="col">{t.colReason}</th>
            </tr>
          </thead>
          <tbody>
            {view.history.map((version) => {
              const current = version.id === view.report.id;
              const when = version.issuedAt ?? version.diagnosticReportVerifiedTime ?? version.createdTime;
              return (
                <tr key={version.id}>
                  <th scope="row">
                    {current ? (
                      <span aria-current="page">
                        {t.version(version.version)} · {t.thisVersion}
                      </span>
                    ) : (
                      <Link to={reportPath(version.id)} aria-label={t.openVersion(version.version)}>
                        {t.version(version.version)}
                      </Link>
                    )}
                  </th>
                  <td>{t.stage(labReportStage({ ...version, supersededById: null }))}</td>
                  <td>{labDateTime(when)}</td>
                  <td>{version.amendmentReason ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * One lab report version (issue 11, staff console): the patient, the results (entered per
 * sub-test while a draft, read-only once verified), Save draft, Verify, Issue, Mark outsourced and
 * Correct with a reason, only as the version's stage and the member's roles allow; every version of
 * the report. A change on a revision someone else changed meanwhile reloads and says so.
 * @param props - the hospital, the version, what the member may do, who they are, and the paths
 */
export function LabReportScreen({
  hospital,
  reportId,
  may,
  staffUserId,
  listPath,
  reportPath,
  orderPath,
  onOpen,
}: {
  hospital: Hospital;
  reportId: string;
  may: LabAbilities;
  staffUserId: string | null;
  listPath: string;
  reportPath: (reportId: string) => string;
  orderPath: ((orderId: string) => string) | null;
  onOpen: (reportId: string) => void;
}) {
  const t = useLabReportsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const { state, reload, heard } = useLabReport(hospital.id, reportId);
  const view = state.status === 'ready' ? state.view : null;
  const revision = view?.report.revision ?? 0;
  const target = useMemo(() => ({ revision, reload }), [revision, reload]);
  const actions = useLabReportActions(target, t.conflict);
  const [formKey, setFormKey] = useState(0);
  const [reason, setReason] = useState('');
  const liveState = labLiveState(useLiveSocketState(), heard);
  useEffect(() => {
    if (liveState === 'live') {
      return undefined;
    }
    const timer = window.setInterval(() => void reload(), LAB_FALLBACK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload, liveState]);
  const correctHeadingId = useId();
  const actionsHeadingId = useId();
  const resultsHeadingId = useId();

  const heading = view ? t.reportHeading(view.report.codeDisplay) : t.reportHeadingLoading;
  const set = view
    ? labActionSet({ ...view.report, resultCount: view.observations.length }, may, {
        staffUserId,
        requireSecondVerifier: view.requireSecondVerifier,
      })
    : null;
  const base = { organizationId: hospital.id, id: reportId };
  const latest = view?.history[view.history.length - 1] ?? null;

  const save = async (input: { revision: number; results: LabResultPayload[]; notes: string | null }) =>
    (await actions.run(
      'save',
      (args) =>
        client
          .mutation(staffSaveLabResultsMutation, { ...base, ...args, results: input.results, notes: input.notes })
          .toPromise(),
      () => t.saved,
      { revision: input.revision, onConflict: () => setFormKey((key) => key + 1) },
    )) !== null;

  const simple = (name: 'verify' | 'issue' | 'outsource') => {
    const mutation =
      name === 'verify' ? staffVerifyLabReportMutation : name === 'issue' ? staffIssueLabReportMutation : staffMarkLabReportOutsourcedMutation;
    const done = name === 'verify' ? t.verified : name === 'issue' ? t.issued : t.outsourcedDone;
    void actions.run(name, (args) => client.mutation(mutation, { ...base, ...args }).toPromise(), () => done);
  };

  const correct = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text === '' || text.length > LAB_REASON_MAX) {
      actions.refuse(errorText(errorString('ARO-E7018', { max: String(LAB_REASON_MAX) })), 'correct');
      return;
    }
    const data = await actions.run(
      'correct',
      (args) => client.mutation(staffCorrectLabReportMutation, { ...base, ...args, reason: text }).toPromise(),
      (answer) => t.correctDone((answer as { staffCorrectLabReport: { report: { version: number } } }).staffCorrectLabReport.report.version),
    );
    const next = (data as { staffCorrectLabReport?: { id: string } } | null)?.staffCorrectLabReport?.id;
    if (next) {
      setReason('');
      onOpen(next);
    }
  };

  return (
    <>
      {state.status !== 'loading' ? <PageHeading documentTitle={t.documentTitle(heading)}>{heading}</PageHeading> : null}
      <p>
        <Link to={listPath}>{t.backToList}</Link>
      </p>
      <p role="status" className={`lab-live lab-live--${liveState}`}>
        {t.live(liveState)}
      </p>
      {state.status === 'loading' ? (
        <div aria-busy="true">
          <p role="status">{t.loadingReport}</p>
          <div className="lab-skeleton" aria-hidden="true">
            <span />
            <span />
          </div>
        </div>
      ) : null}
      {state.status === 'error' ? <Alert tone="error">{t.reportLoadFailed(errorText(state.error))}</Alert> : null}
      {view && set ? (
        <div className="lab-layout">
          <div className="lab-layout__main">
            <p className="lab-summary">
              <span className="lab-chip">{t.version(view.report.version)}</span>{' '}
              <span className="lab-chip lab-chip--status">{t.stage(labReportStage(view.report))}</span>
              {isOutsourced(view.report) ? <span className="lab-chip"> {t.outsourced}</span> : null}
              {view.report.diagnosticReportSensitive ? <span className="lab-chip lab-chip--attention"> {t.sensitive}</span> : null}
            </p>
            {/* The id an analyser's CSV export names the sample by (any version's id finds the current one). */}
            <p className="lab-sample-id">{t.sampleId(view.report.seriesId)}</p>
            {view.report.supersededById && latest && latest.id !== view.report.id ? (
              <p className="lab-notice">
                {t.supersededNote} <Link to={reportPath(latest.id)}>{t.openLatest}</Link>
              </p>
            ) : null}
            {view.report.amendmentReason ? <p className="lab-notice">{t.amendment(view.report.amendmentReason)}</p> : null}
            {view.report.serviceRequestId && orderPath ? (
              <p>
                <Link to={orderPath(view.report.serviceRequestId)}>{t.openOrder}</Link>
              </p>
            ) : null}
            {view.report.verifiedByName && view.report.diagnosticReportVerifiedTime ? (
              <p>{t.verifiedBy(view.report.verifiedByName, labDateTime(view.report.diagnosticReportVerifiedTime))}</p>
            ) : null}
            {view.report.issuedAt ? <p>{t.issuedAt(labDateTime(view.report.issuedAt))}</p> : null}
            <PatientPanel view={view} t={t} />
            <section aria-labelledby={resultsHeadingId} className="lab-panel">
              <h2 id={resultsHeadingId}>{t.resultsHeading}</h2>
              {actions.last === 'save' ? (
                <>
                  <div aria-live="polite">{actions.notice ? <Alert tone="success">{actions.notice}</Alert> : null}</div>
                  {actions.error ? <Alert tone="error">{actions.error}</Alert> : null}
                </>
              ) : null}
              {set.save ? (
                <ResultsForm
                  key={`${view.report.id}:${formKey}`}
                  view={view}
                  busy={actions.busy === 'save'}
                  onSave={save}
                  onNothing={() => actions.refuse(t.saveNothing, 'save')}
                />
              ) : (
                <ResultsTable view={view} t={t} />
              )}
            </section>
            <History view={view} t={t} reportPath={reportPath} />
          </div>
          <div className="lab-layout__side">
            <section aria-labelledby={actionsHeadingId} className="lab-panel lab-actions">
              <h2 id={actionsHeadingId}>{t.actionsHeading}</h2>
              {actions.last !== 'save' ? (
                <div className="lab-actions__outcome">
                  <div aria-live="polite">{actions.notice ? <Alert tone="success">{actions.notice}</Alert> : null}</div>
                  {actions.error ? <Alert tone="error">{actions.error}</Alert> : null}
                </div>
              ) : null}
              {!set.verify && !set.issue && !set.outsource && !set.correct && !set.verifyBySomeoneElse ? <p>{t.noActions}</p> : null}
              {set.verifyBySomeoneElse ? <p className="lab-notice">{t.verifySecond}</p> : null}
              {set.verify ? (
                <div className="lab-action">
                  <p className="ui-field__hint">{t.verifyHint}</p>
                  <Button busy={actions.busy === 'verify'} onClick={() => simple('verify')}>
                    {t.verify}
                  </Button>
                </div>
              ) : null}
              {set.issue ? (
                <div className="lab-action">
                  <p className="ui-field__hint">{t.issueHint}</p>
                  <Button busy={actions.busy === 'issue'} onClick={() => simple('issue')}>
                    {t.issue}
                  </Button>
                </div>
              ) : null}
              {set.outsource ? (
                <div className="lab-action">
                  <p className="ui-field__hint">{t.outsourceHint}</p>
                  <Button variant="secondary" busy={actions.busy === 'outsource'} onClick={() => simple('outsource')}>
                    {t.outsource}
                  </Button>
                </div>
              ) : null}
              {set.correct ? (
                <form aria-labelledby={correctHeadingId} className="lab-action" noValidate onSubmit={(event) => void correct(event)}>
                  <h3 id={correctHeadingId}>{t.correctHeading}</h3>
                  <TextField label={t.correctReason} hint={t.correctHint} value={reason} onChange={setReason} maxLength={LAB_REASON_MAX} />
                  <Button type="submit" variant="secondary" busy={actions.busy === 'correct'}>
                    {t.correctSubmit}
                  </Button>
                </form>
              ) : null}
            </section>
          </div>
        </div>
      ) : null}
    </>
  );
}
