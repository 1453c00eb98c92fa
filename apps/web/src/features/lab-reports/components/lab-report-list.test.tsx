// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { LabReportList, resultsGraphRoute } from './lab-report-list.tsx';
import { labReport, renderLabReports, type GraphQLCall } from './lab-reports-test-render.tsx';

afterEach(cleanup);

function answering(byPatient: Record<string, unknown[]>) {
  return (call: GraphQLCall) =>
    call.operationName === 'labReportList'
      ? { data: { diagnosticReports: byPatient[String(call.variables.patientId)] ?? [] } }
      : { data: null };
}

describe('LabReportList (spec doc 3 §2 /history/examination → /resultsGraph)', () => {
  it("gives each report a Result button to its test's graph, for every profile when none is chosen", async () => {
    const { calls } = await renderLabReports({
      element: <LabReportList patientIds={null} />,
      path: '/history/examination',
      routePath: '/history/examination',
      answer: answering({
        'p-me': [labReport({ id: 'r1' })],
        'p-mother': [
          labReport({
            id: 'r2',
            patientId: 'p-mother',
            code: { coding: [{ display: 'ESR', code: '00000005' }] },
          }),
        ],
      }),
    });
    const me = await screen.findByRole('link', { name: /Result of Full Blood Count for .*Kamala/ });
    expect(me.getAttribute('href')).toBe('/resultsGraph/?patientId=p-me&code=00000001');
    const mother = await screen.findByRole('link', { name: /Result of ESR for .*Sita/ });
    expect(mother.getAttribute('href')).toBe('/resultsGraph/?patientId=p-mother&code=00000005');
    expect(screen.getByRole('heading', { level: 2, name: 'Test results' })).toBeTruthy();
    expect(calls.map((call) => call.variables.patientId).sort()).toEqual(['p-me', 'p-mother']);
  });

  it("disables the Result button and says 'Payment is pending' in red when patientCreditStatus is pending", async () => {
    await renderLabReports({
      element: <LabReportList patientIds={['p-me']} />,
      path: '/history/examination',
      routePath: '/history/examination',
      answer: answering({ 'p-me': [labReport({ id: 'r1', patientCreditStatus: 'pending' })] }),
    });
    const button = await screen.findByRole('button', { name: /Result of Full Blood Count/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Payment is pending').className).toContain('danger');
  });

  it("says 'Online view facility is not available' for an outsourced report", async () => {
    await renderLabReports({
      element: <LabReportList patientIds={['p-me']} />,
      path: '/history/examination',
      routePath: '/history/examination',
      answer: answering({
        'p-me': [labReport({ id: 'r1', diagnosticReportOutsourcedType: 'external' })],
      }),
    });
    expect(await screen.findByText('Online view facility is not available')).toBeTruthy();
  });

  it('shows nothing while the chosen profiles have no report', async () => {
    const { calls } = await renderLabReports({
      element: <LabReportList patientIds={['p-mother']} />,
      path: '/history/examination',
      routePath: '/history/examination',
      answer: answering({}),
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Test results' })).toBeNull();
    expect(calls[0]?.variables).toEqual({ patientId: 'p-mother' });
  });

  it('builds the graph address', () => {
    expect(resultsGraphRoute('p 1', '00000001')).toBe(
      '/resultsGraph/?patientId=p%201&code=00000001',
    );
  });
});
