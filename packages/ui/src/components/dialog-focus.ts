/**
 * The one dialog behaviour of both apps (the patient app's modals and call screen, the staff
 * console's image viewer). A modal dialog is a native <dialog> shown with showModal(): the page
 * behind is inert and the dialog sits in the top layer. Escape and the platform's other close
 * requests go to the caller (onCancel), never close the dialog by themselves, so React stays the one
 * that opens and closes it. Focus moves in when the dialog opens (the element marked
 * data-autofocus, else the first control, else the dialog) and goes back when it closes; Tab and
 * Shift+Tab wrap inside the dialog, so focus never leaves it for the browser's own controls.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The controls inside a dialog that Tab reaches, in order.
 * @param container - the dialog
 */
export function dialogFocusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));
}

/** How focus goes back when a dialog closes. */
export type DialogFocusReturn =
  /** To the element focused before it opened (a modal dialog: the patient was inside it). */
  | 'opener'
  /** To that element only when focus was lost with the dialog: never pull it away from where the user went. */
  | 'ifLost';

export type DialogFocusOptions = {
  /** How focus goes back; 'opener' by default. */
  restore?: DialogFocusReturn;
  /** Where focus goes when the opener has left the page meanwhile. */
  onOpenerGone?: () => void;
};

/**
 * Moves focus into a dialog when it mounts and back when it unmounts (see the module's note).
 * @param ref - the dialog element
 * @param options - how focus goes back
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, options: DialogFocusOptions = {}): void {
  const restore = options.restore ?? 'opener';
  const onOpenerGone = useRef(options.onOpenerGone);
  useEffect(() => {
    onOpenerGone.current = options.onOpenerGone;
  });
  // Taken before anything moves the focus (showModal() moves it in); kept over a StrictMode remount.
  const opener = useRef<HTMLElement | null | undefined>(undefined);
  useLayoutEffect(() => {
    if (opener.current === undefined) {
      opener.current = document.activeElement as HTMLElement | null;
    }
  }, []);
  // After the commit, as the dialogs did before: on close the dialog has left the page, so a lost
  // focus is on the body.
  useEffect(() => {
    const from = opener.current ?? null;
    const dialog = ref.current;
    if (dialog) {
      (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialogFocusables(dialog)[0] ?? dialog).focus();
    }
    return () => {
      if (restore === 'ifLost') {
        if (from?.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
          from.focus();
        }
        return;
      }
      if (from?.isConnected) {
        from.focus();
      } else {
        onOpenerGone.current?.();
      }
    };
  }, [ref, restore]);
}

/**
 * Keeps Tab and Shift+Tab inside a container: from the last control to the first and back.
 * @param event - the keydown inside the container
 * @param container - the dialog
 */
export function wrapTabFocus(event: KeyboardEvent<HTMLElement>, container: HTMLElement): void {
  if (event.key !== 'Tab') {
    return;
  }
  const items = dialogFocusables(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export type ModalDialogOptions = DialogFocusOptions & {
  /** Escape (or another close request) asks to close; without it, Escape does nothing. */
  onCancel?: () => void;
};

/**
 * A native modal dialog: shows the <dialog> with showModal() while it is mounted, hands Escape and
 * other close requests to onCancel, moves focus in and back, and wraps Tab inside. Spread the
 * answer's onKeyDown on the dialog; a caller with keys of its own calls it from its handler.
 * @param ref - the <dialog> element
 * @param options - onCancel, and how focus goes back
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  options: ModalDialogOptions = {},
): { onKeyDown: (event: KeyboardEvent<HTMLElement>) => void } {
  const onCancel = useRef(options.onCancel);
  useEffect(() => {
    onCancel.current = options.onCancel;
  });
  // First, so it takes the opener before showModal() moves the focus.
  useDialogFocus(ref, options);
  // An Escape the keydown already handled: a browser that still sends its cancel gets no second call.
  const escapeHandled = useRef(false);
  // Shown before the first paint.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) {
      return undefined;
    }
    if (!dialog.open) {
      dialog.showModal();
    }
    // A close request other than Escape's keydown (a phone's back gesture): the caller decides.
    const cancel = (event: Event) => {
      event.preventDefault();
      if (!escapeHandled.current) {
        onCancel.current?.();
      }
    };
    dialog.addEventListener('cancel', cancel);
    // Unmounting removes the dialog from the page and from the top layer; focus goes back below.
    return () => dialog.removeEventListener('cancel', cancel);
  }, [ref]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape') {
        // Handled here, so the browser does not close the dialog itself (no cancel follows).
        event.preventDefault();
        escapeHandled.current = true;
        setTimeout(() => {
          escapeHandled.current = false;
        }, 0);
        if (onCancel.current) {
          event.stopPropagation();
          onCancel.current();
        }
        return;
      }
      if (ref.current) {
        wrapTabFocus(event, ref.current);
      }
    },
    [ref],
  );
  return { onKeyDown };
}
