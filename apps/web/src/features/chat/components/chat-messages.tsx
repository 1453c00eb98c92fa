import type { ChatMessage } from '../utils/chat-flow.ts';
import { useTranslate, useTranslateText } from '@careline/i18n/react';

type ChatMessagesProps = { messages: ChatMessage[]; typing: boolean };

/** The message stream: assistant and patient messages and event notices (spec doc 1 §2 Chat assistant). */
export function ChatMessages({ messages, typing }: ChatMessagesProps) {
  const t = useTranslate();
  const tx = useTranslateText();
  // The chat screen keeps the newest message and the actions below it in view (useKeepInView).
  return (
    <div className="chat-messages" role="log" aria-live="polite" aria-label={t('chat.log')}>
      {messages.map((message) => (
        <p key={message.id} className={`chat-message chat-message-${message.author} chat-tone-${message.tone}`}>
          {tx(message.text)}
        </p>
      ))}
      {typing ? (
        <p className="chat-message chat-message-assistant chat-typing">
          {/* A p cannot carry aria-label (axe aria-prohibited-attr): the word is hidden text instead. */}
          <span className="visually-hidden">{t('chat.typing')}</span>
          <span className="chat-typing-dot" aria-hidden="true" />
          <span className="chat-typing-dot" aria-hidden="true" />
          <span className="chat-typing-dot" aria-hidden="true" />
        </p>
      ) : null}
    </div>
  );
}
