import { Link } from 'react-router';
import type { ChatAppointmentCard, ChatMessage, ChatMessageFile } from '../utils/chat-flow.ts';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { AgentChatImage } from '../agent/agent-chat-image.tsx';

type ChatMessagesProps = { messages: ChatMessage[]; typing: boolean };

/** Appointments in the stream, each with its token and a link to its screen (issue 12 §2). */
function ChatAppointments({ appointments }: { appointments: ChatAppointmentCard[] }) {
  const t = useTranslate();
  return (
    <ul className="chat-message chat-message-assistant chat-appointments">
      {appointments.map((appointment) => (
        <li key={appointment.id} className="chat-appointment">
          <span className="chat-appointment__doctor">{appointment.doctorName}</span>
          {appointment.when !== null ? <span className="chat-appointment__when">{appointment.when}</span> : null}
          {appointment.patientDisplayName !== null ? <span>{appointment.patientDisplayName}</span> : null}
          {appointment.organizationName !== null ? <span>{appointment.organizationName}</span> : null}
          {appointment.tokenNo !== null ? (
            <span className="chat-appointment__token">{t('chat.guide.token', { tokenNo: appointment.tokenNo })}</span>
          ) : null}
          <Link className="chat-appointment__link" to={appointment.href}>
            {t('chat.guide.viewAppointment')}
            <span className="visually-hidden">
              {' '}
              {appointment.doctorName}
              {appointment.when !== null ? `, ${appointment.when}` : ''}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The patient's uploaded files (spec doc 1 §2): an image as an image ('Loading image...', 'Unable to
 * load image!'), with its name; a PDF as a file, never as an image.
 */
function ChatFiles({ files }: { files: ChatMessageFile[] }) {
  return (
    <ul className="chat-message chat-message-patient chat-files">
      {files.map((file, index) => (
        <li key={index} className={`chat-file chat-file--${file.kind}`}>
          {file.kind === 'image' && file.path !== null ? <AgentChatImage path={file.path} description={file.name} /> : null}
          <span className="chat-file__name">{file.name}</span>
        </li>
      ))}
    </ul>
  );
}

/** The message stream: assistant and patient messages and event notices (spec doc 1 §2 Chat assistant). */
export function ChatMessages({ messages, typing }: ChatMessagesProps) {
  const t = useTranslate();
  const tx = useTranslateText();
  // The chat screen keeps the newest message and the actions below it in view (useKeepInView).
  return (
    <div className="chat-messages" role="log" aria-live="polite" aria-label={t('chat.log')}>
      {messages.map((message) =>
        message.appointments !== undefined ? (
          <ChatAppointments key={message.id} appointments={message.appointments} />
        ) : message.files !== undefined && message.files.length > 0 ? (
          <ChatFiles key={message.id} files={message.files} />
        ) : (
          <p key={message.id} className={`chat-message chat-message-${message.author} chat-tone-${message.tone}`}>
            {tx(message.text)}
            {message.link !== undefined ? (
              <>
                {' '}
                <Link className="chat-message__link" to={message.link.href}>
                  {tx(message.link.text)}
                </Link>
              </>
            ) : null}
          </p>
        ),
      )}
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
