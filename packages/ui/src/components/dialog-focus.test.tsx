// @vitest-environment jsdom
import { useRef, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useModalDialog } from './dialog-focus.ts';

afterEach(cleanup);

function Dialog({ onCancel, onOpenerGone }: { onCancel?: () => void; onOpenerGone?: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { onKeyDown } = useModalDialog(ref, { onCancel, onOpenerGone });
  return (
    <dialog ref={ref} role="dialog" aria-modal="true" aria-label="Pick" onKeyDown={onKeyDown}>
      <button type="button">First</button>
      <button type="button">Last</button>
    </dialog>
  );
}

function Host({ onCancel }: { onCancel?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog
          onCancel={() => {
            onCancel?.();
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

describe('useModalDialog: the one modal dialog behaviour', () => {
  it('shows the native dialog modally, moves focus in, wraps Tab, and gives focus back on Escape', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const onCancel = vi.fn();
    render(<Host onCancel={onCancel} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Pick' });
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    expect(document.activeElement).toBe(first);
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    showModal.mockRestore();
  });

  it('hands a close request (cancel) to the caller and never lets the browser close it', () => {
    const onCancel = vi.fn();
    render(<Dialog onCancel={onCancel} />);
    const dialog = screen.getByRole<HTMLDialogElement>('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(true);
  });

  it('calls the caller once when the browser follows Escape with its own cancel', () => {
    const onCancel = vi.fn();
    render(<Dialog onCancel={onCancel} />);
    const dialog = screen.getByRole<HTMLDialogElement>('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('without onCancel, Escape does nothing and keeps the dialog open', () => {
    render(<Dialog />);
    const dialog = screen.getByRole<HTMLDialogElement>('dialog');
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    act(() => {
      dialog.dispatchEvent(escape);
    });
    expect(escape.defaultPrevented).toBe(true);
    expect(dialog.open).toBe(true);
  });

  it('sends focus elsewhere when the opener has left the page', () => {
    const onOpenerGone = vi.fn();
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(<Dialog onOpenerGone={onOpenerGone} />);
    opener.remove();
    unmount();
    expect(onOpenerGone).toHaveBeenCalledTimes(1);
  });
});
