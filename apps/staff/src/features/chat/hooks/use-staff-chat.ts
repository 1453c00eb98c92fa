import { useLiveResync } from '@careline/ui/graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import {
  staffChatContextQuery,
  staffChatQuery,
  type StaffChatContext,
  type StaffChatDetail,
} from '../api/chat-operations.ts';

/** The chat on show: loading, the chat, or the error it failed with. */
export type StaffChatState =
  | { status: 'loading' }
  | { status: 'ready'; view: StaffChatDetail }
  | { status: 'error'; error: unknown };

/** The patient's context: loading, the profiles and appointments, or the error. */
export type StaffChatContextState =
  | { status: 'loading' }
  | { status: 'ready'; context: StaffChatContext }
  | { status: 'error'; error: unknown };

/**
 * One chat of the hospital with its notes, and its patient's context (profiles, upcoming
 * appointments here), each read once when the chat opens (both audited). The inbox's live
 * deliveries of this chat replace it on show, so new messages arrive without another read.
 * @param organizationId - the hospital
 * @param chatId - the chat
 * @param live - the inbox's last live delivery
 */
export function useStaffChat(
  organizationId: string,
  chatId: string,
  live: { chat: StaffChatDetail; serial: number } | null,
) {
  const client = useClient();
  const [state, setState] = useState<StaffChatState>({ status: 'loading' });
  const [context, setContext] = useState<StaffChatContextState>({ status: 'loading' });
  const serial = useRef(0);

  const reload = useCallback(async () => {
    serial.current += 1;
    const mine = serial.current;
    const result = await client
      .query(staffChatQuery, { organizationId, id: chatId }, { requestPolicy: 'network-only' })
      .toPromise();
    if (mine !== serial.current) {
      return;
    }
    const view = result.data?.staffChat;
    setState((previous) => {
      if (view) {
        return { status: 'ready', view };
      }
      return previous.status === 'ready'
        ? previous
        : { status: 'error', error: result.error ?? null };
    });
  }, [client, organizationId, chatId]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  const reloadContext = useCallback(async () => {
    setContext({ status: 'loading' });
    const result = await client
      .query(
        staffChatContextQuery,
        { organizationId, id: chatId },
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    const loaded = result.data?.staffChatContext;
    setContext(
      loaded
        ? { status: 'ready', context: loaded }
        : { status: 'error', error: result.error ?? null },
    );
  }, [client, organizationId, chatId]);

  useEffect(() => {
    void reloadContext();
  }, [reloadContext]);

  // A delivery from before this chat opened is older than the read below.
  const lastLive = useRef<number | null>(live?.serial ?? null);
  useEffect(() => {
    if (!live || live.chat.id !== chatId || lastLive.current === live.serial) {
      return;
    }
    lastLive.current = live.serial;
    // A read on its way is older than this delivery.
    serial.current += 1;
    setState({ status: 'ready', view: live.chat });
  }, [live, chatId]);

  /** Shows the chat as a change of this member's answered it. */
  const show = useCallback((view: StaffChatDetail) => {
    serial.current += 1;
    setState({ status: 'ready', view });
  }, []);

  // Live updates may have been missed (a dropped socket, a hidden page, the server's ask): read again (issue 31 §2.6).
  useLiveResync(() => void reload());
  return { state, context, reload, reloadContext, show };
}
