import { and, asc, count, desc, eq, gt, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, chatNotes, chatSessions, documentReferences } from '../../db/schema/index.ts';

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatNoteRow = typeof chatNotes.$inferSelect;

/** Every patient query is scoped by tenant and account: ids from a request never reach another account. */
export type ChatOwner = { tenantId: string; accountId: string };
/** Every staff query is scoped by tenant and hospital. */
export type ChatHospital = { tenantId: string; organizationId: string };

/** The constraint that keeps one open chat per account (db/schema/communications.ts). */
export const OPEN_CHAT_CONSTRAINT = 'chat_sessions_open_uq';

export async function insertChatSession(db: DbOrTx, values: typeof chatSessions.$inferInsert): Promise<ChatSessionRow> {
  const [row] = await db.insert(chatSessions).values(values).returning();
  if (!row) {
    throw new Error('chat session insert returned no row');
  }
  return row;
}

export async function insertChatNotes(db: DbOrTx, values: (typeof chatNotes.$inferInsert)[]): Promise<ChatNoteRow[]> {
  if (values.length === 0) {
    return [];
  }
  return db.insert(chatNotes).values(values).returning();
}

/**
 * A chat of the account by id, or null (another account's looks missing).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param id - the chat (already checked to be a UUID)
 * @param lock - lock the row until the transaction ends
 */
export async function findAccountChat(db: DbOrTx, owner: ChatOwner, id: string, lock = false): Promise<ChatSessionRow | null> {
  const query = db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, id), eq(chatSessions.tenantId, owner.tenantId), eq(chatSessions.accountId, owner.accountId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The account's chats, newest first.
 * @param db - database
 * @param owner - tenant and account
 * @param statuses - only these statuses (all when null)
 * @param limit - most rows
 */
export async function selectAccountChats(
  db: DbOrTx,
  owner: ChatOwner,
  statuses: readonly string[] | null,
  limit: number,
): Promise<ChatSessionRow[]> {
  const conditions: SQL[] = [eq(chatSessions.tenantId, owner.tenantId), eq(chatSessions.accountId, owner.accountId)];
  if (statuses) {
    conditions.push(inArray(chatSessions.status, [...statuses]));
  }
  return db
    .select()
    .from(chatSessions)
    .where(and(...conditions))
    .orderBy(desc(chatSessions.createdTime), desc(chatSessions.id))
    .limit(limit);
}

/**
 * Chats of the account by id (another account's are left out).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param ids - the chats (already checked to be UUIDs)
 */
export async function selectAccountChatsById(db: DbOrTx, owner: ChatOwner, ids: readonly string[]): Promise<ChatSessionRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select()
    .from(chatSessions)
    .where(and(inArray(chatSessions.id, [...ids]), eq(chatSessions.tenantId, owner.tenantId), eq(chatSessions.accountId, owner.accountId)));
}

/**
 * A chat of the hospital by id, or null (another hospital's looks missing).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param id - the chat (already checked to be a UUID)
 * @param lock - lock the row until the transaction ends
 */
