import { AppError } from '@careline/domain/errors';
import {
  STAFF_CHAT_STATUSES,
  STAFF_CHAT_STATUS_TEXTS,
  OPEN_STAFF_CHAT_STATUSES,
  isStaffChatOpen,
  isStaffChatRating,
  nextStaffChatStatus,
  type StaffChatStatus,
} from '@careline/domain/chat-flow';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { runOnce } from '../idempotency/index.ts';
import { findOwnBlob, insertDocumentReference } from '../orders/index.ts';
import { findPatient, organizationExists } from '../profiles/index.ts';
import { isAgentOnline, patientSeen, publishChatChanged, typingDue } from './chat.live.ts';
import type { Presence } from '../../providers/presence/presence.ts';
import { CHAT_NOTES_MAX, decodeChatPayload, encodeChatPayload, payloadError, type ChatPayload } from './chat.payload.ts';
import {
  OPEN_CHAT_CONSTRAINT,
  findAccountChat,
  insertChatNotes,
  insertChatSession,
  moveChat,
  rateChat,
  selectAccountChats,
  selectAccountChatsById,
  selectChatNotes,
  type ChatNoteRow,
  type ChatOwner,
  type ChatSessionRow,
} from './chat.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { notFound } from '../staff/index.ts';

export { UUID };

/** Most chats one queryChat returns. */
export const CHAT_QUERY_MAX = 50;
/** queryChat's default. */
export const CHAT_QUERY_DEFAULT = 10;

/** A note as the apps read it: the payload (base64 JSON) and its fields decoded. */
export type ChatNoteView = {
  id: string;
  kind: string;
  authorRef: string;
  message: string | null;
  timestamp: Date;
  extensions: { event: string | null; imageUrl: string | null; description: string | null; hospitalId: string | null };
  payload: string;
};

/** A chat with staff (spec doc 1 §3 Chat communication) with its notes. */
export type ChatView = {
  id: string;
  status: StaffChatStatus;
  /** What the patient sees for the status ('connecting to hospital staff', 'all staff busy'), or null. */
  statusText: string | null;
  state: string | null;
  createdTime: Date;
  updatedAt: Date;
  sender: string | null;
  recipient: string | null;
  hospitalId: string | null;
  patientId: string | null;
  rating: number | null;
  /** Notes of the other side after this side's last note. */
  unreadCount: number;
  /** On a live delivery of a typing indicator: who is typing ('patient' or 'staff'); otherwise null. */
  typing: string | null;
  note: ChatNoteView[];
  /** The account, for staff views and publishing (not exposed to the patient). */
  accountId: string;
};

/** What every patient chat call needs. */
export type ChatDeps = {
  db: Db;
  tenantId: string;
  accountId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  log?: FastifyBaseLogger;
  /** The tenant's flags chat and agentChat (spec doc 1 §6): both on, or no new chat starts. */
  agentChatEnabled: boolean;
  /** Who is online (providers/presence): agents decide preparation or suspended. */
  presence: Presence;
};

function owner(deps: ChatDeps): ChatOwner {
  return { tenantId: deps.tenantId, accountId: deps.accountId };
}

function statusOf(row: ChatSessionRow): StaffChatStatus {
  return (STAFF_CHAT_STATUSES as readonly string[]).includes(row.status) ? (row.status as StaffChatStatus) : 'entered_in_error';
}

function noteView(note: ChatNoteRow): ChatNoteView {
  const extensions = note.extensions;
  const textOf = (key: string): string | null => (typeof extensions[key] === 'string' ? extensions[key] : null);
  return {
    id: note.id,
    kind: note.kind,
    authorRef: note.authorRef,
    message: note.message,
    timestamp: note.createdTime,
    extensions: {
      event: textOf('event'),
      imageUrl: textOf('imageUrl'),
      description: textOf('description'),
      hospitalId: textOf('hospitalId'),
    },
    payload: encodeChatPayload(note),
  };
}

