import type { OutboxStore } from './device-store.ts';

/** Something written offline, waiting to be sent (issue 32 §4.7). */
export type OutboxItem = {
  /** Also the idempotency key the server sees on every send of this item. */
  id: string;
  /** Whose item it is (ownerOf the session it was written in). */
  owner: string;
  /** When it was written (ISO); items go in this order. */
  createdAt: string;
};

/** What one send attempt came to: sent, no connection (try again later), or refused by the server. */
export type SendOutcome = 'sent' | 'offline' | 'refused';

/**
 * A new item's id: an idempotency key the server accepts (8 to 100 of A-Z a-z 0-9 _ . : -).
 * @param random - a source of unique ids
 */
export function newOutboxId(random: () => string = () => crypto.randomUUID()): string {
  return `outbox-${random()}`;
}

/**
 * The owner's items, oldest first.
 * @param items - the outbox
 * @param owner - whose items
 */
export function itemsOf<T extends OutboxItem>(items: T[], owner: string | null): T[] {
  return items
    .filter((item) => owner !== null && item.owner === owner)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
}

// One flush at a time per page: an online event and a screen opening must not send side by side.
let running: Promise<unknown> | null = null;

/**
 * Sends the owner's items in order, each with its own id as the idempotency key, so a resend after a lost
 * answer is stored once. A sent or refused item leaves the outbox; on no connection the rest wait. Another
 * owner's items (an account signed in before) are dropped unsent.
 * @param store - the outbox
 * @param owner - the account signed in now (null: nothing is sent)
 * @param send - sends one item
 */
export async function flushOutbox<T extends OutboxItem>(
  store: OutboxStore<T>,
  owner: string | null,
  send: (item: T) => Promise<SendOutcome>,
): Promise<{ sent: T[]; refused: T[] }> {
  while (running) {
    await running.catch(() => undefined);
  }
  const work = (async () => {
    const sent: T[] = [];
    const refused: T[] = [];
    const all = await store.all();
    for (const item of all) {
      if (item.owner !== owner) {
        await store.remove(item.id);
      }
    }
    for (const item of itemsOf(all, owner)) {
      const outcome = await send(item);
      if (outcome === 'offline') {
        break;
      }
      await store.remove(item.id);
      (outcome === 'sent' ? sent : refused).push(item);
    }
    return { sent, refused };
  })();
  running = work;
  try {
    return await work;
  } finally {
    running = null;
  }
}
