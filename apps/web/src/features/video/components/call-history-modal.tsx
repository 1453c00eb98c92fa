import { useQuery } from 'urql';
import { callHistoryEvents, type CallHistoryEvent } from '@careline/domain/video-call';
import { useLingui } from '@careline/i18n/react';
import { useVideoTranslate, type VideoMessageId } from '@careline/i18n/video';
import { Modal } from '../../../components/modal.tsx';
import { errorText } from '../../../lib/graphql';
import { callHistoryQuery } from '../api/video-documents.ts';
import { formatInstant } from '@careline/domain/time';

const participantText: Record<CallHistoryEvent['participant'], VideoMessageId> = {
  patient: 'video.text.historyPatient',
  practitioner: 'video.text.historyPractitioner',
  other: 'video.ui.historyOther',
};

const statusText: Record<CallHistoryEvent['status'], VideoMessageId> = {
  connected: 'video.text.historyConnected',
  disconnected: 'video.text.historyDisconnected',
};

function CallHistoryList({ appointmentId }: { appointmentId: string }) {
  const t = useVideoTranslate();
  const { i18n } = useLingui();
  const [result] = useQuery({ query: callHistoryQuery, variables: { appointmentId }, requestPolicy: 'network-only' });
  if (result.fetching && !result.data) {
    return <p role="status">{t('video.ui.historyLoading')}</p>;
  }
  if (result.error && !result.data) {
    return <p role="alert">{errorText(result.error)}</p>;
  }
  const communication = result.data?.queryCommunication;
  const events = communication
    ? callHistoryEvents([
        {
          id: communication.id,
          medium: communication.medium,
          sent: communication.sent,
          videoCallHistory: communication.videoCallHistory,
        },
      ])
    : [];
  if (events.length === 0) {
    return <p>{t('video.text.callHistoryEmpty')}</p>;
  }
  return (
    <ol className="call-history" data-testid="call-history">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className={`call-history__event call-history__event--${event.status}`}>
          <span className="call-history__who">{t(participantText[event.participant])}</span>
          <span className="call-history__status">{t(statusText[event.status])}</span>
          <time className="call-history__at" dateTime={event.at}>
            {formatInstant(event.at, 'callEvent', { locale: i18n.locale }) ?? event.at}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** The call history modal (spec doc 2 §2): the connect and disconnect events of the latest video communication. */
export function CallHistoryModal({ appointmentId, open, onClose }: { appointmentId: string; open: boolean; onClose: () => void }) {
  const t = useVideoTranslate();
  return (
    <Modal open={open} title={t('video.text.callHistory')} onClose={onClose}>
      {open ? <CallHistoryList appointmentId={appointmentId} /> : null}
    </Modal>
  );
}
