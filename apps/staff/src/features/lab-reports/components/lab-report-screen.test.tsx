// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hospital } from '../../../lib/staff-session.tsx';
import type { StaffLabReportDetail } from '../api/lab-reports-operations.ts';
import type { LabAbilities } from '../lab-report-rules.ts';
import { fakeLabClient, type FakeAnswer } from './fake-lab-client.ts';
import { LabReportScreen } from './lab-report-screen.tsx';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };
const technician: LabAbilities = { work: true, settings: false };

type Report = StaffLabReportDetail['report'];

function version(extra: Partial<Report> = {}): Report {
  return {
    id: 'r1',
    seriesId: 'r1',
    version: 1,
    revision: 3,
    supersededById: null,
    amendmentReason: null,
    codeCode: '00000001',
    codeDisplay: 'Full Blood Count',
    status: 'preliminary',
    summaryStatus: 'report',
    diagnosticReportOutsourcedType: null,
    diagnosticReportSensitive: false,
    patientCreditStatus: null,
    purpose: null,
    serviceRequestId: 'o1',
    notes: null,
    enteredBy: ['s2'],
    diagnosticReportVerifiedTime: null,
    verifiedBy: null,
    verifiedByName: null,
    issuedAt: null,
    issuedBy: null,
    createdBy: 's2',
    createdTime: '2026-11-24T04:00:00.000Z',
    ...extra,
  };
}

function detail(extra: Partial<Report> = {}, more: Partial<StaffLabReportDetail> = {}): StaffLabReportDetail {
  const report = version(extra);
  return {
    id: report.id,
    requireSecondVerifier: false,
    report,
    observations: [
      {
        id: 'ob1',
        code: 'sub-hb',
        display: 'Haemoglobin',
        status: 'preliminary',
        valueString: null,
        critical: false,
        interpretation: null,
        valueQuantity: { value: 13.2, unit: 'g/dL' },
        referenceRange: { low: 11.5, high: 16.5, comparator: null, value: null, text: null },
        microbiology: null,
      },
    ],
    patient: { id: 'p1', name: 'Mr Kasun Fernando', gender: 'male', birthDate: '1979-03-02', mobileNo: '94771234567' },
    subTests: [
      {
        id: 'sub-hb',
        name: 'Haemoglobin',
        parameterOrder: 1,
        subTestClassification: 'UNCLASSIFIED',
        unit: 'g/dL',
        referenceRange: { low: 11.5, high: 16.5, comparator: null, value: null, text: null },
      },
      { id: 'sub-culture', name: 'Culture', parameterOrder: 2, subTestClassification: 'UNCLASSIFIED', unit: null, referenceRange: null },
    ],
    history: [
      {
        id: report.id,
        version: report.version,
        status: report.status,
        summaryStatus: report.summaryStatus ?? null,
        amendmentReason: null,
        issuedAt: null,
        diagnosticReportVerifiedTime: null,
        verifiedByName: null,
        createdTime: report.createdTime,
      },
    ],
    ...more,
  };
}

function renderReport(answer: (name: string, variables: Record<string, unknown>) => FakeAnswer, may: LabAbilities = technician, onOpen = vi.fn()) {
  const fake = fakeLabClient(answer);
  render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={fake.client}>
        <MemoryRouter initialEntries={['/lab-reports/r1']}>
          <LabReportScreen
            hospital={hospital}
            reportId="r1"
            may={may}
            staffUserId="s1"
            listPath="/lab-reports"
            reportPath={(id) => `/lab-reports/${id}`}
            orderPath={(id) => `/orders/${id}`}
            onOpen={onOpen}
          />
        </MemoryRouter>
      </Provider>
    </I18nProvider>,
  );
  return fake;
}

afterEach(() => cleanup());

