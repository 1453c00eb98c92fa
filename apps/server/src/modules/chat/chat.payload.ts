import { AppError } from '@careline/domain/errors';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

/*
 * A chat note's payload (spec doc 1 §3 Chat communication): base64 JSON with authorRef, message,
 * timestamp and extensions (event, imageUrl, description, hospitalId). Decoded and checked here,
 * before anything is stored: only these keys, strings of capped length without control characters,
 * an image only as a blob reference. What is stored is plain text; nothing is turned into HTML, so
 * a message holding markup comes back exactly as it was sent and is rendered as text by the apps.
 */

/** Longest base64 payload accepted (ours; the spec shows no limit). */
export const CHAT_PAYLOAD_MAX = 16_384;
/** Longest message text (ours). */
export const CHAT_MESSAGE_MAX = 2000;
/** Longest image description (ours). */
export const CHAT_DESCRIPTION_MAX = 500;
/** Longest event name (ours). */
export const CHAT_EVENT_MAX = 100;
/** Most notes one prepareChat may carry (ours). */
export const CHAT_NOTES_MAX = 20;

const PAYLOAD_KEYS = new Set(['authorRef', 'message', 'timestamp', 'extensions']);
const EXTENSION_KEYS = new Set(['event', 'imageUrl', 'description', 'hospitalId']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// An image is named by the blob service's id, bare or as its download path (spec doc 1 §7 Blob storage).
const IMAGE_REF = /^(?:\/blob\/get\/|\/get\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
// An event name: letters, digits and a few separators, so it is never markup either.
const EVENT_NAME = /^[A-Za-z0-9_.:-]+$/;
const LONE_SURROGATE = /\p{Cs}/u;

/** The note kinds (spec doc 1 §3). */
export type ChatNoteKind = 'message' | 'event' | 'documentUpload';

/** A payload as checked: the kind it makes, its text and extensions, and the image's blob id. */
export type ChatPayload = {
  kind: ChatNoteKind;
  authorRef: string | null;
  message: string | null;
  extensions: { event?: string; imageUrl?: string; description?: string; hospitalId?: string };
  /** The blob an image names; the caller checks the author may read it. */
  imageBlobId: string | null;
};

/** ARO-E8001 with the problem named. */
export function payloadError(problem: string): AppError {
  return new AppError('ARO-E8001', { problem });
}

/**
 * Whether a text holds a control character: C0 (NUL included), DEL or C1. A message may keep line
 * breaks (\n, \r\n); every other text none.
 * @param value - the text
 * @param lineBreaks - whether \n and \r are allowed
 */
export function hasChatControlCharacters(value: string, lineBreaks: boolean): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (lineBreaks && (code === 0x0a || code === 0x0d)) {
      continue;
    }
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      return true;
    }
  }
  return false;
}

function text(value: unknown, name: string, max: number, lineBreaks = false): string {
  if (typeof value !== 'string') {
    throw payloadError(`${name} must be text`);
  }
  if (value.length > max) {
    throw payloadError(`${name} can have at most ${max} characters`);
  }
  if (hasChatControlCharacters(value, lineBreaks)) {
    throw payloadError(`${name} has control characters`);
  }
  // A lone surrogate cannot be stored as UTF-8 text unchanged.
  if (LONE_SURROGATE.test(value)) {
    throw payloadError(`${name} is not valid text`);
  }
  return value;
}

/**
 * Decodes and checks a base64 JSON payload.
 * @param encoded - the payload as sent
 */
export function decodeChatPayload(encoded: string): ChatPayload {
  if (encoded.length === 0 || encoded.length > CHAT_PAYLOAD_MAX || !BASE64.test(encoded) || encoded.length % 4 !== 0) {
    throw payloadError(`the payload must be base64 of at most ${CHAT_PAYLOAD_MAX} characters`);
  }
  const bytes = Buffer.from(encoded, 'base64');
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw payloadError('the payload must be base64 of UTF-8 JSON');
  }
  return checkChatPayload(raw);
}

