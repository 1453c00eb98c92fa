import { CHAT_TEXTS } from '@careline/domain/chat-flow';
import { useTranslateText } from '@careline/i18n/react';

/** 'Try again' under the stream's failure answer (CHAT_TEXTS.requestFailed): repeats what failed. */
export function ChatRetry({ onRetry }: { onRetry: () => void }) {
  const tx = useTranslateText();
  return (
    <div className="chat-buttons">
      <button className="chat-button" type="button" onClick={onRetry}>
        {tx(CHAT_TEXTS.tryAgain)}
      </button>
    </div>
  );
}
