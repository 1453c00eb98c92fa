/**
 * What the guided chat keeps on the device (issue 12 §2: "The conversation survives a reload and a
 * dropped connection, with the state kept on the device"; §1 suggest-recent-organization):
 *
 * - the conversation: its messages, the step it is on and what the guide gathered, per signed-in
 *   account (the key and the record both carry the account id, so another account on the same phone
 *   never sees it), versioned (a record of another version is dropped, never read), and dropped when
 *   older than CHAT_MEMORY_MAX_AGE_MS;
 * - the hospital last chosen for each order service (lab, medication, procedure), per account.
 *
 * Both keys start with 'careline.', so signing out (clearStoredSession) removes them.
 */
import {
  CHAT_LINE_ROLES,
  CHAT_ORDER_SERVICES,
  CHAT_STEP_IDS,
  chatConversationToKeep,
  type ChatOrderService,
  type ChatStepId,
} from '@careline/domain/chat-flow';
import { imagePathOf } from '../agent/agent-chat-model.ts';
import type { ChatAppointmentCard, ChatMessage, ChatMessageFile } from './chat-flow.ts';
import type { ChatOrganization } from './chat-consultations.ts';

/** The record's shape version: a record of any other version is dropped. */
export const CHAT_MEMORY_VERSION = 1;
/** A conversation older than this starts over (a reload the next day greets again). */
export const CHAT_MEMORY_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** The most messages kept: the newest ones. */
export const CHAT_MEMORY_MAX_MESSAGES = 200;

const conversationPrefix = 'careline.chat.conversation.';
const recentOrganizationsPrefix = 'careline.chat.recentOrganizations.';

/** A conversation as kept on the device. */
export type ChatMemory = {
  version: typeof CHAT_MEMORY_VERSION;
  accountId: string;
  savedAt: number;
  messages: ChatMessage[];
  flowStep: ChatStepId | null;
  /** What the guide gathered (read back by the guide, which checks it). */
  guide: unknown;
};

type Storage_ = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The key of an account's conversation.
 * @param accountId - the signed-in account's id
 */