/** Whether a note is staff's (author 'User/{id}'). */
export function isStaffNote(note: { authorRef: string }): boolean {
  return note.authorRef.startsWith('User/');
}

/**
 * Notes of one side after the other side's last note.
 * @param notes - the chat's notes, oldest first
 * @param from - whose notes count as unread
 */
export function unreadOf(notes: readonly { authorRef: string }[], from: 'staff' | 'patient'): number {
  let unread = 0;
  for (const note of notes) {
    if (isStaffNote(note) === (from === 'staff')) {
      unread += 1;
    } else {
      unread = 0;
    }
  }
  return unread;
}

/**
 * Chats with their notes, in the order given.
 * @param db - database
 * @param rows - the chats
 * @param reader - whose view: unread counts the other side's notes
 */
export async function chatViews(db: DbOrTx, rows: ChatSessionRow[], reader: 'patient' | 'staff'): Promise<ChatView[]> {
  const notes = await selectChatNotes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = notes.filter((note) => note.chatSessionId === row.id);
    const status = statusOf(row);
    return {
      id: row.id,
      status,
      statusText: STAFF_CHAT_STATUS_TEXTS[status],
      state: row.state,
      createdTime: row.createdTime,
      updatedAt: row.updatedAt,
      sender: row.sender,
      recipient: row.recipient,
      hospitalId: row.hospitalId,
      patientId: row.patientId,
      rating: row.rating,
      unreadCount: unreadOf(own, reader === 'patient' ? 'staff' : 'patient'),
      typing: null,
      note: own.map(noteView),
      accountId: row.accountId,
    };
  });
}

async function ownChatView(db: DbOrTx, deps: ChatDeps, id: string): Promise<ChatView> {
  const row = UUID.test(id) ? await findAccountChat(db, owner(deps), id) : null;
  if (!row) {
    throw notFound();
  }
  const [view] = await chatViews(db, [row], 'patient');
  if (!view) {
    throw notFound();
  }
  return view;
}

/**
 * The account's chats with staff, newest first, or the one chat `id` names (another account's id
 * answers ARO-E2001 like a missing one).
 * @param deps - database, tenant, account
 * @param filter - one chat, some statuses, how many
 */
export async function queryChats(
  deps: ChatDeps,
  filter: { id: string | null; status: string[] | null; limit: number | null },
): Promise<ChatView[]> {
  if (filter.id !== null) {
    return [await ownChatView(deps.db, deps, filter.id)];
  }
  const limit = Math.max(1, Math.min(Math.trunc(filter.limit ?? CHAT_QUERY_DEFAULT), CHAT_QUERY_MAX));
  const rows = await selectAccountChats(deps.db, owner(deps), filter.status, limit);
  return chatViews(deps.db, rows, 'patient');
}

/**
 * Reads one of the account's chats for a live delivery; null when it is not the account's.
 * @param deps - database, tenant, account
 * @param id - the chat
 * @param typing - who is typing, for a typing indicator
 */
export async function readOwnChatLive(deps: ChatDeps, id: string, typing: string | null): Promise<ChatView | null> {
  const row = UUID.test(id) ? await findAccountChat(deps.db, owner(deps), id) : null;
  if (!row) {
    return null;
  }
  const [view] = await chatViews(deps.db, [row], 'patient');
  return view ? { ...view, typing } : null;
}

/**
 * The chats (of those named, the account's) that changed after the note a page holds (issue 29 §9):
 * a note newer than it, or a change of the chat itself (status, recipient, rating) after it was
 * stored. A note the chat does not hold counts as nothing held: the chat is delivered again.
 * @param deps - database, tenant, account
 * @param ids - the chats, already checked to be the account's
 * @param afterNoteId - the newest note the page holds
 */
