import { useEffect, useRef } from 'react';

/** A video element showing a MediaStream (muted: the remote sound plays through CallAudio). */
export function StreamVideo({
  stream,
  label,
  className,
  testId,
}: {
  stream: MediaStream | null;
  label: string;
  className: string;
  testId: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || element.srcObject === stream) {
      return;
    }
    element.srcObject = stream;
    if (stream) {
      void element.play?.()?.catch(() => undefined);
    }
  }, [stream]);
  return <video ref={ref} className={className} aria-label={label} data-testid={testId} autoPlay playsInline muted />;
}

/**
 * The practitioner's voice: kept mounted for the whole call, so it goes on while the call is
 * minimized and the patient uses the app.
 */
export function CallAudio({ stream }: { stream: MediaStream | null }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || element.srcObject === stream) {
      return;
    }
    element.srcObject = stream;
    if (stream) {
      void element.play?.()?.catch(() => undefined);
    }
  }, [stream]);
  return <audio ref={ref} data-testid="call-remote-audio" autoPlay hidden />;
}
