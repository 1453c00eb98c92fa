// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { activateStaffLocale, createStaffI18n } from '@careline/i18n/staff';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { Provider } from 'urql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportLiveSocket } from '../../../lib/live-status.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import type { StaffChatDetail, StaffChatNote } from '../api/chat-operations.ts';
import { ChatScreen, chatLiveState } from './chat-screen.tsx';
import { fakeChatClient, type FakeAnswer } from './fake-chat-client.ts';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };
const ME = 's1';
const IMAGE = '0f8fad5b-d9cb-469f-a165-70867728950e';

function note(
  id: string,
  authorRef: string,
  message: string | null,
  extra: Partial<StaffChatNote> = {},
): StaffChatNote {
  return {
    id,
    kind: 'message',
    authorRef,
    message,
    timestamp: '2026-11-24T04:01:00Z',
    extensions: { event: null, imageUrl: null, description: null },
    ...extra,
  };
}

function staffChat(
  id: string,
  status: string,
  name: string,
  extra: {
    assignedToMe?: boolean;
    assignedStaffUserId?: string | null;
    notes?: StaffChatNote[];
    unreadCount?: number;
    typing?: string | null;
    createdTime?: string;
  } = {},
): StaffChatDetail {
  return {
    id,
    assignedStaffUserId: extra.assignedStaffUserId ?? (extra.assignedToMe ? ME : null),
    assignedToMe: extra.assignedToMe ?? false,
    patient: {
      id: `p-${id}`,
      name,
      gender: 'female',
      ageLabel: '34 years',
      mobileNo: '94771234567',
    },
    chat: {
      id,
      status,
      createdTime: extra.createdTime ?? '2026-11-24T04:00:00Z',
      updatedAt: '2026-11-24T04:01:00Z',
      unreadCount: extra.unreadCount ?? 0,
      typing: extra.typing ?? null,
      note: extra.notes ?? [],
    },
  };
}

const inboxPage = (nodes: StaffChatDetail[], hasMore = false) => ({
  data: {
    staffChatInbox: {
      nodes,
      endCursor: nodes.at(-1)?.id ?? null,
      hasMore,
      totalCount: nodes.length,
    },
  },
});

const context = {
  data: {
    staffChatContext: {
      profiles: [
        {
          id: 'p-other',
          name: 'Mr Sunil Perera',
          gender: 'male',
          ageLabel: '61 years',
          mobileNo: null,
        },
        {
          id: 'p-a',
          name: 'Mrs Amara Perera',
          gender: 'female',
          ageLabel: '34 years',
          mobileNo: '94771234567',
        },
      ],
      upcomingAppointments: [
        {
          id: 'ap1',
          patientName: 'Mr Sunil Perera',
          doctorName: 'Dr. Nimal Silva',
          start: '2026-11-25T03:30:00Z',
          tokenNo: 7,
          appointmentStatus: 'booked',
        },
      ],
    },
  },
};

function Harness({ mayWork }: { mayWork: boolean }) {
  const { chatId = null } = useParams();
  return (
    <ChatScreen
      hospital={hospital}
      chatId={chatId}
      chatPath={(id) => `/chats/${id}`}
      staffUserId={ME}
      may={{ work: mayWork }}
    />
  );
}

function renderScreen(
  answer: (name: string, variables: Record<string, unknown>) => FakeAnswer,
  options: { path?: string; mayWork?: boolean; i18n?: ReturnType<typeof createStaffI18n> } = {},
) {
  const fake = fakeChatClient(answer);
  render(
    <I18nProvider i18n={options.i18n ?? createStaffI18n()}>
      <Provider value={fake.client}>
        <MemoryRouter initialEntries={[options.path ?? '/chats']}>
          <Routes>
            <Route path="/chats/:chatId?" element={<Harness mayWork={options.mayWork ?? true} />} />
          </Routes>
        </MemoryRouter>
      </Provider>
    </I18nProvider>,
  );
  return fake;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{"error":"ARO-E2001:Not found"}', { status: 404 }))),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  reportLiveSocket('socket-data');
});

