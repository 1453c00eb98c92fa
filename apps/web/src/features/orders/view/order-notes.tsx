import { useId, useRef, useState, type ChangeEvent } from 'react';
import { canReplyToNote, isPatientNote } from '@careline/domain/orders';
import { useLingui, useTranslateText } from '@careline/i18n/react';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { Button } from '../../../components/button.tsx';
import { OrderDocumentItem } from './order-documents.tsx';
import type { OrderViewDocument, OrderViewNote } from './order-view-documents.ts';
import { longDateTime, unreadReplies } from './order-view-model.ts';

export type OrderNotesProps = {
  notes: readonly OrderViewNote[];
  /** Whether the order has loaded (Reply is disabled until it has: spec doc 3 §5). */
  orderLoaded: boolean;
  /** The patient's last look at the notes before this visit (heartbeatLastSeen), for the unread state. */
  seenSince: string | null;
  /** Sends a note; answers the server's refusal text, or null when sent. */
  onSend: (text: string) => Promise<string | null>;
  /** Documents added after the order was sent (the patient's photos, the hospital's attachments), shown in the thread. */
  attachments?: readonly OrderViewDocument[];
  /** Uploads and attaches a photo (compressed, retried and attached by the screen; attachState says how it goes). */
  onAttach?: (file: File) => void;
  /**
   * The attached photos: whether one is on its way, the last refusal as 'CODE:message' ('' for a plain
   * failure, null for none), and whether a failed one can be tried again (its upload and document are kept).
   */
  attachState?: { working: boolean; error: string | null; canRetry: boolean };
  /** Tries the failed photos again. */
  onRetryAttach?: () => void;
};

type ThreadItem = { kind: 'note'; time: string; note: OrderViewNote } | { kind: 'file'; time: string; document: OrderViewDocument; number: number };

/**
 * The 'Chat with hospital' notes block (spec doc 3 §7 Notes block behaviour): it expands and lists the
 * notes, the patient's and the hospital's styled apart (§6: a Patient/ author is the patient), with a
 * text area 'Type any additional notes here and send reply', 'Not now' and 'Reply'. Hospital replies
 * newer than the patient's last look show as unread until the block is opened (issue 10 Build 7).
 */
export function OrderNotes({
  notes,
  orderLoaded,
  seenSince,
  onSend,
  attachments = [],
  onAttach,
  attachState = { working: false, error: null, canRetry: false },
  onRetryAttach,
}: OrderNotesProps) {
  const t = useOrdersTranslate();
  const tx = useTranslateText();
  const { i18n } = useLingui();
  const panelId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  const [readSince, setReadSince] = useState<string | null>(seenSince);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const attaching = attachState.working;
  const attachError = attachState.error;
  const thread: ThreadItem[] = [
    ...notes.map((note): ThreadItem => ({ kind: 'note', time: note.time, note })),
    ...attachments.map((document, index): ThreadItem => ({ kind: 'file', time: document.createdTime, document, number: index + 1 })),
  ].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));

  function attach(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !onAttach) {
      return;
    }
    onAttach(file);
  }
  // While open, every note shown counts as read; closed, hospital notes since the last look are new.
  const unread = open ? 0 : unreadReplies(notes, readSince);

  function toggle() {
    const next = !open;
    setOpen(next);
    // Opening the block reads every note there is; closing it marks them read from now on.
    setReadSince(new Date().toISOString());
  }

  async function reply() {
    setSending(true);
    setError(null);
    setSent(false);
    const refusal = await onSend(text.trim());
    setSending(false);
    if (refusal !== null) {
      setError(refusal);
      return;
    }
    setText('');
    setSent(true);
  }

  return (
    <section className="order-card order-notes" aria-labelledby={`${panelId}-title`}>
      <h2 id={`${panelId}-title`} className="order-card__title">
        <button
          type="button"
          className="order-notes__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
        >
          <span>{t('orders.view.text.chatWithHospital')}</span>
          {unread > 0 ? <span className="order-notes__badge">{t('orders.view.notes.unread', { count: unread })}</span> : null}
          <span className="order-notes__chevron" aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
        </button>
      </h2>
      {open ? (
        <div id={panelId} className="order-notes__panel">
          {thread.length === 0 ? (
            <p className="order-notes__empty">{t('orders.view.notes.empty')}</p>
          ) : (
            <ol className="order-notes__list" aria-live="polite">
              {thread.map((item) => {
                if (item.kind === 'file') {
                  return <OrderDocumentItem key={`file-${item.document.id}`} document={item.document} number={item.number} />;
                }
                const { note } = item;
                const mine = isPatientNote(note.authorReference);
                return (
                  <li key={note.id} className={`order-note order-note--${mine ? 'patient' : 'staff'}`}>
                    <span className="order-note__author">
                      {mine ? t('orders.view.notes.you') : (note.authorDisplay ?? t('orders.view.notes.hospital'))}
                    </span>
                    <p className="order-note__text">{note.text}</p>
                    <time className="order-note__time" dateTime={note.time}>
                      {longDateTime(note.time, i18n.locale)}
                    </time>
                  </li>
                );
              })}
            </ol>
          )}
          <label htmlFor={textId} className="visually-hidden">
            {t('orders.view.text.notePrompt')}
          </label>
          <textarea
            id={textId}
            className="order-notes__input"
            placeholder={t('orders.view.text.notePrompt')}
            value={text}
            rows={3}
            maxLength={1000}
            onChange={(event) => {
              setText(event.target.value);
              setSent(false);
            }}
            aria-invalid={error ? true : undefined}
          />
          {error ? (
            <p className="order-form-error" role="alert">
              {tx(error)}
            </p>
          ) : null}
          <p className="visually-hidden" role="status">
            {sent ? t('orders.view.notes.sent') : ''}
          </p>
          {onAttach ? (
            <div className="order-notes__attach">
              <input ref={fileInput} type="file" accept="image/*" hidden onChange={attach} />
              <Button variant="text" loading={attaching} onClick={() => fileInput.current?.click()}>
                {t('orders.view.notes.attach')}
              </Button>
              <p className="visually-hidden" role="status">
                {attaching ? t('orders.view.notes.uploading') : ''}
              </p>
              {attachError !== null && !attaching ? (
                <p className="order-form-error" role="alert">
                  {attachError.includes(':') ? tx(attachError.slice(attachError.indexOf(':') + 1)) : t('orders.view.text.uploadFailed')}
                </p>
              ) : null}
              {attachState.canRetry && !attaching && onRetryAttach ? (
                <Button variant="secondary" onClick={onRetryAttach}>
                  {t('orders.view.tryAgain')}
                </Button>
              ) : null}
            </div>
          ) : null}
          <div className="order-actions">
            <Button
              variant="secondary"
              disabled={sending}
              onClick={() => {
                setText('');
                setError(null);
                setOpen(false);
              }}
            >
              {t('orders.view.text.notNow')}
            </Button>
            <Button loading={sending} disabled={!canReplyToNote(text, orderLoaded) || sending} onClick={() => void reply()}>
              {t('orders.view.text.reply')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
