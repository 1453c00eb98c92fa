import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient, useQuery } from 'urql';
import { Alert, Button, PageHeading } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { hospitalClock } from '../../../lib/hospital-time.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  staffBookAppointmentMutation,
  staffCallNextMutation,
  staffEndSessionMutation,
  staffSessionQueueQuery,
  staffSetAppointmentStatusMutation,
  staffStartSessionMutation,
  type QueueAppointment,
} from '../api/queue-operations.ts';
import { useQueueMessages } from '../messages.ts';

/** How often the open queue reloads, so bookings from the app and other desks show up. */
const REFRESH_MS = 15_000;

/** What the member may do on the queue (from the server's policy for their roles here). */
export type QueueAbilities = { run: boolean; book: boolean };

/**
 * One session's queue: who is in the room and who is next, 'Start session', 'Call next', 'Done',
 * 'End session', arrivals and no-shows, and desk booking through a patient search passed in by the
 * route (features do not import each other).
 * @param props - the hospital, the session, what the member may do, the sessions list's path and the desk search
 */
export function QueueScreen({
  hospital,
  sessionId,
  may,
  sessionsPath,
  deskSearch,
}: {
  hospital: Hospital;
  sessionId: string;
  may: QueueAbilities;
  sessionsPath: string;
  deskSearch: (props: { actionLabel: (name: string) => string; onPick: (patient: { id: string; name: string }) => void; busy: boolean }) => ReactNode;
}) {
  const t = useQueueMessages();
  const errorText = useErrorText();
  const client = useClient();
  const [{ data, fetching, error }, reload] = useQuery({
    query: staffSessionQueueQuery,
    variables: { organizationId: hospital.id, sessionId },
    requestPolicy: 'cache-and-network',
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setInterval(() => reload({ requestPolicy: 'network-only' }), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload]);

  const run = async (key: string, action: () => Promise<{ error?: unknown; data?: unknown }>, done: (data: unknown) => string) => {
    setBusy(key);
    const result = await action();
    setBusy(null);
    if (result.error || !result.data) {
      setActionError(errorText(result.error));
      return;
    }
    setActionError(null);
    setNotice(done(result.data));
    reload({ requestPolicy: 'network-only' });
  };

  const vars = { organizationId: hospital.id, sessionId };
  const queue = data?.staffSessionQueue;
  const session = queue?.session;
  const appointments = queue?.appointments ?? [];
  const ongoing = appointments.filter((a) => a.appointmentStatus === 'arrived');
  const next = appointments.find((a) => a.appointmentStatus === 'booked') ?? null;
  const open = session?.status === 'scheduled' || session?.status === 'started';

  const mark = (appointment: QueueAppointment, status: 'arrived' | 'noshow' | 'fulfilled') =>
    void run(
      `${appointment.id}:${status}`,
      () => client.mutation(staffSetAppointmentStatusMutation, { organizationId: hospital.id, appointmentId: appointment.id, status }).toPromise(),
      () => t.updated,
    );

  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>
        <Link to={sessionsPath}>{t.backToSessions}</Link>
      </p>
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {fetching && !data ? <p role="status">{t.loading}</p> : null}
      {session ? (
        <>
          <p>
            {t.sessionOf(session.practitionerName, session.practitionerRoleDisplay, `${hospitalClock(String(session.startTime))}–${hospitalClock(String(session.endTime))}`)}
            {session.locationName ? ` · ${session.locationName}` : ''} · <strong>{t.sessionStatus(session.status)}</strong>
          </p>
          <section aria-label={t.heading} className="queue-now">
            {ongoing.map((a) => (
              <p key={a.id}>{t.nowSeeing(a.tokenNo, a.patientName)}</p>
            ))}
            <p>{next ? t.next(next.tokenNo, next.patientName) : t.nobodyWaiting}</p>
          </section>
          <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
          {actionError ? <Alert tone="error">{actionError}</Alert> : null}
          {may.run ? (
            <div className="button-row">
              {session.status === 'scheduled' ? (
                <Button busy={busy === 'start'} onClick={() => void run('start', () => client.mutation(staffStartSessionMutation, vars).toPromise(), () => t.updated)}>
                  {t.start}
                </Button>
              ) : null}
              {session.status === 'started' ? (
                <>
                  <Button
                    busy={busy === 'next'}
                    onClick={() =>
                      void run(
                        'next',
                        () => client.mutation(staffCallNextMutation, vars).toPromise(),
                        (result) => {
                          const called = (result as { staffCallNext: { appointments: { tokenNo: number; patientName: string; appointmentStatus: string }[] } }).staffCallNext.appointments.find(
                            (a) => a.appointmentStatus === 'arrived',
                          );
                          return called ? t.called(called.tokenNo, called.patientName) : t.nobodyToCall;
                        },
                      )
                    }
                  >
                    {t.callNext}
                  </Button>
                  <Button variant="secondary" busy={busy === 'end'} onClick={() => void run('end', () => client.mutation(staffEndSessionMutation, vars).toPromise(), () => t.updated)}>
                    {t.end}
                  </Button>
                </>
              ) : null}
            </div>
          ) : null}
          {appointments.length === 0 ? (
            <p className="empty-state">{t.empty}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <caption>{t.tableCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.token}</th>
                    <th scope="col">{t.patient}</th>
                    <th scope="col">{t.status}</th>
                    <th scope="col">{t.payment}</th>
                    <th scope="col">{t.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {appointments.map((a) => (
                    <tr key={a.id}>
                      <td>{a.tokenNo}</td>
                      <th scope="row">{a.patientName}</th>
                      <td>{t.appointmentStatus(a.appointmentStatus)}</td>
                      <td>{t.paymentStatus(a.paymentStatus)}</td>
                      <td>
                        {may.run && open ? (
                          <div className="button-row">
                            {a.appointmentStatus === 'booked' ? (
                              <>
                                <Button variant="text" aria-label={t.arrivedOf(a.tokenNo)} busy={busy === `${a.id}:arrived`} onClick={() => mark(a, 'arrived')}>
                                  {t.arrived}
                                </Button>
                                <Button variant="text" aria-label={t.noShowOf(a.tokenNo)} busy={busy === `${a.id}:noshow`} onClick={() => mark(a, 'noshow')}>
                                  {t.noShow}
                                </Button>
                              </>
                            ) : null}
                            {a.appointmentStatus === 'booked' || a.appointmentStatus === 'arrived' ? (
                              <Button variant="text" aria-label={t.doneOf(a.tokenNo)} busy={busy === `${a.id}:fulfilled`} onClick={() => mark(a, 'fulfilled')}>
                                {t.done}
                              </Button>
                            ) : null}
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {may.book && open ? (
            <section aria-labelledby="desk-booking-heading">
              <h2 id="desk-booking-heading">{t.deskHeading}</h2>
              <p>{t.deskIntro}</p>
              {deskSearch({
                actionLabel: t.bookFor,
                busy: busy === 'book',
                onPick: (patient) =>
                  void run(
                    'book',
                    () =>
                      client
                        .mutation(staffBookAppointmentMutation, {
                          ...vars,
                          patientId: patient.id,
                          idempotencyKey: `desk-${crypto.randomUUID()}`,
                        })
                        .toPromise(),
                    (result) => t.booked(patient.name, (result as { staffBookAppointment: { tokenNo: number } }).staffBookAppointment.tokenNo),
                  ),
              })}
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
