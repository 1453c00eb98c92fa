import { describe, expect, it } from 'vitest';
import {
  chatActions,
  chatImageBlobId,
  chatImageRefusal,
  mergeLiveChat,
  noteAuthor,
  noteTime,
  queueOfChat,
  replyKeyAction,
  typingEventDue,
  waitingMinutes,
  type InboxChat,
} from './chat-rules.ts';

const chat = (
  id: string,
  status: string,
  createdTime: string,
  extra: Partial<InboxChat> = {},
): InboxChat => ({
  id,
  assignedToMe: false,
  patient: { id: `p-${id}`, name: `Patient ${id}` },
  chat: { id, status, createdTime, unreadCount: 0 },
  ...extra,
});

describe('queueOfChat (spec doc 1 §4 Chat session with staff)', () => {
  it.each([
    ['preparation', 'WAITING'],
    ['suspended', 'WAITING'],
    ['in_progress', 'ACTIVE'],
    ['completed', null],
    ['entered_in_error', null],
    ['something-new', null],
  ] as const)('%s is in %s', (status, queue) => {
    expect(queueOfChat(status)).toBe(queue);
  });
});

describe('mergeLiveChat', () => {
  const a = chat('a', 'preparation', '2026-11-24T04:00:00Z');
  const b = chat('b', 'suspended', '2026-11-24T05:00:00Z');

  it('adds a new waiting chat in order, longest waiting first', () => {
    const early = chat('c', 'preparation', '2026-11-24T04:30:00Z');
    const merged = mergeLiveChat([a, b], early, 'WAITING', false);
    expect(merged.rows.map((row) => row.id)).toEqual(['a', 'c', 'b']);
    expect(merged.change).toBe('added');
  });

  it('leaves a newer chat for Load more while pages are unread', () => {
    const late = chat('z', 'preparation', '2026-11-24T09:00:00Z');
    expect(mergeLiveChat([a, b], late, 'WAITING', true)).toEqual({ rows: [a, b], change: null });
  });

  it('takes a chat off the waiting queue once taken, and adds it to the active one', () => {
    const taken = chat('a', 'in_progress', '2026-11-24T04:00:00Z', { assignedToMe: true });
    expect(mergeLiveChat([a, b], taken, 'WAITING', false)).toEqual({ rows: [b], change: 'left' });
    expect(mergeLiveChat([], taken, 'ACTIVE', false)).toEqual({ rows: [taken], change: 'added' });
  });

  it('updates a chat in place (a new message), and drops a closed one', () => {
    const message = chat('b', 'suspended', '2026-11-24T05:00:00Z', {});
    message.chat.unreadCount = 2;
    expect(mergeLiveChat([a, b], message, 'WAITING', false)).toEqual({
      rows: [a, message],
      change: 'updated',
    });
    const closed = chat('a', 'entered_in_error', '2026-11-24T04:00:00Z');
    expect(mergeLiveChat([a, b], closed, 'WAITING', false)).toEqual({ rows: [b], change: 'left' });
    expect(mergeLiveChat([b], closed, 'WAITING', false)).toEqual({ rows: [b], change: null });
  });
});

describe('chatActions', () => {
  it.each([
    [
      'preparation',
      false,
      null,
      true,
      { take: true, reply: true, close: true, takenByColleague: false },
    ],
    [
      'suspended',
      false,
      null,
      true,
      { take: true, reply: true, close: true, takenByColleague: false },
    ],
    [
      'in_progress',
      true,
      's1',
      true,
      { take: false, reply: true, close: true, takenByColleague: false },
    ],
    [
      'in_progress',
      false,
      's2',
      true,
      { take: false, reply: false, close: false, takenByColleague: true },
    ],
    [
      'completed',
      true,
      's1',
      true,
      { take: false, reply: false, close: false, takenByColleague: false },
    ],
    [
      'entered_in_error',
      false,
      null,
      true,
      { take: false, reply: false, close: false, takenByColleague: false },
    ],
    [
      'preparation',
      false,
      null,
      false,
      { take: false, reply: false, close: false, takenByColleague: false },
    ],
  ] as const)(
    '%s, mine %s (%s), may work %s',
    (status, assignedToMe, assignedStaffUserId, mayWork, expected) => {
      expect(chatActions({ status, assignedToMe, assignedStaffUserId }, mayWork)).toEqual(expected);
    },
  );
});

describe('notes', () => {
  it('tells the patient, this member and other staff apart', () => {
    expect(noteAuthor('Patient/p1', 's1')).toBe('patient');
    expect(noteAuthor('User/s1', 's1')).toBe('me');
    expect(noteAuthor('User/s2', 's1')).toBe('staff');
    expect(noteAuthor('User/s1', null)).toBe('staff');
  });

  it('reads the image id from /blob/get/{id} only', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(chatImageBlobId(`/blob/get/${id}`)).toBe(id);
    expect(chatImageBlobId('javascript:alert(1)')).toBeNull();
    expect(chatImageBlobId(`https://evil.example/blob/get/${id}`)).toBeNull();
    expect(chatImageBlobId(null)).toBeNull();
  });

  it('shows the clock for today and the date before (hospital time, UTC+05:30)', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(noteTime('2026-11-24T04:00:00Z', now)).toBe('09:30');
    expect(noteTime('2026-11-23T04:00:00Z', now)).toBe('2026-11-23 09:30');
  });

  it('counts whole minutes waited, never negative', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(waitingMinutes('2026-11-24T09:47:30Z', now)).toBe(12);
    expect(waitingMinutes('2026-11-24T10:05:00Z', now)).toBe(0);
    expect(waitingMinutes('not a time', now)).toBe(0);
  });
});

describe('the reply box', () => {
  it.each([
    [{ key: 'Enter', shiftKey: false }, 'send'],
    [{ key: 'Enter', shiftKey: true }, 'newline'],
    [{ key: 'Enter', shiftKey: false, isComposing: true }, 'newline'],
    [{ key: 'a', shiftKey: false }, null],
  ] as const)('%o: %s', (event, action) => {
    expect(replyKeyAction(event)).toBe(action);
  });

  it('sends a typing event for typed text, at most every 3 seconds', () => {
    expect(typingEventDue(null, 1000, 'H')).toBe(true);
    expect(typingEventDue(1000, 3999, 'He')).toBe(false);
    expect(typingEventDue(1000, 4000, 'Hel')).toBe(true);
    expect(typingEventDue(null, 1000, '   ')).toBe(false);
  });

  it('refuses anything but an image, an empty file and one too large', () => {
    expect(chatImageRefusal({ size: 100, type: 'image/png' }, 1000)).toBeNull();
    expect(chatImageRefusal({ size: 100, type: 'application/pdf' }, 1000)).toBe('ARO-E8010');
    expect(chatImageRefusal({ size: 0, type: 'image/jpeg' }, 1000)).toBe('ARO-E3001');
    expect(chatImageRefusal({ size: 1001, type: 'image/jpeg' }, 1000)).toBe('ARO-E3003');
  });
});
