// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResultsGraphScreen } from './results-graph-screen.tsx';
import {
  labObservation,
  labReport,
  renderLabReports,
  type GraphQLCall,
} from './lab-reports-test-render.tsx';

// uPlot draws on a canvas jsdom does not have: a stand-in records what the chart asked for.
type FakeChart = {
  data: number[][];
  range: [number, number];
  xRange: [number, number];
  xSplits: number[];
  xLabels: string[];
  band: boolean;
};
const charts = vi.hoisted(() => [] as FakeChart[]);
vi.mock('uplot', () => ({
  default: class FakeUPlot {
    constructor(
      options: {
        scales: { x: { range: () => [number, number] }; y: { range: () => [number, number] } };
        axes: { splits?: () => number[]; values?: () => string[] }[];
        hooks: { drawClear?: unknown[] };
      },
      data: number[][],
    ) {
      charts.push({
        data,
        range: options.scales.y.range(),
        xRange: options.scales.x.range(),
        xSplits: options.axes[0]?.splits?.() ?? [],
        xLabels: options.axes[0]?.values?.() ?? [],
        band: (options.hooks.drawClear ?? []).length > 0,
      });
    }
    destroy() {}
    setSize() {}
  },
}));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

beforeEach(() => {
  charts.length = 0;
});
afterEach(cleanup);

const PATH = '/resultsGraph/?patientId=p-me&code=00000001';

const fbc = {
  __typename: 'DiagnosticReportCode',
  id: 'code-fbc',
  code: '00000001',
  name: 'Full Blood Count',
  resultValueType: 'quantitative',
};

// Four reports: r4 (newest) holds only a draft result, so the table's three dates are r3, r2, r1.
const reports = [
  labReport({ id: 'r4', createdTime: '2026-11-20T04:30:00.000Z' }),
  labReport({ id: 'r3', createdTime: '2026-11-01T04:30:00.000Z' }),
  labReport({ id: 'r2', createdTime: '2026-10-01T04:30:00.000Z' }),
  labReport({ id: 'r1', createdTime: '2026-09-01T04:30:00.000Z' }),
];
const hb = {
  code: 'hb',
  display: 'Haemoglobin',
  parameterOrder: 1,
  referenceRange: { low: 11.5, high: 16.5, comparator: null, value: null, text: null },
};
const wbc = {
  code: 'wbc',
  display: 'WBC',
  parameterOrder: 2,
  referenceRange: { low: null, high: null, comparator: '<', value: 11, text: null },
};
const neut = {
  code: 'neut',
  display: 'Neutrophils',
  parameterOrder: 4,
  subTestClassification: 'DIFFERENTIAL COUNT',
};
const observations = [
  labObservation({
    id: 'o1',
    diagnosticReportId: 'r1',
    ...hb,
    valueQuantity: { value: 12.1, unit: 'g/dL' },
    createdTime: '2026-09-01T04:00:00.000Z',
  }),
  labObservation({
    id: 'o2',
    diagnosticReportId: 'r2',
    ...hb,
    valueQuantity: { value: 13.4, unit: 'g/dL' },
    createdTime: '2026-10-01T04:00:00.000Z',
  }),
  labObservation({
    id: 'o3',
    diagnosticReportId: 'r3',
    ...hb,
    valueQuantity: { value: 10.9, unit: 'g/dL' },
    critical: true,
  }),
  labObservation({
    id: 'o4',
    diagnosticReportId: 'r4',
    ...hb,
    valueQuantity: { value: 99, unit: 'g/dL' },
    status: 'preliminary',
    createdTime: '2026-11-20T04:00:00.000Z',
  }),
  labObservation({
    id: 'o5',
    diagnosticReportId: 'r2',
    ...wbc,
    valueQuantity: { value: 7.2, unit: '10^3/uL' },
    createdTime: '2026-10-01T04:00:00.000Z',
  }),
  labObservation({
    id: 'o6',
    diagnosticReportId: 'r3',
    ...wbc,
    valueQuantity: { value: 9.8, unit: '10^3/uL' },
  }),
  labObservation({
    id: 'o7',
    diagnosticReportId: 'r3',
    ...neut,
    valueQuantity: { value: 62, unit: '%' },
  }),
];

