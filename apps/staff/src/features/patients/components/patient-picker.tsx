import { useState, type FormEvent } from 'react';
import { useClient } from 'urql';
import { Alert, Button, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { staffPatientLookupQuery, type StaffPatient } from '../api/patient-lookup-operations.ts';
import { usePatientMessages } from '../messages.ts';

/** A patient found by the picker: the id and the name to show. */
export type PickedPatient = { id: string; name: string };

const displayName = (patient: StaffPatient): string => `${patient.prefix} ${patient.givenName} ${patient.familyName}`.trim();

/**
 * Finds the hospital's patients by mobile number (the same audited lookup as the lookup screen) and
 * offers one button per profile; other features pass what the button does.
 * @param props - the hospital, the button's label for a name, what picking does, and whether it is busy
 */
export function PatientPicker({
  hospital,
  actionLabel,
  onPick,
  busy = false,
}: {
  hospital: Hospital;
  actionLabel: (name: string) => string;
  onPick: (patient: PickedPatient) => void;
  busy?: boolean;
}) {
  const client = useClient();
  const t = usePatientMessages();
  const errorText = useErrorText();
  const [mobileNo, setMobileNo] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<{ mobileNo: string; patients: StaffPatient[] } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = mobileNo.trim();
    if (typed === '') {
      setFieldError(t.enterMobile);
      return;
    }
    setFieldError(null);
    setSearching(true);
    const result = await client.query(staffPatientLookupQuery, { organizationId: hospital.id, mobileNo: typed }).toPromise();
    setSearching(false);
    if (!result.data) {
      setError(errorText(result.error));
      setResults(null);
      return;
    }
    setError(null);
    setResults({ mobileNo: typed, patients: result.data.staffPatientLookup });
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
            <p>{t.none(results.mobileNo, hospital.name)}</p>
          ) : (
            <>
              <p>{t.found(results.patients.length)}</p>
              <ul className="patient-picker__list">
                {results.patients.map((patient) => (
                  <li key={patient.id}>
                    <Button busy={busy} onClick={() => onPick({ id: patient.id, name: displayName(patient) })}>
                      {actionLabel(displayName(patient))}
                    </Button>
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
