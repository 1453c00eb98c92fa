import { deviceOutboxStore, type OutboxStore } from './device-store.ts';
import { flushOutbox, type OutboxItem, type SendOutcome } from './outbox.ts';

/** One send of an item: its outcome and, when the server refused it, the text to show. */
export type SendAnswer = { outcome: SendOutcome; problem?: string | null };

/** What one pass over the outbox sent, and what the server refused (with its text, by item id). */
export type OutboxFlushed = { sent: OutboxItem[]; refused: OutboxItem[]; problems: Map<string, string> };

const listeners = new Set<(flushed: OutboxFlushed) => void>();

/**
 * Calls the listener after every pass that sent or dropped something, wherever it was sent from (a
 * screen that shows what waits reads the outbox again).
 * @param listener - told what went
 */
export function onOutboxFlushed(listener: (flushed: OutboxFlushed) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Sends what waits in the outbox for this account (issue 32 §4.7), in order and once each (outbox.ts:
 * one pass at a time per page, each item's id its idempotency key), then tells the listeners.
 * @param owner - the account signed in now (ownerOf), null: nothing is sent
 * @param send - sends one item
 * @param store - the outbox (the device's by default)
 */
export async function sendOutbox(
  owner: string | null,
  send: (item: OutboxItem) => Promise<SendAnswer>,
  store: OutboxStore<OutboxItem> | null = deviceOutboxStore<OutboxItem>(),
): Promise<OutboxFlushed | null> {
  if (store === null || owner === null) {
    return null;
  }
  const problems = new Map<string, string>();
  const { sent, refused } = await flushOutbox(store, owner, async (item) => {
    const answer = await send(item);
    if (answer.problem) {
      problems.set(item.id, answer.problem);
    }
    return answer.outcome;
  });
  const flushed = { sent, refused, problems };
  if (sent.length > 0 || refused.length > 0) {
    listeners.forEach((listener) => listener(flushed));
  }
  return flushed;
}

/** The part of a window the sender follows: its connection and online events. */
export type ConnectionWindow = {
  navigator: { onLine: boolean };
  addEventListener: (type: 'online', listener: () => void) => void;
  removeEventListener: (type: 'online', listener: () => void) => void;
};

/**
 * The app-wide sender: sends the outbox now and whenever the connection comes back, wherever the
 * patient is in the app. Returns the stop.
 * @param win - the window whose online events to follow
 * @param flush - one pass over the outbox
 */
export function sendOutboxWhenOnline(win: ConnectionWindow, flush: () => Promise<unknown>): () => void {
  const now = () => {
    if (win.navigator.onLine) {
      flush().catch(() => undefined);
    }
  };
  now();
  win.addEventListener('online', now);
  return () => win.removeEventListener('online', now);
}
