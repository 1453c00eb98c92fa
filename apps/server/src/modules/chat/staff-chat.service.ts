import { AppError } from '@careline/domain/errors';
import { OPEN_STAFF_CHAT_STATUSES, nextStaffChatStatus, type StaffChatStatus } from '@careline/domain/chat-flow';
import { ageLabel } from '@careline/domain/profiles';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { listUpcomingAppointments } from '../consultations/index.ts';
import { findStaffBlob, selectOrderPatients, type OrderPatientRow } from '../orders/index.ts';
import { listPatients } from '../profiles/index.ts';
import type { SmsOutbox } from '../sms/index.ts';
import { hospitalScope, notFound, staffActor, type StaffViewer } from '../staff/index.ts';
import { isPatientWatching, patientLastSeen, publishChatChanged, typingDue } from './chat.live.ts';
import type { Presence } from '../../providers/presence/presence.ts';
import { checkChatPayload } from './chat.payload.ts';
import { CHAT_AWAY_SMS_QUIET_MS, chatAwaySmsDue, chatReplySmsFor } from './chat.sms.ts';
import {
  blobHeldByAnotherAccount,
  countHospitalChats,
  findHospitalChat,
  lastChatAwaySmsAt,
  moveChat,
  selectHospitalChats,
  suspendWaitingChats,
  type ChatCursor,
  type ChatHospital,
  type ChatSessionRow,
} from './chat.repo.ts';
import { UUID, chatViews, completeChat, storeNotes, type ChatView } from './chat.service.ts';

/** An inbox page's size unless asked otherwise. */
export const STAFF_CHAT_PAGE_DEFAULT = 20;
/** The largest inbox page. */
export const STAFF_CHAT_PAGE_MAX = 50;

/** The inbox's queues: WAITING (preparation, suspended), ACTIVE (in_progress). */
export const STAFF_CHAT_QUEUES = {
  WAITING: ['preparation', 'suspended'],
  ACTIVE: ['in_progress'],
} as const satisfies Record<string, readonly StaffChatStatus[]>;
export type StaffChatQueue = keyof typeof STAFF_CHAT_QUEUES;

/** What every staff chat operation needs. */
export type StaffChatDeps = {
  db: Db;
  tenantId: string;
  staff: StaffViewer;
  organizationId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** The SMS outbox: the away SMS is written in the reply's transaction, sent by the job queue. */
  smsOutbox: SmsOutbox;
  config: Pick<TenantPublicConfig, 'branding'>;
  log?: FastifyBaseLogger;
  /** Who is online (providers/presence): whether the patient is watching decides the away SMS. */
  presence: Presence;
};

/** A profile as the hospital sees it: no relationship to the account holder. */
export type StaffChatPatient = {
  id: string;
  name: string;
  givenName: string;
  familyName: string;
  gender: string;
  birthDate: string | null;
  ageLabel: string;
  mobileNo: string | null;
};

/** A chat as the inbox shows it. */
export type StaffChatView = ChatView & {
  patient: StaffChatPatient | null;
  /** The staff member who took it ('User/{id}' in recipient), or null while waiting. */
  assignedStaffUserId: string | null;
  assignedToMe: boolean;
};

/** An upcoming appointment of the patient at this hospital (context for the answer). */
export type StaffChatAppointment = {
  id: string;
  patientId: string;
  patientName: string;
  doctorName: string;
  organizationName: string;
  start: Date;
  end: Date;
  tokenNo: number;
  appointmentStatus: string;
};

/** The context of a chat: the account's profiles and their upcoming appointments at this hospital. */
export type StaffChatContext = { profiles: StaffChatPatient[]; upcomingAppointments: StaffChatAppointment[] };

export type StaffChatPage = { nodes: StaffChatView[]; endCursor: string | null; hasMore: boolean; totalCount: number };

/** Refuses a member without a chat role here (the scope checks it first; subscriptions ask again). */
export function requireStaffChatReader(deps: StaffChatDeps): void {
  staffActor(deps, 'chat.read');
}

function me(deps: StaffChatDeps): string {
  return `User/${deps.staff.staffUserId}`;
}

function patientOf(person: OrderPatientRow | { id: string; prefix: string; givenName: string; familyName: string; gender: string; birthDate: string | null; mobileNo: string | null }, now: Date): StaffChatPatient {
  const name = [person.prefix, person.givenName, person.familyName].filter((part) => part && part.trim() !== '').join(' ');
  const mobileNo = 'accountMobileNo' in person ? person.accountMobileNo : person.mobileNo;
  return {
    id: person.id,
    name,
    givenName: person.givenName,
    familyName: person.familyName,
    gender: person.gender,
    birthDate: person.birthDate,
    ageLabel: person.birthDate ? ageLabel(person.birthDate, now) : '',
    mobileNo,
  };
}

