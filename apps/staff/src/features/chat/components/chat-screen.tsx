import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useClient } from 'urql';
import { Alert, Button, PageHeading } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { useLiveSocketState, type LiveSocketState } from '../../../lib/live-status.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { staffTakeChatMutation } from '../api/chat-operations.ts';
import { CHAT_QUEUES, chatActions, waitingMinutes, type ChatQueue } from '../chat-rules.ts';
import {
  useChatInbox,
  type ChatAnnouncement,
  type ChatQueueState,
  type InboxRow,
} from '../hooks/use-chat-inbox.ts';
import { useFitToViewport } from '../hooks/use-fit-to-viewport.ts';
import { useChatMessages, type ChatMessages } from '../messages.ts';
import { ChatConversation } from './chat-conversation.tsx';
import './chat.css';

/** How often the inbox reloads while the live socket is down: a fallback only. */
export const CHAT_FALLBACK_REFRESH_MS = 30_000;

/** How often the waiting times on show move on. */
const CLOCK_TICK_MS = 30_000;

/** Whether the inbox follows the server live (and so whether the member counts as online). */
export type ChatLiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * The inbox's live state from the socket's health: the subscription delivers only on changes, so a
 * connected socket means the inbox is live and the member online.
 * @param socket - the live socket's last event
 * @param heard - whether the subscription delivered a chat already
 */
export function chatLiveState(socket: LiveSocketState, heard: boolean): ChatLiveState {
  if (socket === 'socket-error') {
    return 'reconnecting';
  }
  return socket === 'socket-data' || heard ? 'live' : 'connecting';
}

function announcementText(t: ChatMessages, announcement: ChatAnnouncement): string {
  const name = announcement.name ?? t.unknownPatient;
  return announcement.kind === 'new' ? t.announceNew(name) : t.announceMessage(name);
}

/**
 * The hospital's chats with patients (issue 12 §4 The staff inbox): the waiting and the active
 * chats, live, with the patient, status, how long ago the chat started and its unanswered messages;
 * Take; and the chat chosen, beside them. While the screen is open the member counts as online, so
 * patients' new chats wait for them rather than being told all staff are busy.
 * @param props - the hospital, the chat on show (from the address), paths, the member and what they may do
 */
