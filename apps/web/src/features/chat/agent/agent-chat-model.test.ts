import { describe, expect, it } from 'vitest';
import { CHAT_OUR_TEXTS, CHAT_SPEC_TEXTS, STAFF_CHAT_STATUSES } from '@careline/domain/chat-flow';
import { createI18n, translate } from '@careline/i18n/core';
import type { AgentChatData, AgentChatNote } from './agent-chat-documents.ts';
import {
  chatStatusOf,
  encodePatientNote,
  imagePathOf,
  isChatOpen,
  newerChat,
  openingOf,
  PATIENT_TYPING_SEND_EVERY_MS,
  patientTypingDue,
  resumePointOf,
  statusLineOf,
  streamOf,
} from './agent-chat-model.ts';
import { chatImageProblem } from './agent-chat-upload.ts';

const BLOB = '0b7f5c7e-3a52-4f1e-9a43-2f0f6f8c1d2e';

function decode(payload: string): unknown {
  const bytes = Uint8Array.from(atob(payload), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

function note(
  id: string,
  authorRef: string,
  message: string | null,
  timestamp: string,
  imageUrl: string | null = null,
): AgentChatNote {
  return {
    id,
    kind: imageUrl ? 'documentUpload' : 'message',
    authorRef,
    message,
    timestamp,
    extensions: { event: null, imageUrl, description: null },
  };
}

function chat(overrides: Partial<AgentChatData> = {}): AgentChatData {
  return {
    id: 'c-1',
    status: 'preparation',
    statusText: null,
    createdTime: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    hospitalId: 'h-1',
    patientId: 'p-me',
    rating: null,
    typing: null,
    note: [],
    ...overrides,
  };
}

describe('the patient’s chat notes (spec doc 1 §3: base64 JSON with authorRef, message, timestamp, extensions)', () => {
  it('encodes a text in UTF-8, markup and Sinhala kept as typed', () => {
    const payload = encodePatientNote({
      patientId: 'p-me',
      message: '<img src=x onerror=alert(1)> ආයුබෝවන්',
      hospitalId: 'h-1',
      now: new Date('2026-11-24T10:00:00.000Z'),
    });
    expect(payload).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decode(payload)).toEqual({
      authorRef: 'Patient/p-me',
      message: '<img src=x onerror=alert(1)> ආයුබෝවන්',
      timestamp: '2026-11-24T10:00:00.000Z',
      extensions: { hospitalId: 'h-1' },
    });
  });

  it('names an image by its blob id', () => {
    expect(
      decode(encodePatientNote({ patientId: 'p-me', imageBlobId: BLOB, now: new Date(0) })),
    ).toEqual({
      authorRef: 'Patient/p-me',
      message: null,
      timestamp: '1970-01-01T00:00:00.000Z',
      extensions: { imageUrl: BLOB },
    });
  });
});

describe('the stream', () => {
  it('orders notes oldest first and tells the patient’s from the staff’s', () => {
    const items = streamOf([
      note('n2', 'User/u-1', 'Hello, how can we help?', '2026-11-24T10:01:00.000Z'),
      note('n1', 'Patient/p-me', 'Hi', '2026-11-24T10:00:00.000Z'),
      note('n3', 'Patient/p-me', null, '2026-11-24T10:02:00.000Z', `/blob/get/${BLOB}`),
    ]);
    expect(items.map((item) => [item.id, item.author, item.text, item.imagePath])).toEqual([
      ['n1', 'patient', 'Hi', null],
      ['n2', 'staff', 'Hello, how can we help?', null],
      ['n3', 'patient', null, `/blob/get/${BLOB}`],
    ]);
  });

  it('fetches images only from the blob service', () => {
    expect(imagePathOf(`/blob/get/${BLOB}`)).toBe(`/blob/get/${BLOB}`);
    expect(imagePathOf('https://evil.example/x.png')).toBeNull();
    expect(imagePathOf('javascript:alert(1)')).toBeNull();
    expect(imagePathOf(`/blob/get/${BLOB}/../../graphql`)).toBeNull();
    expect(imagePathOf(null)).toBeNull();
  });
});

describe('statuses (spec doc 1 §4 Chat session with staff)', () => {
  it('shows the spec’s words for preparation and suspended', () => {
    const i18n = createI18n();
    expect(translate(i18n, statusLineOf('preparation').key)).toBe(
      CHAT_SPEC_TEXTS.connectingToHospitalStaff,
    );
    expect(translate(i18n, statusLineOf('suspended').key)).toBe(CHAT_SPEC_TEXTS.allStaffBusy);
    const lines = STAFF_CHAT_STATUSES.map((status) => translate(i18n, statusLineOf(status).key));
    expect(new Set(lines).size).toBe(STAFF_CHAT_STATUSES.length);
  });

  it('says the spec’s and the chat flow’s words exactly (spec doc 1 §2, §8; packages/domain chat-flow texts)', () => {
    const i18n = createI18n();
    expect(translate(i18n, 'chat.agent.loadingImage')).toBe(CHAT_SPEC_TEXTS.loadingImage);
    expect(translate(i18n, 'chat.agent.imageFailed')).toBe(CHAT_SPEC_TEXTS.imageFailed);
    expect(translate(i18n, 'chat.agent.uploadFailed')).toBe(CHAT_SPEC_TEXTS.uploadFailed);
    expect(translate(i18n, 'chat.agent.intro')).toBe(CHAT_OUR_TEXTS.agentChat);
    expect(translate(i18n, 'chat.agent.endChat')).toBe(CHAT_OUR_TEXTS.endChat);
  });

  it('treats an unknown status as closed', () => {
    expect(chatStatusOf('in_progress')).toBe('in_progress');
    expect(chatStatusOf('archived')).toBe('entered_in_error');
    expect(isChatOpen(chat({ status: 'suspended' }))).toBe(true);
    expect(isChatOpen(chat({ status: 'completed' }))).toBe(false);
    expect(isChatOpen(null)).toBe(false);
  });

  it('resumes an open chat, asks to rate a completed one, else starts afresh', () => {
    expect(openingOf(null)).toBe('new');
    expect(openingOf(chat({ status: 'preparation' }))).toBe('resume');
    expect(openingOf(chat({ status: 'in_progress' }))).toBe('resume');
    expect(openingOf(chat({ status: 'suspended' }))).toBe('resume');
    expect(openingOf(chat({ status: 'completed' }))).toBe('rate');
    expect(openingOf(chat({ status: 'completed', rating: 1 }))).toBe('new');
    expect(openingOf(chat({ status: 'entered_in_error' }))).toBe('new');
  });
});

describe('newerChat', () => {
  const one = note('n1', 'Patient/p-me', 'Hi', '2026-11-24T10:00:00.000Z');
  const two = note('n2', 'User/u-1', 'Hello', '2026-11-24T10:01:00.000Z');

  it('never lets a late answer with fewer notes or an older change replace a newer one', () => {
    const newer = chat({ note: [one, two], updatedAt: '2026-11-24T10:01:00.000Z' });
    expect(newerChat(newer, chat({ note: [one] }))).toBe(newer);
    const taken = chat({
      status: 'in_progress',
      note: [one],
      updatedAt: '2026-11-24T10:02:00.000Z',
    });
    expect(newerChat(taken, chat({ note: [one], updatedAt: '2026-11-24T10:00:00.000Z' }))).toBe(
      taken,
    );
    expect(newerChat(chat({ note: [one] }), newer)).toBe(newer);
  });

  it('takes another chat as it comes (a new chat started)', () => {
    const other = chat({ id: 'c-2' });
    expect(newerChat(chat({ note: [one, two] }), other)).toBe(other);
    expect(newerChat(null, other)).toBe(other);
  });
});

describe('chat images (spec doc 1 §7 Blob storage)', () => {
  it('takes images only, up to the upload limit', () => {
    expect(chatImageProblem({ type: 'image/jpeg', size: 2_000_000 })).toBeNull();
    expect(chatImageProblem({ type: 'application/pdf', size: 1000 })).toBe('notImage');
    expect(chatImageProblem({ type: 'image/png', size: 11 * 1024 * 1024 })).toBe('tooLarge');
  });
});

describe('patientTypingDue', () => {
  it('announces typed text at most once per few seconds, never blank text', () => {
    expect(patientTypingDue(null, 1000, '   ')).toBe(false);
    expect(patientTypingDue(null, 1000, 'H')).toBe(true);
    expect(patientTypingDue(1000, 1000 + PATIENT_TYPING_SEND_EVERY_MS - 1, 'Hi')).toBe(false);
    expect(patientTypingDue(1000, 1000 + PATIENT_TYPING_SEND_EVERY_MS, 'Hi')).toBe(true);
  });
});

describe('where the live chat resumes (issue 29 §9)', () => {
  const chat = (id: string, notes: string[]) => ({
    id,
    note: notes.map((noteId) => ({
      id: noteId,
      kind: 'message',
      authorRef: 'Patient/p-1',
      message: 'Hi',
      timestamp: '2026-11-24T10:00:00.000Z',
      extensions: { event: null, imageUrl: null, description: null },
    })),
  });

  it('starts after the newest note the screen holds, and keeps it while the chat stays the same', () => {
    const first = resumePointOf(null, chat('c-1', ['n1']));
    expect(first).toEqual({ chatId: 'c-1', after: 'n1' });
    expect(resumePointOf(first, chat('c-1', ['n1', 'n2']))).toBe(first);
    expect(resumePointOf(first, chat('c-2', ['m1', 'm2']))).toEqual({ chatId: 'c-2', after: 'm2' });
    expect(resumePointOf(first, null)).toBeNull();
    expect(resumePointOf(null, chat('c-3', []))).toEqual({ chatId: 'c-3', after: null });
  });
});
