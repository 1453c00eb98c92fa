// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffOrderDocument } from '../api/orders-operations.ts';
import { documentFileState, OrderDocuments } from './order-documents.tsx';

const i18n = createStaffI18n();

function doc(id: string, description: string | null, extra: Partial<StaffOrderDocument> = {}): StaffOrderDocument {
  return {
    id,
    blobId: `blob-${id}`,
    contentType: 'image/jpeg',
    description,
    author: 'Patient/p1',
    createdTime: '2026-11-24T04:00:00.000Z',
    ...extra,
  };
}

function view(documents: readonly StaffOrderDocument[]) {
  return (
    <I18nProvider i18n={i18n}>
      <OrderDocuments documents={documents} />
    </I18nProvider>
  );
}

beforeEach(() => {
  // The blob service: every file reads as a small JPEG.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('jpeg', { status: 200, headers: { 'content-type': 'image/jpeg' } })));
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${blob.size}-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('documentFileState', () => {
  it('is loading until the file is read, failed only without a file or when the read failed', () => {
    expect(documentFileState({ blobId: 'b1' }, {})).toEqual({ kind: 'loading' });
    expect(documentFileState({ blobId: 'b1' }, { b1: { kind: 'loading' } })).toEqual({ kind: 'loading' });
    expect(documentFileState({ blobId: 'b1' }, { b1: { kind: 'ready', url: 'blob:1' } })).toEqual({ kind: 'ready', url: 'blob:1' });
    expect(documentFileState({ blobId: 'b1' }, { b1: { kind: 'failed' } })).toEqual({ kind: 'failed' });
    expect(documentFileState({ blobId: null }, {})).toEqual({ kind: 'failed' });
  });
});

describe('the documents while their files load', () => {
  it('announces no failure before the reads start: the first render shows every file as loading', () => {
    // The first render, before useStaffFiles' effect marks the files loading.
    const html = renderToString(view([doc('d1', 'Front'), doc('d2', 'Back')]));
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('Unable to load file!');
    expect(html.match(/role="status"/g)?.length).toBe(2);
  });

  it('shows loading while the files are read, then the thumbnails, and never an alert', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    render(view([doc('d1', 'Front')]));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading file…');
    await act(async () => answer(new Response('jpeg', { status: 200 })));
    expect(await screen.findByRole('button', { name: 'Open Front large' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failure for a document without a file and for a read that failed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('no', { status: 404 })));
    render(view([doc('d1', 'Front', { blobId: null }), doc('d2', 'Back')]));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Unable to load file!', 'Unable to load file!']);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the image viewer under live updates', () => {
  it('keeps the same image open when a document is added or removed before it', async () => {
    const { rerender } = render(view([doc('d1', 'Front'), doc('d2', 'Back'), doc('d3', 'Side')]));
    fireEvent.click(await screen.findByRole('button', { name: 'Open Back large' }));
    expect(screen.getByRole('dialog', { name: 'Image 2 of 3: Back' })).toBeTruthy();

    rerender(view([doc('d2', 'Back'), doc('d3', 'Side')]));
    const dialog = screen.getByRole('dialog', { name: 'Image 1 of 2: Back' });
    expect(within(dialog).getByRole('region', { name: 'Back' })).toBeTruthy();

    rerender(view([doc('d0', 'Receipt'), doc('d4', 'Top'), doc('d2', 'Back'), doc('d3', 'Side')]));
    expect(screen.getByRole('dialog', { name: 'Image 3 of 4: Back' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Image 4 of 4: Side' })).toBeTruthy();
  });

  it('closes and gives the focus to the list when the open image leaves the order', async () => {
    const { rerender } = render(view([doc('d1', 'Front'), doc('d2', 'Back')]));
    const open = await screen.findByRole('button', { name: 'Open Back large' });
    open.focus();
    fireEvent.click(open);
    expect(screen.getByRole('dialog', { name: 'Image 2 of 2: Back' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Close');

    rerender(view([doc('d1', 'Front')]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Prescriptions and documents' }));

    // The viewer opens again afterwards, and Escape gives the focus back to its thumbnail.
    const front = screen.getByRole('button', { name: 'Open Front large' });
    front.focus();
    fireEvent.click(front);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Image 1 of 1: Front' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(front);
  });

  it('closes when the order loses its last image', async () => {
    const { rerender } = render(view([doc('d1', 'Front')]));
    const open = await screen.findByRole('button', { name: 'Open Front large' });
    open.focus();
    fireEvent.click(open);
    expect(screen.getByRole('dialog')).toBeTruthy();
    rerender(view([]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Prescriptions and documents' }));
  });
});
