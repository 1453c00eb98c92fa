import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useClient } from 'urql';
import type { CallMedia } from '../utils/call-media.ts';
import { createVideoCallController, type VideoCallController, type VideoCallSnapshot } from './video-call-controller.ts';

/** The patient's video call: the domain machine with real effects, for the call screens. */
export type VideoCall = VideoCallSnapshot & { controller: VideoCallController };

/**
 * Runs one video call controller for the signed-in account while mounted (permissions watched, any
 * room left on unmount).
 * @param media - the browser's media and peer connection (or a fake)
 */
export function useVideoCall(media: CallMedia): VideoCall {
  const client = useClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [controller] = useState(() =>
    createVideoCallController({ media, client, navigate: (path) => void navigateRef.current(path) }),
  );
  useEffect(() => controller.start(), [controller]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { ...snapshot, controller };
}
