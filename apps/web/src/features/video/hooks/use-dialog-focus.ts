import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));
}

/**
 * Focus for a call dialog: moves into it when it opens (its preferred element, else the first
 * control, else the dialog) and back to where it was when it closes; with `trap`, Tab stays inside.
 * @param ref - the dialog element
 * @param options - the element to focus first, and whether Tab is trapped (a modal dialog)
 */
export function useDialogFocus(
  ref: RefObject<HTMLElement | null>,
  options: { initial?: RefObject<HTMLElement | null>; trap?: boolean } = {},
): (event: KeyboardEvent<HTMLElement>) => void {
  const initial = options.initial;
  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    if (dialog) {
      (initial?.current ?? focusables(dialog)[0] ?? dialog).focus();
    }
    return () => {
      // Only when focus is still inside (or lost): never pull it away from where the patient went.
      if (previouslyFocused?.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
        previouslyFocused.focus();
      }
    };
  }, [ref, initial]);
  const trap = options.trap ?? false;
  const trapRef = useRef(trap);
  useEffect(() => {
    trapRef.current = trap;
  }, [trap]);
  return (event) => {
    if (!trapRef.current || event.key !== 'Tab' || !ref.current) {
      return;
    }
    const items = focusables(ref.current);
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
  };
}