describe('chatLiveState', () => {
  it.each([
    [null, false, 'connecting'],
    [null, true, 'live'],
    ['socket-data', false, 'live'],
    ['socket-error', true, 'reconnecting'],
  ] as const)('socket %s, heard %s: %s', (socket, heard, state) => {
    expect(chatLiveState(socket, heard)).toBe(state);
  });
});

describe('the staff inbox (issue 12 §4)', () => {
  it('shows a patient typing and the unanswered count live in the row, and the count in words', async () => {
    reportLiveSocket('socket-data');
    const a = staffChat('a', 'preparation', 'Mrs Amara Perera', {
      unreadCount: 1,
      notes: [note('n1', 'Patient/p-a', 'Hello')],
    });
    const fake = renderScreen((name, variables) =>
      name === 'staffChatInbox' ? inboxPage(variables.queue === 'WAITING' ? [a] : []) : context,
    );
    const waiting = await screen.findByRole('region', { name: 'Waiting (1)' });
    expect(within(waiting).getByText('1 unanswered message')).toBeTruthy();
    expect(within(waiting).queryByText('typing…')).toBeNull();

    act(() => {
      fake.push({ ...a, chat: { ...a.chat, typing: 'patient' } });
    });
    await within(waiting).findByText('typing…');

    act(() => {
      fake.push({
        ...a,
        chat: {
          ...a.chat,
          unreadCount: 3,
          note: [
            ...a.chat.note,
            note('n2', 'Patient/p-a', 'Are you there?'),
            note('n3', 'Patient/p-a', 'Hello?'),
          ],
        },
      });
    });
    await within(waiting).findByText('3 unanswered messages');
    // A message ends the typing, and is announced.
    expect(within(waiting).queryByText('typing…')).toBeNull();
    await screen.findByText('Mrs Amara Perera wrote a message.');
  });

  it('lists waiting and active chats, stays subscribed (online), adds a new chat live and takes one', async () => {
    reportLiveSocket('socket-data');
    const a = staffChat('a', 'preparation', 'Mrs Amara Perera', { unreadCount: 2 });
    const b = staffChat('b', 'in_progress', 'Mr Kasun Fernando', { assignedStaffUserId: 's2' });
    const fake = renderScreen((name, variables) => {
      if (name === 'staffChatInbox') {
        return inboxPage(variables.queue === 'WAITING' ? [a] : [b]);
      }
      if (name === 'staffTakeChat') {
        return {
          data: {
            staffTakeChat: staffChat('a', 'in_progress', 'Mrs Amara Perera', {
              assignedToMe: true,
            }),
          },
        };
      }
      if (name === 'staffChat') {
        return {
          data: {
            staffChat: staffChat('a', 'in_progress', 'Mrs Amara Perera', { assignedToMe: true }),
          },
        };
      }
      return context;
    });
    const waiting = await screen.findByRole('region', { name: 'Waiting (1)' });
    expect(
      within(waiting).getByRole('link', { name: 'Open the chat with Mrs Amara Perera' }),
    ).toBeTruthy();
    expect(within(waiting).getByText('Waiting')).toBeTruthy();
    // The badge shows the count; its text says what it counts.
    const badge = within(waiting).getByText('2 unanswered messages').closest('.chat-unread');
    expect(badge?.textContent).toBe('22 unanswered messages');
    expect(badge?.querySelector('[aria-hidden="true"]')?.textContent).toBe('2');
    const active = await screen.findByRole('region', { name: 'In progress (1)' });
    expect(within(active).getByText('A colleague’s')).toBeTruthy();
    expect(within(active).queryByRole('button', { name: /Take/ })).toBeNull();
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent === 'Live: you are online for patients'),
    ).toBe(true);
    expect(fake.calls.find((c) => c.name === 'subscribeStaffChatInbox')?.variables).toEqual({
      organizationId: 'h1',
    });
    expect(
      fake.calls.filter((c) => c.name === 'staffChatInbox').map((c) => c.variables.queue),
    ).toEqual(['WAITING', 'ACTIVE']);

    act(() => {
      fake.push(
        staffChat('c', 'suspended', 'Ms Dilini Jayasuriya', {
          createdTime: '2026-11-24T05:00:00Z',
        }),
      );
    });
    await screen.findByText('New chat from Ms Dilini Jayasuriya.');
    expect(
      screen.getByText('New chat from Ms Dilini Jayasuriya.').closest('[aria-live="polite"]'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Waiting (2)' })).getByText(
        'Waiting (all staff were busy)',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Take the chat with Mrs Amara Perera' }));
    await screen.findByRole('heading', { name: 'Chat with Mrs Amara Perera' });
    expect(fake.calls.find((c) => c.name === 'staffTakeChat')?.variables).toEqual({
      organizationId: 'h1',
      id: 'a',
    });
    await screen.findByRole('region', { name: 'Waiting (1)' });
    expect(
      within(screen.getByRole('region', { name: 'In progress (2)' })).getByText('Yours'),
    ).toBeTruthy();
  });

  it('says another member took the chat (ARO-E8004) when the take loses', async () => {
    const fake = renderScreen((name, variables) => {
      if (name === 'staffChatInbox') {
        return inboxPage(
          variables.queue === 'WAITING' ? [staffChat('a', 'preparation', 'Mrs Amara Perera')] : [],
        );
      }
      return { error: 'ARO-E8004:Another staff member has already taken this chat' };
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Take the chat with Mrs Amara Perera' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Another staff member has already taken this chat');
    expect(fake.calls.some((c) => c.name === 'staffChat')).toBe(false);
  });

  it('shows the error with a retry when the inbox cannot be read, and pages with Load more', async () => {
    let fail = true;
    renderScreen((name, variables) => {
      if (fail) {
        return { error: 'ARO-E1210:You do not have permission for this action' };
      }
      if (variables.queue === 'ACTIVE') {
        return inboxPage([]);
      }
      return variables.after === 'a'
        ? inboxPage([
            staffChat('z', 'preparation', 'Mr Later Patient', {
              createdTime: '2026-11-24T06:00:00Z',
            }),
          ])
        : inboxPage([staffChat('a', 'preparation', 'Mrs Amara Perera')], true);
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]?.textContent).toContain('The chats could not be loaded');
    fail = false;
    fireEvent.click(within(alerts[0] as HTMLElement).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No chat is in progress.');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more chats' }));
    await screen.findByText('Mr Later Patient');
  });
});

