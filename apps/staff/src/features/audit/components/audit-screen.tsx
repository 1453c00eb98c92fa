import { isStaffRole } from '@careline/domain/staff';
import { formatInstant } from '@careline/domain/time';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useClient } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useRoleLabels } from '../../../app/messages.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  auditStaffMembersQuery,
  auditTrailQuery,
  type AuditEvent,
  type AuditFilter,
  type AuditStaffMember,
} from '../api/audit-operations.ts';
import {
  auditFilterOf,
  emptyAuditDraft,
  isPatientAccountIdValid,
  type AuditDraft,
} from '../audit-filter.ts';
import { auditActions, useAuditMessages } from '../messages.ts';

const pageSize = 25;

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
 * The audit trail an admin sees from a hospital: its rows and the tenant-wide ones (sign-ins, account
 * changes). Filter by action, staff member, patient account and day, newest first, older pages by
 * cursor.
 * @param props - the hospital
 */
export function AuditScreen({ hospital }: { hospital: Hospital }) {
  const client = useClient();
  const t = useAuditMessages();
  const roleLabels = useRoleLabels();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<AuditDraft>(emptyAuditDraft);
  const [patientError, setPatientError] = useState<string | null>(null);
  const [filter, setFilter] = useState<AuditFilter | null>(null);
  const [staffMembers, setStaffMembers] = useState<AuditStaffMember[]>([]);
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

  // The staff-member filter offers the hospital's staff; the trail's own errors say what went wrong.
  useEffect(() => {
    let current = true;
    void client
      .query(auditStaffMembersQuery, { organizationId: hospital.id })
      .toPromise()
      .then((result) => {
        if (current && result.data) {
          setStaffMembers(result.data.staffUsers);
        }
      });
    return () => {
      current = false;
    };
  }, [client, hospital.id]);

  const applyDraft = (next: AuditDraft) => {
    if (!isPatientAccountIdValid(next.patientAccountId)) {
      setPatientError(t.invalidPatientAccount);
      return;
    }
    setPatientError(null);
    setFilter(auditFilterOf(next));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    applyDraft(draft);
  };

  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      <form className="filter-bar" onSubmit={apply} aria-label={t.filters} noValidate>
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
        <label className="ui-field">
          <span className="ui-field__label">{t.staffMember}</span>
          <select
            className="ui-field__input"
            value={draft.staffUserId}
            onChange={(event) => setDraft({ ...draft, staffUserId: event.target.value })}
          >
            <option value="">{t.anyStaffMember}</option>
            {staffMembers.map((member) => (
              <option key={member.id} value={member.id}>
                {`${member.displayName} (${member.email})`}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t.patientAccount}
          hint={t.patientAccountHint}
          value={draft.patientAccountId}
          error={patientError}
          spellCheck={false}
          autoComplete="off"
          onChange={(patientAccountId) => setDraft({ ...draft, patientAccountId })}
        />
        <TextField label={t.from} type="date" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <TextField label={t.to} type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <div className="button-row">
          <Button type="submit">{t.apply}</Button>
          <Button
            variant="text"
            onClick={() => {
              setDraft(emptyAuditDraft);
              setPatientError(null);
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
              <th scope="col">{t.where}</th>
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
                  <time dateTime={event.at}>{formatInstant(event.at, 'auditTime') ?? 'Invalid Date'}</time>
                </td>
                <td>{event.actorName ?? (event.actorKind === 'patient' ? t.patientKind : t.system)}</td>
                <td>{event.role && isStaffRole(event.role) ? roleLabels[event.role] : (event.role ?? '')}</td>
                <td>
                  {event.organizationId === null
                    ? t.tenantWide
                    : event.organizationId === hospital.id
                      ? hospital.name
                      : event.organizationId}
                </td>
                <td>{t.actionLabel(event.action)}</td>
                <td>
                  {event.patientAccountId ? (
                    <>
                      <code>{event.patientAccountId}</code>{' '}
                      <Button
                        variant="text"
                        aria-label={t.onlyThisPatientOf(event.patientAccountId)}
                        onClick={() => {
                          const next = { ...draft, patientAccountId: event.patientAccountId ?? '' };
                          setDraft(next);
                          applyDraft(next);
                        }}
                      >
                        {t.onlyThisPatient}
                      </Button>
                    </>
                  ) : null}
                </td>
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
