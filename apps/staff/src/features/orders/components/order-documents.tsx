import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, useModalDialog } from '@careline/ui/components';
import type { StaffOrderDocument } from '../api/orders-operations.ts';
import { useStaffFiles, type StaffFileState } from '../api/staff-files.ts';
import { useOrdersMessages, type OrdersMessages } from '../messages.ts';
import { hospitalDateTime } from '../order-rules.ts';

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
const DEFAULT_ZOOM_INDEX = 2;

/** How the large image is shown: a zoom step and a quarter-turn rotation. */
export type ViewerView = { zoomIndex: number; rotation: number };

/**
 * The next view after a viewer command (buttons and keys share it).
 * @param view - the view now
 * @param command - zoomIn, zoomOut, rotate or reset
 */
export function nextViewerView(view: ViewerView, command: 'zoomIn' | 'zoomOut' | 'rotate' | 'reset'): ViewerView {
  switch (command) {
    case 'zoomIn':
      return { ...view, zoomIndex: Math.min(view.zoomIndex + 1, ZOOM_STEPS.length - 1) };
    case 'zoomOut':
      return { ...view, zoomIndex: Math.max(view.zoomIndex - 1, 0) };
    case 'rotate':
      return { ...view, rotation: (view.rotation + 90) % 360 };
    case 'reset':
      return { zoomIndex: DEFAULT_ZOOM_INDEX, rotation: 0 };
  }
}

const isPdf = (document: StaffOrderDocument) => document.contentType === 'application/pdf';

function documentName(t: OrdersMessages, document: StaffOrderDocument, number: number): string {
  return document.description || (isPdf(document) ? t.documentPdf(number) : t.documentImage(number));
}

/**
 * How a document's file is shown: failed when the document has no file or its read failed, loading
 * while it is read or before the read starts (useStaffFiles marks it loading in an effect, after the
 * first render), so screen readers hear no failure for a file that is merely not read yet.
 * @param document - the document
 * @param files - the files read so far
 */
export function documentFileState(document: Pick<StaffOrderDocument, 'blobId'>, files: Record<string, StaffFileState>): StaffFileState {
  if (!document.blobId) {
    return { kind: 'failed' };
  }
  return files[document.blobId] ?? { kind: 'loading' };
}

/**
 * The large view of the order's images: zoom, rotate and the next image, by button or key (+, −,
 * R, 0, arrows), Escape closes; a modal dialog that keeps the focus inside and gives it back (to the
 * list when the image that opened it has gone). The image shown is tracked by its document's id, so
 * a live update that adds or removes a document keeps the same image on screen; the screen closes the
 * viewer when that document leaves the order.
 */
function ImageViewer({
  images,
  files,
  shownId,
  onShow,
  onClose,
  focusFallback,
}: {
  images: { document: StaffOrderDocument; name: string }[];
  files: Record<string, StaffFileState>;
  shownId: string;
  onShow: (documentId: string) => void;
  onClose: () => void;
  focusFallback: () => void;
}) {
  const t = useOrdersMessages();
  const titleId = useId();
  const helpId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<ViewerView>({ zoomIndex: DEFAULT_ZOOM_INDEX, rotation: 0 });
  // A native modal <dialog>: Escape closes, the focus stays inside and goes back to the opener.
  const modal = useModalDialog(dialog, { onCancel: onClose, onOpenerGone: focusFallback });

  const index = images.findIndex((entry) => entry.document.id === shownId);
  const shown = images[index];
  if (!shown) {
    return null;
  }
  const file = documentFileState(shown.document, files);
  const go = (step: number) => {
    const next = images[(index + step + images.length) % images.length];
    if (next) {
      onShow(next.document.id);
    }
    setView(nextViewerView(view, 'reset'));
  };
  const zoom = ZOOM_STEPS[view.zoomIndex] ?? 1;

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape' || event.key === 'Tab') {
      modal.onKeyDown(event);
      return;
    }
    const commands: Record<string, () => void> = {
      '+': () => setView(nextViewerView(view, 'zoomIn')),
      '=': () => setView(nextViewerView(view, 'zoomIn')),
      '-': () => setView(nextViewerView(view, 'zoomOut')),
      r: () => setView(nextViewerView(view, 'rotate')),
      R: () => setView(nextViewerView(view, 'rotate')),
      '0': () => setView(nextViewerView(view, 'reset')),
      ArrowRight: () => go(1),
      ArrowLeft: () => go(-1),
    };
    const command = commands[event.key];
    if (command && images.length > 0) {
      event.preventDefault();
      command();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="order-viewer__backdrop"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={helpId}
      onKeyDown={onKeyDown}
    >
      <div className="order-viewer">
        <div className="order-viewer__bar">
          <h2 id={titleId} className="order-viewer__title">
            {t.viewerTitle(index + 1, images.length)}: {shown.name}
          </h2>
          <div className="button-row">
            <Button variant="secondary" onClick={() => setView(nextViewerView(view, 'zoomOut'))} disabled={view.zoomIndex === 0}>
              {t.zoomOut}
            </Button>
            <Button variant="secondary" onClick={() => setView(nextViewerView(view, 'zoomIn'))} disabled={view.zoomIndex === ZOOM_STEPS.length - 1}>
              {t.zoomIn}
            </Button>
            <Button variant="secondary" onClick={() => setView(nextViewerView(view, 'rotate'))}>
              {t.rotate}
            </Button>
            <Button variant="secondary" onClick={() => setView(nextViewerView(view, 'reset'))}>
              {t.resetView}
            </Button>
            {images.length > 1 ? (
              <>
                <Button variant="secondary" onClick={() => go(-1)}>
                  {t.previousImage}
                </Button>
                <Button variant="secondary" onClick={() => go(1)}>
                  {t.nextImage}
                </Button>
              </>
            ) : null}
            <Button data-autofocus onClick={onClose}>
              {t.close}
            </Button>
          </div>
        </div>
        <p id={helpId} className="order-viewer__help">
          {t.viewerHelp} <span aria-live="polite">{t.viewState(Math.round(zoom * 100), view.rotation)}</span>
        </p>
        <div className="order-viewer__stage" tabIndex={0} role="region" aria-label={shown.name}>
          {file.kind === 'ready' ? (
            <img
              src={file.url}
              alt={shown.name}
              className="order-viewer__image"
              // Zooming in widens the image itself, so the stage scrolls to every part of it.
              style={{
                transform: `rotate(${view.rotation}deg)`,
                width: zoom === 1 ? undefined : `${zoom * 100}%`,
                maxWidth: zoom > 1 ? 'none' : '100%',
                maxHeight: zoom > 1 ? 'none' : '100%',
              }}
            />
          ) : file.kind === 'failed' ? (
            <p role="alert">{t.fileLoadFailed}</p>
          ) : (
            <p role="status">{t.fileLoading}</p>
          )}
        </div>
      </div>
    </dialog>
  );
}

