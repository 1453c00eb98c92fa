import { AppError } from '@careline/domain/errors';
import {
  ISSUED_SUMMARY_STATUS,
  isReleasedReport,
  latestReportVersions,
  reportAccess,
  type DiagnosticReport,
} from '@careline/domain/lab-reports';
import type { DbOrTx } from '../../db/client.ts';
import { filterEvents } from '../../providers/pubsub/filter-events.ts';
import { findOwnedProfile } from '../orders/index.ts';
import { ownProfileIds } from '../profiles/index.ts';
import { notFound } from '../staff/index.ts';
import { accountLabReportsTopic, type LabReportIssuedEvent } from './lab-reports.live.ts';
import {
  selectOrderReportVersions,
  selectOwnedSeries,
  selectPatientReportVersions,
  selectReportCodes,
  selectReportObservations,
  selectSubCodes,
  setReportLastSeen,
  type DiagnosticReportRow,
  type ObservationRow,
  type Owner,
  type ReportCodeRow,
  type ReportSubCodeRow,
} from './lab-reports.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

export { UUID };

/** Most codes one trend graph query may ask for (ours). */
export const OBSERVATION_CODES_MAX = 20;

/** A report as the patient reads it, with the results they may see. */
export type PatientReportView = DiagnosticReportRow & { observations: ObservationRow[] };

/** A diagnostic report code with its sub-tests (spec doc 3 §3 Diagnostic report code). */
export type ReportCodeView = ReportCodeRow & { subCodes: ReportSubCodeRow[] };

/**
 * A report row as the domain's DiagnosticReport (for the version and access rules).
 * @param row - the row
 */
export function domainReport(
  row: DiagnosticReportRow,
): DiagnosticReport & { row: DiagnosticReportRow } {
  return {
    id: row.id,
    code: { coding: [{ display: row.codeDisplay, code: row.codeCode }] },
    status: row.status,
    diagnosticReportCodeType: row.diagnosticReportCodeType,
    diagnosticReportOutsourcedType: row.diagnosticReportOutsourcedType,
    diagnosticReportSensitive: row.diagnosticReportSensitive,
    patientCreditStatus: row.patientCreditStatus,
    summaryStatus: row.summaryStatus,
    diagnosticReportPaymentStatus: row.diagnosticReportPaymentStatus,
    diagnosticReportVerifiedTime: row.diagnosticReportVerifiedTime?.toISOString() ?? null,
    createdTime: row.createdAt.toISOString(),
    seriesId: row.seriesId,
    version: row.version,
    row,
  };
}

/**
 * What the patient sees of every version (issue 11): per series, the latest version that is
 * released (the domain's final, amended, …) and issued (summaryStatus issued). A draft, a verified
 * report not yet issued and a correction still being entered stay hidden; during a correction the
 * patient keeps the previous issued version.
 * @param rows - every version
 */
export function patientVisibleVersions(
  rows: readonly DiagnosticReportRow[],
): DiagnosticReportRow[] {
  const shown = rows
    .map(domainReport)
    .filter((report) => isReleasedReport(report) && report.summaryStatus === ISSUED_SUMMARY_STATUS);
  return latestReportVersions(shown).map((report) => report.row);
}

/**
 * Whether the patient may read the report's results: not when it is outsourced (no online view)
 * or its payment is pending (the domain's reportAccess; spec doc 3 §2, §8), so a withheld result
 * is not handed over another way.
 * @param row - the report
 */
export function resultsViewable(row: DiagnosticReportRow): boolean {
  return reportAccess(row).viewable;
}

async function withObservations(
  db: DbOrTx,
  rows: DiagnosticReportRow[],
): Promise<PatientReportView[]> {
  const viewable = rows.filter(resultsViewable).map((row) => row.id);
  const all = await selectReportObservations(db, viewable);
  // A withheld report (outsourced, payment pending) hands over neither its results nor its notes,
  // which often say the result in words.
  return rows.map((row) => ({
    ...row,
    notes: resultsViewable(row) ? row.notes : null,
    observations: all.filter((o) => o.diagnosticReportId === row.id),
  }));
}

