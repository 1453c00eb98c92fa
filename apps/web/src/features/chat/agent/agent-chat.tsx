import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useClient, useMutation, useQuery, useSubscription, type CombinedError } from 'urql';
import {
  STAFF_CHAT_RATING,
  formatChatDate,
  type StaffChatRating,
} from '@careline/domain/chat-flow';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { isNoConnection } from '@careline/ui/graphql';
import { errorCodes, errorText } from '../../../lib/graphql';
import { deviceOutboxStore } from '../../../lib/offline/device-store.ts';
import { ownerOf } from '../../../lib/offline/owner.ts';
import { itemsOf, newOutboxId } from '../../../lib/offline/outbox.ts';
import { onOutboxFlushed } from '../../../lib/offline/outbox-sender.ts';
import type { ChatOutboxItem } from './chat-outbox.ts';
import { useNetworkIssue } from '../../../lib/network/network-status.ts';
import { useSession } from '../../../lib/session';
import { useKeepInView } from '../hooks/use-keep-in-view.ts';
import {
  chatChangedSubscription,
  chatHospitalsQuery,
  chatTypingMutation,
  latestChatQuery,
  patchChatMutation,
  prepareChatMutation,
  sendChatMutation,
  type AgentChatData,
} from './agent-chat-documents.ts';
import { AgentChatImage } from './agent-chat-image.tsx';
import {
  chatStatusOf,
  encodePatientNote,
  isChatOpen,
  newerChat,
  openingOf,
  patientRef,
  patientTypingDue,
  resumePointOf,
  statusLineOf,
  streamOf,
  type StreamItem,
} from './agent-chat-model.ts';
import {
  chatImageProblem,
  compressChatImage,
  uploadChatImage,
  type ChatUploadOutcome,
} from './agent-chat-upload.ts';
import './agent-chat.css';

/** How long the staff's typing dots stay without a new typing event (ours). */
export const STAFF_TYPING_MS = 5000;

export type AgentChatProps = {
  /** Back to the chat's service-type menu. */
  onBackToMenu: () => void;
  /** For tests: the upload to the blob service. */
  uploadImage?: (file: Blob, token: string | null) => Promise<ChatUploadOutcome>;
};

// The server's answers that mean the screen's chat is not the account's current one any more.
const STALE_CHAT_CODES = ['ARO-E8002', 'ARO-E8003', 'ARO-E2001'];

/**
 * The chat with hospital staff (spec doc 1 §2 agent chat, §4 Chat session with staff, §7 Chat):
 * resumes the account's open chat or starts one with the first message, live over subscribeChat,
 * with images, the end of the chat and its rating (1 happy, 0 unhappy).
 */
