// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { REQUEST_STATE } from '@careline/domain/shell';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { SessionProvider, type SessionValue } from '../../../lib/session';
import type { ChatMessage } from '../utils/chat-flow.ts';
import { messageFiles } from './guide/pharmacy-steps.tsx';
import { ChatMessages } from './chat-messages.tsx';

const IMAGE_PATH = '/blob/get/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const PDF_PATH = '/blob/get/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const session: SessionValue = {
  accessToken: 'token-1',
  account: null,
  accountState: REQUEST_STATE.DONE,
  mobileNo: null,
  userProfileId: 'up-1',
  loggedIn: true,
  signIn: async () => null,
  refreshAccount: async () => null,
  logout: async () => undefined,
};

const uploaded: ChatMessage = {
  id: 1,
  author: 'patient',
  text: 'rx.jpg, rx.pdf',
  tone: 'normal',
  files: [
    { name: 'rx.jpg', kind: 'image', path: IMAGE_PATH },
    { name: 'rx.pdf', kind: 'pdf', path: PDF_PATH },
  ],
};

function renderStream(messages: ChatMessage[]) {
  const router = createMemoryRouter([{ path: '/', element: <ChatMessages messages={messages} typing={false} /> }]);
  render(
    <TestLanguage>
      <SessionProvider value={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </TestLanguage>,
  );
}

/** A fetch whose answers the test gives, one per call, in order. */
function heldFetch() {
  const answers: { resolve: (response: Response) => void; reject: (error: Error) => void }[] = [];
  const fetchMock = vi.fn(
    (_path: RequestInfo | URL, _init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        answers.push({ resolve, reject });
      }),
  );
  return { fetchMock, answers };
}

beforeEach(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:careline/rx');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an upload in the guided chat stream (issue 12 §2; spec doc 1 §2)', () => {
  it("shows an image as an image, 'Loading image...' until it is read; a PDF as a file, never fetched as an image", async () => {
    const { fetchMock, answers } = heldFetch();
    vi.stubGlobal('fetch', fetchMock);
    renderStream([uploaded]);
    const log = screen.getByRole('log');
    expect(log.textContent).toContain('Loading image...');
    expect(screen.getByText('rx.jpg')).toBeTruthy();
    expect(screen.getByText('rx.pdf')).toBeTruthy();
    // Only the image is read, from the blob service with the account's token.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(IMAGE_PATH);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toContain('token-1');

    await act(async () => {
      answers[0]?.resolve(new Response('jpeg', { status: 200, headers: { 'content-type': 'image/jpeg' } }));
      await Promise.resolve();
    });
    const image = await screen.findByRole('img', { name: 'rx.jpg' });
    expect(image.getAttribute('src')).toBe('blob:careline/rx');
    expect(log.textContent).not.toContain('Loading image...');
    // One image: the PDF is a file.
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it("says 'Unable to load image!' when the image cannot be read", async () => {
    const { fetchMock, answers } = heldFetch();
    vi.stubGlobal('fetch', fetchMock);
    renderStream([{ ...uploaded, files: [{ name: 'rx.jpg', kind: 'image', path: IMAGE_PATH }] }]);
    await act(async () => {
      answers[0]?.resolve(new Response('{"error":"ARO-E2004:Not found"}', { status: 404 }));
      await Promise.resolve();
    });
    expect(await screen.findByText('Unable to load image!')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('rx.jpg')).toBeTruthy();
  });

  it('names a file whose kind is not known, as before', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderStream([{ id: 1, author: 'patient', text: 'rx.jpg', tone: 'normal' }]);
    expect(screen.getByText('rx.jpg')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the files of a finished upload (issue 12 §2)', () => {
  it('reads images from the blob service, marks PDFs as files, and leaves out a file of unknown kind', () => {
    expect(
      messageFiles([
        { id: 'u1', name: 'rx.jpg', state: 'done', documentId: 'd1', kind: 'image', blobId: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' },
        { id: 'u2', name: 'rx.pdf', state: 'done', documentId: 'd2', kind: 'pdf', blobId: null },
        { id: 'u3', name: 'odd.jpg', state: 'done', documentId: 'd3', kind: 'image', blobId: '../../graphql' },
        { id: 'u4', name: 'old.jpg', state: 'done', documentId: 'd4' },
      ]),
    ).toEqual([
      { name: 'rx.jpg', kind: 'image', path: IMAGE_PATH },
      { name: 'rx.pdf', kind: 'pdf', path: null },
      { name: 'odd.jpg', kind: 'image', path: null },
    ]);
  });
});
