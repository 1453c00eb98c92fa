import { describe, expect, it } from 'vitest';
import type { OutboxStore } from './device-store.ts';
import { flushOutbox, itemsOf, newOutboxId, type OutboxItem, type SendOutcome } from './outbox.ts';

type Note = OutboxItem & { text: string };

function memoryOutbox(items: Note[]): OutboxStore<Note> & { items: Map<string, Note> } {
  const map = new Map(items.map((item) => [item.id, item]));
  return {
    items: map,
    all: async () => [...map.values()],
    put: async (item) => void map.set(item.id, item),
    remove: async (id) => void map.delete(id),
  };
}

const note = (id: string, owner: string, minute: number): Note => ({
  id,
  owner,
  createdAt: `2026-12-03T10:${String(minute).padStart(2, '0')}:00.000Z`,
  text: id,
});

// issue 32 §4.7: notes written offline are sent in order, once each, with their own idempotency key.
describe('the outbox', () => {
  const cases: {
    name: string;
    items: Note[];
    owner: string | null;
    // What the server does with each send, by item id, in turn.
    answers: Record<string, SendOutcome[]>;
    expected: { sentOrder: string[]; left: string[]; sent: string[]; refused: string[] };
  }[] = [
    {
      name: 'sends every item oldest first and empties the outbox',
      items: [note('b', 'me', 2), note('a', 'me', 1)],
      owner: 'me',
      answers: { a: ['sent'], b: ['sent'] },
      expected: { sentOrder: ['a', 'b'], left: [], sent: ['a', 'b'], refused: [] },
    },
    {
      name: 'no connection: stops at the first item, every item waits',
      items: [note('a', 'me', 1), note('b', 'me', 2)],
      owner: 'me',
      answers: { a: ['offline'] },
      expected: { sentOrder: ['a'], left: ['a', 'b'], sent: [], refused: [] },
    },
    {
      name: 'the connection drops midway: the sent one goes, the rest wait',
      items: [note('a', 'me', 1), note('b', 'me', 2)],
      owner: 'me',
      answers: { a: ['sent'], b: ['offline'] },
      expected: { sentOrder: ['a', 'b'], left: ['b'], sent: ['a'], refused: [] },
    },
    {
      name: 'a refused item (the chat was closed) leaves the outbox, the next is still sent',
      items: [note('a', 'me', 1), note('b', 'me', 2)],
      owner: 'me',
      answers: { a: ['refused'], b: ['sent'] },
      expected: { sentOrder: ['a', 'b'], left: [], sent: ['b'], refused: ['a'] },
    },
    {
      name: "another account's items are dropped unsent",
      items: [note('a', 'someone-else', 1), note('b', 'me', 2)],
      owner: 'me',
      answers: { b: ['sent'] },
      expected: { sentOrder: ['b'], left: [], sent: ['b'], refused: [] },
    },
    {
      name: 'signed out: nothing is sent',
      items: [note('a', 'me', 1)],
      owner: null,
      answers: {},
      expected: { sentOrder: [], left: [], sent: [], refused: [] },
    },
  ];

  it.each(cases)('$name', async ({ items, owner, answers, expected }) => {
    const store = memoryOutbox(items);
    const asked: string[] = [];
    const result = await flushOutbox(store, owner, async (item) => {
      asked.push(item.id);
      return answers[item.id]?.shift() ?? 'offline';
    });
    expect(asked).toEqual(expected.sentOrder);
    expect([...store.items.keys()].sort()).toEqual(expected.left);
    expect(result.sent.map((item) => item.id)).toEqual(expected.sent);
    expect(result.refused.map((item) => item.id)).toEqual(expected.refused);
  });

  it('two flushes at once send each item once, and a resend keeps the same idempotency key', async () => {
    const store = memoryOutbox([note('a', 'me', 1)]);
    const keys: string[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = async (item: Note): Promise<SendOutcome> => {
      keys.push(item.id);
      await slow;
      // The first answer is lost: the item stays and goes again with the same id.
      return keys.length === 1 ? 'offline' : 'sent';
    };
    const first = flushOutbox(store, 'me', send);
    const second = flushOutbox(store, 'me', send);
    release();
    await Promise.all([first, second]);
    expect(keys).toEqual(['a', 'a']);
    expect(store.items.size).toBe(0);
  });

  it('lists only the owner’s items, oldest first, and makes keys the server accepts', () => {
    expect(itemsOf([note('b', 'me', 2), note('x', 'other', 0), note('a', 'me', 1)], 'me').map((item) => item.id)).toEqual(['a', 'b']);
    expect(itemsOf([note('a', 'me', 1)], null)).toEqual([]);
    expect(newOutboxId(() => '7f3c0d6e-1b2a-4c5d-8e9f-001122334455')).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });
});
