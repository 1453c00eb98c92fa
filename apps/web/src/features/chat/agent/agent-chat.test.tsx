// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Client, fetchExchange, subscriptionExchange, type ExecutionResult } from '@urql/core';
import { Provider } from 'urql';
import { formatChatDate } from '@careline/domain/chat-flow';
import type { ServerPatient } from '@careline/domain/profiles';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { reportNetworkEvent } from '../../../lib/network/network-status.ts';
import { SessionProvider, toAccountView } from '../../../lib/session';
import type { AgentChatData, AgentChatNote } from './agent-chat-documents.ts';
import { AgentChat } from './agent-chat.tsx';
import type { ChatUploadOutcome } from './agent-chat-upload.ts';
import { signedInSession } from '../../../lib/testing/test-account.ts';

const HOSPITAL = '6f1c2b1e-8a51-4c36-9d3f-3b7a2f1e0c11';
const BLOB = '0b7f5c7e-3a52-4f1e-9a43-2f0f6f8c1d2e';

type Sink = { next: (result: ExecutionResult) => void };
type Call = { operation: string; variables: Record<string, unknown> };

function serverPatient(id: string, relationship: string, given: string): ServerPatient {
  return {
    id,
    name: { prefix: 'Mrs', given: [given], family: 'Perera' },
    telecom: [],
    birthDate: '1960-04-09',
    gender: 'female',
    address: null,
    extension: [{ valueId: 'relationship', value: relationship }],
    link: [],
    hospitalId: 'h-1',
    medicalRecordNumber: '',
  };
}

