import { useId, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { Alert, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { practitionerChoicesQuery, type PractitionerChoice } from '../api/staff-users-operations.ts';
import { useStaffUsersMessages } from '../messages.ts';
import './practitioner-picker.css';

/** Folds case and accents so 'perera' finds 'Perera' and 'paed' finds 'Paediatrician'. */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The text of a practitioner's option: the name and the specialities.
 * @param practitioner - as listed
 */
export function practitionerOptionText(practitioner: PractitionerChoice): string {
  const specialities = practitioner.roles.map((role) => role.display).join(', ');
  return specialities ? `${practitioner.name.text} — ${specialities}` : practitioner.name.text;
}

/**
 * The practitioners whose name or speciality holds every word of the search, in list order; the chosen
 * one stays in the list whatever the search, so the select never loses its value.
 * @param choices - every practitioner
 * @param search - as typed
 * @param chosenId - the chosen practitioner's id, or ''
 */
export function filterPractitioners(
  choices: readonly PractitionerChoice[],
  search: string,
  chosenId: string,
): PractitionerChoice[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return [...choices];
  }
  return choices.filter((choice) => {
    if (choice.id === chosenId) {
      return true;
    }
    const haystack = fold(practitionerOptionText(choice));
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The practitioner a doctor account is (the server requires one, of the same hospital): a search field
 * narrowing a native select, so it works by keyboard and with screen readers as any select does. The
 * number of matches is announced politely while typing; hint and error are tied to the select with
 * aria-describedby.
 * @param props - the hospital, the chosen practitioner id ('' for none), onChange and the field error
 */
export function PractitionerPicker({
  hospital,
  value,
  onChange,
  error,
}: {
  hospital: Hospital;
  value: string;
  onChange: (practitionerId: string) => void;
  error?: string | null;
}) {
  const t = useStaffUsersMessages();
  const errorText = useErrorText();
  const [{ data, fetching, error: loadError }] = useQuery({ query: practitionerChoicesQuery });
  const [search, setSearch] = useState('');
  const selectId = useId();
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const choices = useMemo(
    () => filterPractitioners(data?.queryPractitioner ?? [], search, value),
    [data, search, value],
  );
  const describedBy = [hintId, error ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className="practitioner-picker">
      {loadError ? <Alert tone="error">{errorText(loadError)}</Alert> : null}
      <TextField
        type="search"
        label={t.practitionerSearch}
        hint={t.practitionerSearchHint}
        value={search}
        onChange={setSearch}
        autoComplete="off"
        aria-controls={selectId}
      />
      <p role="status" className="practitioner-picker__status">
        {fetching && !data ? t.practitionersLoading : search.trim() ? t.practitionerMatches(choices.length) : ''}
      </p>
      <div className="ui-field">
        <label htmlFor={selectId} className="ui-field__label">
          {t.practitioner}
        </label>
        <span id={hintId} className="ui-field__hint">
          {t.practitionerHint(hospital.name)}
        </span>
        <select
          id={selectId}
          className="ui-field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          <option value="">{t.practitionerNone}</option>
          {value && !choices.some((choice) => choice.id === value) ? (
            // Linked before, but not listed (e.g. no speciality): keep it choosable, and shown.
            <option value={value}>{t.practitionerCurrent}</option>
          ) : null}
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {practitionerOptionText(choice)}
            </option>
          ))}
        </select>
        {error ? (
          <p id={errorId} className="ui-field__error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
