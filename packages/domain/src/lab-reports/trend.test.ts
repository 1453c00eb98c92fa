import { describe, expect, it } from 'vitest';
import {
  TREND_TABLE_REPORTS,
  chartDomain,
  chartPoints,
  defaultSubTest,
  isChartedObservation,
  isQualitativeCode,
  observationDisplayValue,
  observationNumericValue,
  reportDates,
  selectSubTest,
  trendChart,
  trendTable,
} from './trend.ts';
import type { DiagnosticReport, DiagnosticReportCode, Observation } from './types.ts';

// The full blood count (code 00000001, spec doc 1 §3, doc 3 §3) with three of its sub-tests.
const FULL_BLOOD_COUNT: DiagnosticReportCode = {
  id: 'code-fbc',
  code: '00000001',
  name: 'Full Blood Count',
  resultValueType: 'quantitative',
};
const URINE_FULL_REPORT: DiagnosticReportCode = {
  id: 'code-ufr',
  code: '00000002',
  name: 'Urine Full Report',
  resultValueType: 'qualitative',
};

const SUB_TESTS = {
  hb: { code: 'hb', display: 'Haemoglobin', unit: 'g/dL', low: 11.5, high: 16.5, order: 1 },
  wbc: { code: 'wbc', display: 'White Blood Cells', unit: '10^3/uL', low: 4, high: 11, order: 2 },
  plt: { code: 'plt', display: 'Platelets', unit: '10^3/uL', low: 150, high: 450, order: 3 },
} as const;

let serial = 0;
function observation(
  subTest: keyof typeof SUB_TESTS,
  reportId: string,
  createdTime: string,
  value: string,
  overrides: Partial<Observation> = {},
): Observation {
  const sub = SUB_TESTS[subTest];
  serial += 1;
  return {
    id: `obs-${String(serial)}`,
    diagnosticReportId: reportId,
    status: 'final',
    createdTime,
    code: sub.code,
    display: sub.display,
    valueString: value,
    valueQuantity: { unit: sub.unit },
    referenceRange: { low: sub.low, high: sub.high },
    parameterOrder: sub.order,
    subject: 'Patient/p-1',
    ...overrides,
  };
}

// Four full blood counts; r2 (September) also holds a preliminary re-run that must not show.
const OBSERVATIONS: Observation[] = [
  observation('hb', 'r3', '2026-10-05T08:00:00+05:30', '12.1'),
  observation('hb', 'r1', '2026-08-01T08:00:00+05:30', '13.4'),
  observation('hb', 'r2', '2026-09-03T08:00:00+05:30', '10.9', { critical: true }),
  observation('hb', 'r2', '2026-09-03T09:00:00+05:30', '99', { status: 'preliminary' }),
  observation('hb', 'r4', '2026-11-20T08:00:00+05:30', '14.0'),
  observation('wbc', 'r4', '2026-11-20T08:00:00+05:30', '7.2'),
  observation('wbc', 'r3', '2026-10-05T08:00:00+05:30', '6.8'),
  observation('plt', 'r4', '2026-11-20T08:00:00+05:30', '', {
    valueQuantity: { value: 250, unit: '10^3/uL' },
  }),
  observation('plt', 'r1', '2026-08-01T08:00:00+05:30', '310'),
];

describe('isQualitativeCode (spec doc 3 §3: the result value type extension qualitative hides the chart)', () => {
  it.each([
    [URINE_FULL_REPORT, true],
    [FULL_BLOOD_COUNT, false],
    [{ resultValueType: null }, false],
    [{}, false],
    [{ resultValueType: 'Qualitative' }, false],
    [null, false],
  ])('%j → %s', (code, qualitative) => {
    expect(isQualitativeCode(code)).toBe(qualitative);
  });
});

describe('isChartedObservation (spec doc 3 §2, §5: only final is charted)', () => {
  it.each([
    ['final', true],
    ['preliminary', false],
    ['registered', false],
    ['amended', false],
    ['entered_in_error', false],
    ['Final', false],
  ])('%s → %s', (status, charted) => {
    expect(isChartedObservation({ status })).toBe(charted);
  });
});

