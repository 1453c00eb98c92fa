import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../utils/chat-flow.ts';
import { useTranslate, useTranslateText } from '@careline/i18n/react';

type ChatMessagesProps = { messages: ChatMessage[]; typing: boolean };

/** The message stream: assistant and patient messages and event notices (spec doc 1 §2 Chat assistant). */
export function ChatMessages({ messages, typing }: ChatMessagesProps) {
  const endRef = useRef<HTMLDivElement>(null);
  const t = useTranslate();
  const tx = useTranslateText();
  const count = messages.length;
  useEffect(() => {
    // jsdom has no scrollIntoView; browsers all do.
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count, typing]);
  return (
    <div className="chat-messages" role="log" aria-live="polite" aria-label={t('chat.log')}>
      {messages.map((message) => (
        <p key={message.id} className={`chat-message chat-message-${message.author} chat-tone-${message.tone}`}>
          {tx(message.text)}
        </p>
      ))}
      {typing ? (
        <p className="chat-message chat-message-assistant chat-typing" aria-label={t('chat.typing')}>
          <span />
          <span />
          <span />
        </p>
      ) : null}
      <div ref={endRef} />
    </div>
  );
}
