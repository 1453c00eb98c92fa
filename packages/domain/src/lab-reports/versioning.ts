/**
 * Report versions (issue 11, beyond the spec's screens): a correction after a report is issued
 * creates an amended version, the history is kept, and the patient sees the latest. Every version
 * is its own DiagnosticReport record: the first is its own series (seriesId missing or its own
 * id, version 1); each correction copies it as a new record with the same seriesId and the next
 * version. Statuses are FHIR R4's DiagnosticReport statuses: the first release is final, a
 * released correction is amended.
 */
import type { DiagnosticReport } from './types.ts';

/** The summaryStatus after which a correction makes a new version (spec doc 3 §3: issued). */
export const ISSUED_SUMMARY_STATUS = 'issued';

/** Report statuses the patient may see: released results (FHIR R4 final, amended, corrected, appended). */
export const RELEASED_REPORT_STATUSES: readonly string[] = [
  'final',
  'amended',
  'corrected',
  'appended',
];

/** The status of a correction still being entered (FHIR R4 preliminary). */
export const CORRECTION_DRAFT_STATUS = 'preliminary';

/**
 * The series a version belongs to: its seriesId, or its own id for a first version.
 * @param report - a version
 */
export function reportSeriesId(report: Pick<DiagnosticReport, 'id' | 'seriesId'>): string {
  return report.seriesId ?? report.id;
}

/**
 * A version's number, from 1.
 * @param report - a version
 */
export function reportVersion(report: Pick<DiagnosticReport, 'version'>): number {
  return report.version ?? 1;
}

/**
 * Whether a change to the report must be made as a new version: it has been issued (summaryStatus
 * issued). Before that, results are edited in place.
 * @param report - the current version
 */
export function correctionNeedsNewVersion(
  report: Pick<DiagnosticReport, 'summaryStatus'>,
): boolean {
  return report.summaryStatus === ISSUED_SUMMARY_STATUS;
}

/**
 * Whether the patient may see a version: its status is released (final, amended, corrected,
 * appended). A correction being entered (preliminary) stays hidden, and the patient keeps the
 * previous version until it is released.
 * @param report - a version
 */
export function isReleasedReport(report: Pick<DiagnosticReport, 'status'>): boolean {
  return RELEASED_REPORT_STATUSES.includes(report.status);
}

function time(iso: string | null | undefined): number {
  const parsed = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
}

// Later version wins; for equal numbers (should not happen) the later created, then the larger id.
function isLater(a: DiagnosticReport, b: DiagnosticReport): boolean {
  const byVersion = reportVersion(a) - reportVersion(b);
  if (byVersion !== 0) {
    return byVersion > 0;
  }
  const byTime = time(a.createdTime) - time(b.createdTime);
  if (byTime !== 0 && !Number.isNaN(byTime)) {
    return byTime > 0;
  }
  return a.id > b.id;
}

/**
 * The latest version of each report, from a list that keeps every version: one record per series,
 * the highest version, in the order each series first appears in the list.
 * @param reports - every version
 */
export function latestReportVersions<T extends DiagnosticReport>(reports: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const report of reports) {
    const series = reportSeriesId(report);
    const known = latest.get(series);
    if (!known || isLater(report, known)) {
      latest.set(series, report);
    }
  }
  return [...latest.values()];
}

/**
 * What the patient sees (issue 11): of each report, the latest released version. A series with no
 * released version is not shown.
 * @param reports - every version
 */
export function patientVisibleReports<T extends DiagnosticReport>(reports: readonly T[]): T[] {
  return latestReportVersions(reports.filter(isReleasedReport));
}

/**
 * A version's history, oldest first.
 * @param reports - every version
 * @param seriesId - the series
 */
export function reportHistory<T extends DiagnosticReport>(
  reports: readonly T[],
  seriesId: string,
): T[] {
  return reports
    .filter((report) => reportSeriesId(report) === seriesId)
    .sort((a, b) => (isLater(a, b) ? 1 : isLater(b, a) ? -1 : 0));
}

/**
 * The new version a correction after issue starts from: a copy of the current version with a new
 * id, the same series, the next version number, status preliminary, and no summaryStatus or
 * verified time until it is verified and issued again. The previous version stays as it was.
 * @param current - the latest version, issued
 * @param newId - the new record's id
 * @param now - when the correction started, ISO 8601
 */
export function amendedReportVersion<T extends DiagnosticReport>(
  current: T,
  newId: string,
  now: string,
): T {
  return {
    ...current,
    id: newId,
    seriesId: reportSeriesId(current),
    version: reportVersion(current) + 1,
    status: CORRECTION_DRAFT_STATUS,
    summaryStatus: null,
    diagnosticReportVerifiedTime: null,
    createdTime: now,
  };
}

/**
 * The status a version takes when it is released: final for the first, amended for a correction.
 * @param report - the version being released
 */
export function releasedReportStatus(
  report: Pick<DiagnosticReport, 'version'>,
): 'final' | 'amended' {
  return reportVersion(report) > 1 ? 'amended' : 'final';
}