function answering(
  data: { code?: unknown; reports?: unknown[]; observations?: unknown[] } = {},
  more?: (call: GraphQLCall) => unknown,
) {
  return (call: GraphQLCall) => {
    if (call.operationName === 'labResultsGraph') {
      return {
        data: {
          diagnosticReportCode: data.code ?? fbc,
          diagnosticReports: data.reports ?? reports,
          diagnosticObservations: data.observations ?? observations,
        },
      };
    }
    return more?.(call) ?? { data: null };
  };
}

const renderGraph = (
  answer: (call: GraphQLCall) => unknown,
  downloadReport?: (id: string) => Promise<void>,
  path = PATH,
) =>
  renderLabReports({
    element: <ResultsGraphScreen downloadReport={downloadReport} />,
    path,
    routePath: '/resultsGraph',
    answer,
  });

describe('ResultsGraphScreen (spec doc 3 §2 Lab results graph)', () => {
  it("says 'Please wait, We are loading your Report' with the patient header while loading, asking for the test, reports and results", async () => {
    const { calls } = await renderGraph(() => new Promise(() => undefined));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Please wait, We are loading your Report');
    expect(status.closest('section')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText(/Kamala Perera/)).toBeTruthy();
    expect(screen.getByText('F')).toBeTruthy();
    expect(screen.getByText('+94771234567')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((call) => call.operationName === 'labResultsGraph')).toBe(true),
    );
    expect(calls.find((call) => call.operationName === 'labResultsGraph')?.variables).toEqual({
      patientId: 'p-me',
      patient: 'Patient/p-me',
      code: '00000001',
      codes: ['00000001'],
    });
  });

  it('shows the latest three report dates by sub-test with units and ranges, grouped and ordered, final results only', async () => {
    await renderGraph(answering());
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Full Blood Count' })).toBeTruthy();
    // Columns: the test, then r3, r2, r1 (r4 has only a draft).
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    const rows = within(table).getAllByRole('row').slice(1);
    const text = rows.map((row) => row.textContent);
    expect(text[0]).toBe('Unclassified');
    expect(text[1]).toContain('Haemoglobin');
    expect(text[1]).toContain('g/dL');
    expect(text[1]).toContain('Reference Range: 11.5–16.5');
    expect(text[1]).toContain('10.9');
    expect(text[1]).not.toContain('99');
    expect(text[2]).toContain('WBC');
    expect(text[2]).toContain('< 11');
    expect(text[3]).toBe('DIFFERENTIAL COUNT');
    expect(text[4]).toContain('Neutrophils');
    // The critical value is said, not only shown bold.
    expect(text[1]).toContain('(Critical)');
  });

  it('charts the first sub-test with room above and below its values and range, and a row click (or its button) switches the sub-test', async () => {
    await renderGraph(answering());
    await waitFor(() => expect(charts.length).toBeGreaterThan(0));
    expect(charts.at(-1)?.data[1]).toEqual([12.1, 13.4, 10.9]);
    // 10.9 to 16.5 (the values and the range 11.5–16.5), a tenth of that free either side (issue 30 §3.8).
    expect(charts.at(-1)?.range[0]).toBeCloseTo(10.34, 6);
    expect(charts.at(-1)?.range[1]).toBeCloseTo(17.06, 6);
    expect(charts.at(-1)?.band).toBe(true);
    const figure = screen.getByRole('img');
    expect(figure.getAttribute('aria-label')).toContain('Haemoglobin');
    // The table is the chart's text alternative.
    const captionId = figure.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(captionId)?.textContent).toContain('Latest results');
    const hbButton = screen.getByRole('button', { name: 'Haemoglobin' });
    expect(hbButton.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'WBC' }));
    await waitFor(() => expect(charts.at(-1)?.data[1]).toEqual([7.2, 9.8]));
    // 7.2 to 11 (the values and '< 11'), padded.
    expect(charts.at(-1)?.range[0]).toBeCloseTo(6.82, 6);
    expect(charts.at(-1)?.range[1]).toBeCloseTo(11.38, 6);
    expect(screen.getByRole('button', { name: 'WBC' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Trend of WBC' })).toBeTruthy();

    // A click on the row's value cell selects it too.
    const neutRow = screen.getByRole('button', { name: 'Neutrophils' }).closest('tr');
    fireEvent.click(within(neutRow as HTMLElement).getByText('62'));
    await waitFor(() => expect(charts.at(-1)?.data[1]).toEqual([62]));
    // One value: min = max, padded so the line shows.
    expect(charts.at(-1)?.range[0]).toBeLessThan(62);
  });

  it('names the lab order of a report with a link to it, and marks an amended version (issue 30 §1)', async () => {
    await renderGraph(
      answering({
        reports: [
          labReport({ id: 'r3', createdTime: '2026-11-01T04:30:00.000Z', status: 'amended', serviceRequestId: 'order-7' }),
          labReport({ id: 'r2', createdTime: '2026-10-01T04:30:00.000Z' }),
        ],
      }),
    );
    const order = await screen.findByRole('link', { name: 'From your lab order' });
    expect(order.getAttribute('href')).toBe('/order/view?orderId=order-7');
    expect(screen.getAllByRole('link', { name: 'From your lab order' })).toHaveLength(1);
    expect(order.closest('li')?.textContent).toContain('Amended');
    expect(screen.getAllByText('Amended')).toHaveLength(1);
  });

  it("ticks the x-axis by day in the hospital's zone, written as the table writes dates, in the user's language (issue 30 §3.8)", async () => {
    // Two reports a day apart on Colombo's calendar: 1 Dec 22:19 and 2 Dec 10:19 (UTC+05:30).
    const two = [
      labReport({ id: 'a', createdTime: '2026-12-01T16:49:00.000Z' }),
      labReport({ id: 'b', createdTime: '2026-12-02T04:49:00.000Z' }),
    ];
    const values = [
      labObservation({ id: 'a1', diagnosticReportId: 'a', ...hb, valueQuantity: { value: 12, unit: 'g/dL' }, createdTime: '2026-12-01T16:49:00.000Z' }),
      labObservation({ id: 'b1', diagnosticReportId: 'b', ...hb, valueQuantity: { value: 14, unit: 'g/dL' }, createdTime: '2026-12-02T04:49:00.000Z' }),
    ];
    await renderGraph(answering({ reports: two, observations: values }));
    await waitFor(() => expect(charts.length).toBeGreaterThan(0));
    const chart = charts.at(-1);
    expect(chart?.xLabels).toEqual(['Dec 1, 2026', 'Dec 2, 2026']);
    // The table writes the same dates.
    const table = screen.getByRole('table');
    for (const label of chart?.xLabels ?? []) {
      expect(within(table).getByText(label)).toBeTruthy();
    }
    // Colombo's days, from its midnight of 1 Dec to its midnight after 2 Dec (seconds).
    expect(chart?.xRange).toEqual([Date.parse('2026-11-30T18:30:00Z') / 1000, Date.parse('2026-12-02T18:30:00Z') / 1000]);
    expect(chart?.xSplits).toEqual([Date.parse('2026-12-01T06:30:00Z') / 1000, Date.parse('2026-12-02T06:30:00Z') / 1000]);
    cleanup();
    charts.length = 0;

    await renderLabReports({
      element: <ResultsGraphScreen />,
      path: PATH,
      routePath: '/resultsGraph',
      answer: answering({ reports: two, observations: values }),
      locale: 'si',
    });
    await waitFor(() => expect(charts.length).toBeGreaterThan(0));
    const sinhala = charts.at(-1)?.xLabels ?? [];
    expect(sinhala).toHaveLength(2);
    expect(sinhala[0]).not.toBe('Dec 1, 2026');
    expect(sinhala[0]).toContain('2026');
  });

  it('hides the chart for a qualitative test and keeps the table', async () => {
    await renderGraph(
      answering({
        code: { ...fbc, name: 'Urine Full Report', resultValueType: 'qualitative' },
        observations: [
          labObservation({
            id: 'u1',
            diagnosticReportId: 'r3',
            code: 'colour',
            display: 'Colour',
            valueString: 'Pale yellow',
          }),
        ],
      }),
    );
    await screen.findByRole('table');
    expect(screen.queryByRole('img')).toBeNull();
    expect(
      screen.getByText('The results of this test are words, not numbers, so there is no chart.'),
    ).toBeTruthy();
    expect(screen.getByText('Pale yellow')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Colour' })).toBeNull();
    expect(charts).toHaveLength(0);
  });

  it("says 'Online view facility is not available' for an outsourced report and 'Payment is pending' in red for an unpaid one, without their downloads", async () => {
    await renderGraph(
      answering({
        reports: [
          labReport({ id: 'r3' }),
          labReport({
            id: 'rx',
            createdTime: '2026-10-01T04:30:00.000Z',
            diagnosticReportOutsourcedType: 'external',
          }),
          labReport({
            id: 'rp',
            createdTime: '2026-09-01T04:30:00.000Z',
            patientCreditStatus: 'pending',
          }),
        ],
        observations: observations.filter((o) => o.diagnosticReportId === 'r3'),
      }),
    );
    expect(await screen.findByText('Online view facility is not available')).toBeTruthy();
    const pending = screen.getByText('Payment is pending');
    expect(pending.className).toContain('danger');
    const downloads = screen.getAllByRole('button', { name: /^Download / });
    expect(downloads.map((button) => button.textContent)).toEqual([
      'Download 1st,(Sun) Nov 2026 10:00 AM',
    ]);
  });

  it("shows 'Preparing your Report' on the report being made with every download disabled, then records it was seen", async () => {
    let finish: () => void = () => undefined;
    const downloadReport = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { calls } = await renderGraph(
      answering({}, (call) =>
        call.operationName === 'labReportSeen'
          ? {
              data: {
                updateDiagnosticReportExtension: {
                  __typename: 'DiagnosticReport',
                  id: 'r2',
                  lastSeen: '2026-11-24T10:00:00.000Z',
                },
              },
            }
          : undefined,
      ),
      downloadReport,
    );
    const button = await screen.findByRole('button', {
      name: 'Download 1st,(Thu) Oct 2026 10:00 AM',
    });
    expect(screen.getAllByRole('button', { name: /^Download / })).toHaveLength(4);
    fireEvent.click(button);
    expect(downloadReport).toHaveBeenCalledWith('r2');
    const preparing = await screen.findByRole('button', { name: 'Preparing your Report' });
    expect((preparing as HTMLButtonElement).disabled).toBe(true);
    for (const other of screen.getAllByRole('button', { name: /^Download / })) {
      expect((other as HTMLButtonElement).disabled).toBe(true);
    }
    await act(async () => finish());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Preparing your Report' })).toBeNull(),
    );
    for (const other of screen.getAllByRole('button', { name: /^Download / })) {
      expect((other as HTMLButtonElement).disabled).toBe(false);
    }
    await waitFor(() =>
      expect(calls.find((call) => call.operationName === 'labReportSeen')?.variables).toEqual({
        id: 'r2',
      }),
    );
  });

  it('says the report could not be made when the download fails, and the buttons work again', async () => {
    await renderGraph(answering(), () => Promise.reject(new Error('HTTP 500')));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Download 1st,(Sun) Nov 2026 10:00 AM' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Unable to load some data to generate your report. Please contact hospital for help',
    );
    expect(
      screen.getByRole<HTMLButtonElement>('button', {
        name: 'Download 1st,(Sun) Nov 2026 10:00 AM',
      }).disabled,
    ).toBe(false);
  });

  it('shows the error with a retry, and the empty state', async () => {
    let attempts = 0;
    await renderGraph((call) => {
      if (call.operationName !== 'labResultsGraph') {
        return { data: null };
      }
      attempts += 1;
      return attempts === 1
        ? { data: null, errors: [{ message: 'ARO-E9999:Something went wrong' }] }
        : {
            data: { diagnosticReportCode: fbc, diagnosticReports: [], diagnosticObservations: [] },
          };
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There is a problem loading your Lab Tests');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("We didn't find any Lab Tests of you")).toBeTruthy();
  });

  it('refreshes when a lab order of the profile changes (its report was issued)', async () => {
    const { calls, sendOrder } = await renderGraph(answering());
    await screen.findByRole('table');
    const before = calls.filter((call) => call.operationName === 'labResultsGraph').length;
    act(() => sendOrder({ id: 'o-1', category: 'Examination' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.operationName === 'labResultsGraph').length).toBe(
        before + 1,
      ),
    );
  });

  it('refreshes when a report of the profile is issued at the desk, with no order to announce it', async () => {
    const { calls, sendReport } = await renderGraph(answering());
    await screen.findByRole('table');
    const before = calls.filter((call) => call.operationName === 'labResultsGraph').length;
    act(() => sendReport({ id: 'r-desk' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.operationName === 'labResultsGraph').length).toBe(
        before + 1,
      ),
    );
  });

  it("goes to /accessDenied for a profile that is not the account's", async () => {
    const { calls } = await renderGraph(
      answering(),
      undefined,
      '/resultsGraph/?patientId=p-other&code=00000001',
    );
    expect((await screen.findByTestId('location')).textContent).toBe('/accessDenied');
    expect(calls).toHaveLength(0);
  });
});