export async function chatsChangedAfter(deps: ChatDeps, ids: readonly string[], afterNoteId: string): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await selectAccountChatsById(deps.db, owner(deps), ids);
  const notes = await selectChatNotes(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows
    .filter((row) => {
      const own = notes.filter((note) => note.chatSessionId === row.id);
      const held = own.findIndex((note) => note.id === afterNoteId);
      const heldNote = own[held];
      return heldNote === undefined || held < own.length - 1 || row.updatedAt.getTime() > heldNote.createdTime.getTime();
    })
    .map((row) => row.id);
}

/**
 * Checks an image note's blob: one the author may read (the patient's own upload, or the staff
 * member's), an image; answers its content type. Another's blob answers ARO-E2001 like a missing one.
 */
export function requireImage(blob: { id: string; contentType: string } | null): { id: string; contentType: string } {
  if (!blob) {
    throw notFound();
  }
  if (!blob.contentType.startsWith('image/')) {
    throw new AppError('ARO-E8010');
  }
  return blob;
}

/**
 * Stores the notes of a chat; an image note also becomes a document of the patient at the chat's
 * hospital, so that the other side may read the image (files module: staff of the document's
 * hospital, the account that owns the document).
 * @param tx - the transaction
 * @param chat - the chat
 * @param author - the note's author reference
 * @param payloads - the checked payloads
 * @param blobOf - finds the author's blob
 * @param now - the clock
 */
export async function storeNotes(
  tx: Tx,
  chat: ChatSessionRow,
  author: string,
  payloads: ChatPayload[],
  blobOf: (blobId: string) => Promise<{ id: string; contentType: string } | null>,
  now: Date,
): Promise<ChatNoteRow[]> {
  const values = [];
  for (const [index, payload] of payloads.entries()) {
    if (payload.imageBlobId) {
      const blob = requireImage(await blobOf(payload.imageBlobId));
      if (chat.patientId) {
        await insertDocumentReference(tx, {
          tenantId: chat.tenantId,
          accountId: chat.accountId,
          patientId: chat.patientId,
          organizationId: chat.hospitalId,
          blobId: blob.id,
          url: `/blob/get/${blob.id}`,
          contentType: blob.contentType,
          description: payload.extensions.description ?? null,
          authorReference: author,
          subjectReference: `Patient/${chat.patientId}`,
        });
      }
    }
    values.push({
      tenantId: chat.tenantId,
      chatSessionId: chat.id,
      kind: payload.kind,
      authorRef: author,
      message: payload.message,
      extensions: payload.extensions,
      // One millisecond apart, so notes sent together keep their order.
      createdTime: new Date(now.getTime() + index),
    });
  }
  return insertChatNotes(tx, values);
}

function checkAuthor(payload: ChatPayload, author: string): void {
  if (payload.authorRef !== null && payload.authorRef !== author) {
    throw payloadError(`authorRef must be ${author}`);
  }
}

/**
 * Starts a chat with the hospital's staff (spec doc 1 §7 prepareChat): its first notes (messages,
 * an image of the patient's own upload, or events), for one of the account's profiles. Waiting in
 * preparation ('connecting to hospital staff'), or suspended ('all staff busy') when no agent of the
 * hospital is online. One open chat per account: another answers ARO-E8002. Where the tenant's
 * chat or agentChat flag is off, no chat starts (ARO-E8012); open chats can still be read and ended.
 * @param deps - database, tenant, account, publish
 * @param input - the base64 JSON notes, the profile, the hospital (else the notes' hospitalId)
 * @param now - the clock
 */