/**
 * The order's documents: the patient's prescription photos as thumbnails that open large, PDFs as
 * links, and the hospital's results marked as such; files are read with the staff token.
 * @param props - the order's documents
 */
export function OrderDocuments({ documents }: { documents: readonly StaffOrderDocument[] }) {
  const t = useOrdersMessages();
  const headingId = useId();
  const files = useStaffFiles(documents.map((document) => document.blobId ?? null));
  // The open image, by document id: a live update that adds or removes documents keeps it.
  const [open, setOpen] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const named = documents.map((document, index) => ({ document, name: documentName(t, document, index + 1) }));
  const images = named.filter((entry) => !isPdf(entry.document));
  const openShown = open !== null && images.some((entry) => entry.document.id === open) ? open : null;
  useEffect(() => {
    // The open image left the order (a live update): the viewer closes and the focus goes to the list.
    if (open !== null && openShown === null) {
      setOpen(null);
    }
  }, [open, openShown]);
  return (
    <section aria-labelledby={headingId} className="order-panel">
      <h2 id={headingId}>{t.documentsHeading}</h2>
      {documents.length === 0 ? <p>{t.noDocuments}</p> : null}
      <ul ref={list} className="order-documents" tabIndex={-1} aria-labelledby={headingId}>
        {named.map(({ document, name }) => {
          const file = documentFileState(document, files);
          const author = document.author.startsWith('User/') ? t.fromHospital : t.fromPatient;
          let body;
          if (file.kind === 'failed') {
            body = (
              <span className="order-document__failed" role="alert">
                {t.fileLoadFailed}
              </span>
            );
          } else if (file.kind === 'loading') {
            body = (
              <span className="order-document__placeholder" role="status">
                {t.fileLoading}
              </span>
            );
          } else if (isPdf(document)) {
            body = (
              <a href={file.url} target="_blank" rel="noopener noreferrer" className="order-document__pdf">
                {name}
              </a>
            );
          } else {
            body = (
              <button type="button" className="order-document__thumb-button" aria-label={t.openImage(name)} onClick={() => setOpen(document.id)}>
                <img src={file.url} alt="" className="order-document__thumb" width={120} height={120} />
              </button>
            );
          }
          return (
            <li key={document.id} className={`order-document${document.author.startsWith('User/') ? ' order-document--hospital' : ''}`}>
              {body}
              <span className="order-document__caption">
                {name}
                <br />
                {author} · {hospitalDateTime(document.createdTime)}
              </span>
            </li>
          );
        })}
      </ul>
      {openShown !== null ? (
        <ImageViewer
          images={images}
          files={files}
          shownId={openShown}
          onShow={setOpen}
          onClose={() => setOpen(null)}
          focusFallback={() => list.current?.focus()}
        />
      ) : null}
    </section>
  );
}
