import type { Client } from 'urql';
import { errorText, isNoConnection } from '@careline/ui/graphql';
import type { OutboxItem } from '../../../lib/offline/outbox.ts';
import type { SendAnswer } from '../../../lib/offline/outbox-sender.ts';
import { sendChatMutation } from './agent-chat-documents.ts';

/** A note written with no connection, waiting in the outbox (issue 32 §4.7). */
export type ChatOutboxItem = OutboxItem & { kind: 'chat'; chatId: string; message: string; authorRef: string | null; text: string };

/**
 * Whether an outbox item is a chat note.
 * @param item - an item of the outbox
 */
export function isChatOutboxItem(item: OutboxItem): item is ChatOutboxItem {
  const note = item as Partial<ChatOutboxItem>;
  return note.kind === 'chat' && typeof note.chatId === 'string' && typeof note.message === 'string';
}

/**
 * Sends a waiting chat note (spec doc 1 §7 sendChat) with the item's id as its idempotency key, so a
 * resend after a lost answer is stored once.
 * @param client - the GraphQL client
 * @param item - the note
 */
export async function sendChatOutboxItem(client: Client, item: ChatOutboxItem): Promise<SendAnswer> {
  const result = await client
    .mutation(sendChatMutation, { id: item.chatId, message: item.message, authorRef: item.authorRef, idempotencyKey: item.id })
    .toPromise();
  if (result.data) {
    return { outcome: 'sent' };
  }
  if (isNoConnection(result.error)) {
    return { outcome: 'offline' };
  }
  return { outcome: 'refused', problem: result.error ? errorText(result.error) : null };
}
