import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useClient } from 'urql';
import { Alert, Button } from '@careline/ui/components';
import { uploadLimitText } from '@careline/domain/orders';
import { useErrorText } from '../../../lib/error-text.ts';
import {
  staffChatTypingMutation,
  staffCloseChatMutation,
  staffReplyChatMutation,
  staffTakeChatMutation,
  type StaffChatDetail,
  type StaffChatNote,
} from '../api/chat-operations.ts';
import { CHAT_IMAGE_MAX_BYTES, uploadChatImage } from '../api/chat-files.ts';
import {
  CHAT_DESCRIPTION_MAX,
  CHAT_REPLY_MAX,
  chatActions,
  chatDateTime,
  chatImageBlobId,
  noteAuthor,
  noteTime,
  queueOfChat,
  replyKeyAction,
  typingEventDue,
} from '../chat-rules.ts';
import { useStaffChat } from '../hooks/use-staff-chat.ts';
import { useChatMessages, type ChatMessages } from '../messages.ts';
import { ChatContextPanel } from './chat-context-panel.tsx';
import { ChatImage } from './chat-image.tsx';

type Busy = 'take' | 'reply' | 'close' | null;

/**
 * One chat of the hospital: its messages as text (a log read out politely), the patient's typing,
 * Take, the reply box (Enter sends, Shift+Enter a new line) with an optional image, Close chat after
 * a confirmation, and the patient's context beside it.
 * @param props - the hospital, the chat, the member, whether they may answer, the inbox's live
 *   delivery, whether the patient is typing, and where changes of this member's go
 */
export function ChatConversation({
  organizationId,
  chatId,
  staffUserId,
  mayWork,
  live,
  patientTyping,
  onChanged,
}: {
  organizationId: string;
  chatId: string;
  staffUserId: string | null;
  mayWork: boolean;
  live: { chat: StaffChatDetail; serial: number } | null;
  patientTyping: boolean;
  onChanged: (view: StaffChatDetail) => void;
}) {
  const t = useChatMessages();
  const errorText = useErrorText();
  const client = useClient();
  const { state, context, reload, reloadContext, show } = useStaffChat(
    organizationId,
    chatId,
    live,
  );
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);

  if (state.status === 'loading') {
    return (
      <div aria-busy="true" className="chat-conversation">
        <p role="status">{t.loadingChat}</p>
        <div className="chat-skeleton" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className="chat-error">
        <p>{t.chatLoadFailed(errorText(state.error))}</p>
        <Button variant="secondary" onClick={() => void reload()}>
          {t.retry}
        </Button>
      </div>
    );
  }

  const view = state.view;
  const name = view.patient?.name || t.unknownPatient;
  const actions = chatActions({ ...view, status: view.chat.status }, mayWork);
  const open = queueOfChat(view.chat.status) !== null;

  const changed = (next: StaffChatDetail, text: string | null) => {
    show(next);
    onChanged(next);
    setNotice(text);
  };

  const run = async (
    action: Exclude<Busy, null>,
    change: () => Promise<{ view: StaffChatDetail | null; error: unknown }>,
    done: string | null,
  ) => {
    setBusy(action);
    setError(null);
    setNotice(null);
    let outcome: { view: StaffChatDetail | null; error: unknown };
    try {
      outcome = await change();
    } catch (thrown) {
      outcome = { view: null, error: thrown };
    }
    setBusy(null);
    if (!outcome.view) {
      setError(errorText(outcome.error));
      return false;
    }
    changed(outcome.view, done);
    return true;
  };

  const take = () =>
    run(
      'take',
      async () => {
        const result = await client
          .mutation(staffTakeChatMutation, { organizationId, id: chatId })
          .toPromise();
        return { view: result.data?.staffTakeChat ?? null, error: result.error };
      },
      t.taken,
    );

  const close = async () => {
    const ok = await run(
      'close',
      async () => {
        const result = await client
          .mutation(staffCloseChatMutation, { organizationId, id: chatId })
          .toPromise();
        return { view: result.data?.staffCloseChat ?? null, error: result.error };
      },
      t.closed,
    );
    if (ok) {
      setConfirmClose(false);
    }
  };

  return (
    <div className="chat-conversation-layout">
      <section aria-labelledby="chat-conversation-heading" className="chat-conversation">
        <header className="chat-conversation__header">
          <h2 id="chat-conversation-heading">{t.conversationHeading(name)}</h2>
          <p className="chat-conversation__meta">
            <span className={`chat-chip chat-chip--${view.chat.status}`}>
              {t.statusName(view.chat.status)}
            </span>{' '}
            {t.startedAt(chatDateTime(view.chat.createdTime))}
          </p>
          <div className="button-row">
            {actions.take ? (
              <Button busy={busy === 'take'} onClick={() => void take()}>
                {t.take}
              </Button>
            ) : null}
            {actions.close && !confirmClose ? (
              <Button variant="secondary" onClick={() => setConfirmClose(true)}>
                {t.close}
              </Button>
            ) : null}
          </div>
        </header>
        {confirmClose && actions.close ? (
          <CloseConfirm
            t={t}
            waiting={queueOfChat(view.chat.status) === 'WAITING'}
            busy={busy === 'close'}
            onConfirm={() => void close()}
            onCancel={() => setConfirmClose(false)}
          />
        ) : null}
        <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <MessageLog t={t} notes={view.chat.note} patientName={name} staffUserId={staffUserId} />
        <p aria-live="polite" className="chat-typing">
          {patientTyping && open ? t.patientTyping(name) : ''}
        </p>
        {!open ? <p className="chat-state-note">{t.closedText}</p> : null}
        {open && actions.takenByColleague ? (
          <p className="chat-state-note">{t.takenByColleagueText}</p>
        ) : null}
        {open && !mayWork ? <p className="chat-state-note">{t.readOnlyText}</p> : null}
        {open && actions.take ? <p className="chat-state-note">{t.waitingText}</p> : null}
        {actions.reply ? (
          <ReplyBox
            organizationId={organizationId}
            chatId={chatId}
            busy={busy === 'reply'}
            onSend={(send) => run('reply', send, null)}
            onRefuse={(text) => {
              setNotice(null);
              setError(text);
            }}
          />
        ) : null}
      </section>
      <ChatContextPanel
        t={t}
        state={context}
        patientId={view.patient?.id ?? null}
        onRetry={() => void reloadContext()}
      />
    </div>
  );
}