describe('observation values', () => {
  it.each([
    [{ valueString: '13.4' }, 13.4],
    [{ valueString: ' -1 ' }, -1],
    [{ valueString: '.5' }, 0.5],
    [{ valueString: 'Positive' }, null],
    [{ valueString: '< 5' }, null],
    [{ valueString: '' }, null],
    [{ valueString: '1e3' }, null],
    [{ valueQuantity: { value: 250 } }, 250],
    [{ valueQuantity: { value: 250 }, valueString: '251' }, 250],
    [{}, null],
  ])('numeric %j → %s', (value, numeric) => {
    expect(observationNumericValue(value)).toBe(numeric);
  });

  it.each([
    [{ valueString: 'Pale yellow' }, 'Pale yellow'],
    [{ valueString: '', valueQuantity: { value: 250 } }, '250'],
    [{}, ''],
  ])('shown %j → %j', (value, shown) => {
    expect(observationDisplayValue(value)).toBe(shown);
  });
});

describe('reportDates', () => {
  it('takes the verified time, else the created time, else the latest observation time', () => {
    const reports: DiagnosticReport[] = [
      {
        id: 'r1',
        code: { coding: [{ code: '00000001', display: 'Full Blood Count' }] },
        status: 'final',
        diagnosticReportVerifiedTime: '2026-08-02T10:00:00+05:30',
      },
      {
        id: 'r2',
        code: { coding: [{ code: '00000001', display: 'Full Blood Count' }] },
        status: 'final',
        createdTime: '2026-09-01T07:00:00+05:30',
      },
    ];
    const dates = reportDates(OBSERVATIONS.filter(isChartedObservation), reports);
    expect(dates.get('r1')).toBe('2026-08-02T10:00:00+05:30');
    expect(dates.get('r2')).toBe('2026-09-01T07:00:00+05:30');
    expect(dates.get('r4')).toBe('2026-11-20T08:00:00+05:30');
    expect(dates.has('r9')).toBe(false);
  });
});

describe('the chart (spec doc 3 §2)', () => {
  it('plots final values only, by report date, oldest first', () => {
    expect(chartPoints(OBSERVATIONS, 'hb')).toEqual([
      { reportId: 'r1', date: '2026-08-01T08:00:00+05:30', value: 13.4 },
      { reportId: 'r2', date: '2026-09-03T08:00:00+05:30', value: 10.9 },
      { reportId: 'r3', date: '2026-10-05T08:00:00+05:30', value: 12.1 },
      { reportId: 'r4', date: '2026-11-20T08:00:00+05:30', value: 14 },
    ]);
  });

  it('reads valueQuantity where valueString is empty', () => {
    expect(chartPoints(OBSERVATIONS, 'plt').map((point) => point.value)).toEqual([310, 250]);
  });

  it('skips values a line cannot plot', () => {
    const points = chartPoints(
      [
        observation('hb', 'a', '2026-01-01T00:00:00Z', 'Haemolysed'),
        observation('hb', 'b', '2026-02-01T00:00:00Z', '12'),
      ],
      'hb',
    );
    expect(points.map((point) => point.reportId)).toEqual(['b']);
  });

  it('keeps one value per report: the latest entered', () => {
    const points = chartPoints(
      [
        observation('hb', 'a', '2026-01-01T08:00:00Z', '11'),
        observation('hb', 'a', '2026-01-01T09:00:00Z', '12'),
      ],
      'hb',
    );
    expect(points).toEqual([{ reportId: 'a', date: '2026-01-01T09:00:00Z', value: 12 }]);
  });

  it.each([
    [[13.4, 10.9, 12.1, 14], { min: 10.9, max: 14 }],
    [[250], { min: 250, max: 250 }],
    [[-2, 0, 3], { min: -2, max: 3 }],
  ])('the y domain of %j runs from the minimum to the maximum: %j', (values, domain) => {
    expect(chartDomain(values.map((value) => ({ value })))).toEqual(domain);
  });

  it('has no domain without points', () => {
    expect(chartDomain([])).toBeNull();
  });

  it('is hidden for a qualitative code', () => {
    expect(trendChart(URINE_FULL_REPORT, OBSERVATIONS, 'hb')).toEqual({
      visible: false,
      reason: 'qualitative',
    });
  });

  it('is hidden with nothing to plot', () => {
    expect(trendChart(FULL_BLOOD_COUNT, OBSERVATIONS, 'esr')).toEqual({
      visible: false,
      reason: 'noValues',
    });
    expect(trendChart(FULL_BLOOD_COUNT, OBSERVATIONS, null)).toEqual({
      visible: false,
      reason: 'noValues',
    });
  });

  it('shows the selected sub-test with its domain', () => {
    const chart = trendChart(FULL_BLOOD_COUNT, OBSERVATIONS, 'hb');
    expect(chart.visible && chart.domain).toEqual({ min: 10.9, max: 14 });
    expect(chart.visible && chart.points).toHaveLength(4);
  });
});

