import { useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { VIDEO_PARTICIPATION_MODE } from '@careline/domain/consultations';
import { callAppointmentsQuery, callAppointmentsSubscription, type CallAppointmentData } from '../api/video-documents.ts';

/** How often the account's video appointments are read again (new bookings, a missed live update). */
export const CALL_APPOINTMENTS_REFRESH_MS = 60_000;

/** Read again this long after the server's ring should have run out, so the server answers it ended. */
export const RING_END_READ_DELAY_MS = 250;

/** The soonest ring end among the appointments (ms from now, as the server counted it), or null. */
function soonestRingEnd(appointments: readonly CallAppointmentData[]): number | null {
  const left = appointments
    .map((appointment) => (appointment.communication?.ringing ? appointment.communication.ringRemainingMs : null))
    .filter((ms): ms is number => typeof ms === 'number');
  return left.length === 0 ? null : Math.min(...left);
}

/**
 * Listens for the calls of the account's video appointments wherever the patient is in the app: the
 * upcoming appointments at first, again every minute and when the page becomes visible, and each
 * video session's appointments live (spec doc 2 §4 Live updates: the ring is a change of the appointment).
 * While a call rings, they are read again when the server said its ring runs out: the server decides
 * that it ended (issue 29 §2.7), the device's clock does not.
 * @param patientIds - the account's profiles
 * @param onAppointments - gets each answer
 */
export function useCallAppointments(
  patientIds: readonly string[],
  onAppointments: (appointments: readonly CallAppointmentData[]) => void,
): void {
  const client = useClient();
  const onAppointmentsRef = useRef(onAppointments);
  useEffect(() => {
    onAppointmentsRef.current = onAppointments;
  }, [onAppointments]);
  const patientKey = patientIds.join(',');
  const [sessionKey, setSessionKey] = useState('');
  /** Schedules a read at the soonest ring end of an answer (set while the first effect runs). */
  const ringEndsRef = useRef<(appointments: readonly CallAppointmentData[]) => void>(() => undefined);

  useEffect(() => {
    const ids = patientKey === '' ? [] : patientKey.split(',');
    if (ids.length === 0) {
      return undefined;
    }
    let stopped = false;
    let ringTimer: number | null = null;
    let ringReadAt = Infinity;
    const load = async () => {
      const result = await client
        .query(callAppointmentsQuery, { patientIds: ids }, { requestPolicy: 'network-only' })
        .toPromise();
      const list = result.data?.queryUpcomingAppointments;
      if (stopped || !list) {
        return;
      }
      const video = list.filter((appointment) => appointment.session.participationMode === VIDEO_PARTICIPATION_MODE);
      onAppointmentsRef.current(video);
      ringEndsRef.current(video);
      setSessionKey([...new Set(video.map((appointment) => appointment.sessionId))].sort().join(','));
    };
    ringEndsRef.current = (appointments) => {
      const left = soonestRingEnd(appointments);
      if (stopped || left === null) {
        return;
      }
      const readAt = Date.now() + left + RING_END_READ_DELAY_MS;
      // One read, at the soonest ring end known; a read then schedules the next.
      if (ringTimer !== null && ringReadAt <= readAt) {
        return;
      }
      if (ringTimer !== null) {
        window.clearTimeout(ringTimer);
      }
      ringReadAt = readAt;
      ringTimer = window.setTimeout(() => {
        ringTimer = null;
        ringReadAt = Infinity;
        void load();
      }, left + RING_END_READ_DELAY_MS);
    };
    void load();
    const timer = window.setInterval(() => void load(), CALL_APPOINTMENTS_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        void load();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      if (ringTimer !== null) {
        window.clearTimeout(ringTimer);
      }
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client, patientKey]);

  useEffect(() => {
    const ids = patientKey === '' ? [] : patientKey.split(',');
    const sessions = sessionKey === '' ? [] : sessionKey.split(',');
    if (ids.length === 0) {
      return undefined;
    }
    const subscriptions = sessions.map((sessionId) =>
      client.subscription(callAppointmentsSubscription, { patientId: ids, sessionId }).subscribe((result) => {
        if (result.data) {
          onAppointmentsRef.current(result.data.subscribeAppointment);
          ringEndsRef.current(result.data.subscribeAppointment);
        }
      }),
    );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [client, patientKey, sessionKey]);
}
