import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@careline/ui/components';

/**
 * A confirmation that takes the focus (its first button) and gives it back to where it was on close;
 * Escape cancels. An alertdialog, named by its heading and described by its text.
 * @param props - heading, text, an optional field (remarks), the confirm and cancel labels, busy, and the handlers
 */
export function ConfirmDialog({
  heading,
  text,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  danger = false,
  onConfirm,
  onCancel,
}: {
  heading: string;
  text: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const textId = useId();
  const ref = useRef<HTMLElement>(null);
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, button')?.focus();
    return () => opener?.focus?.();
  }, [opener]);
  return (
    <section
      ref={ref}
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={headingId}
      aria-describedby={textId}
      className="confirm-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          onCancel();
        }
      }}
    >
      <h3 id={headingId}>{heading}</h3>
      <p id={textId}>{text}</p>
      {children}
      <div className="button-row">
        <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </section>
  );
}

/** A fresh idempotency key for one submit (reused when the same confirmation is retried). */
export function newIdempotencyKey(): string {
  return `staff-${crypto.randomUUID()}`;
}