export function chatMemoryKey(accountId: string): string {
  return `${conversationPrefix}${accountId}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
// Only the app's own paths: a link read back from storage never becomes javascript: or another site.
const isAppPath = (value: unknown): value is string => isString(value) && value.startsWith('/') && !value.startsWith('//');

function isAppointmentCard(value: unknown): value is ChatAppointmentCard {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isAppPath(value.href) &&
    isString(value.doctorName) &&
    isNullableString(value.patientDisplayName) &&
    isNullableString(value.organizationName) &&
    isNullableString(value.when) &&
    (value.tokenNo === null || typeof value.tokenNo === 'number')
  );
}

function isMessage(value: unknown): value is ChatMessage {
  if (!isRecord(value) || typeof value.id !== 'number' || !isString(value.text)) {
    return false;
  }
  if (value.author !== 'assistant' && value.author !== 'patient' && value.author !== 'event') {
    return false;
  }
  if (value.tone !== 'normal' && value.tone !== 'error') {
    return false;
  }
  if (value.appointments !== undefined && !(Array.isArray(value.appointments) && value.appointments.every(isAppointmentCard))) {
    return false;
  }
  if (value.files !== undefined && !(Array.isArray(value.files) && value.files.every(isMessageFile))) {
    return false;
  }
  if (value.flow !== undefined && !(typeof value.flow === 'number' && Number.isInteger(value.flow) && value.flow >= 0)) {
    return false;
  }
  if (value.role !== undefined && !(CHAT_LINE_ROLES as readonly unknown[]).includes(value.role)) {
    return false;
  }
  return value.link === undefined || (isRecord(value.link) && isAppPath(value.link.href) && isString(value.link.text));
}

// A file's path read back from storage is only ever the blob service's: nothing else is fetched.
function isMessageFile(value: unknown): value is ChatMessageFile {
  return (
    isRecord(value) &&
    isString(value.name) &&
    (value.kind === 'image' || value.kind === 'pdf') &&
    (value.path === null || (isString(value.path) && imagePathOf(value.path) === value.path))
  );
}

function isStepId(value: unknown): value is ChatStepId {
  return isString(value) && (CHAT_STEP_IDS as readonly string[]).includes(value);
}

/**
 * The account's conversation, or null when there is none, it is another version or another
 * account's, it is too old, or it cannot be read.
 * @param storage - where it is kept (localStorage)
 * @param accountId - the signed-in account's id
 * @param now - the time now (ms since the epoch)
 */
export function readChatMemory(storage: Pick<Storage, 'getItem'>, accountId: string, now: number): ChatMemory | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(chatMemoryKey(accountId)) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.version !== CHAT_MEMORY_VERSION || parsed.accountId !== accountId) {
    return null;
  }
  const { savedAt, messages, flowStep } = parsed;
  if (typeof savedAt !== 'number' || now - savedAt > CHAT_MEMORY_MAX_AGE_MS || savedAt - now > CHAT_MEMORY_MAX_AGE_MS) {
    return null;
  }
  if (!Array.isArray(messages) || !messages.every(isMessage) || !(flowStep === null || isStepId(flowStep))) {
    return null;
  }
  return { version: CHAT_MEMORY_VERSION, accountId, savedAt, messages, flowStep, guide: parsed.guide };
}

/**
 * Keeps the account's conversation as a patient expects to see it again (issue 29 §12,
 * chatConversationToKeep: no resolved sign-in or registration prompts, finished flows through their
 * result, no abandoned flows, the newest CHAT_MEMORY_MAX_MESSAGES messages); a phone that cannot
 * store it simply starts over after a reload.
 * @param storage - where it is kept (localStorage)
 * @param memory - the conversation
 */
export function saveChatMemory(storage: Storage_, memory: Omit<ChatMemory, 'version'>): void {
  const messages = chatConversationToKeep(memory.messages, CHAT_MEMORY_MAX_MESSAGES).map((message) => {
    const kept: ChatMessage = { ...message };
    delete kept.restored;
    return kept;
  });
  try {
    storage.setItem(chatMemoryKey(memory.accountId), JSON.stringify({ ...memory, version: CHAT_MEMORY_VERSION, messages }));
  } catch {
    // Storage full or blocked: nothing kept.
  }
}

/**
 * Forgets the account's conversation (e.g. when the record could not be used).
 * @param storage - where it is kept (localStorage)
 * @param accountId - the signed-in account's id
 */
export function forgetChatMemory(storage: Pick<Storage, 'removeItem'>, accountId: string): void {
  try {
    storage.removeItem(chatMemoryKey(accountId));
  } catch {
    // Blocked storage holds nothing.
  }
}

/** The hospital last chosen for each order service. */
export type RecentOrganizations = Partial<Record<ChatOrderService, ChatOrganization>>;

function isOrganization(value: unknown): value is ChatOrganization {
  return isRecord(value) && isString(value.id) && isString(value.name);
}

/**
 * The hospitals the account last chose for lab, medication and procedure orders ({} when none).
 * @param storage - where they are kept (localStorage)
 * @param accountId - the signed-in account's id
 */
export function readRecentOrganizations(storage: Pick<Storage, 'getItem'>, accountId: string): RecentOrganizations {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(`${recentOrganizationsPrefix}${accountId}`) ?? 'null');
    if (!isRecord(parsed) || parsed.version !== CHAT_MEMORY_VERSION || !isRecord(parsed.byService)) {
      return {};
    }
    const byService = parsed.byService;
    const recent: RecentOrganizations = {};
    for (const service of CHAT_ORDER_SERVICES) {
      const organization = byService[service];
      if (isOrganization(organization)) {
        recent[service] = { id: organization.id, name: organization.name };
      }
    }
    return recent;
  } catch {
    return {};
  }
}

/**
 * Remembers the hospital chosen for an order service.
 * @param storage - where they are kept (localStorage)
 * @param accountId - the signed-in account's id
 * @param service - lab (examination), medication or procedure
 * @param organization - the hospital chosen
 */
export function rememberRecentOrganization(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  accountId: string,
  service: ChatOrderService,
  organization: ChatOrganization,
): RecentOrganizations {
  const byService = { ...readRecentOrganizations(storage, accountId), [service]: { id: organization.id, name: organization.name } };
  try {
    storage.setItem(`${recentOrganizationsPrefix}${accountId}`, JSON.stringify({ version: CHAT_MEMORY_VERSION, byService }));
  } catch {
    // Not remembered: the picker asks again next time.
  }
  return byService;
}
