/**
 * The lab results graph's records as the domain rules read them (@careline/domain/lab-reports), and
 * the few formats the screen adds. The rules themselves (final only, the qualitative hide, the
 * domain, the latest-3 table, grouping, ranges, outsourced and pending) are the domain's.
 */
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import type { DiagnosticReport, Observation, ReferenceRange } from '@careline/domain/lab-reports';
import type { LabObservationRecord, LabReportRecord } from '../api/lab-report-documents.ts';
import { formatDay, formatInstant } from '@careline/domain/time';

/** The hospital's time zone for report dates (as the order screens, until tenants carry one). */
export const LAB_REPORT_TIME_ZONE = DEFAULT_TIME_ZONE;

const COMPARATORS = ['>', '>=', '<', '<='] as const;

function rangeOf(range: LabObservationRecord['referenceRange']): ReferenceRange | null {
  if (!range) {
    return null;
  }
  const comparator = COMPARATORS.find((item) => item === range.comparator) ?? null;
  return { low: range.low, high: range.high, comparator, value: range.value, text: range.text };
}

/**
 * The server's observations as domain observations. One without a report or a sub-test cannot be
 * placed in the table or the chart and is left out; the sub-test's name stands in for a missing id.
 * @param records - diagnosticObservations' answer
 */
export function toObservations(records: readonly LabObservationRecord[]): Observation[] {
  return records.flatMap((record): Observation[] => {
    const code = record.code ?? record.display;
    if (!record.diagnosticReportId || !code) {
      return [];
    }
    return [
      {
        id: record.id,
        diagnosticReportId: record.diagnosticReportId,
        status: record.status,
        createdTime: record.createdTime,
        code,
        display: record.display ?? code,
        valueString: record.valueString,
        valueQuantity: record.valueQuantity,
        referenceRange: rangeOf(record.referenceRange),
        critical: record.critical,
        parameterOrder: record.parameterOrder,
        subTestClassification: record.subTestClassification,
      },
    ];
  });
}

/**
 * The server's reports as domain reports.
 * @param records - diagnosticReports' answer
 */
export function toReports(records: readonly LabReportRecord[]): DiagnosticReport[] {
  return records.map((record) => ({
    id: record.id,
    code: record.code,
    status: record.status,
    diagnosticReportOutsourcedType: record.diagnosticReportOutsourcedType,
    patientCreditStatus: record.patientCreditStatus,
    summaryStatus: record.summaryStatus,
    diagnosticReportVerifiedTime: record.diagnosticReportVerifiedTime,
    createdTime: record.createdTime,
    version: record.version,
  }));
}

/**
 * A short date for the table's columns and the chart's axis, in the app's language: '24 Nov 2026'.
 * @param iso - the date, ISO 8601
 * @param locale - the active language
 */
export function shortReportDate(iso: string, locale: string): string {
  return formatInstant(iso, 'shortDate', { locale, timeZone: LAB_REPORT_TIME_ZONE }) ?? '';
}

/**
 * A birth date (YYYY-MM-DD) as shown in the patient header, in the app's language; as written when
 * it cannot be read, '' without one.
 * @param dateOfBirth - the profile's birth date
 * @param locale - the active language
 */
export function birthDateText(dateOfBirth: string, locale: string): string {
  return formatDay(dateOfBirth, 'shortDate', locale) ?? dateOfBirth;
}