/**
 * Checks a decoded payload: an object of the allowed keys only, with text values.
 * @param raw - the decoded JSON
 */
export function checkChatPayload(raw: unknown): ChatPayload {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw payloadError('the payload must be a JSON object');
  }
  const payload = raw as Record<string, unknown>;
  for (const key of Object.keys(payload)) {
    if (!PAYLOAD_KEYS.has(key)) {
      throw payloadError(`${key} is not a payload field`);
    }
  }
  const authorRef = payload.authorRef === undefined || payload.authorRef === null ? null : text(payload.authorRef, 'authorRef', 100);
  const message = payload.message === undefined || payload.message === null ? null : text(payload.message, 'message', CHAT_MESSAGE_MAX, true);
  if (payload.timestamp !== undefined && payload.timestamp !== null) {
    // Kept by the server as the note's own time; the client's is only checked.
    const timestamp = text(payload.timestamp, 'timestamp', 40);
    if (Number.isNaN(Date.parse(timestamp)) && !/^\d{1,15}$/.test(timestamp)) {
      throw payloadError('timestamp must be a date and time');
    }
  }
  const extensions: ChatPayload['extensions'] = {};
  let imageBlobId: string | null = null;
  if (payload.extensions !== undefined && payload.extensions !== null) {
    const raw = payload.extensions;
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      throw payloadError('extensions must be a JSON object');
    }
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      if (!EXTENSION_KEYS.has(key)) {
        throw payloadError(`${key} is not a payload extension`);
      }
      if (value === null || value === undefined) {
        continue;
      }
      if (key === 'event') {
        const event = text(value, 'event', CHAT_EVENT_MAX);
        if (!EVENT_NAME.test(event)) {
          throw payloadError('event must be a name of letters, digits, _ . : or -');
        }
        extensions.event = event;
      } else if (key === 'imageUrl') {
        const match = IMAGE_REF.exec(text(value, 'imageUrl', 100));
        if (!match?.[1]) {
          throw payloadError('imageUrl must name an uploaded image');
        }
        imageBlobId = match[1].toLowerCase();
        extensions.imageUrl = `/blob/get/${imageBlobId}`;
      } else if (key === 'description') {
        extensions.description = text(value, 'description', CHAT_DESCRIPTION_MAX);
      } else {
        const hospitalId = text(value, 'hospitalId', 36);
        if (!UUID.test(hospitalId)) {
          throw payloadError('hospitalId must be a hospital id');
        }
        extensions.hospitalId = hospitalId.toLowerCase();
      }
    }
  }
  if (extensions.description !== undefined && imageBlobId === null) {
    throw payloadError('a description belongs to an image');
  }
  const kind: ChatNoteKind = imageBlobId ? 'documentUpload' : extensions.event ? 'event' : 'message';
  if (kind === 'message' && (message === null || message.trim() === '')) {
    throw payloadError('type a message, send an image or an event');
  }
  if (kind !== 'message' && imageBlobId && extensions.event) {
    throw payloadError('a note is an image or an event, not both');
  }
  return { kind, authorRef, message, extensions, imageBlobId };
}

/**
 * The payload of a stored note as the apps read it: base64 JSON with authorRef, message, timestamp
 * and extensions (spec doc 1 §3). Text is encoded as it was stored, never escaped or rendered.
 * @param note - the stored note
 */
export function encodeChatPayload(note: {
  authorRef: string;
  message: string | null;
  createdTime: Date;
  extensions: Record<string, unknown>;
}): string {
  const json = JSON.stringify({
    authorRef: note.authorRef,
    message: note.message,
    timestamp: note.createdTime.toISOString(),
    extensions: note.extensions,
  });
  return Buffer.from(json, 'utf8').toString('base64');
}

/**
 * A payload for a text (tests, the staff console's replies).
 * @param payload - the fields
 */
export function chatPayloadOf(payload: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
}