async function staffViews(db: DbOrTx, deps: StaffChatDeps, rows: ChatSessionRow[]): Promise<StaffChatView[]> {
  // One after the other: `db` may be a transaction (one connection).
  const views = await chatViews(db, rows, 'staff');
  const people = await selectOrderPatients(
    db,
    deps.tenantId,
    rows.flatMap((row) => (row.patientId ? [row.patientId] : [])),
  );
  const now = new Date();
  return views.map((view) => {
    const person = people.find((p) => p.id === view.patientId);
    const assigned = view.recipient?.startsWith('User/') ? view.recipient.slice('User/'.length) : null;
    return {
      ...view,
      patient: person ? patientOf(person, now) : null,
      assignedStaffUserId: assigned,
      assignedToMe: assigned === deps.staff.staffUserId,
    };
  });
}

async function auditRead(db: DbOrTx, deps: StaffChatDeps, action: string, rows: ChatSessionRow[], extra: Record<string, unknown> = {}): Promise<void> {
  const who = staffActor(deps, 'chat.read');
  // issue 12 §4: every read of a patient's chat is audited, one row per patient account.
  for (const row of rows) {
    await recordAudit(db, {
      tenantId: deps.tenantId,
      actor: who,
      action,
      correlationId: deps.correlationId,
      patientAccountId: row.accountId,
      patientId: row.patientId,
      details: { chatSessionId: row.id, status: row.status, ...extra },
    });
  }
}

