import { useId, useState, type FormEvent } from 'react';
import { useClient } from 'urql';
import { Alert, Button } from '@careline/ui/components';
import { errorCodes } from '@careline/ui/graphql';
import { useErrorText } from '../../../lib/error-text.ts';
import {
  staffImportLabResultsMutation,
  staffPreviewLabResultsImportQuery,
  type LabImportPreview,
  type LabImportRow,
} from '../api/lab-reports-operations.ts';
import { LAB_IMPORT_MAX_BYTES, labImageSizeText } from '@careline/domain/lab-reports';
import { LAB_IMPORT_ACCEPT } from '../lab-report-rules.ts';
import { useLabReportsMessages } from '../messages.ts';

/** The file on show: its name and text, and the preview of exactly that text. */
type Shown = { name: string; csv: string; preview: LabImportPreview; key: string };

const STALE = 'ARO-E7006';

function rowTest(row: LabImportRow): string {
  return row.subTest && row.report ? `${row.report.testDisplay}: ${row.subTest.name}` : row.test;
}

/**
 * Lab results imported from a laboratory analyser's CSV export (issue 11), on the lab reports
 * screen of those who work reports: choose a file (read in the browser; larger than the server's
 * 512 KB is refused before sending), preview it (every row with its patient, test, value, unit, flag
 * and status; bad rows marked with their message; the counts), then import the good rows as drafts
 * in one go. A report changed after the preview asks for a new preview. The queue reloads after an
 * import (onImported).
 * @param props - the hospital, and what to do after an import
 */
export function ResultsImportPanel({ organizationId, onImported }: { organizationId: string; onImported: () => void }) {
  const t = useLabReportsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const headingId = useId();
  const inputId = useId();
  const totalsId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A new key empties the file input after an import, so the next file starts afresh.
  const [inputKey, setInputKey] = useState(0);
  const size = labImageSizeText(LAB_IMPORT_MAX_BYTES);

  const choose = (chosen: File | null) => {
    setShown(null);
    setNotice(null);
    setError(chosen && chosen.size > LAB_IMPORT_MAX_BYTES ? t.importTooLarge(size) : null);
    setFile(chosen && chosen.size <= LAB_IMPORT_MAX_BYTES ? chosen : null);
  };

  const preview = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) {
      return;
    }
    setBusy('preview');
    setError(null);
    setNotice(null);
    setShown(null);
    try {
      let csv: string;
      try {
        csv = await file.text();
      } catch {
        setError(t.importReadFailed);
        return;
      }
      const result = await client
        .query(staffPreviewLabResultsImportQuery, { organizationId, csv }, { requestPolicy: 'network-only' })
        .toPromise();
      const answer = result.data?.staffPreviewLabResultsImport;
      if (answer) {
        setShown({ name: file.name, csv, preview: answer, key: `lab-import-${crypto.randomUUID()}` });
      } else {
        setError(errorText(result.error));
      }
    } finally {
      setBusy(null);
    }
  };

  const importRows = async () => {
    if (!shown || busy || shown.preview.totals.good === 0) {
      return;
    }
    setBusy('import');
    setError(null);
    setNotice(null);
    try {
      const result = await client
        .mutation(staffImportLabResultsMutation, {
          organizationId,
          csv: shown.csv,
          expected: shown.preview.groups.map((group) => ({ reportId: group.reportId, revision: group.expectedRevision })),
          idempotencyKey: shown.key,
        })
        .toPromise();
      const done = result.data?.staffImportLabResults;
      if (done) {
        setShown(null);
        setFile(null);
        setInputKey((key) => key + 1);
        setNotice(t.importDone(done.totals.good, done.totals.bad));
        onImported();
        return;
      }
      if (errorCodes(result.error).includes(STALE)) {
        setShown(null);
        setError(t.importStale);
      } else {
        setError(errorText(result.error));
      }
    } finally {
      setBusy(null);
    }
  };

  const good = shown?.preview.totals.good ?? 0;
  return (
    <section aria-labelledby={headingId} className="lab-panel lab-import">
      <h2 id={headingId}>{t.importHeading}</h2>
      <p>{t.importIntro}</p>
      <form className="lab-import__form" noValidate onSubmit={(event) => void preview(event)}>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={inputId}>
            {t.importFile(size)}
          </label>
          <input
            key={inputKey}
            id={inputId}
            type="file"
            accept={LAB_IMPORT_ACCEPT}
            disabled={busy !== null}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" variant="secondary" busy={busy === 'preview'} disabled={!file || busy !== null}>
          {t.importPreview}
        </Button>
      </form>
      <div aria-live="polite" role="status">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </div>
      <div aria-live="assertive">{error ? <Alert tone="error">{error}</Alert> : null}</div>
      {shown ? (
        <>
          <p id={totalsId} className="lab-import__totals" role="status">
            {t.importTotals(shown.preview.totals.good, shown.preview.totals.bad)}
          </p>
          <div className="table-scroll">
            <table className="data-table lab-import__table" aria-describedby={totalsId}>
              <caption>{t.importCaption(shown.name)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.importColLine}</th>
                  <th scope="col">{t.importColSample}</th>
                  <th scope="col">{t.importColPatient}</th>
                  <th scope="col">{t.importColTest}</th>
                  <th scope="col">{t.importColValue}</th>
                  <th scope="col">{t.importColUnit}</th>
                  <th scope="col">{t.importColFlag}</th>
                  <th scope="col">{t.importColStatus}</th>
                </tr>
              </thead>
              <tbody>
                {shown.preview.rows.map((row) => {
                  const bad = row.errors.length > 0;
                  return (
                    <tr key={row.line} className={bad ? 'lab-import__row lab-import__row--bad' : 'lab-import__row'}>
                      <th scope="row">{row.line}</th>
                      <td className="lab-import__sample">{row.sampleId}</td>
                      <td>{row.report?.patientName ?? ''}</td>
                      <td>{rowTest(row)}</td>
                      <td>{row.value}</td>
                      <td>{row.unit ?? row.subTest?.unit ?? ''}</td>
                      <td>{row.flag ?? ''}</td>
                      <td>
                        {bad ? (
                          <ul className="lab-import__errors">
                            {row.errors.map((problem, index) => (
                              <li key={`${problem.code}-${index}`}>{t.importError(errorText(`${problem.code}:${problem.message}`))}</li>
                            ))}
                          </ul>
                        ) : (
                          <span className="lab-chip lab-chip--status">{t.importReady}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Button type="button" busy={busy === 'import'} disabled={good === 0 || busy !== null} onClick={() => void importRows()}>
            {t.importSubmit(good)}
          </Button>
        </>
      ) : null}
    </section>
  );
}
