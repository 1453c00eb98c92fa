// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { TestLanguage } from '../lib/i18n/test-language.tsx';
import { Modal } from './modal.tsx';

// The close button's default label comes from the catalogue, so the dialog needs the language provider.
const render = (ui: ReactNode) => renderBare(<TestLanguage>{ui}</TestLanguage>);

afterEach(cleanup);

describe('Modal', () => {
  it('is an aria-modal dialog named by its title, with focus moved inside', () => {
    render(
      <Modal open title="This account is for?" onClose={() => undefined}>
        <button type="button">Me</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'This account is for?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Pick" onClose={onClose}>
        <button type="button">Me</button>
      </Modal>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab focus inside the dialog', () => {
    render(
      <Modal open title="Pick" onClose={() => undefined}>
        <button type="button">Me</button>
        <button type="button">Father</button>
      </Modal>,
    );
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Father' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('names its close button in the active language, and hides it when closeLabel is null', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'ta');
    renderBare(
      <TestLanguage i18n={i18n}>
        <Modal open title="Pick" onClose={() => undefined}>
          <button type="button">Me</button>
        </Modal>
      </TestLanguage>,
    );
    expect(screen.getByRole('button', { name: 'மூடு' })).toBeTruthy();
    cleanup();
    render(
      <Modal open title="Pick" onClose={() => undefined} closeLabel={null}>
        <button type="button">Me</button>
      </Modal>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Me']);
  });

  it('renders nothing when closed', () => {
    render(
      <Modal open={false} title="Pick" onClose={() => undefined}>
        <p>content</p>
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
