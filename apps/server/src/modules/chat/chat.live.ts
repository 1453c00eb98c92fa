import type { GraphQLContext } from '../../graphql/context.ts';

/*
 * Live updates of chats with staff, and who is online, over the app's pub/sub (in-process or Redis).
 *
 * Presence is kept in this process, without a table: an agent is online while one of their live
 * inbox subscriptions (subscribeStaffChatInbox) is open here, a patient while a subscribeChat is.
 * With several instances behind a balancer each instance knows only its own sockets (see
 * docs/api-contract.md, Chat with hospital staff).
 */

/** What is published when a chat changed, or someone is typing in it: enough to filter and read it. */
export type ChatChangedEvent = {
  id: string;
  /** Set for a typing indicator: who is typing. Nothing changed in the chat then. */
  typing?: 'patient' | 'staff';
};

/**
 * The live topic of one account's chats: the patient's subscribeChat listens here only, so another
 * account's chat ids never reach it.
 * @param tenantId - the tenant
 * @param accountId - the patient account
 */
export function accountChatTopic(tenantId: string, accountId: string): string {
  return `chat:${tenantId}:${accountId}`;
}

/**
 * The live topic of one hospital's chats (the staff inbox).
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export function staffChatTopic(tenantId: string, organizationId: string): string {
  return `staff-chat:${tenantId}:${organizationId}`;
}

type Publisher = Pick<GraphQLContext, 'publish'> & { log?: Pick<GraphQLContext['log'], 'warn'> };

/**
 * Tells the patient and the hospital's inbox that a chat changed, after the change committed; or
 * tells the other side that someone is typing. A failed publish is logged and does not undo the change.
 * @param ctx - publish and log
 * @param chat - tenant, account, hospital and id of the chat
 * @param typing - who is typing, for a typing indicator
 */
export async function publishChatChanged(
  ctx: Publisher,
  chat: { tenantId: string; accountId: string; hospitalId: string | null; id: string },
  typing?: 'patient' | 'staff',
): Promise<void> {
  const event: ChatChangedEvent = typing ? { id: chat.id, typing } : { id: chat.id };
  // A typing indicator goes to the other side only; a change to both.
  const topics: string[] = [];
  if (typing !== 'patient') {
    topics.push(accountChatTopic(chat.tenantId, chat.accountId));
  }
  if (chat.hospitalId && typing !== 'staff') {
    topics.push(staffChatTopic(chat.tenantId, chat.hospitalId));
  }
  for (const topic of topics) {
    try {
      await ctx.publish(topic, event);
    } catch (error) {
      ctx.log?.warn({ err: error, chatId: chat.id }, 'chat change not published');
    }
  }
}

const agentsOnline = new Map<string, number>();
const patientsOnline = new Map<string, number>();

function enter(map: Map<string, number>, key: string): () => boolean {
  map.set(key, (map.get(key) ?? 0) + 1);
  let left = false;
  // Returns whether this was the last one there.
  return () => {
    if (left) {
      return false;
    }
    left = true;
    const count = (map.get(key) ?? 1) - 1;
    if (count <= 0) {
      map.delete(key);
      return true;
    }
    map.set(key, count);
    return false;
  };
}

/**
 * Marks an agent of a hospital online while their live inbox is open; call the answer when it closes
 * (it answers whether no agent of the hospital is online here any more).
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export function agentOnline(tenantId: string, organizationId: string): () => boolean {
  return enter(agentsOnline, `${tenantId}:${organizationId}`);
}

/**
 * Whether an agent of the hospital has a live inbox open on this instance.
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export function isAgentOnline(tenantId: string, organizationId: string): boolean {
  return (agentsOnline.get(`${tenantId}:${organizationId}`) ?? 0) > 0;
}

/**
 * Marks a patient account as watching its chat (a live subscribeChat); call the answer when it ends.
 * @param tenantId - the tenant
 * @param accountId - the account
 */
export function patientWatching(tenantId: string, accountId: string): () => boolean {
  const leave = enter(patientsOnline, `${tenantId}:${accountId}`);
  return () => {
    patientSeen(tenantId, accountId);
    return leave();
  };
}

/** When each account was last seen in its chat here (a live subscription ending, a chat call). */
const patientsSeen = new Map<string, number>();
/** Entries older than this are dropped as new ones come (longer than any use of them). */
const SEEN_KEPT_MS = 60 * 60_000;

/**
 * Notes that the account was in its chat just now: a call of the patient's (send, typing) or the
 * end of a live subscription. A staff reply soon after does not text them (chat.sms.ts).
 * @param tenantId - the tenant
 * @param accountId - the account
 * @param now - the clock
 */
export function patientSeen(tenantId: string, accountId: string, now: Date = new Date()): void {
  const at = now.getTime();
  if (patientsSeen.size > 1000) {
    for (const [key, seen] of patientsSeen) {
      if (at - seen > SEEN_KEPT_MS) {
        patientsSeen.delete(key);
      }
    }
  }
  patientsSeen.set(`${tenantId}:${accountId}`, at);
}

/**
 * When the account was last seen in its chat on this instance, or null.
 * @param tenantId - the tenant
 * @param accountId - the account
 */
export function patientLastSeen(tenantId: string, accountId: string): Date | null {
  const at = patientsSeen.get(`${tenantId}:${accountId}`);
  return at === undefined ? null : new Date(at);
}

/** The least time between two typing events of one side of a chat that are published (ours). */
export const CHAT_TYPING_MIN_GAP_MS = 1000;

const typingSent = new Map<string, number>();

/**
 * Whether a typing event of one side of a chat is published now: at most one per
 * CHAT_TYPING_MIN_GAP_MS (the apps send one every few seconds while typing; more are dropped).
 * @param chatId - the chat
 * @param side - who is typing
 * @param now - the clock
 */
export function typingDue(chatId: string, side: 'patient' | 'staff', now: Date = new Date()): boolean {
  const key = `${chatId}:${side}`;
  const at = now.getTime();
  const last = typingSent.get(key);
  if (last !== undefined && at - last >= 0 && at - last < CHAT_TYPING_MIN_GAP_MS) {
    return false;
  }
  if (typingSent.size > 1000) {
    for (const [other, sent] of typingSent) {
      if (at - sent >= CHAT_TYPING_MIN_GAP_MS) {
        typingSent.delete(other);
      }
    }
  }
  typingSent.set(key, at);
  return true;
}

/**
 * Whether the account has a live chat subscription on this instance (else a staff reply texts them).
 * @param tenantId - the tenant
 * @param accountId - the account
 */
export function isPatientWatching(tenantId: string, accountId: string): boolean {
  return (patientsOnline.get(`${tenantId}:${accountId}`) ?? 0) > 0;
}

/**
 * Wraps a subscription's events so that `onEnd` runs once when the client stops listening or the
 * source ends (presence bookkeeping).
 * @param source - the events
 * @param onEnd - runs once at the end
 */
export function onIterationEnd<T>(source: AsyncIterableIterator<T>, onEnd: () => void): AsyncIterableIterator<T> {
  let ended = false;
  const end = (): void => {
    if (!ended) {
      ended = true;
      onEnd();
    }
  };
  const result: AsyncIterableIterator<T> = {
    async next() {
      const step = await source.next();
      if (step.done) {
        end();
      }
      return step;
    },
    async return(value?: unknown) {
      end();
      return (await source.return?.(value)) ?? { done: true, value: undefined };
    },
    async throw(error?: unknown) {
      end();
      if (source.throw) {
        return source.throw(error);
      }
      throw error;
    },
    [Symbol.asyncIterator]() {
      return result;
    },
  };
  return result;
}