function noteOf(
  id: string,
  from: 'patient' | 'staff',
  message: string | null,
  minute: number,
  imageUrl: string | null = null,
): AgentChatNote {
  return {
    id,
    kind: imageUrl ? 'documentUpload' : 'message',
    authorRef: from === 'patient' ? 'Patient/p-me' : 'User/u-1',
    message,
    timestamp: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`,
    extensions: { event: null, imageUrl, description: null },
  };
}

function chatOf(
  status: string,
  note: AgentChatNote[],
  overrides: Partial<AgentChatData> = {},
): AgentChatData {
  const statusText =
    status === 'preparation'
      ? 'connecting to hospital staff'
      : status === 'suspended'
        ? 'all staff busy'
        : null;
  return {
    id: 'c-1',
    status,
    statusText,
    createdTime: '2026-11-24T10:00:00.000Z',
    updatedAt: note.at(-1)?.timestamp ?? '2026-11-24T10:00:00.000Z',
    hospitalId: HOSPITAL,
    patientId: 'p-me',
    rating: null,
    typing: null,
    note,
    ...overrides,
  };
}

function decodeNote(payload: unknown): Record<string, unknown> {
  const bytes = Uint8Array.from(atob(String(payload)), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

type Answer = (operation: string, variables: Record<string, unknown>) => unknown;

function renderAgentChat(
  answer: Answer,
  options: {
    uploadImage?: (file: Blob) => Promise<ChatUploadOutcome>;
    patients?: ServerPatient[];
  } = {},
) {
  const sinks = new Map<string, Sink>();
  // Every subscription the screen opened, in order, with its variables.
  const subscribed: Call[] = [];
  const calls: Call[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url)
      .searchParams;
    const parsed: unknown =
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : {
            query: params.get('query') ?? '',
            variables: JSON.parse(params.get('variables') ?? '{}') as unknown,
          };
    const body = parsed as { query: string; variables?: Record<string, unknown> };
    const operation = /(?:mutation|query)\s+(\w+)/.exec(body.query)?.[1] ?? '';
    const variables = body.variables ?? {};
    calls.push({ operation, variables });
    return new Response(JSON.stringify(answer(operation, variables)), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink: Sink) => {
            const name = /subscription\s+(\w+)/.exec(request.query ?? '')?.[1] ?? '';
            subscribed.push({ operation: name, variables: request.variables ?? {} });
            sinks.set(name, sink);
            return { unsubscribe: () => sinks.delete(name) };
          },
        }),
      }),
    ],
    fetch: fakeFetch,
  });
  const account = toAccountView(
    {
      id: 'up-1',
      identifier: '94771234567',
      status: 'active',
      mobileNo: '94771234567',
      patients: options.patients ?? [
        serverPatient('p-me', 'Me', 'Kamala'),
        serverPatient('p-mother', 'Mother', 'Sita'),
      ],
      paymentMethods: [],
      defaultPaymentMethod: null,
      hasPaymentMethod: false,
      bookingReqId: null,
      loyaltyAccounts: [],
      preferredLanguage: null,
    },
    new Date(2026, 0, 1),
  );
  const session = signedInSession(account);
  const onBackToMenu = vi.fn();
  const uploads: Blob[] = [];
  const uploadImage = async (file: Blob) => {
    uploads.push(file);
    return options.uploadImage
      ? options.uploadImage(file)
      : ({ kind: 'uploaded', blobId: BLOB } as const);
  };
  render(
    <TestLanguage>
      <Provider value={client}>
        <SessionProvider value={session}>
          <AgentChat onBackToMenu={onBackToMenu} uploadImage={uploadImage} />
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  const live = (chat: AgentChatData) =>
    act(() => {
      const sink = sinks.get('agentChatChanged');
      if (!sink) {
        throw new Error('subscribeChat is not open');
      }
      sink.next({ data: { subscribeChat: chat } });
    });
  return { calls, sinks, subscribed, live, onBackToMenu, uploads };
}

const oneHospital = { queryOrganization: [{ id: HOSPITAL, name: 'Lanka Hospitals' }] };

/** The log of the chat with staff. */
const log = () => screen.getByRole('log', { name: 'Chat with hospital staff' });

beforeAll(() => {
  window.scrollTo = () => undefined;
});
/** A download's answer as the image loader reads it (jsdom's Blob is not Node's Response body). */
function blobResponse(type: string): Response {
  return { ok: true, status: 200, blob: async () => ({ type }) } as unknown as Response;
}

// The blob service's downloads by path, as content types; any other path answers 404.
let blobAnswers: Map<string, string>;
beforeEach(() => {
  blobAnswers = new Map();
  vi.stubGlobal('fetch', async (url: string) => {
    const type = blobAnswers.get(url);
    return type
      ? blobResponse(type)
      : ({
          ok: false,
          status: 404,
          blob: async () => ({ type: 'application/json' }),
        } as unknown as Response);
  });
  URL.createObjectURL = () => 'blob:test-image';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  reportNetworkEvent('socket-data');
});

describe('Chat With Hospital: starting (spec doc 1 §7 prepareChat)', () => {
  it('starts a chat with the first message for the Me profile at the only hospital, and shows it as text', async () => {
    const typed = '<b>Hello</b> <img src=x onerror="window.hacked=1"> can I visit today?';
    const { calls } = renderAgentChat((operation, variables) => {
      switch (operation) {
        case 'agentChatLatest':
          return { data: { queryChat: [] } };
        case 'agentChatHospitals':
          return { data: oneHospital };
        case 'agentChatPrepare': {
          const sent = decodeNote((variables.note as unknown[])[0]);
          return {
            data: {
              prepareChat: chatOf('preparation', [
                noteOf('n1', 'patient', String(sent.message), 0),
              ]),
            },
          };
        }
        default:
          return { data: null };
      }
    });
    expect(
      within(log()).getByText(
        'Type your message and a member of the hospital staff will answer you here.',
      ),
    ).toBeTruthy();
    // One hospital: no hospital to choose. Two profiles: the profile can be chosen, 'Me' first.
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('combobox', { name: 'Hospital' })).toBeNull();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Chat for' }).value).toBe(
      'p-me',
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: typed },
    });
    await waitFor(() =>
      expect(calls.some((call) => call.operation === 'agentChatHospitals')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await within(log()).findByText('connecting to hospital staff');
    const prepare = calls.find((call) => call.operation === 'agentChatPrepare');
    expect(prepare?.variables).toMatchObject({ patientId: 'p-me', hospitalId: HOSPITAL });
    expect(decodeNote((prepare?.variables.note as unknown[])[0])).toMatchObject({
      authorRef: 'Patient/p-me',
      message: typed,
      extensions: { hospitalId: HOSPITAL },
    });
    // Text, never HTML: the markup shows as typed and no element was made from it.
    expect(within(log()).getByText(typed)).toBeTruthy();
    expect(log().querySelector('b, img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe('');
    expect(screen.getByRole('button', { name: 'End chat' })).toBeTruthy();
  });

  it('asks for the hospital when the tenant has several, and says which is missing', async () => {
    const { calls } = renderAgentChat((operation) =>
      operation === 'agentChatLatest'
        ? { data: { queryChat: [] } }
        : operation === 'agentChatHospitals'
          ? {
              data: {
                queryOrganization: [
                  { id: HOSPITAL, name: 'Lanka Hospitals' },
                  { id: 'h-2', name: 'Lakeside' },
                ],
              },
            }
          : { data: null },
    );
    const hospital = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Hospital' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hello' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Choose the hospital to chat with'),
    );
    expect(calls.some((call) => call.operation === 'agentChatPrepare')).toBe(false);
    fireEvent.change(hospital, { target: { value: 'h-2' } });
    expect(hospital.value).toBe('h-2');
  });
});

describe('Chat With Hospital: resuming (spec doc 1 §7 queryChat, sendChat)', () => {
  it('resumes the open chat after a reload, shows all staff busy, and sends to it', async () => {
    const open = chatOf('suspended', [noteOf('n1', 'patient', 'Is the clinic open?', 0)]);
    const { calls } = renderAgentChat((operation, variables) => {
      if (operation === 'agentChatLatest') {
        return { data: { queryChat: [open] } };
      }
      if (operation === 'agentChatSend') {
        const sent = decodeNote(variables.message);
        return {
          data: {
            sendChat: chatOf('suspended', [
              ...open.note,
              noteOf('n2', 'patient', String(sent.message), 1),
            ]),
          },
        };
      }
      return { data: operation === 'agentChatHospitals' ? oneHospital : null };
    });
    await within(log()).findByText('Is the clinic open?');
    expect(within(log()).getByText('all staff busy')).toBeTruthy();
    // A resumed chat keeps its profile and hospital: nothing to choose.
    expect(screen.queryByRole('combobox', { name: 'Chat for' })).toBeNull();
    // spec doc 1 §9: 'Do MMM (ddd), hh:mm A', in the patient's own time.
    expect(
      within(log()).getByText(formatChatDate(new Date('2026-11-24T10:00:00.000Z')) ?? ''),
    ).toBeTruthy();

    const message = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(message, { target: { value: 'Anyone there?' } });
    // Enter sends (Shift+Enter would start a new line).
    fireEvent.keyDown(message, { key: 'Enter' });
    await within(log()).findByText('Anyone there?');
    const send = calls.find((call) => call.operation === 'agentChatSend');
    expect(send?.variables).toMatchObject({ id: 'c-1', authorRef: 'Patient/p-me' });
    expect(decodeNote(send?.variables.message)).toMatchObject({
      authorRef: 'Patient/p-me',
      message: 'Anyone there?',
    });
    expect(calls.some((call) => call.operation === 'agentChatPrepare')).toBe(false);
  });

  it('a chat that closed meanwhile is read again (ARO-E8003) and shown closed', async () => {
    const open = chatOf('in_progress', [
      noteOf('n1', 'patient', 'Hi', 0),
      noteOf('n2', 'staff', 'Hello', 1),
    ]);
    let closed = false;
    renderAgentChat((operation) => {
      if (operation === 'agentChatLatest') {
        return {
          data: {
            queryChat: [
              closed
                ? { ...open, status: 'completed', updatedAt: '2026-11-24T10:05:00.000Z' }
                : open,
            ],
          },
        };
      }
      if (operation === 'agentChatSend') {
        closed = true;
        return {
          data: null,
          errors: [{ message: 'ARO-E8003:This chat has ended. Please start a new chat' }],
        };
      }
      return { data: operation === 'agentChatHospitals' ? oneHospital : null };
    });
    await within(log()).findByText('Hello');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'One more thing' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This chat has ended. Please start a new chat',
      ),
    );
    await within(log()).findByText('This chat has ended.');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start a new chat' })).toBeTruthy();
  });
});

describe('Chat With Hospital: live (spec doc 1 §7 subscribeChat)', () => {
  it('shows the staff’s reply and typing live, and reads the chat again after a dropped connection', async () => {
    const waiting = chatOf('preparation', [noteOf('n1', 'patient', 'Hi', 0)]);
    const { live, sinks, calls } = renderAgentChat((operation) =>
      operation === 'agentChatLatest'
        ? { data: { queryChat: [waiting] } }
        : { data: operation === 'agentChatHospitals' ? oneHospital : null },
    );
    await within(log()).findByText('connecting to hospital staff');
    await waitFor(() => expect(sinks.has('agentChatChanged')).toBe(true));

    live({
      ...chatOf('in_progress', waiting.note),
      typing: 'staff',
      updatedAt: '2026-11-24T10:00:30.000Z',
    });
    expect(within(log()).getByText('Hospital staff is typing')).toBeTruthy();
    expect(
      within(log()).getByText('A member of the hospital staff is answering you.'),
    ).toBeTruthy();
    expect(within(log()).queryByText('connecting to hospital staff')).toBeNull();

    live(
      chatOf('in_progress', [
        ...waiting.note,
        noteOf('n2', 'staff', 'Hello, this is the front desk. <script>alert(1)</script>', 1),
      ]),
    );
    expect(
      within(log()).getByText('Hello, this is the front desk. <script>alert(1)</script>'),
    ).toBeTruthy();
    expect(log().querySelector('script')).toBeNull();
    expect(within(log()).queryByText('Hospital staff is typing')).toBeNull();

    // A dropped socket (WS_ERROR) and its return: what changed meanwhile is read again.
    const before = calls.filter((call) => call.operation === 'agentChatLatest').length;
    act(() => {
      reportNetworkEvent('socket-error');
    });
    act(() => {
      reportNetworkEvent('socket-data');
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.operation === 'agentChatLatest').length).toBe(before + 1),
    );
    // The refetch's older answer (one note) does not take the live reply away.
    expect(
      within(log()).getByText('Hello, this is the front desk. <script>alert(1)</script>'),
    ).toBeTruthy();
  });
});

describe('Chat With Hospital: nothing is lost between the read and the subscription (issue 29 §9)', () => {
  it('subscribes to the new chat after the note it holds, and keeps that subscription as notes arrive', async () => {
    const { live, subscribed } = renderAgentChat((operation) => {
      switch (operation) {
        case 'agentChatLatest':
          return { data: { queryChat: [] } };
        case 'agentChatHospitals':
          return { data: oneHospital };
        case 'agentChatPrepare':
          return { data: { prepareChat: chatOf('suspended', [noteOf('n1', 'patient', 'Hi', 0)]) } };
        default:
          return { data: null };
      }
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hi' },
    });
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(log()).findByText('all staff busy');
    await waitFor(() => expect(subscribed).toHaveLength(1));
    expect(subscribed[0]).toEqual({
      operation: 'agentChatChanged',
      variables: { id: ['c-1'], after: 'n1' },
    });

    // The server's first delivery: the reply written before the subscription began.
    live(chatOf('in_progress', [noteOf('n1', 'patient', 'Hi', 0), noteOf('n2', 'staff', 'Hello Kamala', 1)]));
    expect(within(log()).getByText('Hello Kamala')).toBeTruthy();
    live(
      chatOf('in_progress', [
        noteOf('n1', 'patient', 'Hi', 0),
        noteOf('n2', 'staff', 'Hello Kamala', 1),
        noteOf('n3', 'staff', 'How can I help?', 2),
      ]),
    );
    expect(within(log()).getByText('How can I help?')).toBeTruthy();
    // Still the one subscription: a new note does not subscribe again.
    expect(subscribed).toHaveLength(1);
  });

  it('resumes an open chat from its newest note', async () => {
    const open = chatOf('in_progress', [noteOf('n1', 'patient', 'Hi', 0), noteOf('n2', 'staff', 'Hello', 1)]);
    const { subscribed } = renderAgentChat((operation) =>
      operation === 'agentChatLatest'
        ? { data: { queryChat: [open] } }
        : { data: operation === 'agentChatHospitals' ? oneHospital : null },
    );
    await waitFor(() => expect(subscribed).toHaveLength(1));
    expect(subscribed[0]?.variables).toEqual({ id: ['c-1'], after: 'n2' });
  });
});

describe('Chat With Hospital: images (spec doc 1 §2, §7 Blob storage)', () => {
  it('uploads an image, sends its reference, and shows it after Loading image...', async () => {
    const open = chatOf('in_progress', [noteOf('n1', 'patient', 'Hi', 0)]);
    let release: (response: Response) => void = () => undefined;
    const { calls, uploads } = renderAgentChat((operation, variables) => {
      if (operation === 'agentChatLatest') {
        return { data: { queryChat: [open] } };
      }
      if (operation === 'agentChatSend') {
        const sent = decodeNote(variables.message) as { extensions: { imageUrl: string } };
        return {
          data: {
            sendChat: chatOf('in_progress', [
              ...open.note,
              noteOf('n2', 'patient', null, 1, `/blob/get/${sent.extensions.imageUrl}`),
            ]),
          },
        };
      }
      return { data: operation === 'agentChatHospitals' ? oneHospital : null };
    });
    await within(log()).findByText('Hi');
    vi.stubGlobal(
      'fetch',
      (url: string) =>
        new Promise<Response>((resolve) => {
          release = resolve;
          expect(url).toBe(`/blob/get/${BLOB}`);
        }),
    );
    const photo = new File(['photo-bytes'], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Send an image', { selector: 'input' }), {
      target: { files: [photo] },
    });

    await within(log()).findByText('Loading image...');
    expect(uploads).toEqual([photo]);
    const send = calls.find((call) => call.operation === 'agentChatSend');
    expect(decodeNote(send?.variables.message)).toMatchObject({
      authorRef: 'Patient/p-me',
      message: null,
      extensions: { imageUrl: BLOB },
    });
    await act(async () => {
      release(blobResponse('image/png'));
      await Promise.resolve();
    });
    const image = await within(log()).findByRole('img', { name: 'Image' });
    expect(image.getAttribute('src')).toBe('blob:test-image');
  });

  it('says Unable to load image! when an image cannot be read, and shows a PDF as a link, not an image', async () => {
    const other = '7d2e3c4b-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
    blobAnswers.set(`/blob/get/${other}`, 'application/pdf');
    renderAgentChat((operation) =>
      operation === 'agentChatLatest'
        ? {
            data: {
              queryChat: [
                chatOf('in_progress', [
                  noteOf('n1', 'staff', null, 0, `/blob/get/${BLOB}`),
                  noteOf('n2', 'staff', null, 1, `/blob/get/${other}`),
                ]),
              ],
            },
          }
        : { data: operation === 'agentChatHospitals' ? oneHospital : null },
    );
    await within(log()).findByText('Unable to load image!');
    const pdf = await within(log()).findByRole('link', { name: 'Open the PDF' });
    expect(pdf.getAttribute('href')).toBe('blob:test-image');
    expect(within(log()).queryByRole('img')).toBeNull();
  });

  it('says Upload failed when the blob service cannot be reached, and refuses a file that is not an image', async () => {
    const { calls } = renderAgentChat(
      (operation) =>
        operation === 'agentChatLatest'
          ? { data: { queryChat: [chatOf('in_progress', [noteOf('n1', 'patient', 'Hi', 0)])] } }
          : { data: operation === 'agentChatHospitals' ? oneHospital : null },
      { uploadImage: async () => ({ kind: 'network' }) },
    );
    await within(log()).findByText('Hi');
    const input = screen.getByLabelText('Send an image', { selector: 'input' });
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'report.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Only an image can be sent in the chat'),
    );
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'photo.jpg', { type: 'image/jpeg' })] },
    });
    await within(log()).findByText('Upload failed');
    expect(calls.some((call) => call.operation === 'agentChatSend')).toBe(false);
  });
});

describe('Chat With Hospital: ending and rating (spec doc 1 §4: 1 happy, 0 unhappy)', () => {
  it('ends the chat, rates it happy, and can start a new chat', async () => {
    const open = chatOf('in_progress', [
      noteOf('n1', 'patient', 'Hi', 0),
      noteOf('n2', 'staff', 'Hello', 1),
    ]);
    const { calls } = renderAgentChat((operation, variables) => {
      if (operation === 'agentChatLatest') {
        return { data: { queryChat: [open] } };
      }
      if (operation === 'agentChatPatch') {
        const rating =
          (variables.extension as { valueInteger: number }[] | null)?.[0]?.valueInteger ?? null;
        return {
          data: {
            patchChat: {
              ...open,
              status: 'completed',
              rating,
              updatedAt: '2026-11-24T10:05:00.000Z',
            },
          },
        };
      }
      return { data: operation === 'agentChatHospitals' ? oneHospital : null };
    });
    await within(log()).findByText('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'End chat' }));
    await within(log()).findByText('This chat has ended.');
    expect(calls.find((call) => call.operation === 'agentChatPatch')?.variables).toMatchObject({
      id: 'c-1',
      status: 'completed',
    });

    const rating = screen.getByRole('group', {
      name: 'How was your chat with the hospital staff?',
    });
    fireEvent.click(within(rating).getByRole('button', { name: 'Happy' }));
    await within(log()).findByText('Thank you for your rating.');
    expect(
      calls.filter((call) => call.operation === 'agentChatPatch').at(-1)?.variables,
    ).toMatchObject({
      id: 'c-1',
      status: null,
      extension: [{ valueId: 'rating', valueInteger: 1 }],
    });
    expect(
      screen.queryByRole('group', { name: 'How was your chat with the hospital staff?' }),
    ).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Start a new chat' }));
    expect(within(log()).queryByText('Hello')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('offers the rating of a completed chat not rated yet after a reload, and sends 0 for unhappy', async () => {
    const done = chatOf('completed', [
      noteOf('n1', 'patient', 'Hi', 0),
      noteOf('n2', 'staff', 'Hello', 1),
    ]);
    const { calls, onBackToMenu } = renderAgentChat((operation) =>
      operation === 'agentChatLatest'
        ? { data: { queryChat: [done] } }
        : operation === 'agentChatPatch'
          ? { data: { patchChat: { ...done, rating: 0 } } }
          : { data: operation === 'agentChatHospitals' ? oneHospital : null },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Unhappy' }));
    await within(log()).findByText('Thank you for your rating.');
    expect(calls.find((call) => call.operation === 'agentChatPatch')?.variables).toMatchObject({
      extension: [{ valueId: 'rating', valueInteger: 0 }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Back to menu' }));
    expect(onBackToMenu).toHaveBeenCalledTimes(1);
  });

  it('a chat no staff member took is not offered for rating', async () => {
    renderAgentChat((operation) =>
      operation === 'agentChatLatest'
        ? { data: { queryChat: [chatOf('entered_in_error', [noteOf('n1', 'patient', 'Hi', 0)])] } }
        : { data: operation === 'agentChatHospitals' ? oneHospital : null },
    );
    // Closed and not ratable: the screen starts afresh.
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('button', { name: 'Happy' })).toBeNull();
    expect(within(log()).queryByText('Hi')).toBeNull();
  });
});

describe('Chat With Hospital: typing (issue 12 §4 typing indicators)', () => {
  it('tells the staff the patient is typing in the open chat, a few seconds apart, and again after a send', async () => {
    const open = chatOf('in_progress', [noteOf('n1', 'patient', 'Hi', 0)]);
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const { calls } = renderAgentChat((operation) => {
      if (operation === 'agentChatLatest') {
        return { data: { queryChat: [open] } };
      }
      if (operation === 'agentChatTyping') {
        return { data: { chatTyping: true } };
      }
      if (operation === 'agentChatSend') {
        return {
          data: {
            sendChat: chatOf('in_progress', [...open.note, noteOf('n2', 'patient', 'Hello', 1)]),
          },
        };
      }
      return { data: operation === 'agentChatHospitals' ? oneHospital : null };
    });
    await within(log()).findByText('Hi');
    const box = screen.getByRole('textbox', { name: 'Message' });
    const typings = () => calls.filter((call) => call.operation === 'agentChatTyping');

    // Spaces alone are not typing.
    fireEvent.change(box, { target: { value: '  ' } });
    fireEvent.change(box, { target: { value: '  H' } });
    fireEvent.change(box, { target: { value: '  He' } });
    await waitFor(() => expect(typings()).toHaveLength(1));
    expect(typings()[0]?.variables).toEqual({ id: 'c-1' });
    clock += 2999;
    fireEvent.change(box, { target: { value: '  Hel' } });
    clock += 1;
    fireEvent.change(box, { target: { value: '  Hell' } });
    await waitFor(() => expect(typings()).toHaveLength(2));

    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(log()).findByText('Hello');
    fireEvent.change(box, { target: { value: 'A' } });
    await waitFor(() => expect(typings()).toHaveLength(3));
  });

  it('sends no typing before a chat exists', async () => {
    const { calls } = renderAgentChat((operation) =>
      operation === 'agentChatLatest'
        ? { data: { queryChat: [] } }
        : { data: operation === 'agentChatHospitals' ? oneHospital : null },
    );
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Hello' } });
    await waitFor(() =>
      expect(calls.some((call) => call.operation === 'agentChatHospitals')).toBe(true),
    );
    expect(calls.some((call) => call.operation === 'agentChatTyping')).toBe(false);
  });
});