describe('the conversation', () => {
  const xss = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
  const notes = [
    note('n1', 'Patient/p-a', `Hello\n${xss}`),
    note('n2', `User/${ME}`, 'How can we help?', { timestamp: '2026-11-24T04:02:00Z' }),
    note('n3', 'Patient/p-a', null, {
      kind: 'documentUpload',
      extensions: { event: null, imageUrl: `/blob/get/${IMAGE}`, description: 'My prescription' },
    }),
  ];
  const mine = () =>
    staffChat('a', 'in_progress', 'Mrs Amara Perera', { assignedToMe: true, notes });

  function answers(overrides: Record<string, FakeAnswer> = {}) {
    return (name: string, variables: Record<string, unknown>): FakeAnswer => {
      if (overrides[name]) {
        return overrides[name];
      }
      if (name === 'staffChatInbox') {
        return inboxPage(variables.queue === 'ACTIVE' ? [mine()] : []);
      }
      if (name === 'staffChat') {
        return { data: { staffChat: mine() } };
      }
      if (name === 'staffChatContext') {
        return context;
      }
      if (name === 'staffChatTyping') {
        return { data: { staffChatTyping: true } };
      }
      return { error: 'unexpected' };
    };
  }

  it('shows messages as text in a polite log, images with their loader, and the patient context', async () => {
    renderScreen(answers(), { path: '/chats/a' });
    const log = await screen.findByRole('log', { name: 'Messages with Mrs Amara Perera' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(log.textContent).toContain(xss);
    expect(log.querySelector('script')).toBeNull();
    expect(log.querySelector('img')).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(within(log).getByText('You')).toBeTruthy();
    expect(within(log).getByText('My prescription')).toBeTruthy();
    // 'Loading image...' until the read fails, then 'Unable to load image!' (spec doc 1 §2).
    await within(log).findByText('Unable to load image!');
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(`/blob/get/${IMAGE}`, expect.anything());

    const panel = await screen.findByRole('complementary', { name: 'About the patient' });
    await within(panel).findByText(
      'Mr Sunil Perera with Dr. Nimal Silva, 2026-11-25 09:00, token 7',
    );
    expect(within(panel).getAllByRole('listitem')[0]?.textContent).toContain('Mrs Amara Perera');
    expect(within(panel).getByText('In this chat')).toBeTruthy();
  });

  it('shows a chat image once read', async () => {
    // jsdom's Blob is not undici's: a stand-in answer with what the hook reads, sent when the test says.
    let answer: (value: unknown) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise((resolve) => (answer = resolve))),
    );
    // jsdom has no object URLs: a stand-in URL class for this test only.
    class TestURL extends URL {
      static override createObjectURL = vi.fn(() => 'blob:chat-image');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', TestURL);
    renderScreen(answers(), { path: '/chats/a' });
    const log = await screen.findByRole('log');
    expect((await within(log).findByText('Loading image...')).getAttribute('role')).toBe('status');
    act(() =>
      answer({
        ok: true,
        status: 200,
        blob: () => Promise.resolve(new Blob(['png'], { type: 'image/png' })),
      }),
    );
    const image = await within(log).findByRole('img', { name: 'My prescription' });
    expect(image.getAttribute('src')).toBe('blob:chat-image');
  });

  it('sends with Enter (Shift+Enter is a new line), tells the patient it is typing, and shows replies and typing live', async () => {
    const replied = staffChat('a', 'in_progress', 'Mrs Amara Perera', {
      assignedToMe: true,
      notes: [
        ...notes,
        note('n4', `User/${ME}`, 'Line one\nLine two', { timestamp: '2026-11-24T04:05:00Z' }),
      ],
    });
    const fake = renderScreen(answers({ staffReplyChat: { data: { staffReplyChat: replied } } }), {
      path: '/chats/a',
    });
    const box = await screen.findByLabelText('Your reply');
    fireEvent.change(box, { target: { value: 'Line one' } });
    expect(fake.calls.filter((c) => c.name === 'staffChatTyping')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(fake.calls.some((c) => c.name === 'staffReplyChat')).toBe(false);
    fireEvent.change(box, { target: { value: 'Line one\nLine two' } });
    expect(fake.calls.filter((c) => c.name === 'staffChatTyping')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(fake.calls.find((c) => c.name === 'staffReplyChat')?.variables).toEqual({
      organizationId: 'h1',
      id: 'a',
      message: 'Line one\nLine two',
      imageBlobId: null,
      description: null,
    });
    const log = screen.getByRole('log');
    expect(
      within(log).getByText((_, element) => element?.textContent === 'Line one\nLine two'),
    ).toBeTruthy();

    act(() => {
      fake.push({ ...replied, chat: { ...replied.chat, typing: 'patient' } });
    });
    await screen.findByText('Mrs Amara Perera is typing…');
    act(() => {
      fake.push({
        ...replied,
        chat: {
          ...replied.chat,
          note: [...replied.chat.note, note('n5', 'Patient/p-a', 'Thank you!')],
        },
      });
    });
    await within(log).findByText('Thank you!');
    expect(screen.queryByText('Mrs Amara Perera is typing…')).toBeNull();
  });

  it('refuses an empty reply and a file that is not an image, before sending', async () => {
    const fake = renderScreen(answers(), { path: '/chats/a' });
    const box = await screen.findByLabelText('Your reply');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Type a reply or choose an image');
    const file = new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Image to send'), { target: { files: [file] } });
    expect(screen.getByLabelText('Image description')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Only an image can be sent in the chat'),
    );
    expect(fake.calls.some((c) => c.name === 'staffReplyChat')).toBe(false);
    expect(vi.mocked(fetch)).not.toHaveBeenCalledWith(
      expect.stringContaining('/blob/put'),
      expect.anything(),
    );
  });

  it('uploads an image for the hospital and replies with it', async () => {
    const fetcher = vi.fn((url: string) =>
      Promise.resolve(
        url.startsWith('/blob/put')
          ? new Response('{}', { status: 200, headers: { 'x-blobdata-id': IMAGE } })
          : new Response('', { status: 404 }),
      ),
    );
    vi.stubGlobal('fetch', fetcher);
    const fake = renderScreen(answers({ staffReplyChat: { data: { staffReplyChat: mine() } } }), {
      path: '/chats/a',
    });
    await screen.findByLabelText('Your reply');
    const file = new File(['png'], 'scan.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image to send'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('Image description'), {
      target: { value: 'Your new prescription' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.calls.some((c) => c.name === 'staffReplyChat')).toBe(true));
    expect(fetcher).toHaveBeenCalledWith(
      '/blob/put?organizationId=h1',
      expect.objectContaining({ method: 'POST', body: file }),
    );
    expect(fake.calls.find((c) => c.name === 'staffReplyChat')?.variables).toEqual({
      organizationId: 'h1',
      id: 'a',
      message: null,
      imageBlobId: IMAGE,
      description: 'Your new prescription',
    });
  });

  it('closes the chat after a confirmation; Escape cancels', async () => {
    const closed = staffChat('a', 'completed', 'Mrs Amara Perera', { assignedToMe: true, notes });
    const fake = renderScreen(answers({ staffCloseChat: { data: { staffCloseChat: closed } } }), {
      path: '/chats/a',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Close chat' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Close this chat?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close chat' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.calls.some((c) => c.name === 'staffCloseChat')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close chat' }),
    );
    await screen.findByText('The chat is closed.');
    expect(screen.getByText('This chat has ended.')).toBeTruthy();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
    await screen.findByText('No chat is in progress.');
  });

  it('offers nothing to answer on a colleague’s chat, or to a member who may only read', async () => {
    const theirs = staffChat('a', 'in_progress', 'Mrs Amara Perera', {
      assignedStaffUserId: 's2',
      notes,
    });
    renderScreen(answers({ staffChat: { data: { staffChat: theirs } } }), { path: '/chats/a' });
    await screen.findByText('Another staff member is answering this chat.');
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
    cleanup();

    const waiting = staffChat('a', 'preparation', 'Mrs Amara Perera', { notes });
    renderScreen(answers({ staffChat: { data: { staffChat: waiting } } }), {
      path: '/chats/a',
      mayWork: false,
    });
    await screen.findByText('Your roles here let you read chats, not answer them.');
    expect(screen.queryByRole('button', { name: /Take/ })).toBeNull();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
  });

  it.each([
    ['si', 'රෝගීන් සමඟ චැට්', 'රැඳී සිටින (0)', 'රූපය පූරණය කළ නොහැක!'],
    ['ta', 'நோயாளிகளுடன் அரட்டைகள்', 'காத்திருப்பவை (0)', 'படத்தை ஏற்ற முடியவில்லை!'],
  ] as const)('speaks %s', async (locale, heading, waiting, imageFailed) => {
    const i18n = createStaffI18n();
    await activateStaffLocale(i18n, locale);
    renderScreen(answers(), { path: '/chats/a', i18n });
    await screen.findByRole('heading', { level: 1, name: heading });
    await screen.findByRole('region', { name: waiting });
    await screen.findByText(imageFailed);
  });
});