/**
 * The reports of one of the account's profiles, newest first: of each report its latest issued
 * version; purpose Administration and sensitive reports left out (as orders, spec doc 3 §7). A
 * profile of another account gives no rows. codes narrows them to some tests (ids or codes).
 * @param db - database
 * @param owner - tenant and account
 * @param patientId - the profile
 * @param codes - diagnostic report code ids or codes; null for all
 */
export async function listPatientReports(
  db: DbOrTx,
  owner: Owner,
  patientId: string,
  codes: readonly string[] | null,
): Promise<PatientReportView[]> {
  if (!UUID.test(patientId) || !(await findOwnedProfile(db, owner, patientId))) {
    return [];
  }
  let rows = patientVisibleVersions(await selectPatientReportVersions(db, owner, patientId, false));
  if (codes !== null) {
    const known = await selectReportCodes(db, owner.tenantId, codes.map(codeRef));
    const ids = new Set(known.map((code) => code.id));
    rows = rows.filter(
      (row) => row.diagnosticReportCodeId !== null && ids.has(row.diagnosticReportCodeId),
    );
  }
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  return withObservations(db, rows);
}

/**
 * A report of the account by id (spec doc 3 §7 Fetch diagnostic report by id, purpose
 * Administration included): the latest issued version of its series, whichever version's id is
 * asked. Another account's report, a sensitive one, one not issued yet and a missing id all answer
 * ARO-E2001.
 * @param db - database
 * @param owner - tenant and account
 * @param id - any version's id
 */
export async function readPatientReport(
  db: DbOrTx,
  owner: Owner,
  id: string,
): Promise<PatientReportView> {
  if (!UUID.test(id)) {
    throw notFound();
  }
  const [latest] = patientVisibleVersions(await selectOwnedSeries(db, owner, id));
  if (!latest || !(await findOwnedProfile(db, owner, latest.patientId))) {
    throw notFound();
  }
  const [view] = await withObservations(db, [latest]);
  if (!view) {
    throw notFound();
  }
  return view;
}

/**
 * The reports of one lab order of the account as the patient sees them (issue 30 §1: the order
 * screen links to its report): of each its latest issued version, newest first; none before one is
 * issued. Sensitive reports are left out; another account's order gives no rows.
 * @param db - database
 * @param owner - tenant and account
 * @param serviceRequestId - the lab order
 */
export async function listOrderReports(
  db: DbOrTx,
  owner: Owner,
  serviceRequestId: string,
): Promise<PatientReportView[]> {
  if (!UUID.test(serviceRequestId)) {
    return [];
  }
  const rows = patientVisibleVersions(await selectOrderReportVersions(db, owner, serviceRequestId));
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  return withObservations(db, rows);
}