export function ChatScreen({
  hospital,
  chatId,
  chatPath,
  staffUserId,
  may,
}: {
  hospital: Hospital;
  chatId: string | null;
  chatPath: (chatId: string) => string;
  staffUserId: string | null;
  may: { work: boolean };
}) {
  const t = useChatMessages();
  const errorText = useErrorText();
  const client = useClient();
  const navigate = useNavigate();
  const inbox = useChatInbox(hospital.id);
  const liveState = chatLiveState(useLiveSocketState(), inbox.heard);
  const { reload } = inbox;
  useEffect(() => {
    if (liveState === 'live') {
      return undefined;
    }
    const timer = window.setInterval(reload, CHAT_FALLBACK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload, liveState]);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const layout = useRef<HTMLDivElement>(null);
  useFitToViewport(layout);

  const [taking, setTaking] = useState<string | null>(null);
  const [takeError, setTakeError] = useState<string | null>(null);
  const take = async (row: InboxRow) => {
    setTaking(row.id);
    setTakeError(null);
    const result = await client
      .mutation(staffTakeChatMutation, { organizationId: hospital.id, id: row.id })
      .toPromise();
    setTaking(null);
    const taken = result.data?.staffTakeChat;
    if (!taken) {
      setTakeError(errorText(result.error));
      return;
    }
    inbox.applyChat(taken);
    void navigate(chatPath(taken.id));
  };

  return (
    <>
      {/* Keyed by the chat on show: each address is a screen of its own, and the console moves the
          focus to the screen's heading on every screen (the live inbox below stays mounted). */}
      <PageHeading key={chatId ?? ''} documentTitle={t.documentTitle(t.heading)}>
        {t.heading}
      </PageHeading>
      <div className="chat-top">
        <p className="chat-intro">{t.intro(hospital.name)}</p>
        <p role="status" className={`chat-live chat-live--${liveState}`}>
          {t.liveState(liveState)}
        </p>
        <div aria-live="polite" className="chat-announcement">
          {inbox.announcement ? (
            <span key={inbox.announcement.serial}>{announcementText(t, inbox.announcement)}</span>
          ) : null}
        </div>
      </div>
      {takeError ? <Alert tone="error">{takeError}</Alert> : null}
      {/* A list and conversation split that fits the window on a desktop: each side scrolls inside. */}
      <div ref={layout} className="chat-layout">
        <div className="chat-inbox">
          {CHAT_QUEUES.map((queue) => (
            <InboxQueue
              key={queue}
              queue={queue}
              state={inbox.queues[queue]}
              now={now}
              selectedId={chatId}
              chatPath={chatPath}
              mayWork={may.work}
              taking={taking}
              isTyping={inbox.isTyping}
              onTake={(row) => void take(row)}
              onRetry={reload}
              onLoadMore={() => void inbox.loadMore(queue)}
            />
          ))}
        </div>
        <div className="chat-detail">
          {chatId ? (
            <ChatConversation
              key={chatId}
              organizationId={hospital.id}
              chatId={chatId}
              staffUserId={staffUserId}
              mayWork={may.work}
              live={inbox.live}
              patientTyping={inbox.isTyping(chatId)}
              onChanged={inbox.applyChat}
            />
          ) : (
            <p className="empty-state">{t.chooseChat}</p>
          )}
        </div>
      </div>
    </>
  );
}

function InboxQueue({
  queue,
  state,
  now,
  selectedId,
  chatPath,
  mayWork,
  taking,
  isTyping,
  onTake,
  onRetry,
  onLoadMore,
}: {
  queue: ChatQueue;
  state: ChatQueueState;
  now: Date;
  selectedId: string | null;
  chatPath: (chatId: string) => string;
  mayWork: boolean;
  taking: string | null;
  isTyping: (chatId: string) => boolean;
  onTake: (row: InboxRow) => void;
  onRetry: () => void;
  onLoadMore: () => void;
}) {
  const t = useChatMessages();
  const errorText = useErrorText();
  const headingId = `chat-queue-${queue}`;
  return (
    <section aria-labelledby={headingId} className="chat-queue">
      <h2 id={headingId}>
        {state.status === 'ready'
          ? t.queueCount(t.queue(queue), state.rows.length)
          : t.queue(queue)}
      </h2>
      {state.status === 'loading' ? (
        <div aria-busy="true">
          <p role="status">{t.loading}</p>
          <div className="chat-skeleton" aria-hidden="true">
            <span />
            <span />
          </div>
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div role="alert" className="chat-error">
          <p>{t.loadFailed(errorText(state.error))}</p>
          <Button variant="secondary" onClick={onRetry}>
            {t.retry}
          </Button>
        </div>
      ) : null}
      {state.status === 'ready' && state.rows.length === 0 ? (
        <p className="empty-state">{t.empty(queue)}</p>
      ) : null}
      {state.status === 'ready' && state.rows.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table chat-table">
            <thead>
              <tr>
                <th scope="col">{t.colPatient}</th>
                <th scope="col">{t.colStatus}</th>
                <th scope="col">{t.colWaiting}</th>
                <th scope="col">{t.colUnread}</th>
                <th scope="col">{t.colAction}</th>
              </tr>
            </thead>
            <tbody>
              {state.rows.map((row) => {
                const name = row.patient?.name || t.unknownPatient;
                const actions = chatActions({ ...row, status: row.chat.status }, mayWork);
                const selected = row.id === selectedId;
                return (
                  <tr
                    key={row.id}
                    className={selected ? 'chat-row chat-row--selected' : 'chat-row'}
                    aria-current={selected || undefined}
                  >
                    <th scope="row">
                      <Link to={chatPath(row.id)} aria-label={t.openChatOf(name)}>
                        {name}
                      </Link>
                      {isTyping(row.id) ? (
                        <span className="chat-typing-short"> {t.typingShort}</span>
                      ) : null}
                    </th>
                    <td>
                      <span className={`chat-chip chat-chip--${row.chat.status}`}>
                        {t.statusName(row.chat.status)}
                      </span>
                      {queue === 'ACTIVE' ? (
                        <span className="chat-owner">
                          {' '}
                          {row.assignedToMe ? t.takenByMe : t.takenByColleague}
                        </span>
                      ) : null}
                    </td>
                    <td>{t.minutesAgo(waitingMinutes(row.chat.createdTime, now))}</td>
                    <td>
                      {row.chat.unreadCount > 0 ? (
                        <span className="chat-unread">
                          <span aria-hidden="true">{row.chat.unreadCount}</span>
                          <span className="ui-visually-hidden">
                            {t.unreadCount(row.chat.unreadCount)}
                          </span>
                        </span>
                      ) : (
                        <span aria-hidden="true">–</span>
                      )}
                    </td>
                    <td>
                      {actions.take ? (
                        <Button
                          busy={taking === row.id}
                          aria-label={t.takeChatOf(name)}
                          onClick={() => onTake(row)}
                        >
                          {t.take}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {state.status === 'ready' && state.error && state.rows.length > 0 ? (
        <Alert tone="error">{errorText(state.error)}</Alert>
      ) : null}
      {state.status === 'ready' && state.hasMore ? (
        <Button variant="secondary" busy={state.loadingMore} onClick={onLoadMore}>
          {state.loadingMore ? t.loadingMore : t.loadMore}
        </Button>
      ) : null}
    </section>
  );
}
