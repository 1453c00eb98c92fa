/**
 * The chat with hospital staff as the patient app shows it (spec doc 1 §3 Chat communication, §4
 * Chat session with staff): the notes it sends (base64 JSON payloads), the stream it draws from a
 * chat's notes, the line each status adds, and which answer of the server is the newest. Pure.
 */
import {
  STAFF_CHAT_STATUSES,
  isStaffChatOpen,
  type StaffChatStatus,
} from '@careline/domain/chat-flow';
import type { MessageId } from '@careline/i18n/core';
import type { AgentChatData, AgentChatNote } from './agent-chat-documents.ts';

/** What a note of the patient carries (spec doc 1 §3: authorRef, message, timestamp, extensions). */
export type PatientNote = {
  patientId: string;
  message?: string | null;
  /** The blob service's id of an uploaded image. */
  imageBlobId?: string | null;
  /** Named on a chat's first note, so the server knows the hospital. */
  hospitalId?: string | null;
  now: Date;
};

function base64OfUtf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

/**
 * A note as the spec's base64 JSON payload: { authorRef, message, timestamp, extensions }.
 * @param note - the patient, the text or image, the hospital and the time
 */
export function encodePatientNote(note: PatientNote): string {
  const extensions: Record<string, string> = {};
  if (note.imageBlobId) {
    extensions.imageUrl = note.imageBlobId;
  }
  if (note.hospitalId) {
    extensions.hospitalId = note.hospitalId;
  }
  return base64OfUtf8(
    JSON.stringify({
      authorRef: patientRef(note.patientId),
      message: note.message ?? null,
      timestamp: note.now.toISOString(),
      extensions,
    }),
  );
}

/**
 * The author reference of the chat's profile: 'Patient/{id}'.
 * @param patientId - the chat's profile
 */
export function patientRef(patientId: string): string {
  return `Patient/${patientId}`;
}

/**
 * A chat's status as the domain names it; a status this app does not know counts as closed.
 * @param status - the status the server sent
 */
export function chatStatusOf(status: string): StaffChatStatus {
  return (STAFF_CHAT_STATUSES as readonly string[]).includes(status)
    ? (status as StaffChatStatus)
    : 'entered_in_error';
}

/**
 * Whether a chat is open (preparation, in_progress or suspended): messages can be sent to it.
 * @param chat - the chat, or null for none
 */
export function isChatOpen(chat: Pick<AgentChatData, 'status'> | null): boolean {
  return chat !== null && isStaffChatOpen(chatStatusOf(chat.status));
}

/** Who wrote a note: the patient, the hospital's staff ('User/{id}'), or an event. */
export type NoteAuthor = 'patient' | 'staff' | 'event';

/** One item of the stream. */
export type StreamItem = {
  id: string;
  author: NoteAuthor;
  /** The text exactly as sent: always rendered as text, never as HTML. */
  text: string | null;
  /** The download path of an image ('/blob/get/{id}'), when the note is one. */
  imagePath: string | null;
  description: string | null;
  timestamp: string;
};

const IMAGE_PATH = /^\/blob\/get\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The download path of a note's image, only when it names the blob service: any other address is
 * never fetched.
 * @param imageUrl - the note's extensions.imageUrl
 */
export function imagePathOf(imageUrl: string | null | undefined): string | null {
  return imageUrl && IMAGE_PATH.test(imageUrl) ? imageUrl : null;
}

/**
 * The stream of a chat's notes, oldest first.
 * @param notes - the chat's notes as the server sends them
 */
export function streamOf(notes: readonly AgentChatNote[]): StreamItem[] {
  return notes
    .map((note): StreamItem => ({
      id: note.id,
      author:
        note.kind === 'event' ? 'event' : note.authorRef.startsWith('User/') ? 'staff' : 'patient',
      text: note.message ?? null,
      imagePath: imagePathOf(note.extensions.imageUrl),
      description: note.extensions.description ?? null,
      timestamp: note.timestamp,
    }))
    .filter((item) => item.text !== null || item.imagePath !== null)
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
}

/**
 * The line the stream ends with for a status: the spec's words for preparation ('connecting to
 * hospital staff') and suspended ('all staff busy'), ours for the others.
 * @param status - the chat's status
 */
export function statusLineOf(status: StaffChatStatus): {
  key: MessageId;
  detail: MessageId | null;
} {
  switch (status) {
    case 'preparation':
      return { key: 'chat.agent.status.preparation', detail: null };
    case 'suspended':
      return { key: 'chat.agent.status.suspended', detail: 'chat.agent.status.suspendedDetail' };
    case 'in_progress':
      return { key: 'chat.agent.status.inProgress', detail: null };
    case 'completed':
      return { key: 'chat.agent.status.completed', detail: null };
    case 'entered_in_error':
      return { key: 'chat.agent.status.enteredInError', detail: null };
  }
}

/**
 * The newer of two answers about chats: another chat replaces the one shown (a new chat started);
 * for the same chat, an answer with fewer notes or an older change never replaces a newer one (a
 * live delivery and a mutation's answer can arrive in either order).
 * @param current - what the screen shows
 * @param next - what just arrived
 */
export function newerChat(current: AgentChatData | null, next: AgentChatData): AgentChatData {
  if (current === null || current.id !== next.id) {
    return next;
  }
  if (next.note.length < current.note.length) {
    return current;
  }
  if (next.note.length > current.note.length) {
    return next;
  }
  return Date.parse(next.updatedAt) >= Date.parse(current.updatedAt) ? next : current;
}

/**
 * Where the screen's subscription to a chat resumes (issue 29 §9): the chat and its newest note as
 * the screen holds it when it subscribes. Kept while the chat stays the same, so that each new note
 * does not subscribe again; the server delivers the chat at once if it changed after that note.
 * @param current - the resume point the screen subscribed with, or null
 * @param chat - the chat the screen shows, or null
 */
export function resumePointOf(
  current: { chatId: string; after: string | null } | null,
  chat: Pick<AgentChatData, 'id' | 'note'> | null,
): { chatId: string; after: string | null } | null {
  if (chat === null) {
    return null;
  }
  if (current?.chatId === chat.id) {
    return current;
  }
  return { chatId: chat.id, after: chat.note.at(-1)?.id ?? null };
}

/**
 * What the screen does with the account's latest chat: resume an open one, ask for a rating of a
 * completed one not rated yet, or start afresh.
 * @param latest - the newest chat, or null for none
 */
export function openingOf(latest: AgentChatData | null): 'resume' | 'rate' | 'new' {
  if (latest === null) {
    return 'new';
  }
  const status = chatStatusOf(latest.status);
  if (isStaffChatOpen(status)) {
    return 'resume';
  }
  return status === 'completed' && latest.rating === null ? 'rate' : 'new';
}

/** The least time between two typing events the patient's app sends (ours; the console's too). */
export const PATIENT_TYPING_SEND_EVERY_MS = 3000;

/**
 * Whether the patient's typing is told to the staff now: only for text actually typed, at most once
 * per PATIENT_TYPING_SEND_EVERY_MS.
 * @param lastSentAt - when the last typing event went (ms), or null
 * @param now - the clock (ms)
 * @param text - the message box's text
 */
export function patientTypingDue(lastSentAt: number | null, now: number, text: string): boolean {
  if (text.trim() === '') {
    return false;
  }
  return lastSentAt === null || now - lastSentAt >= PATIENT_TYPING_SEND_EVERY_MS;
}
