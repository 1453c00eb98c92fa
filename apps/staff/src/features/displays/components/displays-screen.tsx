import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useLingui } from '@careline/i18n/react';
import { hospitalDateTime } from '../../../lib/hospital-time.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  staffCreateDisplayTokenMutation,
  staffDisplayTokensQuery,
  staffRevokeDisplayTokenMutation,
  type HospitalDisplay,
} from '../api/displays-operations.ts';
import { useDisplaysMessages } from '../messages.ts';

/**
 * The hospital's waiting-room displays (issue 32 §3.6), for its admins: create one for a TV (its board
 * address, with the secret, is shown this once), see when each was created and last seen, revoke it.
 * @param props - the hospital
 */
export function DisplaysScreen({ hospital }: { hospital: Hospital }) {
  const t = useDisplaysMessages();
  const { i18n } = useLingui();
  const errorText = useErrorText();
  const variables = { organizationId: hospital.id };
  const [{ data, fetching, error }, reload] = useQuery({ query: staffDisplayTokensQuery, variables, requestPolicy: 'cache-and-network' });
  const [{ fetching: creating }, create] = useMutation(staffCreateDisplayTokenMutation);
  const [{ fetching: revoking }, revoke] = useMutation(staffRevokeDisplayTokenMutation);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; boardUrl: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    const result = await create({ organizationId: hospital.id, name });
    const made = result.data?.staffCreateDisplayToken;
    if (!made) {
      setFailure(errorText(result.error));
      return;
    }
    setCreated({ name: made.display.name, boardUrl: made.boardUrl });
    setName('');
    reload({ requestPolicy: 'network-only' });
  };

  const revokeDisplay = async (display: HospitalDisplay) => {
    setFailure(null);
    setCreated(null);
    const result = await revoke({ organizationId: hospital.id, displayTokenId: display.id });
    if (!result.data) {
      setFailure(errorText(result.error));
      return;
    }
    setNotice(t.revoked(display.name));
    reload({ requestPolicy: 'network-only' });
  };

  const when = (iso: string) => <time dateTime={iso}>{hospitalDateTime(iso, i18n.locale)}</time>;
  const displays = data?.staffDisplayTokens ?? [];

  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      <form className="filter-bar" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t.name} hint={t.nameHint} value={name} onChange={setName} maxLength={60} autoComplete="off" />
        <div>
          <Button type="submit" busy={creating}>
            {t.create}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {created ? (
          <Alert tone="success">
            <p>{t.created(created.name)}</p>
            <TextField label={t.boardUrl} value={created.boardUrl} onChange={() => {}} readOnly onFocus={(event) => event.target.select()} />
          </Alert>
        ) : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {fetching && !data ? <p role="status">{t.loading}</p> : null}
      {data && displays.length === 0 ? <p>{t.empty(hospital.name)}</p> : null}
      {displays.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption>{t.tableCaption(hospital.name)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.createdAt}</th>
                <th scope="col">{t.lastSeen}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">
                  <span className="ui-visually-hidden">{t.revokeShort}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {displays.map((display) => (
                <tr key={display.id}>
                  <th scope="row">{display.name}</th>
                  <td>{when(display.createdAt)}</td>
                  <td>{display.lastSeenAt ? when(display.lastSeenAt) : t.never}</td>
                  <td>{display.revokedAt ? t.revokedAt(hospitalDateTime(display.revokedAt, i18n.locale)) : t.active}</td>
                  <td>
                    {display.revokedAt ? null : (
                      <Button variant="danger" disabled={revoking} aria-label={t.revoke(display.name)} onClick={() => void revokeDisplay(display)}>
                        {t.revokeShort}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
