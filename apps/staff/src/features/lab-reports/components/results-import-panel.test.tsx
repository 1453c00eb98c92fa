// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LabImportPreview, LabImportRow } from '../api/lab-reports-operations.ts';
import { LAB_IMPORT_MAX_BYTES } from '@careline/domain/lab-reports';
import { fakeLabClient, type FakeAnswer } from './fake-lab-client.ts';
import { ResultsImportPanel } from './results-import-panel.tsx';

const CSV = 'Sample ID,Test,Result,Unit,Flag\nr1,Haemoglobin,7.1,g/dL,LL\nr1,Platelets,250,,\nnope,WBC,5,,\n';

function row(line: number, fields: Partial<LabImportRow> = {}): LabImportRow {
  return {
    line,
    sampleId: 'r1',
    test: 'Haemoglobin',
    value: '7.1',
    unit: 'g/dL',
    flag: 'LL',
    valueQuantity: 7.1,
    valueString: null,
    interpretation: 'LL',
    critical: true,
    report: { id: 'r1', revision: 4, patientName: 'Mr Kasun Fernando', testDisplay: 'Full Blood Count' },
    subTest: { id: 's-hb', name: 'Haemoglobin', unit: 'g/dL' },
    errors: [],
    ...fields,
  };
}

const preview: LabImportPreview = {
  rows: [
    row(2),
    row(3, {
      test: 'Platelets',
      value: '250',
      unit: null,
      flag: null,
      subTest: null,
      errors: [{ code: 'ARO-E7030', message: 'The lab test of this report has no sub-test Platelets' }],
    }),
    row(4, {
      sampleId: 'nope',
      test: 'WBC',
      value: '5',
      unit: null,
      flag: null,
      report: null,
      subTest: null,
      errors: [{ code: 'ARO-E7029', message: 'No lab report of this hospital has the sample ID nope' }],
    }),
  ],
  groups: [{ reportId: 'r1', expectedRevision: 4, lines: [2] }],
  totals: { rows: 3, good: 1, bad: 2 },
};

function renderPanel(answer: (name: string, variables: Record<string, unknown>) => FakeAnswer) {
  const fake = fakeLabClient(answer);
  const onImported = vi.fn();
  render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={fake.client}>
        <ResultsImportPanel organizationId="h1" onImported={onImported} />
      </Provider>
    </I18nProvider>,
  );
  return { ...fake, onImported };
}

function chooseFile(content: string, name = 'analyser.csv') {
  const file = new File([content], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSV file (at most 512 KB)'), { target: { files: [file] } });
}

afterEach(() => {
  cleanup();
});

describe('ResultsImportPanel (issue 11: results from an analyser CSV, with a preview before commit)', () => {
  it('previews the file, marks bad rows with their message, imports the good rows and reloads the queue', async () => {
    const fake = renderPanel((name, variables) => {
      if (name === 'staffPreviewLabResultsImport') {
        expect(variables).toEqual({ organizationId: 'h1', csv: CSV });
        return { data: { staffPreviewLabResultsImport: preview } };
      }
      if (name === 'staffImportLabResults') {
        return {
          data: {
            staffImportLabResults: {
              rows: preview.rows.map((r) => ({ line: r.line, errors: r.errors })),
              totals: preview.totals,
              reports: [{ id: 'r1', revision: 5, status: 'preliminary', summaryStatus: 'report' }],
            },
          },
        };
      }
      throw new Error(`unexpected ${name}`);
    });
    expect(screen.getByRole('heading', { name: 'Import results (CSV)' })).toBeTruthy();
    const input = screen.getByLabelText('CSV file (at most 512 KB)');
    expect(input.getAttribute('accept')).toBe('.csv,text/csv');
    const previewButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Preview' });
    expect(previewButton.disabled).toBe(true);
    chooseFile(CSV);
    fireEvent.click(previewButton);

    const table = await screen.findByRole('table', { name: 'Rows of analyser.csv' });
    expect(screen.getByText('1 row ready, 2 with errors')).toBeTruthy();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Line', 'Sample', 'Patient', 'Test', 'Value', 'Unit', 'Flag', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.className.includes('lab-import__row--bad'))).toEqual([false, true, true]);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('2');
    expect(rows[0]?.textContent).toContain('Mr Kasun Fernando');
    expect(rows[0]?.textContent).toContain('Full Blood Count: Haemoglobin');
    expect(rows[0]?.textContent).toContain('Ready');
    expect(rows[1]?.textContent).toContain('Error: The lab test of this report has no sub-test Platelets');
    expect(rows[2]?.textContent).toContain('Error: No lab report of this hospital has the sample ID nope');

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 result' }));
    expect(await screen.findByText('1 result was imported as drafts. 2 rows with errors were not imported.')).toBeTruthy();
    expect(fake.onImported).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
    const sent = fake.calls.find((call) => call.name === 'staffImportLabResults')?.variables;
    expect(sent).toMatchObject({ organizationId: 'h1', csv: CSV, expected: [{ reportId: 'r1', revision: 4 }] });
    expect(String(sent?.idempotencyKey)).toMatch(/^lab-import-/);
  });

  it('disables the import when no row is good', async () => {
    renderPanel(() => ({
      data: {
        staffPreviewLabResultsImport: {
          ...preview,
          rows: preview.rows.slice(1),
          groups: [],
          totals: { rows: 2, good: 0, bad: 2 },
        },
      },
    }));
    chooseFile(CSV);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const submit = await screen.findByRole<HTMLButtonElement>('button', { name: 'Import 0 results' });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('0 rows ready, 2 with errors')).toBeTruthy();
  });

  it('asks for a new preview when a report changed meanwhile', async () => {
    const fake = renderPanel((name) =>
      name === 'staffPreviewLabResultsImport'
        ? { data: { staffPreviewLabResultsImport: preview } }
        : { error: 'ARO-E7006:This report was changed by someone else. Please reload and try again' },
    );
    chooseFile(CSV);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 result' }));
    expect(
      await screen.findByText('A report in this file was changed after your preview. Preview the file again before importing.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fake.onImported).not.toHaveBeenCalled();
  });

  it('shows a file error from the server in the active language', async () => {
    renderPanel(() => ({ error: 'ARO-E7027:The CSV file needs a header row with the columns Sample ID, Test Code, Result' }));
    chooseFile('just,some,text');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('The CSV file needs a header row with the columns Sample ID, Test Code, Result')).toBeTruthy();
  });

  it('refuses a file over 512 KB before sending it', async () => {
    const fake = renderPanel(() => {
      throw new Error('nothing may be sent');
    });
    chooseFile('x'.repeat(LAB_IMPORT_MAX_BYTES + 1));
    expect(screen.getByText('This file is larger than 512 KB. Split it into smaller files.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Preview' }).disabled).toBe(true);
    await waitFor(() => expect(fake.calls).toEqual([]));
  });
});
