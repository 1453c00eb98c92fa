import { useLiveResync } from '@careline/ui/graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import {
  staffChatInboxQuery,
  subscribeStaffChatInboxSubscription,
  type StaffChatDetail,
  type StaffChatInboxPage,
} from '../api/chat-operations.ts';
import {
  CHAT_INBOX_PAGE_SIZE,
  CHAT_QUEUES,
  CHAT_TYPING_SHOWN_MS,
  mergeLiveChat,
  type ChatQueue,
} from '../chat-rules.ts';

/** A chat as the inbox lists it. */
export type InboxRow = StaffChatInboxPage['nodes'][number];

/** What one queue on show holds. */
export type ChatQueueState = {
  status: 'loading' | 'ready' | 'error';
  rows: InboxRow[];
  endCursor: string | null;
  hasMore: boolean;
  error: unknown;
  loadingMore: boolean;
};

/** A live change to announce: a new waiting chat, or a patient's new message. */
export type ChatAnnouncement = { kind: 'new' | 'message'; name: string | null; serial: number };

const initialQueue: ChatQueueState = {
  status: 'loading',
  rows: [],
  endCursor: null,
  hasMore: false,
  error: null,
  loadingMore: false,
};
const initialQueues = (): Record<ChatQueue, ChatQueueState> => ({
  WAITING: initialQueue,
  ACTIVE: initialQueue,
});

/**
 * The hospital's inbox: the WAITING and ACTIVE queues with paging, kept live by
 * subscribeStaffChatInbox, which also marks the member online for patients while it is open. Each
 * delivery is merged into the queues (chat-rules mergeLiveChat), a patient's typing shows for a few
 * seconds, and the last delivery is handed to the conversation on show.
 * @param organizationId - the hospital
 */
export function useChatInbox(organizationId: string) {
  const client = useClient();
  const [queues, setQueues] = useState<Record<ChatQueue, ChatQueueState>>(initialQueues);
  const [reloadKey, setReloadKey] = useState(0);
  const [announcement, setAnnouncement] = useState<ChatAnnouncement | null>(null);
  const [typingUntil, setTypingUntil] = useState<Record<string, number>>({});
  const [live, setLive] = useState<{ chat: StaffChatDetail; serial: number } | null>(null);
  const [heard, setHeard] = useState(false);
  const current = useRef(queues);
  current.current = queues;

  const readPage = useCallback(
    (queue: ChatQueue, after: string | null) =>
      client
        .query(
          staffChatInboxQuery,
          { organizationId, queue, first: CHAT_INBOX_PAGE_SIZE, after },
          { requestPolicy: 'network-only' },
        )
        .toPromise(),
    [client, organizationId],
  );

  useEffect(() => {
    let alive = true;
    for (const queue of CHAT_QUEUES) {
      void readPage(queue, null).then((result) => {
        if (!alive) {
          return;
        }
        const page = result.data?.staffChatInbox;
        setQueues((previous) => ({
          ...previous,
          [queue]:
            result.error || !page
              ? { ...previous[queue], status: 'error', error: result.error ?? null }
              : {
                  status: 'ready',
                  rows: page.nodes,
                  endCursor: page.endCursor,
                  hasMore: page.hasMore,
                  error: null,
                  loadingMore: false,
                },
        }));
      });
    }
    return () => {
      alive = false;
    };
  }, [readPage, reloadKey]);

  const loadMore = useCallback(
    async (queue: ChatQueue) => {
      const shown = current.current[queue];
      if (shown.status !== 'ready' || !shown.hasMore || shown.loadingMore) {
        return;
      }
      setQueues((previous) => ({
        ...previous,
        [queue]: { ...previous[queue], loadingMore: true },
      }));
      const result = await readPage(queue, shown.endCursor);
      const page = result.data?.staffChatInbox;
      setQueues((previous) => {
        const before = previous[queue];
        if (!page) {
          return {
            ...previous,
            [queue]: { ...before, loadingMore: false, error: result.error ?? null },
          };
        }
        const known = new Set(before.rows.map((row) => row.id));
        return {
          ...previous,
          [queue]: {
            ...before,
            rows: [...before.rows, ...page.nodes.filter((row) => !known.has(row.id))],
            endCursor: page.endCursor,
            hasMore: page.hasMore,
            loadingMore: false,
            error: null,
          },
        };
      });
    },
    [readPage],
  );

  /** Puts a chat as the server answered it (a take, reply or close of this member's) into the queues. */
  const applyChat = useCallback((chat: InboxRow) => {
    setQueues((previous) => {
      const next = { ...previous };
      for (const queue of CHAT_QUEUES) {
        const shown = previous[queue];
        if (shown.status === 'ready') {
          next[queue] = {
            ...shown,
            rows: mergeLiveChat(shown.rows, chat, queue, shown.hasMore).rows,
          };
        }
      }
      current.current = next;
      return next;
    });
  }, []);

  useEffect(() => {
    setHeard(false);
    let serial = 0;
    const subscription = client
      .subscription(subscribeStaffChatInboxSubscription, { organizationId })
      .subscribe((result) => {
        const incoming = result.data?.subscribeStaffChatInbox;
        if (!incoming) {
          return;
        }
        setHeard(true);
        serial += 1;
        const patientTyping = incoming.chat.typing === 'patient';
        setTypingUntil((previous) => {
          const next = { ...previous };
          if (patientTyping) {
            next[incoming.id] = Date.now() + CHAT_TYPING_SHOWN_MS;
          } else {
            // A change (a message sent, the chat taken or closed) ends the typing.
            delete next[incoming.id];
          }
          return next;
        });
        setLive({ chat: incoming, serial });
        const before = CHAT_QUEUES.flatMap((queue) => current.current[queue].rows).find(
          (row) => row.id === incoming.id,
        );
        const next = { ...current.current };
        let added = false;
        for (const queue of CHAT_QUEUES) {
          const shown = next[queue];
          if (shown.status === 'ready') {
            const merged = mergeLiveChat(shown.rows, incoming, queue, shown.hasMore);
            next[queue] = { ...shown, rows: merged.rows };
            added = added || (merged.change === 'added' && queue === 'WAITING' && !before);
          }
        }
        current.current = next;
        setQueues(next);
        const name = incoming.patient?.name ?? null;
        if (added) {
          setAnnouncement({ kind: 'new', name, serial });
        } else if (
          !patientTyping &&
          before &&
          incoming.chat.unreadCount > before.chat.unreadCount
        ) {
          setAnnouncement({ kind: 'message', name, serial });
        }
      });
    return () => subscription.unsubscribe();
  }, [client, organizationId]);

  // Typing indicators fade after CHAT_TYPING_SHOWN_MS without a new typing event.
  useEffect(() => {
    const ends = Object.values(typingUntil);
    if (ends.length === 0) {
      return undefined;
    }
    const wait = Math.max(0, Math.min(...ends) - Date.now());
    const timer = window.setTimeout(() => {
      const now = Date.now();
      setTypingUntil((previous) =>
        Object.fromEntries(Object.entries(previous).filter(([, until]) => until > now)),
      );
    }, wait + 10);
    return () => window.clearTimeout(timer);
  }, [typingUntil]);

  const reload = useCallback(() => setReloadKey((value) => value + 1), []);
  const isTyping = useCallback(
    (chatId: string) => (typingUntil[chatId] ?? 0) > Date.now(),
    [typingUntil],
  );
  // Live updates may have been missed (a dropped socket, a hidden page, the server's ask): read again (issue 31 §2.6).
  useLiveResync(reload);
  return { queues, loadMore, reload, applyChat, announcement, live, heard, isTyping };
}