function MessageLog({
  t,
  notes,
  patientName,
  staffUserId,
}: {
  t: ChatMessages;
  notes: readonly StaffChatNote[];
  patientName: string;
  staffUserId: string | null;
}) {
  const log = useRef<HTMLDivElement>(null);
  const last = notes.at(-1)?.id ?? null;
  useEffect(() => {
    // The newest message stays in view.
    const element = log.current;
    if (element) {
      element.scrollTop = element.scrollHeight;
    }
  }, [last]);
  const now = new Date();
  return (
    // Focusable so keyboard users can scroll the history.
    <div
      ref={log}
      role="log"
      aria-live="polite"
      aria-label={t.messages(patientName)}
      className="chat-log"
      tabIndex={0}
    >
      <ol className="chat-log__list">
        {notes.length === 0 ? <li className="chat-note chat-note--event">{t.noMessages}</li> : null}
        {notes.map((note) => {
          const author = noteAuthor(note.authorRef, staffUserId);
          const authorName =
            author === 'patient' ? patientName : author === 'me' ? t.authorMe : t.authorStaff;
          const blobId = chatImageBlobId(note.extensions.imageUrl);
          return (
            <li
              key={note.id}
              className={`chat-note chat-note--${note.kind === 'event' ? 'event' : author}`}
            >
              <p className="chat-note__by">
                <strong>{authorName}</strong> ·{' '}
                <time dateTime={note.timestamp}>{noteTime(note.timestamp, now)}</time>
              </p>
              {note.message ? <p className="chat-note__text">{note.message}</p> : null}
              {note.kind === 'event' && note.extensions.event ? (
                <p className="chat-note__event">{t.event(note.extensions.event)}</p>
              ) : null}
              {note.kind === 'documentUpload' ? (
                <ChatImage
                  t={t}
                  blobId={blobId}
                  alt={note.extensions.description || t.imageFrom(authorName)}
                />
              ) : null}
              {note.kind === 'documentUpload' && note.extensions.description ? (
                <p className="chat-note__description">{note.extensions.description}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function CloseConfirm({
  t,
  waiting,
  busy,
  onConfirm,
  onCancel,
}: {
  t: ChatMessages;
  waiting: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const textId = useId();
  const ref = useRef<HTMLElement>(null);
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('button')?.focus();
    return () => {
      if (opener?.isConnected) {
        opener.focus();
      }
    };
  }, [opener]);
  return (
    <section
      ref={ref}
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={headingId}
      aria-describedby={textId}
      className="chat-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          onCancel();
        }
      }}
    >
      <h3 id={headingId}>{t.closeHeading}</h3>
      <p id={textId}>{waiting ? t.closeTextWaiting : t.closeText}</p>
      <div className="button-row">
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {t.close}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </section>
  );
}

function ReplyBox({
  organizationId,
  chatId,
  busy,
  onSend,
  onRefuse,
}: {
  organizationId: string;
  chatId: string;
  busy: boolean;
  onSend: (
    send: () => Promise<{ view: StaffChatDetail | null; error: unknown }>,
  ) => Promise<boolean>;
  onRefuse: (text: string) => void;
}) {
  const t = useChatMessages();
  const client = useClient();
  const replyId = useId();
  const hintId = useId();
  const fileId = useId();
  const fileHintId = useId();
  const descriptionId = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [fileInputKey, setFileInputKey] = useState(0);
  const lastTyping = useRef<number | null>(null);

  const onType = (value: string) => {
    setText(value);
    const now = Date.now();
    if (typingEventDue(lastTyping.current, now, value)) {
      lastTyping.current = now;
      // The indicator is a courtesy: a failure is not worth a word.
      void client.mutation(staffChatTypingMutation, { organizationId, id: chatId }).toPromise();
    }
  };

  const submit = async () => {
    if (busy) {
      return;
    }
    const message = text.trim();
    if (message === '' && !file) {
      onRefuse(t.emptyReply);
      return;
    }
    if (message.length > CHAT_REPLY_MAX) {
      onRefuse(t.replyTooLong(CHAT_REPLY_MAX));
      return;
    }
    const ok = await onSend(async () => {
      const imageBlobId = file ? await uploadChatImage(file, organizationId) : null;
      const result = await client
        .mutation(staffReplyChatMutation, {
          organizationId,
          id: chatId,
          message: message === '' ? null : message,
          imageBlobId,
          description: imageBlobId && description.trim() !== '' ? description.trim() : null,
        })
        .toPromise();
      return { view: result.data?.staffReplyChat ?? null, error: result.error };
    });
    if (ok) {
      setText('');
      setFile(null);
      setDescription('');
      setFileInputKey((key) => key + 1);
      lastTyping.current = null;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (
      replyKeyAction({
        key: event.key,
        shiftKey: event.shiftKey,
        isComposing: event.nativeEvent.isComposing,
      }) === 'send'
    ) {
      event.preventDefault();
      void submit();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="chat-reply" onSubmit={onSubmit} noValidate>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={replyId}>
          {t.reply}
        </label>
        <span id={hintId} className="ui-field__hint">
          {t.replyHint}
        </span>
        <textarea
          id={replyId}
          className="ui-field__input chat-reply__text"
          aria-describedby={hintId}
          rows={3}
          maxLength={CHAT_REPLY_MAX}
          value={text}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="chat-reply__image">
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={fileId}>
            {t.image}
          </label>
          <span id={fileHintId} className="ui-field__hint">
            {t.imageHint(uploadLimitText(CHAT_IMAGE_MAX_BYTES))}
          </span>
          <input
            key={fileInputKey}
            id={fileId}
            type="file"
            accept="image/*"
            aria-describedby={fileHintId}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        {file ? (
          <>
            <div className="ui-field">
              <label className="ui-field__label" htmlFor={descriptionId}>
                {t.imageDescription}
              </label>
              <input
                id={descriptionId}
                className="ui-field__input"
                maxLength={CHAT_DESCRIPTION_MAX}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
              />
            </div>
            <Button
              variant="text"
              onClick={() => {
                setFile(null);
                setDescription('');
                setFileInputKey((key) => key + 1);
              }}
            >
              {t.removeImage}
            </Button>
          </>
        ) : null}
      </div>
      <Button type="submit" busy={busy}>
        {busy ? t.sending : t.send}
      </Button>
    </form>
  );
}
