import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient, useQuery, useSubscription } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { hospitalClock } from '../../../lib/hospital-time.ts';
import { useLiveSocketState, type LiveSocketState } from '../../../lib/live-status.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  staffBookAppointmentMutation,
  staffCallNextMutation,
  staffEndSessionMutation,
  staffMarkSessionDelayMutation,
  staffSessionQueueQuery,
  staffSessionQueueSubscription,
  staffSetAppointmentStatusMutation,
  staffStartSessionMutation,
  type QueueAppointment,
  type SessionQueue,
} from '../api/queue-operations.ts';
import { useQueueMessages } from '../messages.ts';
import './queue-screen.css';

/**
 * How often the queue reloads while it is not live (socket down or not yet subscribed): a fallback
 * only, since the live queue brings every booking, call and status change at once.
 */
export const FALLBACK_REFRESH_MS = 30_000;

/** Whether the queue on screen follows the server live. */
export type QueueLiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * The queue's live state from the socket's health and whether the live queue has answered yet.
 * @param socket - the live socket's last event
 * @param heard - whether the subscription delivered a queue
 */
export function queueLiveState(socket: LiveSocketState, heard: boolean): QueueLiveState {
  if (socket === 'socket-error') {
    return 'reconnecting';
  }
  return heard ? 'live' : 'connecting';
}

/**
 * A queue row's look (issue 29 §1.6): money given back (refund approved or made) and cancelled rows
 * stand apart from paid ones.
 * @param appointment - the row's appointment
 */
export function queueRowClass(appointment: Pick<QueueAppointment, 'appointmentStatus' | 'paymentRefundStatus'>): string | undefined {
  const classes = [
    appointment.paymentRefundStatus === 'refunded' || appointment.paymentRefundStatus === 'approved' ? 'queue-row--refunded' : '',
    appointment.appointmentStatus === 'cancelled' || appointment.appointmentStatus === 'entered_in_error' ? 'queue-row--cancelled' : '',
  ].filter((name) => name.length > 0);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

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
  callPanel,
}: {
  hospital: Hospital;
  sessionId: string;
  may: QueueAbilities;
  sessionsPath: string;
  deskSearch: (props: { actionLabel: (name: string) => string; onPick: (patient: { id: string; name: string }) => void; busy: boolean }) => ReactNode;
  /** A video session's calls (features/video, passed in by the route): the patients in the consultation and Call. */
  callPanel?: (props: { session: SessionQueue['session']; appointments: readonly QueueAppointment[] }) => ReactNode;
}) {
  const t = useQueueMessages();
  const errorText = useErrorText();
  const client = useClient();
  const vars = useMemo(() => ({ organizationId: hospital.id, sessionId }), [hospital.id, sessionId]);
  const [{ data, fetching, error }, reload] = useQuery({
    query: staffSessionQueueQuery,
    variables: vars,
    requestPolicy: 'cache-and-network',
  });
  // The live queue: at once on subscribing (and again after each reconnect), then after every change.
  const [live] = useSubscription({ query: staffSessionQueueSubscription, variables: vars });
  const liveState = queueLiveState(useLiveSocketState(), live.data !== undefined);
  // Whichever answer came last is shown: a reload or a live delivery.
  const [shown, setShown] = useState<SessionQueue | null>(null);
  useEffect(() => {
    if (data?.staffSessionQueue) {
      setShown(data.staffSessionQueue);
    }
  }, [data]);
  useEffect(() => {
    if (live.data?.staffSubscribeSessionQueue) {
      setShown(live.data.staffSubscribeSessionQueue);
    }
  }, [live.data]);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [delay, setDelay] = useState('');

  useEffect(() => {
    if (liveState === 'live') {
      return undefined;
    }
    const timer = window.setInterval(() => reload({ requestPolicy: 'network-only' }), FALLBACK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload, liveState]);

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
    // A live queue hears the change itself; otherwise read it again.
    if (liveState !== 'live') {
      reload({ requestPolicy: 'network-only' });
    }
  };

  const queue = shown;
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
      <p role="status" className={`queue-live queue-live--${liveState}`}>
        {t.liveState(liveState)}
      </p>
      {fetching && !queue ? <p>{t.loading}</p> : null}
      {session ? (
        <>
          <p>
            {t.sessionOf(session.practitionerName, session.practitionerRoleDisplay, `${hospitalClock(String(session.startTime))}–${hospitalClock(String(session.endTime))}`)}
            {session.locationName ? ` · ${session.locationName}` : ''} · <strong>{t.sessionStatus(session.status)}</strong>
            {session.delayMinutes !== null && session.delayMinutes !== undefined ? (
              <>
                {' · '}
                <strong className="queue-delay">{t.delayed(session.delayMinutes)}</strong>
              </>
            ) : null}
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
          {may.run && open ? (
            <form
              className="queue-delay-form"
              aria-labelledby="queue-delay-heading"
              onSubmit={(event) => {
                event.preventDefault();
                const minutes = Number(delay);
                void run(
                  'delay',
                  () => client.mutation(staffMarkSessionDelayMutation, { ...vars, delayMinutes: Number.isFinite(minutes) ? Math.trunc(minutes) : 0 }).toPromise(),
                  () => {
                    setDelay('');
                    return t.delayMarked(minutes);
                  },
                );
              }}
            >
              <h2 id="queue-delay-heading">{t.delayHeading}</h2>
              <TextField
                label={t.delayMinutes}
                hint={t.delayHint}
                value={delay}
                onChange={setDelay}
                type="number"
                inputMode="numeric"
              />
              <Button type="submit" variant="secondary" busy={busy === 'delay'}>
                {t.markDelay}
              </Button>
            </form>
          ) : null}
          {callPanel ? callPanel({ session, appointments }) : null}
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
                    <tr key={a.id} className={queueRowClass(a)}>
                      <td>{a.tokenNo}</td>
                      <th scope="row">{a.patientName}</th>
                      <td>{t.appointmentStatus(a.appointmentStatus)}</td>
                      <td className="queue-payment">{t.paymentStatus(a.paymentStatus, a.paymentRefundStatus)}</td>
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