export async function findHospitalChat(db: DbOrTx, scope: ChatHospital, id: string, lock = false): Promise<ChatSessionRow | null> {
  const query = db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, id), eq(chatSessions.tenantId, scope.tenantId), eq(chatSessions.hospitalId, scope.organizationId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A page position: after this chat (created time and id). */
export type ChatCursor = { createdTime: Date; id: string };

function hospitalChatsWhere(scope: ChatHospital, statuses: readonly string[]): SQL | undefined {
  return and(
    eq(chatSessions.tenantId, scope.tenantId),
    eq(chatSessions.hospitalId, scope.organizationId),
    inArray(chatSessions.status, [...statuses]),
  );
}

/**
 * A page of the hospital's chats in these statuses, oldest first (the longest waiting on top).
 * @param db - database
 * @param scope - tenant and hospital
 * @param statuses - the queue's statuses
 * @param first - rows to return (one more is read to tell whether there are more)
 * @param after - the position of the page before
 */
export async function selectHospitalChats(
  db: DbOrTx,
  scope: ChatHospital,
  statuses: readonly string[],
  first: number,
  after: ChatCursor | null,
): Promise<ChatSessionRow[]> {
  const position = after
    ? or(gt(chatSessions.createdTime, after.createdTime), and(eq(chatSessions.createdTime, after.createdTime), gt(chatSessions.id, after.id)))
    : undefined;
  return db
    .select()
    .from(chatSessions)
    .where(and(hospitalChatsWhere(scope, statuses), position))
    .orderBy(asc(chatSessions.createdTime), asc(chatSessions.id))
    .limit(first);
}

export async function countHospitalChats(db: DbOrTx, scope: ChatHospital, statuses: readonly string[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatSessions).where(hospitalChatsWhere(scope, statuses));
  return Number(row?.n ?? 0);
}

/**
 * Moves a chat to a status if it is still in one of `from`; answers the row, or null when it moved
 * first (another staff member took it, the patient ended it): the check and the change are one
 * statement, so two takers never both win.
 * @param db - database or transaction
 * @param id - the chat
 * @param from - the statuses it may move from
 * @param set - the new status and any other columns
 */
export async function moveChat(
  db: DbOrTx,
  id: string,
  from: readonly string[],
  set: Partial<Pick<ChatSessionRow, 'status' | 'recipient' | 'state'>> & { status: string },
): Promise<ChatSessionRow | null> {
  const [row] = await db
    .update(chatSessions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(chatSessions.id, id), inArray(chatSessions.status, [...from])))
    .returning();
  return row ?? null;
}

/**
 * Rates a completed chat once: null when it is not completed or is already rated.
 * @param db - database or transaction
 * @param id - the chat
 * @param rating - 1 happy, 0 unhappy
 */
export async function rateChat(db: DbOrTx, id: string, rating: number): Promise<ChatSessionRow | null> {
  const [row] = await db
    .update(chatSessions)
    .set({ rating, updatedAt: new Date() })
    .where(and(eq(chatSessions.id, id), eq(chatSessions.status, 'completed'), isNull(chatSessions.rating)))
    .returning();
  return row ?? null;
}

/**
 * Suspends the hospital's chats still waiting in preparation (no agent online any more).
 * @param db - database
 * @param scope - tenant and hospital
 */
export async function suspendWaitingChats(db: DbOrTx, scope: ChatHospital): Promise<ChatSessionRow[]> {
  return db
    .update(chatSessions)
    .set({ status: 'suspended', updatedAt: new Date() })
    .where(hospitalChatsWhere(scope, ['preparation']))
    .returning();
}

/**
 * The notes of chats, oldest first.
 * @param db - database
 * @param chatIds - the chats
 */
export async function selectChatNotes(db: DbOrTx, chatIds: string[]): Promise<ChatNoteRow[]> {
  if (chatIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(chatNotes)
    .where(inArray(chatNotes.chatSessionId, [...new Set(chatIds)]))
    .orderBy(asc(chatNotes.createdTime), asc(chatNotes.id));
}

/**
 * Whether a blob is already a document of another account (an order's attachment, another chat's
 * image): a staff member's upload may be sent in a chat only while it is not, so a reply never hands
 * one patient's file to another.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param blobId - the blob
 * @param accountId - the chat's account
 */
export async function blobHeldByAnotherAccount(db: DbOrTx, tenantId: string, blobId: string, accountId: string): Promise<boolean> {
  const [held] = await db
    .select({ id: documentReferences.id })
    .from(documentReferences)
    .where(
      and(
        eq(documentReferences.tenantId, tenantId),
        eq(documentReferences.blobId, blobId),
        ne(documentReferences.accountId, accountId),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/**
 * When the chat's last away SMS went: the newest 'chat.reply' audit row of the chat that records
 * smsSent, no older than `quietMs`; null when none.
 * @param db - database or transaction
 * @param chat - tenant, account and id of the chat
 * @param now - the clock
 * @param quietMs - how far back to look
 */
export async function lastChatAwaySmsAt(
  db: DbOrTx,
  chat: { tenantId: string; accountId: string; id: string },
  now: Date,
  quietMs: number,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.tenantId, chat.tenantId),
        eq(auditEvents.patientAccountId, chat.accountId),
        gte(auditEvents.at, new Date(now.getTime() - quietMs)),
        eq(auditEvents.action, 'chat.reply'),
        sql`${auditEvents.details}->>'chatSessionId' = ${chat.id}`,
        sql`${auditEvents.details}->>'smsSent' = 'true'`,
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return row?.at ?? null;
}
