import { useId, useRef } from 'react';
import {
  callProgressMessage,
  callTimer,
  practitionerMediaNotice,
  VIDEO_CALL_CONNECTION,
  type VideoCallEvent,
  type VideoCallState,
} from '@careline/domain/video-call';
import { useModalDialog } from '@careline/ui/components';
import { useVideoTranslate } from '@careline/i18n/video';
import { Button } from '../../../components/button.tsx';
import { CALL_CONNECTION_FAILED, type CallStreams } from '../utils/call-media.ts';
import { videoTextId } from '../utils/video-texts.ts';
import { CallIcon } from './call-icons.tsx';
import { StreamVideo } from './stream-video.tsx';

/** A duration for <time dateTime>: PT1M5S. */
function durationAttribute(connectedAt: number | null, now: number): string | undefined {
  if (connectedAt === null) {
    return undefined;
  }
  const seconds = Math.max(0, Math.floor((now - connectedAt) / 1000));
  return `PT${Math.floor(seconds / 60)}M${seconds % 60}S`;
}

/**
 * The call (spec doc 2 §2 In call): the practitioner's video, the connecting or waiting message, the
 * mm:ss timer, the practitioner's camera and microphone notice, the camera and mute toggles,
 * Minimize and End Call; in error the error and 'Refresh the call'. What shows is the domain's.
 */
export function CallScreen({
  state,
  streams,
  now,
  dispatch,
}: {
  state: VideoCallState;
  streams: CallStreams;
  now: number;
  dispatch: (event: VideoCallEvent) => void;
}) {
  const t = useVideoTranslate();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const doctor = state.appointment?.doctorName ?? '';
  const progress = callProgressMessage(state);
  const timer = callTimer(state, now);
  const notice = state.connection === VIDEO_CALL_CONNECTION.CONNECTED ? practitionerMediaNotice(state.practitionerMedia) : null;
  const failed = state.connection === VIDEO_CALL_CONNECTION.ERROR;
  const joining = state.connection === VIDEO_CALL_CONNECTION.CONNECTING || state.connection === VIDEO_CALL_CONNECTION.CONNECTED;
  // Escape minimizes: the call goes on and the app is usable. Focus goes back only when lost.
  const { onKeyDown } = useModalDialog(ref, { onCancel: joining ? () => dispatch({ type: 'minimize' }) : undefined, restore: 'ifLost' });
  return (
    <dialog
      ref={ref}
      className="call-screen"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="call-screen"
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className="visually-hidden">
        {t('video.ui.callTitle', { doctor })}
      </h2>
      <div className="call-screen__stage">
        <StreamVideo
          stream={streams.remote}
          label={t('video.ui.practitionerVideo', { doctor })}
          className="call-screen__remote"
          testId="call-remote-video"
        />
        <div className="call-screen__status">
          <p className="call-screen__doctor" aria-hidden="true">
            {doctor}
          </p>
          <div role="status">
            {progress ? <p className="call-screen__progress">{t(videoTextId(progress))}</p> : null}
            {notice ? <p className="call-screen__notice">{t(videoTextId(notice))}</p> : null}
          </div>
          {timer ? (
            <p className="call-screen__timer" role="timer" aria-label={t('video.ui.timerLabel')} data-testid="call-timer">
              <time dateTime={durationAttribute(state.connectedAt, now)}>{timer}</time>
            </p>
          ) : null}
          {failed ? (
            <div className="call-screen__error" role="alert">
              <p>{state.error === CALL_CONNECTION_FAILED || !state.error ? t('video.ui.connectionFailed') : state.error}</p>
              <Button onClick={() => dispatch({ type: 'refresh' })}>
                <CallIcon name="refresh" />
                {t('video.text.refreshCall')}
              </Button>
            </div>
          ) : null}
        </div>
        {joining ? (
          <div className="call-screen__self">
            <StreamVideo stream={streams.local} label={t('video.ui.ownVideo')} className="call-screen__own" testId="call-own-video" />
            {state.camera ? null : <span className="call-screen__own-off">{t('video.ui.ownCameraOff')}</span>}
          </div>
        ) : null}
      </div>
      <div className="call-screen__controls">
        {joining ? (
          <>
            <button
              type="button"
              className="call-control"
              aria-pressed={!state.camera}
              title={state.camera ? undefined : t('video.text.cameraOn')}
              onClick={() => dispatch({ type: 'toggleCamera' })}
            >
              <CallIcon name={state.camera ? 'camera' : 'cameraOff'} />
              <span className="call-control__label">{t('video.text.cameraOff')}</span>
            </button>
            <button
              type="button"
              className="call-control"
              aria-pressed={!state.microphone}
              title={state.microphone ? undefined : t('video.text.unmute')}
              onClick={() => dispatch({ type: 'toggleMicrophone' })}
            >
              <CallIcon name={state.microphone ? 'microphone' : 'microphoneOff'} />
              <span className="call-control__label">{t('video.text.mute')}</span>
            </button>
            <button type="button" className="call-control" onClick={() => dispatch({ type: 'minimize' })}>
              <CallIcon name="minimize" />
              <span className="call-control__label">{t('video.text.minimize')}</span>
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="call-control call-control--end"
          onClick={() => dispatch({ type: 'endRequested' })}
        >
          <CallIcon name="phoneOff" />
          <span className="call-control__label">{t('video.text.endCall')}</span>
        </button>
      </div>
    </dialog>
  );
}
