/**
 * The lab results graph's rules (spec doc 3 §2 'Lab results graph', §3, §5, §9): the line chart of
 * the selected sub-test across report dates and the table of the latest three report dates by
 * sub-test, with units.
 *
 * - Only observations with status final are charted (doc 3 §2, §3, §5). The table reads the same
 *   final observations (ours: a draft or preliminary value is not verified, so the patient does
 *   not see it anywhere).
 * - The chart is hidden when the code's result value type is qualitative (doc 3 §2, §3).
 * - The y-axis domain runs from the minimum to the maximum of the values (doc 3 §2).
 * - The points run by report date, oldest first; the table's columns are the latest three report
 *   dates, newest first (doc 3 §9: "the latest three reports").
 * - Clicking a row selects its sub-test (doc 3 §2).
 */
import { groupBySubTestClassification, type ClassificationGroup } from './grouping.ts';
import { formatReferenceRange } from './reference-range.ts';
import type { DiagnosticReport, DiagnosticReportCode, Observation } from './types.ts';

/** The result value type that hides the chart (spec doc 3 §3). */
export const QUALITATIVE_RESULT_VALUE_TYPE = 'qualitative';

/** The only observation status that is charted (spec doc 3 §2, §5). */
export const CHARTED_OBSERVATION_STATUS = 'final';

/** How many report dates the trend table shows (spec doc 3 §9). */
export const TREND_TABLE_REPORTS = 3;

/**
 * Whether a code's results are qualitative, which hides the chart (spec doc 3 §3: the result value
 * type extension is qualitative). Exactly the value 'qualitative'; a missing type is not.
 * @param code - the diagnostic report code
 */
export function isQualitativeCode(
  code: Pick<DiagnosticReportCode, 'resultValueType'> | null | undefined,
): boolean {
  return code?.resultValueType === QUALITATIVE_RESULT_VALUE_TYPE;
}

/**
 * Whether an observation is charted: its status is final (spec doc 3 §2, §5).
 * @param observation - the observation
 */
export function isChartedObservation(observation: Pick<Observation, 'status'>): boolean {
  return observation.status === CHARTED_OBSERVATION_STATUS;
}

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * An observation's numeric value: valueQuantity.value, else valueString when it is a plain decimal
 * ('13.2', '-1', '.5'); null for text such as 'Positive' or '< 5', which a line cannot plot.
 * @param observation - the observation
 */
export function observationNumericValue(
  observation: Pick<Observation, 'valueQuantity' | 'valueString'>,
): number | null {
  const quantity = observation.valueQuantity?.value;
  if (typeof quantity === 'number' && Number.isFinite(quantity)) {
    return quantity;
  }
  const text = (observation.valueString ?? '').trim();
  return DECIMAL.test(text) ? Number(text) : null;
}

/**
 * An observation's value as shown in the table: valueString, else valueQuantity.value; '' if none.
 * @param observation - the observation
 */
export function observationDisplayValue(
  observation: Pick<Observation, 'valueQuantity' | 'valueString'>,
): string {
  const text = (observation.valueString ?? '').trim();
  if (text !== '') {
    return text;
  }
  const quantity = observation.valueQuantity?.value;
  return typeof quantity === 'number' && Number.isFinite(quantity) ? String(quantity) : '';
}

function time(iso: string | null | undefined): number {
  const parsed = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
}

/**
 * The date of each report: the report's diagnosticReportVerifiedTime, else its createdTime, else
 * the latest createdTime of its observations (ours: the spec says "report dates" without naming
 * the field).
 * @param observations - the observations
 * @param reports - the reports, when the screen has them
 */
export function reportDates(
  observations: readonly Observation[],
  reports: readonly DiagnosticReport[] = [],
): Map<string, string> {
  const dates = new Map<string, string>();
  for (const observation of observations) {
    const known = dates.get(observation.diagnosticReportId);
    if (known === undefined || time(observation.createdTime) > time(known)) {
      dates.set(observation.diagnosticReportId, observation.createdTime);
    }
  }
  for (const report of reports) {
    const date = report.diagnosticReportVerifiedTime ?? report.createdTime;
    if (date && dates.has(report.id)) {
      dates.set(report.id, date);
    }
  }
  return dates;
}

