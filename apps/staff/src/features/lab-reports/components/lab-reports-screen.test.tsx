// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hospital } from '../../../lib/staff-session.tsx';
import type { StaffLabReportRow } from '../api/lab-reports-operations.ts';
import type { LabAbilities } from '../lab-report-rules.ts';
import { fakeLabClient, type FakeAnswer } from './fake-lab-client.ts';
import { LabReportsScreen } from './lab-reports-screen.tsx';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };
const technician: LabAbilities = { work: true, settings: false };

function row(id: string, extra: Partial<StaffLabReportRow['report']> = {}): StaffLabReportRow {
  return {
    id,
    report: {
      id,
      version: 1,
      revision: 2,
      codeCode: '00000001',
      codeDisplay: 'Full Blood Count',
      status: 'preliminary',
      summaryStatus: 'report',
      diagnosticReportOutsourcedType: null,
      serviceRequestId: 'o1',
      createdTime: '2026-11-24T04:00:00.000Z',
      ...extra,
    },
    patient: { id: 'p1', name: 'Mr Kasun Fernando', mobileNo: '94771234567' },
  };
}

const labOrder = {
  id: 'o1',
  order: { id: 'o1', identifier: 'SR-0042', category: 'Examination', orderStatus: 'sampleCollected', createdTime: '2026-11-24T03:00:00.000Z', diagnosticReport: ['00000001'] },
  patient: { id: 'p1', name: 'Mr Kasun Fernando' },
};

const config = { diagnosticReportCodes: [{ code: '00000001', display: 'Full Blood Count' }, { code: '00000002', display: 'Lipid Profile' }] };

function base(name: string, variables: Record<string, unknown>): FakeAnswer | null {
  if (name === 'staffLabOrders') {
    return { data: { staffOrders: { nodes: variables.queue === 'IN_PROGRESS' ? [labOrder] : [] } } };
  }
  if (name === 'labTenantConfig') {
    return { data: { tenantConfig: config } };
  }
  if (name === 'staffLabReportSettings') {
    return { data: { staffLabReportSettings: { organizationId: 'h1', requireSecondVerifier: false } } };
  }
  return null;
}

function renderList(
  answer: (name: string, variables: Record<string, unknown>) => FakeAnswer,
  may: LabAbilities = technician,
  serviceRequestId: string | null = null,
  onStarted = vi.fn(),
) {
  const fake = fakeLabClient((name, variables) => base(name, variables) ?? answer(name, variables));
  render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={fake.client}>
        <MemoryRouter initialEntries={['/lab-reports']}>
          <LabReportsScreen
            hospital={hospital}
            may={may}
            serviceRequestId={serviceRequestId}
            reportPath={(id) => `/lab-reports/${id}`}
            listPath="/lab-reports"
            patientSearch={({ actionLabel, onPick }) => (
              <button type="button" onClick={() => onPick({ id: 'p9', name: 'Ms Ama Silva' })}>
                {actionLabel('Ms Ama Silva')}
              </button>
            )}
            onStarted={onStarted}
          />
        </MemoryRouter>
      </Provider>
    </I18nProvider>,
  );
  return fake;
}

const page = (nodes: StaffLabReportRow[], hasMore = false, totalCount = nodes.length) => ({
  data: { staffLabReports: { nodes, endCursor: hasMore ? 'c1' : null, hasMore, totalCount } },
});

afterEach(() => cleanup());

