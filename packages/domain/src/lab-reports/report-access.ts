/**
 * Who may see a report's result, and the download buttons of the lab results graph (spec doc 3 §2
 * 'Lab results graph', 'Printable lab report'; §4 Other transitions; §5; §8).
 */
import { DATE_FORMATS } from '../constants.ts';
import { DEFAULT_TIME_ZONE } from '../loyalty/loyalty-rules.ts';
import { REQUEST_STATE, type RequestState } from '../shell/request-state.ts';
import { formatInstant } from '../time/index.ts';
import { LAB_REPORT_TEXTS, fillLabReportText } from './texts.ts';
import type { DiagnosticReport } from './types.ts';

/** diagnosticReportOutsourcedType of an outsourced report (spec doc 3 §3). */
export const OUTSOURCED_TYPE = 'external';

/** patientCreditStatus that holds the result back (spec doc 3 §2, §8). */
export const CREDIT_STATUS_PENDING = 'pending';

/**
 * The download button's date-time format, 'Do,(ddd) MMM YYYY hh:mm A'. The spec writes 'Download
 * <date time>' without a format; this is doc 3's own date-time format (§2 Admission Payment
 * History; doc 2 §9 payments).
 */
export const LAB_REPORT_DOWNLOAD_DATE_FORMAT = DATE_FORMATS.payment;

/**
 * Whether the report is outsourced: diagnosticReportOutsourcedType is external (spec doc 3 §3).
 * @param report - the report
 */
export function isOutsourcedReport(
  report: Pick<DiagnosticReport, 'diagnosticReportOutsourcedType'>,
): boolean {
  return report.diagnosticReportOutsourcedType === OUTSOURCED_TYPE;
}

/**
 * Whether the patient's payment is pending: patientCreditStatus is pending (spec doc 3 §2, §8).
 * @param report - the report
 */
export function isCreditPending(report: Pick<DiagnosticReport, 'patientCreditStatus'>): boolean {
  return report.patientCreditStatus === CREDIT_STATUS_PENDING;
}

/** What the patient can do with a report, and the messages shown beside it. */
export type ReportAccess = {
  /** The Result button (spec doc 3 §2: disabled when patientCreditStatus is pending). */
  resultEnabled: boolean;
  /** Whether the report can be viewed online and downloaded. */
  viewable: boolean;
  /** 'Online view facility is not available' for an outsourced report. */
  outsourcedMessage: string | null;
  /** 'Payment is pending', shown in red, when the credit status is pending. */
  paymentPendingMessage: string | null;
  paymentPendingTone: 'red' | null;
};

/**
 * The outsourced and pending rules (spec doc 3 §2, §8): an outsourced (external) report shows
 * 'Online view facility is not available'; a pending patientCreditStatus disables the Result
 * button and shows 'Payment is pending' in red. Both can hold, and both messages then show. Either
 * one keeps the result from being viewed or downloaded (ours: the spec disables the Result button;
 * the download buttons follow it, so an unpaid result is not handed over another way).
 * @param report - the report
 */
export function reportAccess(
  report: Pick<DiagnosticReport, 'diagnosticReportOutsourcedType' | 'patientCreditStatus'>,
): ReportAccess {
  const outsourced = isOutsourcedReport(report);
  const pending = isCreditPending(report);
  return {
    resultEnabled: !pending,
    viewable: !outsourced && !pending,
    outsourcedMessage: outsourced ? LAB_REPORT_TEXTS.onlineViewNotAvailable : null,
    paymentPendingMessage: pending ? LAB_REPORT_TEXTS.paymentPending : null,
    paymentPendingTone: pending ? 'red' : null,
  };
}

/**
 * A date-time in 'Do,(ddd) MMM YYYY hh:mm A', in English: '24th,(Tue) Nov 2026 04:45 PM'; null for
 * a missing or unreadable date.
 * @param iso - the date-time, ISO 8601
 * @param timeZone - the hospital's IANA time zone (DEFAULT_TIME_ZONE until tenants have one)
 */
export function formatReportDateTime(
  iso: string | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  return formatInstant(iso, 'labReportDownload', { timeZone });
}

/**
 * A download button's label: 'Download <date time>' (spec doc 3 §2), the date-time in
 * LAB_REPORT_DOWNLOAD_DATE_FORMAT; just 'Download' without a readable date.
 * @param reportDate - the report's date, ISO 8601
 * @param timeZone - the hospital's time zone
 */
export function downloadButtonLabel(
  reportDate: string | null | undefined,
  timeZone?: string,
): string {
  const dateTime = formatReportDateTime(reportDate, timeZone);
  return dateTime === null
    ? fillLabReportText('download', { dateTime: '' }).trim()
    : fillLabReportText('download', { dateTime });
}

// Undated reports go last.
function newestFirst(a: string | null, b: string | null): number {
  const ta = a ? Date.parse(a) : Number.NaN;
  const tb = b ? Date.parse(b) : Number.NaN;
  if (Number.isNaN(ta) || Number.isNaN(tb)) {
    return Number(Number.isNaN(ta)) - Number(Number.isNaN(tb));
  }
  return tb - ta;
}

/**
 * A report's date for its button: the verified time, else the created time.
 * @param report - the report
 */
export function reportDate(
  report: Pick<DiagnosticReport, 'diagnosticReportVerifiedTime' | 'createdTime'>,
): string | null {
  return report.diagnosticReportVerifiedTime ?? report.createdTime ?? null;
}

/** Report printing: which report is generating and the request state (spec doc 3 §4: idle, pending, success, failure). */
export type ReportPrinting = { reportId: string | null; state: RequestState };

/** One 'Download <date time>' button. */
export type DownloadButton = { reportId: string; label: string; disabled: boolean };

/**
 * The download buttons, one per report (spec doc 3 §2, §5): every button is disabled while report
 * printing is loading, and the one generating reads 'Preparing your Report'. Reports the patient
 * cannot view (reportAccess) have no button. Newest first.
 * @param reports - the code's reports for the patient (latest versions)
 * @param printing - the printing state
 * @param timeZone - the hospital's time zone
 */
export function downloadButtons(
  reports: readonly DiagnosticReport[],
  printing: ReportPrinting,
  timeZone?: string,
): DownloadButton[] {
  const loading = printing.state === REQUEST_STATE.PENDING;
  return reports
    .filter((report) => reportAccess(report).viewable)
    .map((report) => ({ report, date: reportDate(report) }))
    .sort((a, b) => newestFirst(a.date, b.date))
    .map(({ report, date }) => ({
      reportId: report.id,
      label:
        loading && printing.reportId === report.id
          ? LAB_REPORT_TEXTS.preparingReport
          : downloadButtonLabel(date, timeZone),
      disabled: loading,
    }));
}

/**
 * The patient header's gender (spec doc 3 §2: M or F); null for any other value, which is not shown.
 * @param gender - female, male or other (spec doc 1 §3)
 */
export function headerGender(gender: string | null | undefined): 'M' | 'F' | null {
  const value = (gender ?? '').trim().toLowerCase();
  if (value === 'male' || value === 'm') {
    return 'M';
  }
  if (value === 'female' || value === 'f') {
    return 'F';
  }
  return null;
}