export async function prepareChat(
  deps: ChatDeps,
  input: { note: string[]; patientId: string | null; hospitalId: string | null },
  now: Date = new Date(),
): Promise<ChatView> {
  if (!deps.agentChatEnabled) {
    throw new AppError('ARO-E8012');
  }
  if (!input.patientId || !UUID.test(input.patientId)) {
    throw new AppError('ARO-E8011');
  }
  if (input.note.length === 0 || input.note.length > CHAT_NOTES_MAX) {
    throw payloadError(`send 1 to ${CHAT_NOTES_MAX} notes`);
  }
  const payloads = input.note.map(decodeChatPayload);
  const patient = await findPatient(deps.db, owner(deps), input.patientId);
  if (!patient) {
    // Another account's profile looks missing.
    throw notFound();
  }
  const author = `Patient/${patient.id}`;
  payloads.forEach((payload) => checkAuthor(payload, author));
  const hospitalId = (input.hospitalId ?? payloads.find((p) => p.extensions.hospitalId)?.extensions.hospitalId ?? '').toLowerCase();
  if (!UUID.test(hospitalId) || !(await organizationExists(deps.db, deps.tenantId, hospitalId))) {
    throw new AppError('ARO-E8009');
  }
  const [open] = await selectAccountChats(deps.db, owner(deps), OPEN_STAFF_CHAT_STATUSES, 1);
  if (open) {
    throw new AppError('ARO-E8002');
  }
  const status: StaffChatStatus = (await isAgentOnline(deps.presence, deps.tenantId, hospitalId)) ? 'preparation' : 'suspended';
  let chat: ChatSessionRow;
  try {
    chat = await deps.db.transaction(async (tx) => {
      const row = await insertChatSession(tx, {
        tenantId: deps.tenantId,
        accountId: deps.accountId,
        patientId: patient.id,
        status,
        sender: author,
        recipient: `Organization/${hospitalId}`,
        hospitalId,
        createdTime: now,
        updatedAt: now,
      });
      await storeNotes(tx, row, author, payloads, (blobId) => findOwnBlob(tx, owner(deps), blobId), now);
      return row;
    });
  } catch (error) {
    // Two prepares at once: the partial unique index lets one through.
    if (uniqueViolation(error) === OPEN_CHAT_CONSTRAINT) {
      throw new AppError('ARO-E8002');
    }
    throw error;
  }
  await patientSeen(deps.presence, deps.tenantId, deps.accountId, now);
  await publishChatChanged({ publish: deps.publish, log: deps.log }, chat);
  return ownChatView(deps.db, deps, chat.id);
}

/**
 * Adds the patient's note to their open chat (spec doc 1 §7 sendChat: id, message, authorRef). With an
 * idempotency key (a note sent from the offline outbox, issue 32 §4.7) a resend after a lost answer
 * stores nothing more and gets the chat as it is now.
 * @param deps - database, tenant, account, publish
 * @param input - the chat, the base64 JSON payload, the author ('Patient/{the chat's profile}'), the key
 * @param now - the clock
 */
export async function sendChat(
  deps: ChatDeps,
  input: { id: string; message: string; authorRef: string | null; idempotencyKey?: string | null },
  now: Date = new Date(),
): Promise<ChatView> {
  const payload = decodeChatPayload(input.message);
  if (!UUID.test(input.id)) {
    throw notFound();
  }
  const scope = { tenantId: deps.tenantId, accountId: deps.accountId, key: input.idempotencyKey ?? null };
  const request = { id: input.id, message: input.message, authorRef: input.authorRef };
  const chatId = await runOnce(deps.db, scope, 'sendChat', request, async (tx) => {
    const row = await findAccountChat(tx, owner(deps), input.id, true);
    if (!row) {
      throw notFound();
    }
    if (!isStaffChatOpen(statusOf(row))) {
      throw new AppError('ARO-E8003');
    }
    const author = row.sender ?? `Patient/${row.patientId ?? ''}`;
    if (input.authorRef !== null && input.authorRef !== author) {
      throw payloadError(`authorRef must be ${author}`);
    }
    checkAuthor(payload, author);
    await storeNotes(tx, row, author, [payload], (blobId) => findOwnBlob(tx, owner(deps), blobId), now);
    return row.id;
  });
  const chat = await findAccountChat(deps.db, owner(deps), chatId);
  if (!chat) {
    throw notFound();
  }
  await patientSeen(deps.presence, deps.tenantId, deps.accountId, now);
  await publishChatChanged({ publish: deps.publish, log: deps.log }, chat);
  return ownChatView(deps.db, deps, chat.id);
}

