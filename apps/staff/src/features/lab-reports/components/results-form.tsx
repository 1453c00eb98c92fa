import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@careline/ui/components';
import type { StaffLabReportDetail } from '../api/lab-reports-operations.ts';
import {
  LAB_MICROBIOLOGY_ROWS_MAX,
  LAB_MICROBIOLOGY_TEXT_MAX,
  LAB_NOTES_MAX,
  LAB_RESULT_TEXT_MAX,
  LAB_UNIT_MAX,
} from '@careline/domain/lab-reports';
import {
  newMicrobiologyRow,
  resultDrafts,
  resultPayload,
  type LabResultPayload,
  type MicrobiologyDraft,
  type ResultDraft,
} from '../lab-report-rules.ts';
import { useLabReportsMessages, type LabReportsMessages } from '../messages.ts';

function MicrobiologyRows({
  draft,
  t,
  onChange,
  nextKey,
}: {
  draft: ResultDraft;
  t: LabReportsMessages;
  onChange: (rows: MicrobiologyDraft[]) => void;
  nextKey: () => string;
}) {
  const rows = draft.microbiology;
  const organisms = rows.filter((row) => row.category === 'organism');
  const update = (key: string, change: Partial<MicrobiologyDraft>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const add = (category: 'organism' | 'antibiotic') => onChange([...rows, newMicrobiologyRow(rows, category, nextKey())]);
  const full = rows.length >= LAB_MICROBIOLOGY_ROWS_MAX;
  return (
    <details className="lab-micro" open={rows.length > 0}>
      <summary>{t.microbiology(draft.name, rows.length)}</summary>
      {rows.length > 0 ? (
        <table className="data-table">
          <caption>{t.rowCaption(draft.name)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.rowCategory}</th>
              <th scope="col">{t.rowName}</th>
              <th scope="col">{t.rowResult}</th>
              <th scope="col">{t.rowOrganism}</th>
              <th scope="col">
                <span className="ui-visually-hidden">{t.actionsHeading}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const label = row.name.trim() || `${row.category === 'organism' ? t.organism : t.antibiotic} ${index + 1}`;
              return (
                <tr key={row.key}>
                  <td>
                    <select
                      className="lab-select"
                      aria-label={`${t.rowCategory}: ${label}`}
                      value={row.category}
                      onChange={(event) => {
                        const category = event.target.value === 'antibiotic' ? 'antibiotic' : 'organism';
                        const fresh = newMicrobiologyRow(rows.filter((other) => other.key !== row.key), category, row.key);
                        update(row.key, { category, definitionId: fresh.definitionId, organismDefinitionId: fresh.organismDefinitionId });
                      }}
                    >
                      <option value="organism">{t.organism}</option>
                      <option value="antibiotic">{t.antibiotic}</option>
                    </select>
                  </td>
                  <td>
                    <input
                      type="text"
                      aria-label={`${t.rowName}: ${label}`}
                      value={row.name}
                      maxLength={LAB_MICROBIOLOGY_TEXT_MAX}
                      onChange={(event) => update(row.key, { name: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      type="text"
                      aria-label={`${t.rowResult}: ${label}`}
                      value={row.result}
                      maxLength={LAB_MICROBIOLOGY_TEXT_MAX}
                      onChange={(event) => update(row.key, { result: event.target.value })}
                    />
                  </td>
                  <td>
                    {row.category === 'antibiotic' ? (
                      <select
                        className="lab-select"
                        aria-label={`${t.rowOrganism}: ${label}`}
                        value={row.organismDefinitionId}
                        onChange={(event) => update(row.key, { organismDefinitionId: event.target.value })}
                      >
                        <option value="">{t.rowNoOrganism}</option>
                        {organisms.map((organism, n) => (
                          <option key={organism.key} value={organism.definitionId}>
                            {organism.name.trim() || `${t.organism} ${n + 1}`}
                          </option>
                        ))}
                      </select>
                    ) : null}
                  </td>
                  <td>
                    <Button variant="text" onClick={() => onChange(rows.filter((other) => other.key !== row.key))}>
                      {t.rowRemove(label)}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <div className="button-row">
        <Button variant="secondary" disabled={full} onClick={() => add('organism')}>
          {t.addOrganism}
        </Button>
        <Button variant="secondary" disabled={full} onClick={() => add('antibiotic')}>
          {t.addAntibiotic}
        </Button>
      </div>
    </details>
  );
}

/**
 * The results form of a version not verified yet: per sub-test a result (a number or a text), the
 * unit, the reference range and the critical flag, with organism and antibiotic rows; the notes;
 * Save draft. It saves at the revision it was filled from: when someone else changed the report
 * meanwhile the server refuses (ARO-E7006) and the screen reloads it. Typing is kept while the
 * report changes underneath, and said so.
 * @param props - the version, the busy state, and what saving sends
 */
export function ResultsForm({
  view,
  busy,
  onSave,
  onNothing,
}: {
  view: StaffLabReportDetail;
  busy: boolean;
  onSave: (input: { revision: number; results: LabResultPayload[]; notes: string | null }) => Promise<boolean>;
  onNothing: () => void;
}) {
  const t = useLabReportsMessages();
  const ids = useId();
  const [drafts, setDrafts] = useState<ResultDraft[]>(() => resultDrafts(view.subTests, view.observations));
  const [notes, setNotes] = useState(view.report.notes ?? '');
  const [base, setBase] = useState(view.report.revision);
  const [dirty, setDirty] = useState(false);
  const serial = useRef(0);
  const nextKey = () => {
    serial.current += 1;
    return `new-${serial.current}`;
  };

  const revision = view.report.revision;
  useEffect(() => {
    if (revision !== base && !dirty) {
      setDrafts(resultDrafts(view.subTests, view.observations));
      setNotes(view.report.notes ?? '');
      setBase(revision);
    }
  }, [revision, base, dirty, view]);

  const edit = (subTestId: string, change: Partial<ResultDraft>) => {
    setDirty(true);
    setDrafts((previous) => previous.map((draft) => (draft.subTestId === subTestId ? { ...draft, ...change } : draft)));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const results = resultPayload(drafts);
    const notesChanged = notes !== (view.report.notes ?? '');
    if (results.length === 0 && !notesChanged) {
      onNothing();
      return;
    }
    const ok = await onSave({ revision: base, results, notes: notesChanged ? notes : null });
    if (ok) {
      setDirty(false);
    }
  };

  if (view.subTests.length === 0) {
    return <p>{t.noSubTests}</p>;
  }
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      {dirty && revision !== base ? <p className="lab-notice">{t.changedMeanwhile}</p> : null}
      <p id={`${ids}-hints`} className="ui-field__hint">
        {t.result}: {t.resultHint}. {t.range}: {t.rangeHint}.
      </p>
      <div className="table-scroll">
        <table className="data-table lab-results">
          <thead>
            <tr>
              <th scope="col">{t.subTest}</th>
              <th scope="col">{t.result}</th>
              <th scope="col">{t.unit}</th>
              <th scope="col">{t.range}</th>
              <th scope="col">{t.critical}</th>
            </tr>
          </thead>
          {drafts.map((draft) => (
            <tbody key={draft.subTestId}>
              <tr>
                <th scope="row">{draft.name}</th>
                <td>
                  <input
                    type="text"
                    aria-label={t.resultOf(draft.name)}
                    aria-describedby={`${ids}-hints`}
                    value={draft.result}
                    maxLength={LAB_RESULT_TEXT_MAX}
                    autoComplete="off"
                    onChange={(event) => edit(draft.subTestId, { result: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="text"
                    aria-label={t.unitOf(draft.name)}
                    value={draft.unit}
                    maxLength={LAB_UNIT_MAX}
                    autoComplete="off"
                    onChange={(event) => edit(draft.subTestId, { unit: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="text"
                    aria-label={t.rangeOf(draft.name)}
                    aria-describedby={`${ids}-hints`}
                    value={draft.range}
                    maxLength={LAB_RESULT_TEXT_MAX}
                    autoComplete="off"
                    onChange={(event) => edit(draft.subTestId, { range: event.target.value })}
                  />
                </td>
                <td>
                  <label className="lab-check">
                    <input
                      type="checkbox"
                      checked={draft.critical}
                      onChange={(event) => edit(draft.subTestId, { critical: event.target.checked })}
                    />
                    <span className="ui-visually-hidden">{t.criticalOf(draft.name)}</span>
                  </label>
                </td>
              </tr>
              <tr>
                <td colSpan={5}>
                  <MicrobiologyRows
                    draft={draft}
                    t={t}
                    nextKey={nextKey}
                    onChange={(rows) => edit(draft.subTestId, { microbiology: rows })}
                  />
                </td>
              </tr>
            </tbody>
          ))}
        </table>
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${ids}-notes`}>
          {t.notes}
        </label>
        <span id={`${ids}-notes-hint`} className="ui-field__hint">
          {t.notesHint}
        </span>
        <textarea
          id={`${ids}-notes`}
          className="lab-notes"
          aria-describedby={`${ids}-notes-hint`}
          value={notes}
          maxLength={LAB_NOTES_MAX}
          onChange={(event) => {
            setDirty(true);
            setNotes(event.target.value);
          }}
        />
      </div>
      <Button type="submit" busy={busy}>
        {t.saveDraft}
      </Button>
    </form>
  );
}
