import { useState } from 'react';
import { useQuery } from 'urql';
import { Alert, PageHeading } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  PRACTITIONER_PHOTO_TYPES,
  staffPractitionersQuery,
  uploadPractitionerPhoto,
  type HospitalPractitioner,
} from '../api/practitioners-operations.ts';
import { usePractitionersMessages } from '../messages.ts';
import './practitioners.css';

/** 'Dr. Nimal Perera' → 'NP': the avatar without a photo (titles skipped), as the patients' app shows it. */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '' && !/^(dr|mr|mrs|ms|miss|prof)\.?$/i.test(word));
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : ''}`.toUpperCase();
}

/**
 * The hospital's doctors with the photo patients see on /doctor (issue 29 §4.14), for its admins: each
 * doctor's photo (or initials) and an upload (JPEG or PNG; the server checks it as every upload,
 * makes the small square variant and audits the change).
 * @param props - the hospital; fetcher: for tests, a stand-in for fetch
 */
export function PractitionersScreen({ hospital, fetcher }: { hospital: Hospital; fetcher?: typeof fetch }) {
  const t = usePractitionersMessages();
  const errorText = useErrorText();
  const [{ data, fetching, error }] = useQuery({ query: staffPractitionersQuery, variables: { organizationId: hospital.id } });
  // Photos set on this screen, by doctor, ahead of the list's next read.
  const [photos, setPhotos] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const upload = async (doctor: HospitalPractitioner, file: File) => {
    setBusy(doctor.id);
    setNotice(null);
    setFailure(null);
    try {
      const photoUrl = await uploadPractitionerPhoto(file, doctor.id, hospital.id, fetcher);
      setPhotos((known) => ({ ...known, [doctor.id]: photoUrl }));
      setNotice(t.saved(doctor.text));
    } catch (refused) {
      setFailure(errorText(refused));
    } finally {
      setBusy(null);
      setInputKey((key) => key + 1);
    }
  };

  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      <div aria-live="polite">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {busy ? <p role="status">{t.uploading(data?.staffPractitioners.find((d) => d.id === busy)?.text ?? '')}</p> : null}
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {fetching && !data ? <p role="status">{t.loading}</p> : null}
      {data && data.staffPractitioners.length === 0 ? <p>{t.empty(hospital.name)}</p> : null}
      {data && data.staffPractitioners.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table practitioner-photos">
            <caption>{t.tableCaption(hospital.name)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.photo}</th>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.roles}</th>
                <th scope="col">{t.upload}</th>
              </tr>
            </thead>
            <tbody>
              {data.staffPractitioners.map((doctor) => {
                const photoUrl = photos[doctor.id] ?? doctor.photoUrl;
                const inputId = `practitioner-photo-${doctor.id}`;
                return (
                  <tr key={doctor.id}>
                    <td>
                      {photoUrl ? (
                        <img className="practitioner-photo" src={photoUrl} width={48} height={48} alt={t.photoOf(doctor.text)} />
                      ) : (
                        <span className="practitioner-photo practitioner-photo--initials" role="img" aria-label={t.noPhoto(doctor.text)}>
                          {initialsOf(doctor.text)}
                        </span>
                      )}
                    </td>
                    <th scope="row">{doctor.text}</th>
                    <td>{doctor.roles.join(', ')}</td>
                    <td>
                      <label className="practitioner-photos__label" htmlFor={inputId}>
                        {t.uploadOf(doctor.text)}
                      </label>
                      <input
                        key={`${doctor.id}-${inputKey}`}
                        id={inputId}
                        type="file"
                        accept={PRACTITIONER_PHOTO_TYPES.join(',')}
                        disabled={busy !== null}
                        onChange={(event) => {
                          const file = event.target.files?.[0];
                          if (file) {
                            void upload(doctor, file);
                          }
                        }}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