describe('the lab report screen', () => {
  it('shows the patient, a labelled results form per sub-test, the versions, and the draft’s actions', async () => {
    renderReport(() => ({ data: { staffLabReport: detail() } }));
    await screen.findByRole('heading', { level: 1, name: 'Lab report: Full Blood Count' });
    expect(screen.getByRole('region', { name: 'Patient' }).textContent).toContain('Mr Kasun Fernando');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Result of Haemoglobin' }).value).toBe('13.2');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Unit of Haemoglobin' }).value).toBe('g/dL');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Reference range of Haemoglobin' }).value).toBe('11.5–16.5');
    expect(screen.getByRole('checkbox', { name: 'Critical result of Culture' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Sub-test' })).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Verify results' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Mark outsourced' })).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: 'Issue report' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Start correction' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Versions' })).getByText(/This version/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the lab order' }).getAttribute('href')).toBe('/orders/o1');
  });

  it('saves the draft at the revision it was filled from: a number, a text, a critical flag and organism rows', async () => {
    const fake = renderReport((name) =>
      name === 'staffSaveLabResults' ? { data: { staffSaveLabResults: { id: 'r1', report: { id: 'r1', revision: 4 } } } } : { data: { staffLabReport: detail() } },
    );
    const hb = await screen.findByRole('textbox', { name: 'Result of Haemoglobin' });
    fireEvent.change(hb, { target: { value: '7.9' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Critical result of Haemoglobin' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Result of Culture' }), { target: { value: 'Growth' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add organism' })[1] as HTMLElement);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name: Organism 1' }), { target: { value: 'E. coli' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add antibiotic' })[1] as HTMLElement);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name: Antibiotic 2' }), { target: { value: 'Ampicillin' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Result: Ampicillin' }), { target: { value: 'R' } });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Against organism: Ampicillin' }).value).toBe('organism-1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    });
    const save = fake.calls.find((call) => call.name === 'staffSaveLabResults');
    expect(save?.variables).toMatchObject({
      organizationId: 'h1',
      id: 'r1',
      expectedRevision: 3,
      notes: null,
      results: [
        { subTestId: 'sub-hb', valueQuantity: 7.9, valueString: null, unit: 'g/dL', referenceRange: { low: 11.5, high: 16.5 }, critical: true },
        {
          subTestId: 'sub-culture',
          valueQuantity: null,
          valueString: 'Growth',
          microbiology: [
            { category: 'organism', name: 'E. coli', definitionId: 'organism-1' },
            { category: 'antibiotic', name: 'Ampicillin', result: 'R', organismDefinitionId: 'organism-1' },
          ],
        },
      ],
    });
    expect(typeof save?.variables.idempotencyKey).toBe('string');
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
  });

  it('removes an organism row', async () => {
    renderReport(() => ({ data: { staffLabReport: detail() } }));
    await screen.findByRole('textbox', { name: 'Result of Culture' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add organism' })[1] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Organism 1' }));
    expect(screen.queryByRole('textbox', { name: 'Name: Organism 1' })).toBeNull();
  });

  it('says so and reloads when someone else changed the report (ARO-E7006)', async () => {
    const fake = renderReport((name) =>
      name === 'staffSaveLabResults'
        ? { error: 'ARO-E7006:This report was changed by someone else. Please reload and try again' }
        : { data: { staffLabReport: detail() } },
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Result of Haemoglobin' }), { target: { value: '8' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone else changed this report meanwhile. It has been reloaded: check it and try again.',
    );
    expect(fake.calls.filter((call) => call.name === 'staffLabReport')).toHaveLength(2);
    // The form shows the report as it is now.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Result of Haemoglobin' }).value).toBe('13.2');
  });

  it('refuses an empty save without asking the server', async () => {
    const fake = renderReport(() => ({
      data: { staffLabReport: detail({ status: 'registered', summaryStatus: null }, { observations: [] }) },
    }));
    await screen.findByRole('textbox', { name: 'Result of Haemoglobin' });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter at least one result or organism row to save.');
    expect(fake.calls.some((call) => call.name === 'staffSaveLabResults')).toBe(false);
    // No result yet: nothing to verify.
    expect(screen.queryByRole('button', { name: 'Verify results' })).toBeNull();
  });

  it('the second-person rule: the member who entered results is told someone else verifies', async () => {
    renderReport(() => ({ data: { staffLabReport: detail({ enteredBy: ['s1'] }, { requireSecondVerifier: true }) } }));
    expect(
      await screen.findByText('This hospital wants a second person to verify: you entered results of this report.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify results' })).toBeNull();
  });

  it('verified: results read-only, critical marked, and Issue sends the revision', async () => {
    const verified = {
      status: 'final',
      summaryStatus: 'print_ready',
      diagnosticReportVerifiedTime: '2026-11-24T05:00:00.000Z',
      verifiedByName: 'Ms Nimali Perera',
    };
    const view = detail(verified);
    const critical = { ...view, observations: view.observations.map((o) => ({ ...o, critical: true })) };
    const fake = renderReport((name) =>
      name === 'staffIssueLabReport' ? { data: { staffIssueLabReport: { id: 'r1', report: { id: 'r1', revision: 5 } } } } : { data: { staffLabReport: critical } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Lab report: Full Blood Count' });
    expect(screen.queryByRole('textbox', { name: 'Result of Haemoglobin' })).toBeNull();
    expect(screen.getByRole('cell', { name: '13.2 (Critical)' })).toBeTruthy();
    expect(screen.getByText('Verified by Ms Nimali Perera at 2026-11-24 10:30')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Issue report' }));
    });
    expect(fake.calls.find((call) => call.name === 'staffIssueLabReport')?.variables).toMatchObject({ id: 'r1', expectedRevision: 3 });
    expect(await screen.findByText('The report is issued.')).toBeTruthy();
  });

  it('issued: Correct asks a reason, then opens the new version', async () => {
    const onOpen = vi.fn();
    const fake = renderReport(
      (name) =>
        name === 'staffCorrectLabReport'
          ? { data: { staffCorrectLabReport: { id: 'r2', report: { id: 'r2', revision: 1, version: 2 } } } }
          : { data: { staffLabReport: detail({ status: 'final', summaryStatus: 'issued', issuedAt: '2026-11-24T06:00:00.000Z' }) } },
      technician,
      onOpen,
    );
    await screen.findByRole('heading', { level: 1, name: 'Lab report: Full Blood Count' });
    expect(screen.queryByRole('button', { name: 'Issue report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark outsourced' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start correction' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the reason for the correction, at most 500 characters');
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason for the correction' }), { target: { value: 'Wrong patient sample' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start correction' }));
    });
    expect(fake.calls.find((call) => call.name === 'staffCorrectLabReport')?.variables).toMatchObject({
      id: 'r1',
      expectedRevision: 3,
      reason: 'Wrong patient sample',
    });
    expect(onOpen).toHaveBeenCalledWith('r2');
  });

  it('a member who only reads sees the results and no action', async () => {
    renderReport(() => ({ data: { staffLabReport: detail() } }), { work: false, settings: false });
    await screen.findByRole('heading', { level: 1, name: 'Lab report: Full Blood Count' });
    expect(screen.queryByRole('textbox', { name: 'Result of Haemoglobin' })).toBeNull();
    expect(screen.getByText('Nothing to do on this version.')).toBeTruthy();
  });

  it('a corrected version says so and links the latest; its lab order’s change reads it again', async () => {
    const old = detail(
      { status: 'final', summaryStatus: 'issued', supersededById: 'r2' },
      {
        history: [
          { ...detail().history[0]!, summaryStatus: 'issued', status: 'final' },
          { ...detail().history[0]!, id: 'r2', version: 2, amendmentReason: 'Wrong unit' },
        ],
      },
    );
    const fake = renderReport(() => ({ data: { staffLabReport: old } }));
    expect(await screen.findByText(/This version was corrected/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the latest version' }).getAttribute('href')).toBe('/lab-reports/r2');
    expect(screen.getByRole('link', { name: 'Open version 2' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Wrong unit' })).toBeTruthy();
    await act(async () => {
      fake.push('o1');
    });
    expect(fake.calls.filter((call) => call.name === 'staffLabReport')).toHaveLength(2);
  });

  it('a report that cannot be read shows the error', async () => {
    renderReport(() => ({ error: 'ARO-E2001:Not found' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The report could not be loaded');
  });
});
