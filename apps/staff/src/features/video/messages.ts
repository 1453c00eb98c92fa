import { useStaffTranslate } from '@careline/i18n/staff';
import { CALL_RING_TIMEOUT_MS } from '@careline/domain/video-call';
import { useMemo } from 'react';
import type { DoctorCallStatus } from './doctor-call.ts';

/** Texts of the doctor's side of a video consultation, in the active language. */
export function useVideoMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.video.heading'),
      noPatient: t('staff.video.noPatient'),
      patientDetails: t('staff.video.patientDetails'),
      token: (token: number) => t('staff.video.token', { token }),
      inQueueSince: (time: string) => t('staff.video.inQueueSince', { time }),
      payment: (status: string) => (status === 'paid' ? t('staff.queue.payment.paid') : t('staff.queue.payment.pending')),
      questionnaireHeading: t('staff.video.questionnaireHeading'),
      questionnaireLoading: t('staff.video.questionnaireLoading'),
      questionnaireNone: t('staff.video.questionnaireNone'),
      answeredAt: (time: string) => t('staff.video.answeredAt', { time }),
      call: t('staff.video.call'),
      callOf: (name: string) => t('staff.video.callOf', { name }),
      callAgain: t('staff.video.callAgain'),
      close: t('staff.video.close'),
      status: (status: DoctorCallStatus, name: string) => {
        switch (status) {
          case 'starting':
            return t('staff.video.status.starting');
          case 'ringing':
            return t('staff.video.status.ringing', { name });
          case 'connecting':
            return t('staff.video.status.connecting', { name });
          case 'connected':
            return t('staff.video.status.connected', { name });
          case 'reconnecting':
            return t('staff.video.status.reconnecting');
          case 'connectionLost':
            return t('staff.video.status.connectionLost');
          case 'patientLeft':
            return t('staff.video.status.patientLeft', { name });
          case 'ending':
            return t('staff.video.status.ending');
          case 'noAnswer':
            // The ring's length is the domain's (issue 29 §2.7), in whole minutes.
            return t('staff.video.status.noAnswer', { name, minutes: Math.max(1, Math.round(CALL_RING_TIMEOUT_MS / 60_000)) });
          case 'ended':
            return t('staff.video.status.ended');
          case 'failed':
            return t('staff.video.status.failed');
          case 'idle':
            return '';
        }
      },
      mediaDenied: t('staff.video.mediaDenied'),
      mediaUnavailable: t('staff.video.mediaUnavailable'),
      timer: t('staff.video.timer'),
      remoteVideo: (name: string) => t('staff.video.remoteVideo', { name }),
      localVideo: t('staff.video.localVideo'),
      waitingForVideo: t('staff.video.waitingForVideo'),
      controls: t('staff.video.controls'),
      mute: t('staff.video.mute'),
      cameraOff: t('staff.video.cameraOff'),
      end: t('staff.video.end'),
      endOf: (name: string) => t('staff.video.endOf', { name }),
      patientMedia: (media: { camera: boolean; microphone: boolean } | null) => {
        if (!media || (media.camera && media.microphone)) {
          return null;
        }
        if (!media.camera && !media.microphone) {
          return t('staff.video.patientCameraAndMicrophoneOff');
        }
        return media.camera ? t('staff.video.patientMicrophoneOff') : t('staff.video.patientCameraOff');
      },
    }),
    [t],
  );
}