function cursorOf(row: ChatSessionRow): string {
  return Buffer.from(`${row.createdTime.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

function parseCursor(after: string | null): ChatCursor | null {
  if (!after) {
    return null;
  }
  const [time, id] = Buffer.from(after, 'base64url').toString('utf8').split('|');
  const createdTime = new Date(time ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(createdTime.getTime())) {
    throw new AppError('ARO-E2002');
  }
  return { createdTime, id };
}

/**
 * A page of the hospital's inbox, longest waiting first: WAITING (preparation, suspended), ACTIVE
 * (in_progress), or both. Audited: one row per chat shown.
 * @param deps - database, tenant, staff member, hospital
 * @param filter - the queue, the page size (1 to 50) and the position
 */
export async function listStaffChats(
  deps: StaffChatDeps,
  filter: { queue: StaffChatQueue | null; first: number; after: string | null },
): Promise<StaffChatPage> {
  staffActor(deps, 'chat.read');
  if (!Number.isInteger(filter.first) || filter.first < 1 || filter.first > STAFF_CHAT_PAGE_MAX) {
    throw new AppError('ARO-E2002');
  }
  const statuses = filter.queue ? STAFF_CHAT_QUEUES[filter.queue] : OPEN_STAFF_CHAT_STATUSES;
  const after = parseCursor(filter.after);
  return deps.db.transaction(async (tx) => {
    const rows = await selectHospitalChats(tx, hospitalScope(deps), statuses, filter.first + 1, after);
    const page = rows.slice(0, filter.first);
    const nodes = await staffViews(tx, deps, page);
    await auditRead(tx, deps, 'chat.list', page);
    const last = page.at(-1);
    return {
      nodes,
      endCursor: last ? cursorOf(last) : null,
      hasMore: rows.length > filter.first,
      totalCount: await countHospitalChats(tx, hospitalScope(deps), statuses),
    };
  });
}

async function readAudited(deps: StaffChatDeps, id: string, action: string, typing: string | null = null): Promise<StaffChatView> {
  staffActor(deps, 'chat.read');
  return deps.db.transaction(async (tx) => {
    const row = UUID.test(id) ? await findHospitalChat(tx, hospitalScope(deps), id) : null;
    if (!row) {
      throw notFound();
    }
    const [view] = await staffViews(tx, deps, [row]);
    if (!view) {
      throw notFound();
    }
    await auditRead(tx, deps, action, [row]);
    return { ...view, typing };
  });
}

/**
 * A chat of the hospital with its notes and patient; another hospital's answers ARO-E2001. Audited.
 * @param deps - database, tenant, staff member, hospital
 * @param id - the chat
 */
export async function readStaffChat(deps: StaffChatDeps, id: string): Promise<StaffChatView> {
  return readAudited(deps, id, 'chat.read');
}

/**
 * A chat for a live inbox delivery, read with the member's roles as they are now; null when they
 * no longer may read it or it is not the hospital's. Audited.
 * @param deps - database, tenant, staff member, hospital
 * @param id - the chat
 * @param typing - who is typing, for a typing indicator
 */
export async function readStaffChatLive(deps: StaffChatDeps, id: string, typing: string | null): Promise<StaffChatView | null> {
  try {
    return await readAudited(deps, id, 'chat.read', typing);
  } catch (error) {
    if (error instanceof AppError) {
      return null;
    }
    throw error;
  }
}

async function hospitalChat(db: DbOrTx, deps: StaffChatDeps, id: string, lock: boolean): Promise<ChatSessionRow> {
  const row = UUID.test(id) ? await findHospitalChat(db, hospitalScope(deps), id, lock) : null;
  if (!row) {
    throw notFound();
  }
  return row;
}

function takenError(row: ChatSessionRow): AppError {
  return row.status === 'in_progress' ? new AppError('ARO-E8004') : new AppError('ARO-E8003');
}

async function changed(deps: StaffChatDeps, row: ChatSessionRow): Promise<StaffChatView> {
  await publishChatChanged({ publish: deps.publish, log: deps.log }, row);
  const [view] = await staffViews(deps.db, deps, [row]);
  if (!view) {
    throw notFound();
  }
  return view;
}

/**
 * Takes a waiting (preparation or suspended) chat: in_progress, assigned to this member. A chat
 * another member took answers ARO-E8004; a closed one ARO-E8003. Audited.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param id - the chat
 */
export async function takeStaffChat(deps: StaffChatDeps, id: string): Promise<StaffChatView> {
  const who = staffActor(deps, 'chat.work');
  const row = await deps.db.transaction(async (tx) => {
    const current = await hospitalChat(tx, deps, id, true);
    if (current.status === 'in_progress' && current.recipient === me(deps)) {
      return current;
    }
    const moved = await moveChat(tx, current.id, ['preparation', 'suspended'], { status: 'in_progress', recipient: me(deps) });
    if (!moved) {
      throw takenError(current);
    }
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'chat.take',
      correlationId: deps.correlationId,
      patientAccountId: moved.accountId,
      patientId: moved.patientId,
      details: { chatSessionId: moved.id, fromStatus: current.status, toStatus: moved.status },
    });
    return moved;
  });
  return changed(deps, row);
}

/**
 * Replies in the chat with text, an image this member uploaded (another's blob answers ARO-E2001),
 * or both. A waiting chat is taken by the reply; one another member took answers ARO-E8004, a
 * closed one ARO-E8003. The text is checked as a patient's (length, no control characters) and
 * stored as text. When the patient is away (no live chat open, not seen for a while), the reply
 * sends them an SMS in their language, at most one per chat per quiet period (chat.sms.ts). Audited.
 * @param deps - database, tenant, staff member, hospital, publish, SMS
 * @param id - the chat
 * @param input - the text, the image's blob id and its description
 * @param now - the clock
 */
export async function replyStaffChat(
  deps: StaffChatDeps,
  id: string,
  input: { message: string | null; imageBlobId: string | null; description: string | null },
  now: Date = new Date(),
): Promise<StaffChatView> {
  const who = staffActor(deps, 'chat.work');
  const payload = checkChatPayload({
    message: input.message,
    extensions: input.imageBlobId ? { imageUrl: input.imageBlobId, description: input.description } : input.description ? { description: input.description } : undefined,
  });
  const outcome = await deps.db.transaction(async (tx) => {
    let row = await hospitalChat(tx, deps, id, true);
    if (row.status !== 'in_progress' || row.recipient !== me(deps)) {
      const moved = await moveChat(tx, row.id, ['preparation', 'suspended'], { status: 'in_progress', recipient: me(deps) });
      if (!moved) {
        throw takenError(row);
      }
      row = moved;
    }
    // The member's own upload, and not already another account's document (it would become readable here).
    const chatBlob = async (blobId: string) => {
      const blob = await findStaffBlob(tx, deps.tenantId, deps.staff.staffUserId, blobId);
      return blob && !(await blobHeldByAnotherAccount(tx, deps.tenantId, blob.id, row.accountId)) ? blob : null;
    };
    const [note] = await storeNotes(tx, row, me(deps), [payload], chatBlob, now);
    // The chat's row is locked: two replies at once decide one after the other.
    const away =
      row.patientId !== null &&
      chatAwaySmsDue(
        {
          watching: await isPatientWatching(deps.presence, deps.tenantId, row.accountId),
          lastSeenAt: await patientLastSeen(deps.presence, deps.tenantId, row.accountId),
          lastSmsAt: await lastChatAwaySmsAt(tx, row, now, CHAT_AWAY_SMS_QUIET_MS),
        },
        now,
      );
    const [person] = away && row.patientId ? await selectOrderPatients(tx, deps.tenantId, [row.patientId]) : [];
    const text = away ? chatReplySmsFor(person, deps.config.branding.hospitalName) : null;
    const sms = text
      ? await deps.smsOutbox.add(tx, [{ tenantId: deps.tenantId, to: text.to, body: text.body, kind: 'chat.staffReplied' }])
      : null;
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'chat.reply',
      correlationId: deps.correlationId,
      patientAccountId: row.accountId,
      patientId: row.patientId,
      details: { chatSessionId: row.id, chatNoteId: note?.id ?? null, kind: payload.kind, smsSent: sms !== null },
    });
    return { row, sms };
  });
  if (outcome.sms) {
    // Sent by the job queue after the commit (retried while the provider is down); the reply stands.
    await deps.smsOutbox.dispatch(outcome.sms);
  }
  return changed(deps, outcome.row);
}

/**
 * Closes the chat: completed once taken, entered_in_error while still waiting (spec doc 1 §4). A
 * closed chat answers ARO-E8003. Audited.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param id - the chat
 */
export async function closeStaffChat(deps: StaffChatDeps, id: string): Promise<StaffChatView> {
  const who = staffActor(deps, 'chat.work');
  const row = await deps.db.transaction(async (tx) => {
    const current = await hospitalChat(tx, deps, id, true);
    if (!nextStaffChatStatus(current.status as StaffChatStatus, 'complete')) {
      throw new AppError('ARO-E8003');
    }
    const moved = await completeChat(tx, current);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'chat.close',
      correlationId: deps.correlationId,
      patientAccountId: moved.accountId,
      patientId: moved.patientId,
      details: { chatSessionId: moved.id, fromStatus: current.status, toStatus: moved.status },
    });
    return moved;
  });
  return changed(deps, row);
}

/**
 * Tells the patient this member is typing in an open chat of the hospital (a live event only;
 * nothing is stored; at most one a second is published, chat.live.ts typingDue). A closed chat
 * answers ARO-E8003.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param id - the chat
 * @param now - the clock
 */
export async function staffChatTyping(deps: StaffChatDeps, id: string, now: Date = new Date()): Promise<boolean> {
  staffActor(deps, 'chat.work');
  const row = await hospitalChat(deps.db, deps, id, false);
  if (!(OPEN_STAFF_CHAT_STATUSES as readonly string[]).includes(row.status)) {
    throw new AppError('ARO-E8003');
  }
  if (await typingDue(deps.presence, row.id, 'staff', now)) {
    await publishChatChanged({ publish: deps.publish, log: deps.log }, row, 'staff');
  }
  return true;
}

/**
 * The chat's context for the answer: the account's profiles (no relationship) and their upcoming
 * appointments at this hospital. Audited.
 * @param deps - database, tenant, staff member, hospital
 * @param id - the chat
 * @param now - the clock
 */
export async function staffChatContext(deps: StaffChatDeps, id: string, now: Date = new Date()): Promise<StaffChatContext> {
  staffActor(deps, 'chat.read');
  return deps.db.transaction(async (tx) => {
    const row = await hospitalChat(tx, deps, id, false);
    const owner = { tenantId: deps.tenantId, accountId: row.accountId };
    const profiles = await listPatients(tx, owner);
    const appointments = await listUpcomingAppointments(tx, owner, { now });
    const accountPeople = row.patientId ? await selectOrderPatients(tx, deps.tenantId, [row.patientId]) : [];
    const accountMobile = accountPeople[0]?.accountMobileNo ?? null;
    await auditRead(tx, deps, 'chat.context', [row], { profiles: profiles.length });
    return {
      profiles: profiles.map((p) => patientOf({ ...p, mobileNo: p.mobileNo ?? accountMobile }, now)),
      upcomingAppointments: appointments
        .filter((a) => a.organizationId === deps.organizationId)
        .map((a) => ({
          id: a.id,
          patientId: a.patientId,
          patientName: [a.patientName, a.patientFamilyName].filter(Boolean).join(' '),
          doctorName: a.doctorName,
          organizationName: a.organizationName,
          start: a.start,
          end: a.end,
          tokenNo: a.tokenNo,
          appointmentStatus: a.appointmentStatus,
        })),
    };
  });
}

/**
 * When the last agent of a hospital leaves (their live inbox closed), the chats still waiting in
 * preparation are suspended ('all staff busy') and the patients told live.
 * @param deps - database, publish, log
 * @param hospital - tenant and hospital
 */
export async function suspendWhenNoAgent(
  deps: { db: Db; publish: StaffChatDeps['publish']; log?: FastifyBaseLogger },
  hospital: ChatHospital,
): Promise<void> {
  const rows = await suspendWaitingChats(deps.db, hospital);
  for (const row of rows) {
    await publishChatChanged({ publish: deps.publish, log: deps.log }, row);
  }
}
