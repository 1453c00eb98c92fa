import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { CALL_TIMER_TICK_MS, callTimerText } from '@careline/domain/video-call';
import { DoctorCall, type CallMediaDevices, type CallTransport, type DoctorCallSnapshot } from '../doctor-call.ts';

/** What the in-call view needs: the call now, the actions, and the mm:ss timer text. */
export type DoctorCallHandle = {
  call: DoctorCallSnapshot;
  /** mm:ss since the call first connected, while connected; null otherwise. */
  timer: string | null;
  placeCall: () => void;
  end: () => void;
  /** Close after no answer: back to Call. */
  close: () => void;
  toggleMicrophone: () => void;
  toggleCamera: () => void;
};

/**
 * The doctor's call to the patient of one appointment: one DoctorCall for the component's life (key
 * the component by the appointment), ended when the component goes; its timer ticks each second
 * while connected (spec doc 2 §2: mm:ss, zero padded).
 * @param appointmentId - the appointment to call
 * @param transport - the server side of the call
 * @param devices - the browser's media and peer connection
 * @param now - the clock (tests pass their own)
 */
export function useDoctorCall(
  appointmentId: string,
  transport: CallTransport,
  devices: CallMediaDevices,
  now: () => number = Date.now,
): DoctorCallHandle {
  const [controller] = useState(() => new DoctorCall(appointmentId, transport, devices, now));
  useEffect(() => () => controller.dispose(), [controller]);

  const call = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  const [tick, setTick] = useState(() => now());
  const running = call.connectedAt !== null && (call.status === 'connected' || call.status === 'reconnecting');
  useEffect(() => {
    if (!running) {
      return undefined;
    }
    setTick(now());
    const timer = setInterval(() => setTick(now()), CALL_TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [running, now]);

  return useMemo(
    () => ({
      call,
      timer: running && call.connectedAt !== null ? callTimerText(call.connectedAt, tick) : null,
      placeCall: () => void controller.call(),
      end: () => void controller.end(),
      close: () => controller.close(),
      toggleMicrophone: () => controller.toggleMicrophone(),
      toggleCamera: () => controller.toggleCamera(),
    }),
    [call, controller, running, tick],
  );
}
