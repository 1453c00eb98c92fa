import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '@careline/ui/components';
import { useTranslate } from '@careline/i18n/react';
import { Button } from './button.tsx';

export type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * Label of the close button, 'Close' in the active language by default; hidden when null (the modal
   * must then offer its own way out).
   */
  closeLabel?: string | null;
};

function outside(element: Element, x: number, y: number): boolean {
  const box = element.getBoundingClientRect();
  return x < box.left || x > box.right || y < box.top || y > box.bottom;
}

/**
 * A dialog: a native modal <dialog> (the page behind is inert), focus moves in and stays inside,
 * Escape closes, focus returns to where it was (@careline/ui's useModalDialog).
 */
export function Modal({ open, ...props }: ModalProps) {
  return open ? <OpenModal {...props} /> : null;
}

function OpenModal({ title, onClose, children, closeLabel }: Omit<ModalProps, 'open'>) {
  const t = useTranslate();
  const closeText = closeLabel === undefined ? t('shell.close') : closeLabel;
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const { onKeyDown } = useModalDialog(dialogRef, { onCancel: () => onCloseRef.current() });

  useEffect(() => {
    const { overflow } = document.body.style;
    // The page behind must not scroll under the dialog on a phone.
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  return createPortal(
    <div className="modal__backdrop">
      <dialog
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onMouseDown={(event) => {
          // A press on the backdrop (the dialog's ::backdrop, outside its box) closes.
          if (event.target === event.currentTarget && outside(event.currentTarget, event.clientX, event.clientY)) {
            onCloseRef.current();
          }
        }}
      >
        <div className="modal__header">
          <h2 id={titleId}>{title}</h2>
          {closeText ? (
            <Button variant="text" onClick={() => onCloseRef.current()} aria-label={closeText}>
              <span aria-hidden="true">×</span>
            </Button>
          ) : null}
        </div>
        {children}
      </dialog>
    </div>,
    document.body,
  );
}