describe('the latest-3 table (spec doc 3 §2, §9)', () => {
  const table = trendTable(OBSERVATIONS);

  it('shows the latest three report dates, newest first', () => {
    expect(TREND_TABLE_REPORTS).toBe(3);
    expect(table.columns).toEqual([
      { reportId: 'r4', date: '2026-11-20T08:00:00+05:30' },
      { reportId: 'r3', date: '2026-10-05T08:00:00+05:30' },
      { reportId: 'r2', date: '2026-09-03T08:00:00+05:30' },
    ]);
  });

  it('has a row per sub-test with its unit and range, in parameterOrder', () => {
    expect(
      table.rows.map((row) => [
        row.display,
        row.unit,
        row.referenceRange,
        row.cells.map((cell) => cell?.value ?? null),
      ]),
    ).toEqual([
      ['Haemoglobin', 'g/dL', '11.5–16.5', ['14.0', '12.1', '10.9']],
      ['White Blood Cells', '10^3/uL', '4–11', ['7.2', '6.8', null]],
      ['Platelets', '10^3/uL', '150–450', ['250', null, null]],
    ]);
  });

  it('marks critical values and never shows a preliminary one', () => {
    expect(table.rows[0]?.cells[2]).toEqual({ value: '10.9', critical: true });
    expect(table.rows.flatMap((row) => row.cells).some((cell) => cell?.value === '99')).toBe(false);
  });

  it('groups rows by subTestClassification, UNCLASSIFIED by default', () => {
    const grouped = trendTable([
      observation('hb', 'r1', '2026-08-01T08:00:00Z', '13'),
      observation('wbc', 'r1', '2026-08-01T08:00:00Z', '60', {
        display: 'Neutrophils',
        code: 'neut',
        subTestClassification: 'DIFFERENTIAL COUNT',
        parameterOrder: 4,
        valueQuantity: { unit: '%' },
      }),
      observation('plt', 'r1', '2026-08-01T08:00:00Z', '300'),
    ]);
    expect(
      grouped.groups.map((group) => [group.classification, group.items.map((row) => row.display)]),
    ).toEqual([
      ['UNCLASSIFIED', ['Haemoglobin', 'Platelets']],
      ['DIFFERENTIAL COUNT', ['Neutrophils']],
    ]);
    expect(grouped.rows.map((row) => row.display)).toEqual([
      'Haemoglobin',
      'Platelets',
      'Neutrophils',
    ]);
  });

  it('takes a row unit, range and order from its latest observation', () => {
    const latest = trendTable([
      observation('hb', 'old', '2026-01-01T00:00:00Z', '130', {
        valueQuantity: { unit: 'g/L' },
        referenceRange: { low: 115, high: 165 },
      }),
      observation('hb', 'new', '2026-02-01T00:00:00Z', '13.0'),
    ]);
    expect(latest.rows[0]).toMatchObject({ unit: 'g/dL', referenceRange: '11.5–16.5' });
  });

  it('is empty without final observations', () => {
    expect(
      trendTable([observation('hb', 'r1', '2026-01-01T00:00:00Z', '1', { status: 'preliminary' })]),
    ).toEqual({
      columns: [],
      groups: [],
      rows: [],
    });
  });
});

describe('sub-test selection (spec doc 3 §2: clicking a row selects the sub-test)', () => {
  const table = trendTable(OBSERVATIONS);

  it('selects the first plottable row by default', () => {
    expect(defaultSubTest(table)).toBe('hb');
    const textFirst = trendTable([
      observation('hb', 'r1', '2026-01-01T00:00:00Z', 'Haemolysed'),
      observation('wbc', 'r1', '2026-01-01T00:00:00Z', '7'),
    ]);
    expect(defaultSubTest(textFirst)).toBe('wbc');
    const textOnly = trendTable([observation('hb', 'r1', '2026-01-01T00:00:00Z', 'Haemolysed')]);
    expect(defaultSubTest(textOnly)).toBe('hb');
    expect(defaultSubTest({ rows: [] })).toBeNull();
  });

  it.each([
    ['plt', 'hb', 'plt'],
    ['wbc', null, 'wbc'],
    ['esr', 'wbc', 'wbc'],
    ['esr', 'gone', 'hb'],
    ['esr', null, 'hb'],
  ])('a click on %s with %s selected selects %s', (clicked, current, selected) => {
    expect(selectSubTest(table, clicked, current)).toBe(selected);
  });
});
