import { isStaffRole } from '@careline/domain/staff';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useClient } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useRoleLabels } from '../../../app/messages.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  auditTrailQuery,
  type AuditEvent,
  type AuditFilter,
} from '../api/audit-operations.ts';
import { auditActions, useAuditMessages } from '../messages.ts';

const pageSize = 25;

const dayStart = (day: string): string | null => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
const dayEnd = (day: string): string | null => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);

function describeDetails(details: AuditEvent['details']): string {
  if (!details) {
    return '';
  }
  return Object.entries(details)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/**
 * A hospital's audit trail for its admins: filter by action and day, newest first, older pages by
 * cursor.
 * @param props - the hospital
 */
export function AuditScreen({ hospital }: { hospital: Hospital }) {
  const client = useClient();
  const t = useAuditMessages();
  const roleLabels = useRoleLabels();
  const errorText = useErrorText();
  const [draft, setDraft] = useState({ action: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter | null>(null);
  const [events, setEvents] = useState<AuditEvent[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (after: string | null, replace: boolean) => {
    setLoading(true);
    const result = await client
      .query(auditTrailQuery, {
        organizationId: hospital.id,
        filter,
        first: pageSize,
        after,
      })
      .toPromise();
    setLoading(false);
    if (!result.data) {
      setError(errorText(result.error));
      return;
    }
    setError(null);
    const page = result.data.auditTrail;
    setEvents((current) => (replace ? page.events : [...current, ...page.events]));
    setCursor(page.nextCursor);
  }, [client, hospital.id, filter, errorText]);

  useEffect(() => {
    void load(null, true);
  }, [load]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ action: draft.action || null, from: dayStart(draft.from), to: dayEnd(draft.to) });
  };

  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      <form className="filter-bar" onSubmit={apply} aria-label={t.filters}>
        <label className="ui-field">
          <span className="ui-field__label">{t.action}</span>
          <select
            className="ui-field__input"
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
          >
            <option value="">{t.anyAction}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {t.actionLabel(action)}
              </option>
            ))}
          </select>
        </label>
        <TextField label={t.from} type="date" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <TextField label={t.to} type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <div className="button-row">
          <Button type="submit">{t.apply}</Button>
          <Button
            variant="text"
            onClick={() => {
              setDraft({ action: '', from: '', to: '' });
              setFilter(null);
            }}
          >
            {t.clear}
          </Button>
        </div>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="table-scroll">
        <table className="data-table" aria-busy={loading || undefined}>
          <caption>{t.tableCaption(hospital.name)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.when}</th>
              <th scope="col">{t.who}</th>
              <th scope="col">{t.role}</th>
              <th scope="col">{t.what}</th>
              <th scope="col">{t.patient}</th>
              <th scope="col">{t.details}</th>
              <th scope="col">{t.correlation}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} data-action={event.action}>
                <td>
                  <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time>
                </td>
                <td>{event.actorName ?? (event.actorKind === 'patient' ? t.patientKind : t.system)}</td>
                <td>{event.role && isStaffRole(event.role) ? roleLabels[event.role] : (event.role ?? '')}</td>
                <td>{t.actionLabel(event.action)}</td>
                <td>{event.patientAccountId ?? ''}</td>
                <td>{describeDetails(event.details)}</td>
                <td>
                  <code>{event.correlationId}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loading ? <p role="status">{t.loading}</p> : null}
      {!loading && events.length === 0 && !error ? <p>{t.empty}</p> : null}
      {cursor ? (
        <Button variant="secondary" busy={loading} onClick={() => void load(cursor, false)}>
          {t.loadMore}
        </Button>
      ) : null}
    </>
  );
}