/** A reference as sent ('Patient/{id}', 'DiagnosticReportCode/{id}') without its type. */
function codeRef(ref: string): string {
  return ref.replace(/^DiagnosticReportCode\//, '');
}

/**
 * The results of one of the account's profiles for a list of tests, for the trend graph (spec doc 3
 * §7 Fetch diagnostic observations: a patient reference and DiagnosticReportCode references): the
 * observations of the latest issued version of each report, in sub-test order; never of a draft, a
 * superseded version, a sensitive, Administration, outsourced or payment-pending report. The
 * client charts the final ones (spec doc 3 §2). A profile of another account gives no rows.
 * @param db - database
 * @param owner - tenant and account
 * @param patient - 'Patient/{id}' or the id
 * @param codes - 'DiagnosticReportCode/{id}', ids or codes ('00000001')
 */
export async function patientObservations(
  db: DbOrTx,
  owner: Owner,
  patient: string,
  codes: readonly string[],
): Promise<ObservationRow[]> {
  if (codes.length > OBSERVATION_CODES_MAX) {
    const error = new AppError('ARO-E2002');
    error.message = `ARO-E2002:at most ${OBSERVATION_CODES_MAX} codes`;
    throw error;
  }
  const patientId = patient.replace(/^Patient\//, '');
  if (!UUID.test(patientId) || !(await findOwnedProfile(db, owner, patientId))) {
    return [];
  }
  const known = await selectReportCodes(db, owner.tenantId, codes.map(codeRef));
  if (known.length === 0) {
    return [];
  }
  const reports = patientVisibleVersions(
    await selectPatientReportVersions(db, owner, patientId, false),
  ).filter(resultsViewable);
  return selectReportObservations(
    db,
    reports.map((row) => row.id),
    known.map((code) => code.id),
  );
}

/**
 * A diagnostic report code of the tenant with its sub-tests in parameterOrder (spec doc 3 §7
 * Fetch diagnostic report code by id), by id or by code; ARO-E2001 when there is none.
 * @param db - database
 * @param tenantId - the tenant
 * @param ref - the id, 'DiagnosticReportCode/{id}' or the code ('00000001')
 */
export async function readReportCode(
  db: DbOrTx,
  tenantId: string,
  ref: string,
): Promise<ReportCodeView> {
  const [code] = await selectReportCodes(db, tenantId, [codeRef(ref)]);
  if (!code) {
    throw notFound();
  }
  return { ...code, subCodes: await selectSubCodes(db, [code.id]) };
}

/**
 * Records that the patient saw a report (spec doc 3 §4 Other transitions: after a PDF is generated
 * the report's extension is updated with a last-seen timestamp; §7 Update diagnostic report
 * extension), on the version the patient sees; answers it.
 * @param db - database
 * @param owner - tenant and account
 * @param id - any version's id
 * @param now - the time recorded
 */
export async function markPatientReportSeen(
  db: DbOrTx,
  owner: Owner,
  id: string,
  now: Date = new Date(),
): Promise<PatientReportView> {
  const view = await readPatientReport(db, owner, id);
  await setReportLastSeen(db, view.id, now);
  return { ...view, lastSeenAt: now };
}

/** The report of an issue event, as the patient's diagnosticReport reads it, or null when they may not see it. */
async function issuedReportFor(
  db: DbOrTx,
  owner: Owner,
  event: Partial<LabReportIssuedEvent> | null,
): Promise<PatientReportView | null> {
  if (typeof event?.id !== 'string' || !UUID.test(event.id)) {
    return null;
  }
  const view = await readPatientReport(db, owner, event.id).catch(() => null);
  // As the list: a report of purpose Administration is fetched by id only, never announced.
  return view && view.purpose !== 'Administration' ? view : null;
}

/** The pub/sub a subscription listens on: the websocket's, absent outside one. */
export type ReportSubscriber =
  { subscribe: (topics: string | string[]) => Promise<AsyncIterable<unknown>> } | undefined;

/**
 * The issue events of the account's lab reports (issue 11, subscribeDiagnosticReport): each time a
 * version is issued (a first report or a correction, from a lab order or the desk), passed on only
 * when the patient's diagnosticReport would show it (never a sensitive or Administration report) and,
 * with patientIds, only for those of the account's profiles; ids of another account deliver nothing.
 * @param db - database
 * @param pubsub - the websocket's pub/sub (an Error outside a websocket)
 * @param owner - tenant and account
 * @param patientIds - the profiles to follow; null for all of the account's
 */
export async function subscribeIssuedReports(
  db: DbOrTx,
  pubsub: ReportSubscriber,
  owner: Owner,
  patientIds: readonly (string | number)[] | null,
): Promise<AsyncIterable<unknown>> {
  if (!pubsub) {
    throw new Error('subscription called outside a websocket');
  }
  // Decided once, at subscribe time: ids of another account are dropped for good.
  const only = patientIds ? await ownProfileIds(db, owner, patientIds) : null;
  const events = await pubsub.subscribe(accountLabReportsTopic(owner.tenantId, owner.accountId));
  return filterEvents(events, async (event) => {
    const report = await issuedReportFor(db, owner, event as Partial<LabReportIssuedEvent> | null);
    return report !== null && (only === null || only.has(report.patientId));
  });
}

/**
 * The report an issue event announces, as diagnosticReport reads it now; ARO-E2001 when the patient
 * may not see it (any more).
 * @param db - database
 * @param owner - tenant and account
 * @param event - the event as delivered
 */
export async function readIssuedReport(
  db: DbOrTx,
  owner: Owner,
  event: unknown,
): Promise<PatientReportView> {
  const report = await issuedReportFor(db, owner, event as Partial<LabReportIssuedEvent> | null);
  if (!report) {
    throw notFound();
  }
  return report;
}