/** One point of the line chart. */
export type ChartPoint = { reportId: string; date: string; value: number };

// One value per report and sub-test: the latest entered, when a report holds the sub-test twice.
function latestPerReport(observations: readonly Observation[]): Observation[] {
  const byReport = new Map<string, Observation>();
  for (const observation of observations) {
    const key = `${observation.diagnosticReportId}\u0000${observation.code}`;
    const known = byReport.get(key);
    if (!known || time(observation.createdTime) >= time(known.createdTime)) {
      byReport.set(key, observation);
    }
  }
  return [...byReport.values()];
}

function byDateThenId(dates: ReadonlyMap<string, string>) {
  return (a: { reportId: string }, b: { reportId: string }): number =>
    time(dates.get(a.reportId)) - time(dates.get(b.reportId)) ||
    a.reportId.localeCompare(b.reportId);
}

/**
 * The line chart's points for one sub-test (spec doc 3 §2): its final observations with a numeric
 * value, one per report, ordered by report date, oldest first.
 * @param observations - the code's observations for the patient
 * @param subTestCode - the selected sub-test's code
 * @param reports - the reports, for their dates
 */
export function chartPoints(
  observations: readonly Observation[],
  subTestCode: string,
  reports: readonly DiagnosticReport[] = [],
): ChartPoint[] {
  const charted = observations.filter(isChartedObservation);
  const dates = reportDates(charted, reports);
  const points: ChartPoint[] = [];
  for (const observation of latestPerReport(charted.filter((o) => o.code === subTestCode))) {
    const value = observationNumericValue(observation);
    if (value !== null) {
      const date = dates.get(observation.diagnosticReportId) ?? observation.createdTime;
      points.push({ reportId: observation.diagnosticReportId, date, value });
    }
  }
  return points.sort(byDateThenId(dates));
}

/**
 * The y-axis domain: from the minimum to the maximum of the values (spec doc 3 §2); null without
 * points. A single value gives min = max; the chart library pads it, the rule does not.
 * @param points - the chart's points
 */
