import type { GraphQLContext } from '../../graphql/context.ts';
import type { Presence, PresenceHold } from '../../providers/presence/presence.ts';

/*
 * Live updates of chats with staff, and who is online, over the app's pub/sub (in-process or Redis).
 *
 * Presence is kept without a table (providers/presence): an agent is online while one of their live
 * inbox subscriptions (subscribeStaffChatInbox) is open, a patient while a subscribeChat is. With
 * REDIS_URL set every instance behind a balancer sees the sockets of all; without it, the one
 * instance knows its own.
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

/** Presence keys: an agent of a hospital, a patient account, and a chat side's typing throttle. */
const agentKey = (tenantId: string, organizationId: string): string => `chat-agent:${tenantId}:${organizationId}`;
const patientKey = (tenantId: string, accountId: string): string => `chat-patient:${tenantId}:${accountId}`;

/**
 * Marks an agent of a hospital online while their live inbox is open; leave() when it closes (it
 * answers whether no agent of the hospital is online anywhere any more).
 * @param presence - the app's presence (shared by every instance through Redis when set)
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export function agentOnline(presence: Presence, tenantId: string, organizationId: string): PresenceHold {
  return presence.hold(agentKey(tenantId, organizationId));
}

/**
 * Whether an agent of the hospital has a live inbox open, on any instance.
 * @param presence - the app's presence
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export function isAgentOnline(presence: Presence, tenantId: string, organizationId: string): Promise<boolean> {
  return presence.held(agentKey(tenantId, organizationId));
}

/**
 * Marks a patient account as watching its chat (a live subscribeChat); leave() when it ends, which
 * also notes the account as seen just then.
 * @param presence - the app's presence
 * @param tenantId - the tenant
 * @param accountId - the account
 */
export function patientWatching(presence: Presence, tenantId: string, accountId: string): PresenceHold {
  const hold = presence.hold(patientKey(tenantId, accountId));
  return {
    leave: async () => {
      await patientSeen(presence, tenantId, accountId);
      return hold.leave();
    },
  };
}

/**
 * Notes that the account was in its chat just now: a call of the patient's (send, typing) or the
 * end of a live subscription. A staff reply soon after does not text them (chat.sms.ts).
 * @param presence - the app's presence
 * @param tenantId - the tenant
 * @param accountId - the account
 * @param now - the clock
 */
export function patientSeen(presence: Presence, tenantId: string, accountId: string, now: Date = new Date()): Promise<void> {
  return presence.see(patientKey(tenantId, accountId), now);
}

/**
 * When the account was last seen in its chat, on any instance, or null.
 * @param presence - the app's presence
 * @param tenantId - the tenant
 * @param accountId - the account
 */
export function patientLastSeen(presence: Presence, tenantId: string, accountId: string): Promise<Date | null> {
  return presence.lastSeen(patientKey(tenantId, accountId));
}

/** The least time between two typing events of one side of a chat that are published (ours). */
export const CHAT_TYPING_MIN_GAP_MS = 1000;

/**
 * Whether a typing event of one side of a chat is published now: at most one per
 * CHAT_TYPING_MIN_GAP_MS across instances (the apps send one every few seconds while typing; more
 * are dropped).
 * @param presence - the app's presence
 * @param chatId - the chat
 * @param side - who is typing
 * @param now - the clock
 */
export function typingDue(presence: Presence, chatId: string, side: 'patient' | 'staff', now: Date = new Date()): Promise<boolean> {
  return presence.due(`chat-typing:${chatId}:${side}`, CHAT_TYPING_MIN_GAP_MS, now);
}

/**
 * Whether the account has a live chat subscription on any instance (else a staff reply texts them).
 * @param presence - the app's presence
 * @param tenantId - the tenant
 * @param accountId - the account
 */
export function isPatientWatching(presence: Presence, tenantId: string, accountId: string): Promise<boolean> {
  return presence.held(patientKey(tenantId, accountId));
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
