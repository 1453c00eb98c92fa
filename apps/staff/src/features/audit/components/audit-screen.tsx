import { isStaffRole } from '@careline/domain/staff';
import { useLingui } from '@careline/i18n/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useClient } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useRoleLabels } from '../../../app/messages.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { hospitalDateTime } from '../../../lib/hospital-time.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  auditStaffMembersQuery,
  auditTrailQuery,
  type AuditEvent,
  type AuditFilter,
  type AuditStaffMember,
} from '../api/audit-operations.ts';
import { auditDetailsInWords } from '../audit-details.ts';
import {
  auditDraftProblems,
  auditFilterOf,
  emptyAuditDraft,
  type AuditDraft,
  type AuditDraftProblems,
} from '../audit-filter.ts';
import { auditActions, useAuditMessages } from '../messages.ts';
import './audit.css';

const pageSize = 25;

const noProblems: AuditDraftProblems = { patient: null, dates: false };

/**
 * The audit trail an admin sees from a hospital: its rows and the tenant-wide ones (sign-ins, account
 * changes), each with the staff member and the patient by name and number, the action and its details
 * in words and the time in the hospital's zone in the user's language (issue 30 §2.6). Filtered on the
 * server by patient (name or number), staff member, action and hospital days, newest first, older
 * pages by cursor.
 * @param props - the hospital
 */
export function AuditScreen({ hospital }: { hospital: Hospital }) {
  const client = useClient();
  const t = useAuditMessages();
  const roleLabels = useRoleLabels();
  const errorText = useErrorText();
  const { i18n } = useLingui();
  const [draft, setDraft] = useState<AuditDraft>(emptyAuditDraft);
  const [problems, setProblems] = useState<AuditDraftProblems>(noProblems);
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
    const found = auditDraftProblems(next);
    setProblems(found);
    if (found.patient || found.dates) {
      return;
    }
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
          label={t.patientSearch}
          hint={t.patientSearchHint}
          value={draft.patient}
          error={problems.patient ? t.invalidPatientSearch : null}
          spellCheck={false}
          autoComplete="off"
          onChange={(patient) => setDraft({ ...draft, patient })}
        />
        <TextField label={t.from} type="date" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <TextField
          label={t.to}
          type="date"
          value={draft.to}
          error={problems.dates ? t.invalidDates : null}
          onChange={(to) => setDraft({ ...draft, to })}
        />
        <div className="button-row">
          <Button type="submit">{t.apply}</Button>
          <Button
            variant="text"
            onClick={() => {
              setDraft(emptyAuditDraft);
              setProblems(noProblems);
              setFilter(null);
            }}
          >
            {t.clear}
          </Button>
        </div>
        {draft.patientAccountId ? (
          <p className="audit-only-patient">{t.onlyPatientActive(draft.patientAccountName)}</p>
        ) : null}
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <p className="audit-note">{t.hospitalTime}</p>
      <div className="table-scroll">
        <table className="data-table audit-table" aria-busy={loading || undefined}>
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
            </tr>
          </thead>
          <tbody>
            {events.map((event) => {
              const patientName = event.patientName ?? t.patientKind;
              const details = auditDetailsInWords(event.details, t.detailWords);
              return (
                <tr key={event.id} data-action={event.action}>
                  <td className="audit-table__when">
                    <time dateTime={event.at}>{hospitalDateTime(event.at, i18n.locale)}</time>
                  </td>
                  <td>{event.actorName ?? (event.actorKind === 'patient' ? patientName : t.system)}</td>
                  <td>{event.role && isStaffRole(event.role) ? roleLabels[event.role] : ''}</td>
                  <td>
                    {event.organizationId === null ? t.tenantWide : hospital.name}
                  </td>
                  <td>{t.actionLabel(event.action)}</td>
                  <td>
                    {event.patientAccountId ? (
                      <>
                        <span className="audit-patient">{patientName}</span>
                        {event.patientMobileNo ? (
                          <span className="audit-patient__mobile">{event.patientMobileNo}</span>
                        ) : null}
                        <Button
                          variant="text"
                          aria-label={t.onlyThisPatientOf(patientName)}
                          onClick={() => {
                            const next = {
                              ...draft,
                              patient: '',
                              patientAccountId: event.patientAccountId ?? '',
                              patientAccountName: patientName,
                            };
                            setDraft(next);
                            applyDraft(next);
                          }}
                        >
                          {t.onlyThisPatient}
                        </Button>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {details.length > 0 ? (
                      <ul className="audit-details">
                        {details.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    ) : null}
                    {/* The correlation id matches the row to the server's logs: there when asked for. */}
                    <details className="audit-reference">
                      <summary>{t.correlation}</summary>
                      <code>{event.correlationId}</code>
                    </details>
                  </td>
                </tr>
              );
            })}
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
