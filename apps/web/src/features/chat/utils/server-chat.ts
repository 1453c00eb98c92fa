import type { ChatAppointmentCard, ChatMessageDraft } from './chat-flow.ts';

/*
 * The welcome a server-written /chat-home showed (issue 33 §1, apps/server/src/web-app.chat.ts): its
 * lines, in a JSON block inside the server's screen, which the takeover (lib/server-screen) keeps on
 * the page only when it was written for this device's token. The chat takes them over as already
 * shown, so they are not typed again and nothing moves when the app's screen replaces the server's.
 */

/** The id of the JSON block (apps/server/src/web-app.chat.ts serverChatElementId). */
export const serverChatElementId = 'careline-server-chat';

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

function readCard(value: unknown): ChatAppointmentCard | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const card = value as Record<string, unknown>;
  const tokenNo = card.tokenNo;
  if (
    !isText(card.id) ||
    !isText(card.href) ||
    !card.href.startsWith('/') ||
    !isText(card.doctorName) ||
    !isTextOrNull(card.patientDisplayName) ||
    !isTextOrNull(card.organizationName) ||
    !isTextOrNull(card.when) ||
    !(tokenNo === null || typeof tokenNo === 'number')
  ) {
    return null;
  }
  return {
    id: card.id,
    href: card.href,
    doctorName: card.doctorName,
    patientDisplayName: card.patientDisplayName,
    organizationName: card.organizationName,
    when: card.when,
    tokenNo,
  };
}

function readLine(value: unknown): ChatMessageDraft | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const line = value as Record<string, unknown>;
  if ((line.author !== 'assistant' && line.author !== 'event') || !isText(line.text)) {
    return null;
  }
  if (line.appointments === undefined) {
    return { author: line.author, text: line.text, tone: 'normal' };
  }
  if (!Array.isArray(line.appointments)) {
    return null;
  }
  const appointments = line.appointments.map(readCard);
  return appointments.every((card) => card !== null)
    ? { author: line.author, text: line.text, tone: 'normal', appointments }
    : null;
}

/**
 * The lines the server's /chat-home showed, once (the block is taken off the page), or null when
 * there is none on the page or it is not readable.
 * @param root - the document
 */
export function takeServerChat(root: Document = document): ChatMessageDraft[] | null {
  const element = root.getElementById(serverChatElementId);
  if (!element) {
    return null;
  }
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    if (!Array.isArray(parsed) || parsed.length === 0) {
      return null;
    }
    const lines = parsed.map(readLine);
    return lines.every((line) => line !== null) ? lines : null;
  } catch {
    return null;
  }
}
