import { describe, expect, it } from 'vitest';
import type { OutboxStore } from './device-store.ts';
import type { OutboxItem } from './outbox.ts';
import { onOutboxFlushed, sendOutbox, sendOutboxWhenOnline, type OutboxFlushed, type SendAnswer } from './outbox-sender.ts';

function memoryOutbox(items: OutboxItem[]): OutboxStore<OutboxItem> & { items: Map<string, OutboxItem> } {
  const map = new Map(items.map((item) => [item.id, item]));
  return {
    items: map,
    all: async () => [...map.values()],
    put: async (item) => void map.set(item.id, item),
    remove: async (id) => void map.delete(id),
  };
}

const item = (id: string, minute: number): OutboxItem => ({ id, owner: 'me', createdAt: `2026-12-03T10:0${minute}:00.000Z` });

/** A window whose connection the test sets, with its online listeners. */
function fakeWindow(onLine: boolean) {
  const listeners = new Set<() => void>();
  return {
    navigator: { onLine },
    listeners,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    goOnline() {
      this.navigator.onLine = true;
      listeners.forEach((listener) => listener());
    },
  };
}

// issue 32 §4.7: one sender for the whole app sends what was written offline when the connection is back.
describe('the app-wide outbox sender', () => {
  it('sends each item once and tells every listener what went and what the server refused', async () => {
    const store = memoryOutbox([item('a', 1), item('b', 2)]);
    const told: OutboxFlushed[] = [];
    const stop = onOutboxFlushed((flushed) => told.push(flushed));
    const answers: Record<string, SendAnswer> = { a: { outcome: 'sent' }, b: { outcome: 'refused', problem: 'The chat was closed' } };
    const asked: string[] = [];
    await sendOutbox('me', async (next) => (asked.push(next.id), answers[next.id] ?? { outcome: 'offline' }), store);
    stop();
    // Nothing left: a second pass sends nothing and tells nobody.
    await sendOutbox('me', async (next) => (asked.push(next.id), { outcome: 'sent' }), store);
    expect(asked).toEqual(['a', 'b']);
    expect(told).toHaveLength(1);
    expect(told[0]?.sent.map((sent) => sent.id)).toEqual(['a']);
    expect(told[0]?.refused.map((refused) => refused.id)).toEqual(['b']);
    expect([...(told[0]?.problems ?? new Map<string, string>())]).toEqual([['b', 'The chat was closed']]);
  });

  it('sends nothing when signed out or with no store', async () => {
    const store = memoryOutbox([item('a', 1)]);
    const asked: string[] = [];
    expect(await sendOutbox(null, async (next) => (asked.push(next.id), { outcome: 'sent' }), store)).toBeNull();
    expect(await sendOutbox('me', async (next) => (asked.push(next.id), { outcome: 'sent' }), null)).toBeNull();
    expect(asked).toEqual([]);
    expect(store.items.size).toBe(1);
  });

  it.each([
    { name: 'online at start: sends at once, and again on each online event', onLine: true, expected: [1, 2] },
    { name: 'offline at start: waits for the online event', onLine: false, expected: [0, 1] },
  ])('$name', ({ onLine, expected }) => {
    const win = fakeWindow(onLine);
    let passes = 0;
    const stop = sendOutboxWhenOnline(win, async () => {
      passes += 1;
    });
    const atStart = passes;
    win.goOnline();
    expect([atStart, passes]).toEqual(expected);
    stop();
    win.goOnline();
    expect(passes).toBe(expected[1]);
    expect(win.listeners.size).toBe(0);
  });
});
