import {
  STAFF_CHAT_STATUSES,
  isStaffChatOpen,
  type StaffChatStatus,
} from '@careline/domain/chat-flow';
import { hospitalClock, hospitalDayOf } from '../../lib/hospital-time.ts';

// The console's rules for the chat inbox. The chat's rules themselves (statuses, who may take, reply
// or close) are the domain's and the server's; these decide where a chat shows and what the screen
// offers.

/** A queue of the inbox (the server's StaffChatQueue). */
export type ChatQueue = 'WAITING' | 'ACTIVE';

/** The queues in the order they show. */
export const CHAT_QUEUES: readonly ChatQueue[] = ['WAITING', 'ACTIVE'];

/** Chats per page of a queue. */
export const CHAT_INBOX_PAGE_SIZE = 20;

/** How long a typing indicator shows after the last typing event (ours). */
export const CHAT_TYPING_SHOWN_MS = 6000;

/** The least time between two typing events this member sends (ours). */
export const CHAT_TYPING_SEND_EVERY_MS = 3000;

/** Longest reply (the server's CHAT_MESSAGE_MAX). */
export const CHAT_REPLY_MAX = 2000;

/** Longest image description (the server's CHAT_DESCRIPTION_MAX). */
export const CHAT_DESCRIPTION_MAX = 500;

/** What the inbox needs of a chat. */
export type InboxChat = {
  id: string;
  assignedStaffUserId?: string | null;
  assignedToMe: boolean;
  patient?: { id: string; name: string; mobileNo?: string | null } | null;
  chat: {
    id: string;
    status: string;
    createdTime: string;
    updatedAt?: string;
    unreadCount: number;
    typing?: string | null;
  };
};

/**
 * Whether a text is one of the chat statuses.
 * @param status - the server's status
 */
export function isChatStatus(status: string): status is StaffChatStatus {
  return (STAFF_CHAT_STATUSES as readonly string[]).includes(status);
}

/**
 * The queue a chat is in, as the server files it: WAITING in preparation or suspended, ACTIVE in
 * progress, none once closed (completed, entered_in_error).
 * @param status - the chat's status
 */
export function queueOfChat(status: string): ChatQueue | null {
  if (!isChatStatus(status) || !isStaffChatOpen(status)) {
    return null;
  }
  return status === 'in_progress' ? 'ACTIVE' : 'WAITING';
}

/** What a live delivery did to the queue on show. */
export type ChatListChange = 'added' | 'updated' | 'left' | null;

/**
 * A live chat merged into one queue's rows, longest waiting first (the server's order: created
 * time, then id). A chat that has left the queue is taken off; one that joins is added in its place,
 * unless more pages are still unread and it would sort after them (Load more brings it).
 * @param rows - the queue's rows on show
 * @param incoming - the chat after its change
 * @param queue - the queue on show
 * @param hasMore - whether more pages are still unread
 */
export function mergeLiveChat<Row extends InboxChat>(
  rows: readonly Row[],
  incoming: Row,
  queue: ChatQueue,
  hasMore: boolean,
): { rows: Row[]; change: ChatListChange } {
  const index = rows.findIndex((row) => row.id === incoming.id);
  const belongs = queueOfChat(incoming.chat.status) === queue;
  if (index >= 0) {
    if (!belongs) {
      return { rows: rows.filter((row) => row.id !== incoming.id), change: 'left' };
    }
    const next = [...rows];
    next[index] = incoming;
    return { rows: next, change: 'updated' };
  }
  if (!belongs) {
    return { rows: [...rows], change: null };
  }
  const sorted = [...rows, incoming].sort(compareWaiting);
  if (hasMore && sorted.at(-1)?.id === incoming.id) {
    return { rows: [...rows], change: null };
  }
  return { rows: sorted, change: 'added' };
}

