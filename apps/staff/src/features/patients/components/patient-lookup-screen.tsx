import { useState, type FormEvent } from 'react';
import { useClient } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  staffPatientLookupQuery,
  type StaffPatient,
} from '../api/patient-lookup-operations.ts';
import { usePatientMessages } from '../messages.ts';

/**
 * Looks up the current hospital's patients by mobile number; the server audits every lookup.
 * @param props - the hospital
 */
export function PatientLookupScreen({ hospital }: { hospital: Hospital }) {
  const client = useClient();
  const t = usePatientMessages();
  const errorText = useErrorText();
  const [mobileNo, setMobileNo] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<{ mobileNo: string; patients: StaffPatient[] } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = mobileNo.trim();
    if (typed === '') {
      setFieldError(t.enterMobile);
      return;
    }
    setFieldError(null);
    setBusy(true);
    const result = await client
      .query(staffPatientLookupQuery, {
        organizationId: hospital.id,
        mobileNo: typed,
      })
      .toPromise();
    setBusy(false);
    if (!result.data) {
      setError(errorText(result.error));
      setResults(null);
      return;
    }
    setError(null);
    setResults({ mobileNo: typed, patients: result.data.staffPatientLookup });
  };

  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
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
          <Button type="submit" busy={busy}>
            {t.search}
          </Button>
        </div>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {results ? (
        <section aria-live="polite">
          {results.patients.length === 0 ? (
            <p>{t.none(results.mobileNo, hospital.name)}</p>
          ) : (
            <>
              <p>{t.found(results.patients.length)}</p>
              <div className="table-scroll">
                <table className="data-table">
                  <caption>{t.resultsCaption(results.mobileNo)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.name}</th>
                      <th scope="col">{t.gender}</th>
                      <th scope="col">{t.birthDate}</th>
                      <th scope="col">{t.relationship}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {results.patients.map((patient) => (
                      <tr key={patient.id}>
                        <th scope="row">{`${patient.prefix} ${patient.givenName} ${patient.familyName}`.trim()}</th>
                        <td>{patient.gender}</td>
                        <td>{patient.birthDate ?? ''}</td>
                        <td>{patient.relationship ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      ) : null}
    </>
  );
}
