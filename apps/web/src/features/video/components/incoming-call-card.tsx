import { useEffect, useId, useRef } from 'react';
import { deniedDevices, type IncomingCallCard as CardModel, type DevicePermissions } from '@careline/domain/video-call';
import { useDialogFocus } from '@careline/ui/components';
import { useVideoTranslate } from '@careline/i18n/video';
import { Button } from '../../../components/button.tsx';
import { CallIcon } from './call-icons.tsx';

/**
 * The incoming call card (spec doc 2 §2): '<doctor> is calling...' with its ring, the prompt to allow
 * the microphone and camera, 'Join Now' only when the device is supported and nothing is denied, the
 * permission warning and the iPhone note. Which of them show is the domain's incomingCallCard.
 */
export function IncomingCallCard({
  card,
  doctorName,
  permissions,
  onJoin,
  ring,
}: {
  card: CardModel;
  doctorName: string;
  permissions: DevicePermissions;
  onJoin: () => void;
  ring: () => () => void;
}) {
  const t = useVideoTranslate();
  const titleId = useId();
  const noteId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Focus goes to 'Join Now' (the card's only control), else to the card itself.
  useDialogFocus(ref, { restore: 'ifLost' });
  useEffect(() => ring(), [ring]);
  const denied = deniedDevices(permissions);
  return (
    <div
      ref={ref}
      className="incoming-call"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={noteId}
      tabIndex={-1}
      data-testid="incoming-call"
    >
      <div className="incoming-call__head">
        <span className="incoming-call__avatar" aria-hidden="true">
          <CallIcon name="phone" />
        </span>
        <div>
          <p className="incoming-call__kind">{t('video.ui.incomingTitle')}</p>
          <h2 id={titleId} className="incoming-call__title">
            {t('video.text.incomingCall', { doctor: doctorName })}
          </h2>
        </div>
      </div>
      <div id={noteId} className="incoming-call__notes">
        {card.mediaPrompt ? <p>{t('video.text.allowMediaPrompt')}</p> : null}
        {card.permissionWarning ? (
          <p className="incoming-call__warning" role="alert">
            {t('video.text.permissionWarning', {
              devices: denied.map((device) => t(`video.device.${device}`)).join(','),
            })}
          </p>
        ) : null}
        {card.iphoneNote ? (
          <p className="incoming-call__warning" role="alert">
            {t('video.text.iphoneSafariOnly')}
          </p>
        ) : null}
      </div>
      {card.showJoinNow ? (
        <Button block onClick={onJoin} className="incoming-call__join">
          <CallIcon name="camera" />
          {t('video.text.joinNow')}
        </Button>
      ) : null}
    </div>
  );
}
