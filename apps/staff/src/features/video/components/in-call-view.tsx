import { useEffect, useRef } from 'react';
import { Alert, Button } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { canPlaceCall, isCallOn } from '../doctor-call.ts';
import type { DoctorCallHandle } from '../hooks/use-doctor-call.ts';
import { useVideoMessages } from '../messages.ts';

/** A video element showing a stream (srcObject is not a React attribute). */
function StreamVideo({ stream, muted, className, label, testId }: { stream: MediaStream | null; muted: boolean; className: string; label: string; testId: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) {
      video.srcObject = stream;
    }
  }, [stream]);
  return <video ref={ref} className={className} aria-label={label} data-testid={testId} autoPlay playsInline muted={muted} />;
}

/**
 * The doctor's side of the call with one patient: Call, then the patient's video large and the own
 * preview small, the status (ringing, connected with the mm:ss timer, the patient left) in a polite
 * live region, mute and camera toggles (the patient is told), and End. A ring nobody answers says
 * no answer there, with Call again and Close.
 * @param props - the patient's name and the call (useDoctorCall)
 */
export function InCallView({ patientName, handle }: { patientName: string; handle: DoctorCallHandle }) {
  const t = useVideoMessages();
  const errorText = useErrorText();
  const { call, timer } = handle;
  const on = isCallOn(call.status);
  const notice = call.status === 'connected' ? t.patientMedia(call.patientMedia) : null;
  let problem: string | null = null;
  if (call.mediaProblem !== null) {
    problem = call.mediaProblem === 'denied' ? t.mediaDenied : t.mediaUnavailable;
  } else if (call.error !== null && call.error !== undefined) {
    problem = errorText(call.error);
  }
  return (
    <div className="video-call">
      <p role="status" className="video-call__status">
        {t.status(call.status, patientName)}
        {notice ? ` ${notice}` : ''}
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {call.status === 'noAnswer' ? (
        <div className="button-row">
          <Button onClick={handle.placeCall}>{t.callAgain}</Button>
          <Button variant="secondary" onClick={handle.close}>
            {t.close}
          </Button>
        </div>
      ) : canPlaceCall(call.status) ? (
        <div className="button-row">
          <Button onClick={handle.placeCall} aria-label={t.callOf(patientName)}>
            {t.call}
          </Button>
        </div>
      ) : null}
      {on ? (
        <>
          <div className="video-call__stage">
            <StreamVideo stream={call.remote} muted={false} className="video-call__remote" label={t.remoteVideo(patientName)} testId="call-remote-video" />
            {call.remote ? null : <p className="video-call__waiting">{t.waitingForVideo}</p>}
            <StreamVideo stream={call.local} muted className="video-call__self" label={t.localVideo} testId="call-local-video" />
          </div>
          <div className="video-call__bar">
            {timer !== null ? (
              <span role="timer" aria-label={t.timer} className="video-call__timer">
                {timer}
              </span>
            ) : null}
            {notice ? (
              <p className="video-call__notice" aria-hidden="true">
                {notice}
              </p>
            ) : null}
            <div role="group" aria-label={t.controls} className="video-call__controls">
              <Button variant="secondary" aria-pressed={!call.microphone} onClick={handle.toggleMicrophone} disabled={call.status === 'ending'}>
                {t.mute}
              </Button>
              <Button variant="secondary" aria-pressed={!call.camera} onClick={handle.toggleCamera} disabled={call.status === 'ending'}>
                {t.cameraOff}
              </Button>
              <Button variant="danger" aria-label={t.endOf(patientName)} busy={call.status === 'ending'} onClick={handle.end}>
                {t.end}
              </Button>
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}