export function AgentChat({ onBackToMenu, uploadImage = uploadChatImage }: AgentChatProps) {
  const t = useTranslate();
  const tx = useTranslateText();
  const session = useSession();
  const [latest, refetchLatest] = useQuery({
    query: latestChatQuery,
    requestPolicy: 'network-only',
  });
  const [hospitals] = useQuery({ query: chatHospitalsQuery });
  const [, prepareChat] = useMutation(prepareChatMutation);
  const [, sendChat] = useMutation(sendChatMutation);
  const [, patchChat] = useMutation(patchChatMutation);
  const [chat, setChat] = useState<AgentChatData | null>(null);
  // The closed chat the patient moved on from ('Start a new chat'): a later answer about it is not shown again.
  const [leftChatId, setLeftChatId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<'send' | 'image' | 'end' | 'rate' | null>(null);
  const [uploadFailed, setUploadFailed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [staffTyping, setStaffTyping] = useState(false);
  const [rated, setRated] = useState(false);
  const [hospitalId, setHospitalId] = useState('');
  const [patientId, setPatientId] = useState('');
  const imageInput = useRef<HTMLInputElement>(null);
  const composerRef = useRef<HTMLDivElement>(null);
  const typingTimer = useRef<number | null>(null);
  const client = useClient();
  // When this patient's last typing event went to the staff (ms), or null.
  const typingSentAt = useRef<number | null>(null);

  const receive = useCallback((next: AgentChatData) => {
    setChat((current) => newerChat(current, next));
  }, []);

  // issue 32 §4.7: notes written offline wait in the outbox and go, once each, when the connection is back.
  const outbox = useMemo(() => deviceOutboxStore<ChatOutboxItem>(), []);
  const owner = ownerOf(session.accessToken);
  const [waiting, setWaiting] = useState<ChatOutboxItem[]>([]);
  const showWaiting = useCallback(async () => {
    if (outbox) {
      setWaiting(itemsOf(await outbox.all(), owner));
    }
  }, [outbox, owner]);
  /** Keeps a note for later: true when the outbox took it. */
  async function keepForLater(chatId: string, message: string, authorRef: string | null, text: string): Promise<boolean> {
    if (!outbox || owner === null) {
      return false;
    }
    const item: ChatOutboxItem = { kind: 'chat', id: newOutboxId(), owner, createdAt: new Date().toISOString(), chatId, message, authorRef, text };
    try {
      await outbox.put(item);
    } catch {
      return false;
    }
    await showWaiting();
    return true;
  }
  const refetch = useCallback(
    () => refetchLatest({ requestPolicy: 'network-only' }),
    [refetchLatest],
  );
  // The app's one sender (app/outbox-sender.tsx) sends the outbox wherever the patient is: here the
  // waiting notes go from the list once sent, and the chat is read again to show them in it.
  useEffect(() => {
    void showWaiting();
    return onOutboxFlushed(({ sent, problems }) => {
      void showWaiting();
      if (sent.length > 0) {
        refetch();
      }
      const problem = [...problems.values()][0];
      if (problem) {
        setProblem(problem);
      }
    });
  }, [showWaiting, refetch]);

  // The account's latest chat: an open one is resumed, a completed one not rated yet is offered for rating.
  const latestChat = latest.data?.queryChat[0] ?? null;
  useEffect(() => {
    if (latestChat === null || latestChat.id === leftChatId) {
      return;
    }
    setChat((current) =>
      openingOf(latestChat) !== 'new' || current?.id === latestChat.id
        ? newerChat(current, latestChat)
        : current,
    );
  }, [latestChat, leftChatId]);

  const open = isChatOpen(chat);
  // Subscribe, then read (issue 29 §9): the subscription names the newest note the screen held when
  // it began, and the server first sends what changed after it.
  const [resume, setResume] = useState<{ chatId: string; after: string | null } | null>(null);
  const resumeNow = resumePointOf(resume, chat);
  if (resumeNow !== resume) {
    setResume(resumeNow);
  }

  const stopTyping = useCallback(() => {
    if (typingTimer.current !== null) {
      window.clearTimeout(typingTimer.current);
      typingTimer.current = null;
    }
    setStaffTyping(false);
  }, []);
  useEffect(() => stopTyping, [stopTyping]);

  // spec doc 1 §7 subscribeChat: the open chat after each change, or the staff's typing indicator.
  useSubscription(
    {
      query: chatChangedSubscription,
      variables: { id: resumeNow ? [resumeNow.chatId] : [], after: resumeNow?.after ?? null },
      pause: !open || resumeNow === null,
    },
    (_previous, event) => {
      const changed = event.subscribeChat;
      if (changed) {
        receive(changed);
        if (changed.typing === 'staff') {
          setStaffTyping(true);
          if (typingTimer.current !== null) {
            window.clearTimeout(typingTimer.current);
          }
          typingTimer.current = window.setTimeout(stopTyping, STAFF_TYPING_MS);
        } else if (changed.typing === null) {
          stopTyping();
        }
      }
      return event;
    },
  );

  // A dropped connection: the socket resubscribes by itself; what changed meanwhile is read again.
  const networkIssue = useNetworkIssue();
  const lastIssue = useRef(networkIssue);
  useEffect(() => {
    if (lastIssue.current !== null && networkIssue === null) {
      refetch();
    }
    lastIssue.current = networkIssue;
  }, [networkIssue, refetch]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        refetch();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);

  const patients = session.account?.patientList ?? [];
  const defaultPatient =
    patients.find((patient) => patient.relationship === 'Me') ?? patients[0] ?? null;
  const chosenPatientId = patientId || defaultPatient?.id || '';
  const organizations = hospitals.data?.queryOrganization ?? [];
  // A single hospital is chosen without asking (spec doc 1 §2: the multi-organization option is hidden).
  const chosenHospitalId =
    hospitalId || (organizations.length === 1 ? (organizations[0]?.id ?? '') : '');

  function failed(error: CombinedError | undefined) {
    setProblem(error ? errorText(error) : null);
    if (error && errorCodes(error).some((code) => STALE_CHAT_CODES.includes(code))) {
      refetch();
    }
  }

  /** Sends one note: to the open chat, or as the first note of a new one. */
  async function sendNote(note: { message?: string; imageBlobId?: string }): Promise<boolean> {
    if (chat && open) {
      const message = encodePatientNote({
        patientId: chat.patientId ?? chosenPatientId,
        ...note,
        now: new Date(),
      });
      const authorRef = chat.patientId ? patientRef(chat.patientId) : null;
      // issue 32 §4.7: with no connection a text note waits in the outbox (an image needs the upload first).
      if (!window.navigator.onLine && note.message !== undefined) {
        return keepForLater(chat.id, message, authorRef, note.message);
      }
      const result = await sendChat({ id: chat.id, message, authorRef });
      if (result.data) {
        receive(result.data.sendChat);
        return true;
      }
      if (note.message !== undefined && isNoConnection(result.error) && (await keepForLater(chat.id, message, authorRef, note.message))) {
        return true;
      }
      failed(result.error);
      return false;
    }
    if (!chosenHospitalId) {
      setProblem(t('error.ARO-E8009'));
      return false;
    }
    if (!chosenPatientId) {
      setProblem(t('error.ARO-E8011'));
      return false;
    }
    const result = await prepareChat({
      note: [
        encodePatientNote({
          patientId: chosenPatientId,
          ...note,
          hospitalId: chosenHospitalId,
          now: new Date(),
        }),
      ],
      patientId: chosenPatientId,
      hospitalId: chosenHospitalId,
    });
    if (result.data) {
      setRated(false);
      receive(result.data.prepareChat);
      return true;
    }
    failed(result.error);
    return false;
  }

  async function onSend(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    if (message === '' || busy !== null) {
      return;
    }
    setBusy('send');
    setProblem(null);
    if (await sendNote({ message })) {
      setText('');
      // The next words typed are announced again.
      typingSentAt.current = null;
    }
    setBusy(null);
  }

  async function onImageChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file || busy !== null) {
      return;
    }
    setProblem(null);
    setUploadFailed(false);
    // issue 32 §4.7: only text waits in the outbox; a photo chosen offline is said not kept, not lost unseen.
    if (!window.navigator.onLine) {
      setProblem(t('chat.agent.imageNeedsConnection'));
      return;
    }
    const fileProblem = chatImageProblem(file);
    if (fileProblem !== null) {
      setProblem(t(fileProblem === 'notImage' ? 'error.ARO-E8010' : 'chat.agent.imageTooLarge'));
      return;
    }
    setBusy('image');
    const outcome = await uploadImage(await compressChatImage(file), session.accessToken);
    if (outcome.kind === 'uploaded') {
      await sendNote({ imageBlobId: outcome.blobId });
    } else {
      setUploadFailed(true);
      if (outcome.kind === 'refused') {
        setProblem(errorText(outcome.error));
      }
    }
    setBusy(null);
  }

  async function onEnd() {
    if (!chat || busy !== null) {
      return;
    }
    setBusy('end');
    setProblem(null);
    stopTyping();
    const result = await patchChat({ id: chat.id, status: 'completed', extension: null });
    if (result.data) {
      receive(result.data.patchChat);
    } else {
      failed(result.error);
    }
    setBusy(null);
  }

  async function onRate(rating: StaffChatRating) {
    if (!chat || busy !== null) {
      return;
    }
    setBusy('rate');
    setProblem(null);
    const result = await patchChat({
      id: chat.id,
      status: null,
      extension: [{ valueId: 'rating', valueInteger: rating }],
    });
    if (result.data) {
      setRated(true);
      receive(result.data.patchChat);
    } else {
      failed(result.error);
    }
    setBusy(null);
  }

  /** Keeps the text and tells the staff the patient is typing (an open chat; a few seconds apart). */
  function onTextChange(value: string) {
    setText(value);
    const now = Date.now();
    if (chat && open && patientTypingDue(typingSentAt.current, now, value)) {
      typingSentAt.current = now;
      // A live hint only: a failure changes nothing on screen.
      void client.mutation(chatTypingMutation, { id: chat.id }).toPromise();
    }
  }

  function onNewChat() {
    if (chat) {
      setLeftChatId(chat.id);
    }
    setChat(null);
    setRated(false);
    setProblem(null);
    setUploadFailed(false);
  }

  const status = chat ? chatStatusOf(chat.status) : null;
  const items = chat ? streamOf(chat.note) : [];
  const statusLine = status ? statusLineOf(status) : null;
  const loading = latest.fetching && !latest.data;
  const loadFailed = !latest.data && latest.error !== undefined;
  const closed = chat !== null && !open;
  const askRating = closed && status === 'completed' && chat.rating === null;

  useKeepInView(
    composerRef,
    [
      items.length,
      waiting.length,
      status,
      staffTyping,
      busy,
      uploadFailed,
      problem,
      askRating,
      rated,
      loading,
    ].join('|'),
  );

  return (
    <div className="agent-chat">
      <div
        className="chat-messages agent-chat-log"
        role="log"
        aria-live="polite"
        aria-label={t('chat.agent.log')}
      >
        <p className="chat-message chat-message-assistant">{t('chat.agent.intro')}</p>
        {items.map((item) => (
          <AgentChatItem key={item.id} item={item} />
        ))}
        {waiting
          .filter((item) => item.chatId === chat?.id)
          .map((item) => (
            <p key={item.id} className="chat-message chat-message-patient agent-chat-waiting" data-testid="chat-waiting">
              <span className="agent-chat-waiting-text">{item.text}</span>
              <span className="agent-chat-waiting-label"> {t('chat.agent.waitingToSend')}</span>
            </p>
          ))}
        {busy === 'image' ? (
          <p className="chat-message chat-message-patient">{t('chat.agent.uploadingImage')}</p>
        ) : null}
        {uploadFailed ? (
          <p className="chat-message chat-message-event chat-tone-error">
            {t('chat.agent.uploadFailed')}
          </p>
        ) : null}
        {statusLine ? (
          <p
            className={`chat-message chat-message-event agent-chat-status agent-chat-status--${status ?? ''}`}
          >
            {t(statusLine.key)}
            {statusLine.detail ? (
              <span className="agent-chat-status-detail"> {t(statusLine.detail)}</span>
            ) : null}
          </p>
        ) : null}
        {staffTyping && open ? (
          <p className="chat-message chat-message-assistant chat-typing">
            <span className="visually-hidden">{t('chat.agent.staffTyping')}</span>
            <span className="chat-typing-dot" aria-hidden="true" />
            <span className="chat-typing-dot" aria-hidden="true" />
            <span className="chat-typing-dot" aria-hidden="true" />
          </p>
        ) : null}
        {rated ? (
          <p className="chat-message chat-message-assistant">{t('chat.agent.thanks')}</p>
        ) : null}
      </div>

      <div ref={composerRef} className="agent-chat-actions">
        {loading ? (
          <span className="chat-spinner" role="status" aria-label={t('chat.agent.loading')} />
        ) : null}
        {loadFailed ? (
          <div className="agent-chat-row" role="alert">
            <p className="chat-error">{t('chat.agent.loadFailed')}</p>
            <button className="chat-button chat-button-secondary" type="button" onClick={refetch}>
              {t('chat.agent.tryAgain')}
            </button>
          </div>
        ) : null}

        {!loading && !loadFailed && !closed ? (
          <>
            {chat === null ? (
              <div className="agent-chat-choices">
                {organizations.length > 1 ? (
                  <label className="agent-chat-field">
                    <span>{t('chat.agent.hospital')}</span>
                    <select
                      className="chat-input"
                      value={hospitalId}
                      onChange={(event) => setHospitalId(event.target.value)}
                    >
                      <option value="">{t('chat.agent.chooseHospital')}</option>
                      {organizations.map((organization) => (
                        <option key={organization.id} value={organization.id}>
                          {organization.name}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                {patients.length > 1 ? (
                  <label className="agent-chat-field">
                    <span>{t('chat.agent.profile')}</span>
                    <select
                      className="chat-input"
                      value={chosenPatientId}
                      onChange={(event) => setPatientId(event.target.value)}
                    >
                      {patients.map((patient) => (
                        <option key={patient.id} value={patient.id}>
                          {patient.displayName}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </div>
            ) : null}
            <form className="chat-input-row" noValidate onSubmit={(event) => void onSend(event)}>
              <textarea
                className="chat-input agent-chat-textarea"
                rows={2}
                aria-label={t('chat.agent.messageLabel')}
                placeholder={t('chat.agent.messagePlaceholder')}
                value={text}
                maxLength={2000}
                onChange={(event) => onTextChange(event.target.value)}
                onKeyDown={(event) => {
                  // Enter sends, Shift+Enter starts a new line.
                  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
              />
              <button
                className="chat-button"
                type="submit"
                disabled={busy !== null || text.trim() === ''}
                aria-busy={busy === 'send'}
              >
                {t('chat.agent.send')}
              </button>
              <button
                className="chat-button chat-button-secondary"
                type="button"
                disabled={busy !== null}
                aria-busy={busy === 'image'}
                onClick={() => imageInput.current?.click()}
              >
                {t('chat.agent.sendImage')}
              </button>
              <input
                ref={imageInput}
                className="visually-hidden"
                type="file"
                accept="image/*"
                tabIndex={-1}
                aria-label={t('chat.agent.sendImage')}
                onChange={(event) => void onImageChosen(event)}
              />
            </form>
          </>
        ) : null}

        <p className="chat-error" role="alert">
          {problem === null ? '' : tx(problem)}
        </p>

        {askRating && !rated ? (
          <div className="agent-chat-rating" role="group" aria-label={t('chat.agent.rateQuestion')}>
            <p className="agent-chat-rating-question">{t('chat.agent.rateQuestion')}</p>
            <div className="chat-buttons">
              <button
                className="chat-button chat-button-secondary"
                type="button"
                disabled={busy !== null}
                onClick={() => void onRate(STAFF_CHAT_RATING.happy)}
              >
                <span aria-hidden="true">🙂 </span>
                {t('chat.agent.happy')}
              </button>
              <button
                className="chat-button chat-button-secondary"
                type="button"
                disabled={busy !== null}
                onClick={() => void onRate(STAFF_CHAT_RATING.unhappy)}
              >
                <span aria-hidden="true">🙁 </span>
                {t('chat.agent.unhappy')}
              </button>
            </div>
          </div>
        ) : null}

        <div className="chat-buttons">
          {open ? (
            <button
              className="chat-button chat-button-secondary"
              type="button"
              disabled={busy !== null}
              onClick={() => void onEnd()}
            >
              {t('chat.agent.endChat')}
            </button>
          ) : null}
          {closed ? (
            <button
              className="chat-button"
              type="button"
              disabled={busy !== null}
              onClick={onNewChat}
            >
              {t('chat.agent.newChat')}
            </button>
          ) : null}
          <button
            className="chat-button chat-button-secondary"
            type="button"
            onClick={onBackToMenu}
          >
            {t('chat.agent.backToMenu')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** One note: the patient's or the staff's text (always as text), an image, or an event; with its time. */
function AgentChatItem({ item }: { item: StreamItem }) {
  const t = useTranslate();
  const time = formatChatDate(new Date(item.timestamp));
  const side =
    item.author === 'patient' ? 'patient' : item.author === 'staff' ? 'assistant' : 'event';
  return (
    <div className={`chat-message chat-message-${side} agent-chat-note`}>
      {item.author !== 'event' ? (
        <span className="visually-hidden">
          {t(item.author === 'patient' ? 'chat.agent.you' : 'chat.agent.staff')}:{' '}
        </span>
      ) : null}
      {item.imagePath ? (
        <AgentChatImage path={item.imagePath} description={item.description} />
      ) : null}
      {item.text !== null ? <p className="agent-chat-text">{item.text}</p> : null}
      {time ? (
        <time className="agent-chat-time" dateTime={item.timestamp}>
          {time}
        </time>
      ) : null}
    </div>
  );
}
