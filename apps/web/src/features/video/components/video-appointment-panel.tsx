import { useState } from 'react';
import { useVideoTranslate } from '@careline/i18n/video';
import { Button } from '../../../components/button.tsx';
import { CallHistoryModal } from './call-history-modal.tsx';
import { CallIcon } from './call-icons.tsx';
import '../video.css';

/**
 * The appointment view's part for a video appointment (spec doc 2 §2): that the doctor calls here,
 * and the call history modal. The call itself shows wherever the patient is (VideoCallHost).
 */
export function VideoAppointmentPanel({ appointmentId }: { appointmentId: string }) {
  const t = useVideoTranslate();
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <section className="video-panel" aria-labelledby="video-panel-title">
      <h2 id="video-panel-title" className="video-panel__title">
        <CallIcon name="camera" />
        {t('video.ui.videoConsultation')}
      </h2>
      <p className="video-panel__hint">{t('video.ui.videoConsultationHint')}</p>
      <Button variant="secondary" onClick={() => setHistoryOpen(true)}>
        <CallIcon name="history" />
        {t('video.text.callHistory')}
      </Button>
      <CallHistoryModal appointmentId={appointmentId} open={historyOpen} onClose={() => setHistoryOpen(false)} />
    </section>
  );
}