describe('the lab reports list', () => {
  it('lists the drafts in a table with headers, each report opening by a labelled link', async () => {
    const fake = renderList(() => page([row('r1'), row('r2', { status: 'registered', summaryStatus: null, serviceRequestId: null })]));
    const table = await screen.findByRole('table', { name: 'Drafts: 2 of 2 reports' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Test',
      'Patient',
      'Status',
      'Version',
      'From',
      'Created',
    ]);
    expect(within(table).getAllByRole('link', { name: 'Open the Full Blood Count report of Mr Kasun Fernando' })[0]?.getAttribute('href')).toBe(
      '/lab-reports/r1',
    );
    expect(within(table).getByText('No results yet')).toBeTruthy();
    expect(within(table).getByText('At the desk')).toBeTruthy();
    expect(fake.calls.find((call) => call.name === 'staffLabReports')?.variables).toMatchObject({ organizationId: 'h1', queue: 'DRAFT' });
  });

  it('offers those who work reports the results import (CSV) on the work queue', async () => {
    renderList(() => page([]));
    await screen.findByText('No reports in this list.');
    expect(screen.getByRole('region', { name: 'Import results (CSV)' })).toBeTruthy();
  });

  it('switches lists by tab (arrow keys too) and pages on', async () => {
    const fake = renderList((name, variables) => {
      if (variables.after === 'c1') {
        return page([row('r3', { status: 'final', summaryStatus: 'print_ready' })], false, 2);
      }
      return page([row('r1', { status: 'final', summaryStatus: 'print_ready' })], variables.queue === 'VERIFIED', 2);
    });
    await screen.findByRole('table');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Drafts' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Verified' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('table', { name: 'Verified: 1 of 2 reports' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show more reports' }));
    });
    expect(await screen.findByRole('table', { name: 'Verified: 2 of 2 reports' })).toBeTruthy();
    expect(fake.calls.filter((call) => call.name === 'staffLabReports').map((call) => call.variables.queue)).toEqual(['DRAFT', 'VERIFIED', 'VERIFIED']);
  });

  it('reads the list again when a lab order changes', async () => {
    const fake = renderList(() => page([row('r1')]));
    await screen.findByRole('table');
    await act(async () => {
      fake.push('o1');
    });
    expect(fake.calls.filter((call) => call.name === 'staffLabReports')).toHaveLength(2);
  });

  it('shows a failed load with a retry', async () => {
    renderList(() => ({ error: 'ARO-E2002:Invalid' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The lab reports could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('starts a report from a lab order: the order’s test is chosen, and the new report opens', async () => {
    const onStarted = vi.fn();
    const fake = renderList(
      (name) =>
        name === 'staffCreateLabReport'
          ? { data: { staffCreateLabReport: { id: 'r7', report: { id: 'r7', revision: 1 } } } }
          : page([]),
      technician,
      null,
      onStarted,
    );
    const start = await screen.findByRole('region', { name: 'Start a report' });
    fireEvent.click(within(start).getByRole('button', { name: 'Start report' }));
    expect((await within(start).findByRole('alert')).textContent).toBe('Choose the lab order the report is for.');
    const order = await within(start).findByRole('option', { name: 'SR-0042 · Mr Kasun Fernando' });
    fireEvent.change(within(start).getByRole('combobox', { name: 'Order' }), { target: { value: (order as HTMLOptionElement).value } });
    expect(within(start).getByRole<HTMLSelectElement>('combobox', { name: 'Test' }).value).toBe('00000001');
    await act(async () => {
      fireEvent.click(within(start).getByRole('button', { name: 'Start report' }));
    });
    expect(fake.calls.find((call) => call.name === 'staffCreateLabReport')?.variables).toMatchObject({
      organizationId: 'h1',
      input: { serviceRequestId: 'o1', patientId: null, code: '00000001', sensitive: false },
    });
    expect(onStarted).toHaveBeenCalledWith('r7');
  });

  it('starts a report at the desk for a patient found, with any of the tenant’s tests; a server refusal shows', async () => {
    const fake = renderList((name) =>
      name === 'staffCreateLabReport' ? { error: 'ARO-E7001:Choose a lab test from the list' } : page([]),
    );
    const start = await screen.findByRole('region', { name: 'Start a report' });
    fireEvent.click(within(start).getByRole('radio', { name: 'At the desk' }));
    fireEvent.click(within(start).getByRole('button', { name: 'Start a report for Ms Ama Silva' }));
    expect(within(start).getByText('Patient: Ms Ama Silva')).toBeTruthy();
    await within(start).findByRole('option', { name: 'Lipid Profile (00000002)' });
    fireEvent.change(within(start).getByRole('combobox', { name: 'Test' }), { target: { value: '00000002' } });
    fireEvent.click(within(start).getByRole('checkbox', { name: 'Sensitive: never shown to the patient' }));
    await act(async () => {
      fireEvent.click(within(start).getByRole('button', { name: 'Start report' }));
    });
    expect(fake.calls.find((call) => call.name === 'staffCreateLabReport')?.variables).toMatchObject({
      input: { serviceRequestId: null, patientId: 'p9', code: '00000002', sensitive: true },
    });
    expect((await within(start).findByRole('alert')).textContent).toBe('Choose a lab test from the list');
  });

  it('one lab order’s reports: all lists, a way back, and the order chosen to start from', async () => {
    const fake = renderList(() => page([row('r1')]), technician, 'o1');
    await screen.findByRole('table', { name: 'All: 1 of 1 reports' });
    expect(screen.getByRole('link', { name: 'Show all reports' }).getAttribute('href')).toBe('/lab-reports');
    expect(fake.calls.find((call) => call.name === 'staffLabReports')?.variables).toMatchObject({ queue: 'ALL', serviceRequestId: 'o1' });
    await screen.findByRole('option', { name: 'SR-0042 · Mr Kasun Fernando' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Order' }).value).toBe('o1');
  });

  it('a member who only reads cannot start a report; settings are for admins only', async () => {
    renderList(() => page([]), { work: false, settings: false });
    await screen.findByText('No reports in this list.');
    expect(screen.queryByRole('region', { name: 'Start a report' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Import results (CSV)' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Lab report settings' })).toBeNull();
  });

  it('an admin sets the second-person rule', async () => {
    const fake = renderList(
      (name, variables) =>
        name === 'staffSetLabReportSettings'
          ? { data: { staffSetLabReportSettings: { organizationId: 'h1', requireSecondVerifier: variables.requireSecondVerifier } } }
          : page([]),
      { work: true, settings: true },
    );
    const settings = await screen.findByRole('region', { name: 'Lab report settings' });
    const box = within(settings).getByRole<HTMLInputElement>('checkbox', { name: 'A second person must verify the results' });
    await vi.waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await act(async () => {
      fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    });
    expect(fake.calls.find((call) => call.name === 'staffSetLabReportSettings')?.variables).toEqual({
      organizationId: 'h1',
      requireSecondVerifier: true,
    });
    expect(await within(settings).findByText('Settings saved.')).toBeTruthy();
  });
});