function compareWaiting(a: InboxChat, b: InboxChat): number {
  const byTime = Date.parse(a.chat.createdTime) - Date.parse(b.chat.createdTime);
  return byTime !== 0 ? byTime : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Whole minutes since a chat started, never negative.
 * @param createdTime - when the chat started (ISO)
 * @param now - the clock
 */
export function waitingMinutes(createdTime: string, now: Date): number {
  const started = Date.parse(createdTime);
  if (Number.isNaN(started)) {
    return 0;
  }
  return Math.max(0, Math.floor((now.getTime() - started) / 60_000));
}

/**
 * What the member may do with a chat: take a waiting one; reply to a waiting one (the reply takes
 * it) or to one they took; close an open one that is not another member's. The server checks again.
 * @param chat - the chat's status and whether it is assigned to this member (and to anyone)
 * @param mayWork - whether the member holds the chat.work policy here
 */
export function chatActions(
  chat: { status: string; assignedToMe: boolean; assignedStaffUserId?: string | null },
  mayWork: boolean,
): { take: boolean; reply: boolean; close: boolean; takenByColleague: boolean } {
  const queue = queueOfChat(chat.status);
  const takenByColleague = queue === 'ACTIVE' && !chat.assignedToMe;
  const open = queue !== null;
  return {
    take: mayWork && queue === 'WAITING',
    reply: mayWork && open && !takenByColleague,
    close: mayWork && open && !takenByColleague,
    takenByColleague,
  };
}

/**
 * Who wrote a note: the patient ('Patient/{id}'), this member, or another member of staff.
 * @param authorRef - the note's author reference
 * @param staffUserId - the signed-in member's id
 */
export function noteAuthor(
  authorRef: string,
  staffUserId: string | null,
): 'patient' | 'me' | 'staff' {
  if (authorRef.startsWith('Patient/')) {
    return 'patient';
  }
  return staffUserId !== null && authorRef === `User/${staffUserId}` ? 'me' : 'staff';
}

/**
 * The stored image's id from a note's imageUrl ('/blob/get/{id}'), or null.
 * @param imageUrl - the note's extensions.imageUrl
 */
export function chatImageBlobId(imageUrl: string | null | undefined): string | null {
  const match = /^\/blob\/get\/([0-9a-f-]{36})$/i.exec(imageUrl ?? '');
  return match?.[1] ?? null;
}

/**
 * What pressing a key in the reply box does: Enter sends, Shift+Enter (or Enter while composing an
 * input method's text) makes a new line.
 * @param event - the key, Shift and whether an input method is composing
 */
export function replyKeyAction(event: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
}): 'send' | 'newline' | null {
  if (event.key !== 'Enter') {
    return null;
  }
  return event.shiftKey || event.isComposing ? 'newline' : 'send';
}

/**
 * Whether a typing event is due: only for an open chat the member may answer, at most once per
 * CHAT_TYPING_SEND_EVERY_MS, and only for text actually typed.
 * @param lastSentAt - when the last typing event went (ms), or null
 * @param now - the clock (ms)
 * @param text - the reply box's text
 */
export function typingEventDue(lastSentAt: number | null, now: number, text: string): boolean {
  if (text.trim() === '') {
    return false;
  }
  return lastSentAt === null || now - lastSentAt >= CHAT_TYPING_SEND_EVERY_MS;
}

/**
 * The hospital date and time of an instant: 'YYYY-MM-DD HH:MM'.
 * @param iso - the instant
 */
export function chatDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${hospitalDayOf(at)} ${hospitalClock(at)}`;
}

/**
 * A note's time: the clock alone on the hospital day of `now`, else the date and the clock.
 * @param iso - the note's time
 * @param now - the clock
 */
export function noteTime(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) {
    return iso;
  }
  return hospitalDayOf(at) === hospitalDayOf(now) ? hospitalClock(at) : chatDateTime(iso);
}

/**
 * Why an image cannot be sent, as an error code, or null: only an image (ARO-E8010), not empty
 * (ARO-E3001), at most the blob store's size (ARO-E3003).
 * @param file - the chosen file's size and type
 * @param maxBytes - the largest file accepted
 */
export function chatImageRefusal(
  file: { size: number; type: string },
  maxBytes: number,
): 'ARO-E8010' | 'ARO-E3001' | 'ARO-E3003' | null {
  if (!file.type.trim().toLowerCase().startsWith('image/')) {
    return 'ARO-E8010';
  }
  if (file.size <= 0) {
    return 'ARO-E3001';
  }
  return file.size > maxBytes ? 'ARO-E3003' : null;
}
