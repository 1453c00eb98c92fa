import { useId, useState } from 'react';
import { useClient } from 'urql';
import { Alert, Button } from '@careline/ui/components';
import { ORDER_NOTE_MAX, canReplyToNote, isPatientNote } from '@careline/domain/orders';
import { staffAddOrderNoteMutation, type StaffOrderDetail } from '../api/orders-operations.ts';
import { uploadStaffFile } from '../api/staff-files.ts';
import type { useOrderActions } from '../hooks/use-order.ts';
import { useOrdersMessages } from '../messages.ts';
import { hospitalDateTime } from '../order-rules.ts';

/**
 * The order's notes with the patient (spec doc 3 §7 Notes block behaviour, the hospital's side):
 * the patient's and the hospital's notes, oldest first, and a reply with an optional attachment.
 * A completed order's notes are closed (the domain's rule; the server refuses with ARO-E6021).
 * @param props - the hospital, the order, whether the member may reply, and the action runner
 */
export function OrderNotes({
  organizationId,
  view,
  mayReply,
  actions,
}: {
  organizationId: string;
  view: StaffOrderDetail;
  mayReply: boolean;
  actions: ReturnType<typeof useOrderActions>;
}) {
  const t = useOrdersMessages();
  const client = useClient();
  const headingId = useId();
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const order = view.order;
  const closed = order.orderStatus === 'completed';

  const reply = async () => {
    const ok = await actions.run(
      'note',
      async (args) => {
        const attachmentBlobId = file ? await uploadStaffFile(file, organizationId) : null;
        return client
          .mutation(staffAddOrderNoteMutation, { organizationId, id: view.id, ...args, text: text.trim(), attachmentBlobId })
          .toPromise();
      },
      () => t.notesDone,
    );
    if (ok) {
      setText('');
      setFile(null);
      setFileInputKey((key) => key + 1);
    }
  };

  return (
    <section aria-labelledby={headingId} className="order-panel">
      <h2 id={headingId}>{t.notesHeading}</h2>
      {order.note.length === 0 ? <p>{t.notesEmpty}</p> : null}
      <ol className="order-notes">
        {order.note.map((note) => {
          const patient = isPatientNote(note.authorReference);
          const author = note.authorDisplay || (patient ? t.notesPatient : t.notesHospital);
          return (
            <li key={note.id} className={`order-note ${patient ? 'order-note--patient' : 'order-note--hospital'}`}>
              <p className="order-note__by">
                <strong>{patient ? t.notesPatient : t.notesHospital}</strong> · {t.notesBy(author, hospitalDateTime(note.time))}
              </p>
              <p className="order-note__text">{note.text}</p>
              {note.attachmentDocumentReferenceId ? <p className="order-note__attachment">{t.notesAttachmentLine}</p> : null}
            </li>
          );
        })}
      </ol>
      <div aria-live="polite">{actions.notice && actions.last === 'note' ? <Alert tone="success">{actions.notice}</Alert> : null}</div>
      {actions.error && actions.last === 'note' ? <Alert tone="error">{actions.error}</Alert> : null}
      {closed ? <p>{t.notesClosed}</p> : null}
      {!closed && mayReply ? (
        <form
          className="order-action"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (canReplyToNote(text, true)) {
              void reply();
            }
          }}
        >
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={textId}>
              {t.notesText}
            </label>
            <textarea
              id={textId}
              className="ui-field__input order-notes__text"
              rows={3}
              maxLength={ORDER_NOTE_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={fileId}>
              {t.notesAttachment}
            </label>
            <input
              key={fileInputKey}
              id={fileId}
              type="file"
              accept="image/*,application/pdf"
              className="order-file-input"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          {/* spec doc 3 §5: reply is disabled when the text is empty. */}
          <Button type="submit" busy={actions.busy === 'note'} disabled={!canReplyToNote(text, true)}>
            {actions.busy === 'note' && file ? t.uploading : t.notesReply}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