/**
 * Ends the chat (status completed: entered_in_error when no staff member had taken it, spec doc 1
 * §4) or rates a completed chat once (an integer extension 'rating': 1 happy, 0 unhappy).
 * @param deps - database, tenant, account, publish
 * @param input - the chat, and the status or the extension
 */
export async function patchChat(
  deps: ChatDeps,
  input: { id: string; status: string | null; extension: { valueId: string; valueInteger: number | null }[] | null },
): Promise<ChatView> {
  if (!UUID.test(input.id)) {
    throw notFound();
  }
  const rating = input.extension?.find((extension) => extension.valueId === 'rating');
  if ((input.status === null) === (rating === undefined) || (input.extension ?? []).some((e) => e.valueId !== 'rating')) {
    throw new AppError('ARO-E2002');
  }
  const row = await findAccountChat(deps.db, owner(deps), input.id);
  if (!row) {
    throw notFound();
  }
  let changed: ChatSessionRow | null;
  if (rating) {
    if (!isStaffChatRating(rating.valueInteger)) {
      throw new AppError('ARO-E8007');
    }
    if (row.status !== 'completed') {
      throw new AppError('ARO-E8005');
    }
    changed = await rateChat(deps.db, row.id, rating.valueInteger);
    if (!changed) {
      throw new AppError('ARO-E8006');
    }
  } else {
    if (input.status !== 'completed') {
      throw new AppError('ARO-E8008');
    }
    changed = await completeChat(deps.db, row);
  }
  await publishChatChanged({ publish: deps.publish, log: deps.log }, changed);
  return ownChatView(deps.db, deps, changed.id);
}

/**
 * Completes a chat from the status it is in (a staff member may take it meanwhile: then it is
 * completed rather than entered_in_error). A closed chat answers ARO-E8003.
 * @param db - database
 * @param row - the chat as read
 */
export async function completeChat(db: DbOrTx, row: ChatSessionRow): Promise<ChatSessionRow> {
  let current: ChatSessionRow | null = row;
  for (let attempt = 0; attempt < 3 && current; attempt += 1) {
    const from = statusOf(current);
    const to = nextStaffChatStatus(from, 'complete');
    if (!to) {
      throw new AppError('ARO-E8003');
    }
    const moved = await moveChat(db, current.id, [from], { status: to });
    if (moved) {
      return moved;
    }
    const [again]: ChatSessionRow[] = await selectAccountChatById(db, current);
    current = again ?? null;
  }
  throw new AppError('ARO-E8003');
}

async function selectAccountChatById(db: DbOrTx, row: ChatSessionRow): Promise<ChatSessionRow[]> {
  const again = await findAccountChat(db, { tenantId: row.tenantId, accountId: row.accountId }, row.id);
  return again ? [again] : [];
}

/**
 * Tells the hospital's inbox that the patient is typing in their open chat (a live event only;
 * nothing is stored; at most one a second is published, chat.live.ts typingDue). Spec doc 1 §7
 * names no operation for it: the patient's chatTyping mutation calls this. Another account's chat
 * answers ARO-E2001, a closed one ARO-E8003.
 * @param deps - database, tenant, account, publish
 * @param id - the chat
 * @param now - the clock
 */
export async function publishPatientChatTyping(deps: ChatDeps, id: string, now: Date = new Date()): Promise<boolean> {
  const row = UUID.test(id) ? await findAccountChat(deps.db, owner(deps), id) : null;
  if (!row) {
    throw notFound();
  }
  if (!isStaffChatOpen(statusOf(row))) {
    throw new AppError('ARO-E8003');
  }
  await patientSeen(deps.presence, deps.tenantId, deps.accountId, now);
  if (await typingDue(deps.presence, row.id, 'patient', now)) {
    await publishChatChanged({ publish: deps.publish, log: deps.log }, row, 'patient');
  }
  return true;
}
