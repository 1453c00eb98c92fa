import { useState, type FormEvent } from 'react';
import { useClient } from 'urql';
import { Alert, Button, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { staffPatientLookupQuery, staffWalkInPatientLookupQuery } from '../api/patient-lookup-operations.ts';
import { usePatientMessages } from '../messages.ts';

/** A patient found by the picker: the id and the name to show. */
export type PickedPatient = { id: string; name: string };

/** A profile the picker offers: its name, and whether the hospital has a record of it yet. */
type Offered = { id: string; prefix: string; givenName: string; familyName: string; knownHere: boolean };

const displayName = (patient: Offered): string => `${patient.prefix} ${patient.givenName} ${patient.familyName}`.trim();

/**
 * Finds the hospital's patients by mobile number (the same audited lookup as the lookup screen) and
 * offers one button per profile; other features pass what the button does. At the desk registering
 * a walk-in (`walkIn`, issue 29 §10) it also offers the hospital group's patients with no record here
 * yet, by name, saying that picking one registers them here.
 * @param props - the hospital, the button's label for a name, what picking does, whether it is busy,
 *   and whether it registers walk-ins
 */
export function PatientPicker({
  hospital,
  actionLabel,
  onPick,
  busy = false,
  walkIn = false,
}: {
  hospital: Hospital;
  actionLabel: (name: string) => string;
  onPick: (patient: PickedPatient) => void;
  busy?: boolean;
  walkIn?: boolean;
}) {
  const client = useClient();
  const t = usePatientMessages();
  const errorText = useErrorText();
  const [mobileNo, setMobileNo] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<{ mobileNo: string; patients: Offered[] } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = mobileNo.trim();
    if (typed === '') {
      setFieldError(t.enterMobile);
      return;
    }
    setFieldError(null);
    setSearching(true);
    const variables = { organizationId: hospital.id, mobileNo: typed };
    const found: { patients: Offered[] | null; error: unknown } = walkIn
      ? await client
          .query(staffWalkInPatientLookupQuery, variables)
          .toPromise()
          .then((result) => ({ patients: result.data?.staffWalkInPatientLookup ?? null, error: result.error }))
      : await client
          .query(staffPatientLookupQuery, variables)
          .toPromise()
          .then((result) => ({
            patients: result.data?.staffPatientLookup.map((patient) => ({ ...patient, knownHere: true })) ?? null,
            error: result.error,
          }));
    setSearching(false);
    if (found.patients === null) {
      setError(errorText(found.error));
      setResults(null);
      return;
    }
    setError(null);
    setResults({ mobileNo: typed, patients: found.patients });
  };

  return (
    <div className="patient-picker">
      <form className="filter-bar" onSubmit={(event) => void submit(event)} noValidate role="search">
        <TextField
          label={t.mobileNo}
          hint={t.mobileHint}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={mobileNo}
          onChange={setMobileNo}
          error={fieldError}
        />
        <div className="button-row">
          <Button type="submit" variant="secondary" busy={searching}>
            {t.search}
          </Button>
        </div>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div aria-live="polite">
        {results ? (
          results.patients.length === 0 ? (
            <p>{walkIn ? t.noneInGroup(results.mobileNo) : t.none(results.mobileNo, hospital.name)}</p>
          ) : (
            <>
              <p>{t.found(results.patients.length)}</p>
              <ul className="patient-picker__list">
                {results.patients.map((patient) => (
                  <li key={patient.id}>
                    <Button
                      busy={busy}
                      aria-describedby={patient.knownHere ? undefined : `walk-in-${patient.id}`}
                      onClick={() => onPick({ id: patient.id, name: displayName(patient) })}
                    >
                      {actionLabel(displayName(patient))}
                    </Button>
                    {patient.knownHere ? null : (
                      <p className="patient-picker__note" id={`walk-in-${patient.id}`}>
                        {t.walkInNew(hospital.name)}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )
        ) : null}
      </div>
    </div>
  );
}
