import { useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { callAppointmentsQuery, callAppointmentsSubscription, type CallAppointmentData } from '../api/video-documents.ts';
import { VIDEO_PARTICIPATION_MODE } from './video-call-controller.ts';

/** How often the account's video appointments are read again (new bookings, a missed live update). */
export const CALL_APPOINTMENTS_REFRESH_MS = 60_000;

/**
 * Listens for the calls of the account's video appointments wherever the patient is in the app: the
 * upcoming appointments at first, again every minute and when the page becomes visible, and each
 * video session's appointments live (spec doc 2 §4 Live updates: the ring is a change of the appointment).
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

  useEffect(() => {
    const ids = patientKey === '' ? [] : patientKey.split(',');
    if (ids.length === 0) {
      return undefined;
    }
    let stopped = false;
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
      setSessionKey([...new Set(video.map((appointment) => appointment.sessionId))].sort().join(','));
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
        }
      }),
    );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [client, patientKey, sessionKey]);
}
