import { VIDEO_CALL_TEXTS, type VideoCallTextKey } from '@careline/domain/video-call';
import type { VideoMessageId } from '@careline/i18n/video';

const keyByText = new Map<string, VideoCallTextKey>(
  (Object.entries(VIDEO_CALL_TEXTS) as [VideoCallTextKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * The catalogue key of a text the domain answers (practitionerMediaNotice, callProgressMessage):
 * 'video.text.<key>' holds VIDEO_CALL_TEXTS[key] in each language.
 * @param english - a text of VIDEO_CALL_TEXTS
 */
export function videoTextId(english: string): VideoMessageId {
  const key = keyByText.get(english);
  if (!key) {
    throw new Error(`not a video call text: ${english}`);
  }
  return `video.text.${key}`;
}
