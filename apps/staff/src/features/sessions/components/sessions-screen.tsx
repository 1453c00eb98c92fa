import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useClient, useQuery } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { staffCancelSessionMutation, staffSessionsQuery, type ListedSession } from '../api/sessions-operations.ts';
import { useSessionsMessages } from '../messages.ts';
import { hospitalClock, hospitalDayOf, hospitalDayRange, shiftDay } from '../../../lib/hospital-time.ts';
import { SessionForm } from './session-form.tsx';
import { TokenCheckPanel } from './token-check-panel.tsx';

const isOpen = (session: ListedSession): boolean => session.status === 'scheduled' || session.status === 'started';

/**
 * The current hospital's sessions of one day: open a session's queue; receptionists and admins also
 * create, edit and cancel (with a confirmation naming how many patients get an SMS). After a restore
 * from a backup, the sessions paused until their highest token is confirmed come first.
 * @param props - the hospital, whether the member may manage sessions and confirm tokens, and the queue's path of a session
 */
export function SessionsScreen({
  hospital,
  mayManage,
  mayConfirmTokens,
  queuePath,
}: {
  hospital: Hospital;
  mayManage: boolean;
  mayConfirmTokens: boolean;
  queuePath: (sessionId: string) => string;
}) {
  const t = useSessionsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const [day, setDay] = useState(() => hospitalDayOf(new Date()));
  const range = hospitalDayRange(/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : hospitalDayOf(new Date()));
  const [{ data, fetching, error }, reload] = useQuery({
    query: staffSessionsQuery,
    variables: { organizationId: hospital.id, from: range.from.toISOString(), to: range.to.toISOString() },
    requestPolicy: 'cache-and-network',
  });
  const [form, setForm] = useState<{ editing: ListedSession | null } | null>(null);
  const [confirming, setConfirming] = useState<ListedSession | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A session saved while others await a token check may be paused too: the panel reads again.
  const [checkRead, setCheckRead] = useState(0);
  const confirmHeadingId = useId();
  const confirmTextId = useId();
  const confirmRef = useRef<HTMLElement>(null);

  // The confirmation takes the focus, so keyboard and screen-reader users land on its choices.
  useEffect(() => {
    if (confirming) {
      confirmRef.current?.querySelector('button')?.focus();
    }
  }, [confirming]);

  const refresh = () => reload({ requestPolicy: 'network-only' });

  const cancel = async (session: ListedSession) => {
    setBusy(true);
    const result = await client
      .mutation(staffCancelSessionMutation, { organizationId: hospital.id, sessionId: session.id })
      .toPromise();
    setBusy(false);
    setConfirming(null);
    if (result.error || !result.data) {
      setActionError(errorText(result.error));
      return;
    }
    setActionError(null);
    setNotice(t.cancelled(session.practitionerName));
    refresh();
  };

  const sessions = data?.staffSessions ?? [];

  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      <div className="filter-bar">
        <Button variant="secondary" onClick={() => setDay((d) => shiftDay(d, -1))}>
          {t.previousDay}
        </Button>
        <TextField label={t.day} type="date" value={day} onChange={(value) => value && setDay(value)} />
        <Button variant="secondary" onClick={() => setDay((d) => shiftDay(d, 1))}>
          {t.nextDay}
        </Button>
        {mayManage ? (
          <Button onClick={() => setForm({ editing: null })} aria-expanded={form !== null && form.editing === null}>
            {t.newSession}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
      </div>
      {actionError ? <Alert tone="error">{actionError}</Alert> : null}
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      <TokenCheckPanel
        key={checkRead}
        hospital={hospital}
        mayConfirm={mayConfirmTokens}
        onConfirmed={(text) => {
          setNotice(text);
          refresh();
        }}
      />
      {form ? (
        <SessionForm
          key={form.editing?.id ?? 'new'}
          hospital={hospital}
          editing={form.editing}
          day={day}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            setNotice(t.saved);
            refresh();
            setCheckRead((n) => n + 1);
          }}
        />
      ) : null}
      {confirming ? (
        <section ref={confirmRef} role="alertdialog" aria-labelledby={confirmHeadingId} aria-describedby={confirmTextId} className="confirm-panel">
          <h2 id={confirmHeadingId}>{t.confirmCancelHeading}</h2>
          <p id={confirmTextId}>
            {t.confirmCancelText(confirming.practitionerName, hospitalClock(String(confirming.startTime)), confirming.liveAppointments)}
          </p>
          <div className="button-row">
            <Button variant="danger" busy={busy} onClick={() => void cancel(confirming)}>
              {t.confirmCancel}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t.keepSession}
            </Button>
          </div>
        </section>
      ) : null}
      {fetching && !data ? <p role="status">{t.loading}</p> : null}
      {data && sessions.length === 0 ? <p className="empty-state">{t.none}</p> : null}
      {sessions.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption>{t.tableCaption(hospital.name, day)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.doctor}</th>
                <th scope="col">{t.specialty}</th>
                <th scope="col">{t.room}</th>
                <th scope="col">{t.mode}</th>
                <th scope="col">{t.booked}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => {
                const time = `${hospitalClock(String(session.startTime))}–${hospitalClock(String(session.endTime))}`;
                return (
                  <tr key={session.id}>
                    <td>{time}</td>
                    <th scope="row">{session.practitionerName}</th>
                    <td>{session.practitionerRoleDisplay}</td>
                    <td>{session.locationName ?? ''}</td>
                    <td>{t.modeLabel(session.participationMode)}</td>
                    <td>{t.bookedCount(session.liveAppointments, session.appointmentMaxAllowed)}</td>
                    <td>
                      {t.statusLabel(session.status)}
                      {session.tokenCheck ? <span className="status-note">{t.bookingsPaused}</span> : null}
                    </td>
                    <td>
                      <div className="button-row">
                        <Link to={queuePath(session.id)} aria-label={t.openQueueOf(session.practitionerName, time)}>
                          {t.openQueue}
                        </Link>
                        {mayManage && isOpen(session) ? (
                          <>
                            <Button variant="text" aria-label={t.editOf(session.practitionerName, time)} onClick={() => setForm({ editing: session })}>
                              {t.edit}
                            </Button>
                            <Button
                              variant="text"
                              aria-label={t.cancelSessionOf(session.practitionerName, time)}
                              onClick={() => setConfirming(session)}
                            >
                              {t.cancelSession}
                            </Button>
                          </>
                        ) : null}
                      </div>
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