export function chartDomain(
  points: readonly { value: number }[],
): { min: number; max: number } | null {
  if (points.length === 0) {
    return null;
  }
  const values = points.map((point) => point.value);
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** The chart: hidden for qualitative codes and when there is nothing to plot. */
export type TrendChart =
  | { visible: false; reason: 'qualitative' | 'noValues' }
  | { visible: true; points: ChartPoint[]; domain: { min: number; max: number } };

/**
 * The chart of one sub-test (spec doc 3 §2): hidden when the code is qualitative; else its final
 * numeric values by report date with the domain from their minimum to their maximum.
 * @param code - the diagnostic report code
 * @param observations - the code's observations for the patient
 * @param subTestCode - the selected sub-test
 * @param reports - the reports, for their dates
 */
export function trendChart(
  code: Pick<DiagnosticReportCode, 'resultValueType'>,
  observations: readonly Observation[],
  subTestCode: string | null,
  reports: readonly DiagnosticReport[] = [],
): TrendChart {
  if (isQualitativeCode(code)) {
    return { visible: false, reason: 'qualitative' };
  }
  const points = subTestCode === null ? [] : chartPoints(observations, subTestCode, reports);
  const domain = chartDomain(points);
  return domain === null
    ? { visible: false, reason: 'noValues' }
    : { visible: true, points, domain };
}

/** A column of the trend table: one report and its date. */
export type TrendColumn = { reportId: string; date: string };

/** A cell: the value as shown and whether it is critical. */
export type TrendCell = { value: string; critical: boolean };

/** A row of the trend table: one sub-test. */
export type TrendRow = {
  code: string;
  display: string;
  unit: string;
  referenceRange: string;
  parameterOrder: number | null;
  subTestClassification: string | null;
  /** One per column; null where that report has no value for the sub-test. */
  cells: (TrendCell | null)[];
  /** Whether the sub-test has a numeric final value to plot. */
  chartable: boolean;
};

/** The trend table: the columns, the rows grouped and ordered, and the rows in that order. */
export type TrendTable = {
  columns: TrendColumn[];
  groups: ClassificationGroup<TrendRow>[];
  rows: TrendRow[];
};

/**
 * The table of the latest three report dates by sub-test, with units (spec doc 3 §2, §9): columns
 * are the three latest reports with a final observation, newest first; rows are the sub-tests
 * with a value in them, grouped by subTestClassification (UNCLASSIFIED when missing) and ordered
 * by parameterOrder (doc 3 §3). A row's unit, range, order and group are its latest observation's.
 * @param observations - the code's observations for the patient
 * @param reports - the reports, for their dates
 */
export function trendTable(
  observations: readonly Observation[],
  reports: readonly DiagnosticReport[] = [],
): TrendTable {
  const charted = latestPerReport(observations.filter(isChartedObservation));
  const dates = reportDates(charted, reports);
  const columns: TrendColumn[] = [...dates]
    .map(([reportId, date]) => ({ reportId, date }))
    .sort(byDateThenId(dates))
    .reverse()
    .slice(0, TREND_TABLE_REPORTS);
  const columnIndex = new Map(columns.map((column, index) => [column.reportId, index]));

  const rows = new Map<string, { row: TrendRow; latest: number }>();
  for (const observation of charted) {
    const index = columnIndex.get(observation.diagnosticReportId);
    if (index === undefined) {
      continue;
    }
    const entry = rows.get(observation.code) ?? {
      row: {
        code: observation.code,
        display: observation.display,
        unit: '',
        referenceRange: '',
        parameterOrder: null,
        subTestClassification: null,
        cells: columns.map(() => null),
        chartable: false,
      },
      latest: Number.POSITIVE_INFINITY,
    };
    entry.row.cells[index] = {
      value: observationDisplayValue(observation),
      critical: observation.critical === true,
    };
    entry.row.chartable ||= observationNumericValue(observation) !== null;
    // Columns run newest first, so the lowest index is the latest observation.
    if (index < entry.latest) {
      entry.latest = index;
      entry.row.display = observation.display;
      entry.row.unit = observation.valueQuantity?.unit ?? '';
      entry.row.referenceRange = formatReferenceRange(observation.referenceRange);
      entry.row.parameterOrder = observation.parameterOrder ?? null;
      entry.row.subTestClassification = observation.subTestClassification ?? null;
    }
    rows.set(observation.code, entry);
  }
  const groups = groupBySubTestClassification([...rows.values()].map((entry) => entry.row));
  return { columns, groups, rows: groups.flatMap((group) => group.items) };
}

/**
 * The sub-test selected when the screen opens: the first row (in the table's order) with a value
 * to plot, else the first row; null for an empty table (ours: the spec does not say which).
 * @param table - the trend table
 */
export function defaultSubTest(table: Pick<TrendTable, 'rows'>): string | null {
  return (table.rows.find((row) => row.chartable) ?? table.rows[0])?.code ?? null;
}

/**
 * The sub-test after a row is clicked (spec doc 3 §2): the clicked row's; a code that is not a row
 * of the table keeps the current selection, or the default when there is none.
 * @param table - the trend table
 * @param clickedCode - the clicked row's code
 * @param current - the current selection
 */
export function selectSubTest(
  table: Pick<TrendTable, 'rows'>,
  clickedCode: string,
  current: string | null,
): string | null {
  if (table.rows.some((row) => row.code === clickedCode)) {
    return clickedCode;
  }
  return current !== null && table.rows.some((row) => row.code === current)
    ? current
    : defaultSubTest(table);
}

/**
 * The lab results graph of a profile's test: /resultsGraph/?patientId=…&code=… (spec doc 3 §2); the
 * lab test list and a lab order's screen (issue 30 §1: the order links to its report) open it.
 * @param patientId - the profile
 * @param code - the test's code (code.coding.0.code, e.g. 00000001)
 */
export function resultsGraphRoute(patientId: string, code: string): string {
  return `/resultsGraph/?patientId=${encodeURIComponent(patientId)}&code=${encodeURIComponent(code)}`;
}
