import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@careline/domain/errors';
import { UUID_PATTERN } from '@careline/domain/ids';
import { BOARD_ENDED_SHOWN_MS, boardQueue, boardShowsCancelled, boardShowsEnded, boardShowsNotStarted, displayName, DISPLAY_NAME_MAX, DISPLAY_TOKENS_MAX } from '@careline/domain/consultations';
import { dayRange, DEFAULT_TIME_ZONE, zonedDay } from '@careline/domain/time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { hospitalScope, requireId, staffActor, type StaffViewer } from '../staff/index.ts';
import {
  boardHospitalName,
  countLiveDisplayTokens,
  findLiveDisplayToken,
  insertDisplayToken,
  listBoardSessions,
  listDisplayTokens,
  revokeDisplayTokenRow,
  sessionHospital,
  touchDisplayToken,
  type DisplayTokenView,
} from './display-board.repo.ts';
import { sessionEstimateInputs } from './queue-estimate.service.ts';

export type { DisplayTokenView } from './display-board.repo.ts';

/*
 * The waiting-room board (issue 32 §3.6): staff (admins, 'displays.manage') create a display token for
 * a TV of their hospital, see when each was last used and revoke it; the TV reads the board with the
 * token's secret, which only it holds (the server keeps its SHA-256). The board holds sessions and
 * tokens only: no patient names, numbers or ids.
 */

/** How often a board's reads move a display's 'last seen' (one write a minute, not one per update). */
const LAST_SEEN_EVERY_MS = 60_000;

/** The longest secret a board may send (ours are 43 characters): anything longer is refused unread. */
const SECRET_MAX = 200;

/** What the staff side of displays needs. */
export type StaffDisplayDeps = {
  db: Db;
  tenantId: string;
  staff: StaffViewer;
  organizationId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

/** A new display: the list's row, its secret (shown once) and the board's address with it. */
export type CreatedDisplay = { display: DisplayTokenView; secret: string; boardUrl: string };

/** The board of one session: the doctor, the room, the token being seen and the next ones. */
export type BoardSession = {
  practitionerName: string;
  specialty: string;
  room: string | null;
  /**
   * scheduled, started, completed (ended, shown BOARD_ENDED_SHOWN_MS after it ended) or
   * practitioner_canceled (shown for the rest of its planned time, at least BOARD_ENDED_SHOWN_MS after the cancel).
   */
  status: string;
  startTime: Date;
  /** The planned start moved by the delay staff marked; the actual start once started; the planned start once cancelled. */
  expectedStart: Date;
  /** The planned end moved by the delay staff marked: a session not started by then was not held. */
  expectedEnd: Date;
  delayMinutes: number | null;
  /** When it ended; null while it has not. */
  endedAt: Date | null;
  nowSeeing: number | null;
  next: { tokenNo: number; expectedAt: Date | null }[];
};

/** The hospital's board: its name, today's sessions not over, then those cancelled, then those that ended lately, and when it was read. */
export type DisplayBoard = { hospitalName: string; updatedAt: Date; sessions: BoardSession[] };

/**
 * Topic on which a display token's revocation is published: its open boards close at once, on every instance.
 * @param tenantId - the tenant
 * @param displayTokenId - the display token
 */
export const displayTokenTopic = (tenantId: string, displayTokenId: string): string => `tenant:${tenantId}:display:${displayTokenId}`;

/** The payload of a revocation on displayTokenTopic. */
export type DisplayRevoked = { displayRevoked: string };

/**
 * Whether a live event is a display's revocation.
 * @param payload - the event
 */
export function isDisplayRevoked(payload: unknown): payload is DisplayRevoked {
  return typeof payload === 'object' && payload !== null && 'displayRevoked' in payload;
}

const hashOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * The board's address for a hospital with the secret in the fragment: the browser never sends a
 * fragment, so the secret is in no request line or server log; the page reads it and sends it in the
 * GraphQL request's variables.
 * @param origin - the patient app's origin
 * @param organizationId - the hospital
 * @param secret - the display's secret
 */
export function boardUrl(origin: string, organizationId: string, secret: string): string {
  return `${origin}/display/${encodeURIComponent(organizationId)}#${secret}`;
}

/**
 * The hospital's displays, newest first (admins); never their secrets.
 * @param deps - database, tenant, staff member, hospital
 */
export async function listStaffDisplays(deps: StaffDisplayDeps): Promise<DisplayTokenView[]> {
  staffActor(deps, 'displays.manage');
  return listDisplayTokens(deps.db, hospitalScope(deps));
}

/**
 * Creates a display token for the hospital (admins): ARO-E4061 for a bad name, ARO-E4063 past
 * DISPLAY_TOKENS_MAX live ones; audited (display.create, without the secret). The secret is answered
 * once and kept only as its hash.
 * @param deps - database, tenant, staff member, hospital
 * @param name - what staff call the display ('Ground floor TV')
 * @param origin - the patient app's origin, for the board's address
 */
export async function createStaffDisplay(deps: StaffDisplayDeps, name: string, origin: string): Promise<CreatedDisplay> {
  const who = staffActor(deps, 'displays.manage');
  const kept = displayName(name);
  if (kept === null) {
    throw new AppError('ARO-E4061', { max: String(DISPLAY_NAME_MAX) });
  }
  const secret = randomBytes(32).toString('base64url');
  const display = await deps.db.transaction(async (tx) => {
    if ((await countLiveDisplayTokens(tx, hospitalScope(deps))) >= DISPLAY_TOKENS_MAX) {
      throw new AppError('ARO-E4063', { max: String(DISPLAY_TOKENS_MAX) });
    }
    const row = await insertDisplayToken(tx, {
      tenantId: deps.tenantId,
      organizationId: deps.organizationId,
      name: kept,
      secretHash: hashOf(secret),
      createdBy: deps.staff.staffUserId,
    });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'display.create',
      correlationId: deps.correlationId,
      details: { displayTokenId: row.id, name: kept },
    });
    return row;
  });
  return { display, secret, boardUrl: boardUrl(origin, deps.organizationId, secret) };
}

/**
 * Revokes a display of the hospital (admins): its boards are refused from now on and the open ones
 * are closed (displayTokenTopic, every instance). ARO-E2001 for another hospital's or an unknown one;
 * revoking again changes nothing. Audited once (display.revoke).
 * @param deps - database, tenant, staff member, hospital, publish
 * @param displayTokenId - the display token
 * @param now - the clock
 */
export async function revokeStaffDisplay(deps: StaffDisplayDeps, displayTokenId: string, now: Date = new Date()): Promise<DisplayTokenView> {
  const who = staffActor(deps, 'displays.manage');
  requireId(displayTokenId);
  const revoked = await deps.db.transaction(async (tx) => {
    const result = await revokeDisplayTokenRow(tx, hospitalScope(deps), displayTokenId, deps.staff.staffUserId, now);
    if (!result) {
      throw new AppError('ARO-E2001');
    }
    if (result.revokedNow) {
      await recordAudit(tx, {
        tenantId: deps.tenantId,
        actor: who,
        action: 'display.revoke',
        correlationId: deps.correlationId,
        details: { displayTokenId, name: result.view.name },
      });
    }
    return result.view;
  });
  const payload: DisplayRevoked = { displayRevoked: displayTokenId };
  try {
    await deps.publish(displayTokenTopic(deps.tenantId, displayTokenId), payload);
  } catch (error) {
    // Committed: a board that misses this is refused at its next delivery (readDisplayBoard checks again).
    deps.log?.warn({ err: error, displayTokenId }, 'display revocation not published');
  }
  return revoked;
}

/**
 * The display token a board sends, checked: its id, or ARO-E4062 for a secret that is unknown, of
 * another hospital or revoked (one answer for all, so a board learns nothing). Moves 'last seen' at
 * most once a minute.
 * @param db - database
 * @param tenantId - the tenant
 * @param organizationId - the hospital the board is for
 * @param secret - the secret from the board's address
 * @param now - the clock
 */
export async function checkDisplay(db: Db, tenantId: string, organizationId: string, secret: string, now: Date = new Date()): Promise<string> {
  if (!UUID_PATTERN.test(organizationId) || secret.length === 0 || secret.length > SECRET_MAX) {
    throw new AppError('ARO-E4062');
  }
  const display = await findLiveDisplayToken(db, { tenantId, organizationId }, hashOf(secret));
  if (!display) {
    throw new AppError('ARO-E4062');
  }
  if (!display.lastSeenAt || now.getTime() - display.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await touchDisplayToken(db, display.id, now, new Date(now.getTime() - LAST_SEEN_EVERY_MS));
  }
  return display.id;
}

/**
 * The hospital's board now: today's sessions (in the hospital's time zone) that are not over, each
 * with its doctor, room, the token being seen and the next tokens with their expected times (the
 * estimate the patient's appointment shows); after them those cancelled, without tokens, for the rest
 * of their planned time (boardShowsCancelled: those waiting in the room read it), and those that never
 * started, without tokens, for BOARD_ENDED_SHOWN_MS after their expected end (boardShowsNotStarted); last those that
 * ended within BOARD_ENDED_SHOWN_MS, marked ended (they leave the board then, not at the moment they
 * end). The caller has checked the display.
 * @param db - database
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 * @param now - the clock
 */
export async function readDisplayBoard(db: DbOrTx, tenantId: string, organizationId: string, now: Date = new Date()): Promise<DisplayBoard> {
  const scope = { tenantId, organizationId };
  const endedSince = new Date(now.getTime() - BOARD_ENDED_SHOWN_MS);
  const [hospitalName, sessions] = await Promise.all([
    boardHospitalName(db, scope),
    listBoardSessions(db, scope, { ...dayRange(zonedDay(now, DEFAULT_TIME_ZONE), DEFAULT_TIME_ZONE), endedSince, now }),
  ]);
  const cancelled = (session: { status: string }): boolean => session.status === 'practitioner_canceled';
  const delayed = (at: Date, session: { delayMinutes: number | null }): Date => new Date(at.getTime() + (session.delayMinutes ?? 0) * 60_000);
  // One that never started leaves BOARD_ENDED_SHOWN_MS after its expected end, shown as not held till then.
  const notHeld = (session: { status: string; expectedEnd: Date }): boolean => session.status === 'scheduled' && now.getTime() >= session.expectedEnd.getTime();
  const listed = sessions.filter((session) =>
    cancelled(session)
      ? boardShowsCancelled(session.endTime, session.updatedAt, now)
      : session.status !== 'scheduled' || boardShowsNotStarted(delayed(session.endTime, session), now),
  );
  const boards = await Promise.all(
    listed.map(async (session): Promise<BoardSession> => {
      const view = {
        practitionerName: session.practitionerName,
        specialty: session.specialty,
        room: session.room,
        status: session.status,
        startTime: session.startTime,
        expectedEnd: delayed(session.endTime, session),
        delayMinutes: session.delayMinutes,
      };
      if (cancelled(session)) {
        return { ...view, expectedStart: session.startTime, endedAt: null, nowSeeing: null, next: [] };
      }
      if (notHeld(view)) {
        return { ...view, expectedStart: delayed(session.startTime, session), endedAt: null, nowSeeing: null, next: [] };
      }
      if (session.status === 'completed') {
        return {
          ...view,
          expectedStart: session.sessionStartedTime ?? session.startTime,
          endedAt: session.sessionCompletedTime,
          nowSeeing: null,
          next: [],
        };
      }
      const started = session.status === 'started';
      const actualStart = started ? (session.sessionStartedTime ?? session.startTime) : null;
      const { rows, pastMinutesPerPatient } = await sessionEstimateInputs(db, tenantId, session);
      const queue = boardQueue({
        plannedStart: session.startTime,
        actualStart,
        delayMinutes: session.delayMinutes ?? 0,
        sessionOver: false,
        pastMinutesPerPatient,
        tokens: rows,
        now,
      });
      return {
        ...view,
        expectedStart: actualStart ?? delayed(session.startTime, session),
        endedAt: null,
        nowSeeing: queue.nowSeeing,
        next: queue.next,
      };
    }),
  );
  // The sessions still to be seen first (the board's first page), those cancelled or not held after them, those ended last.
  const over = (board: BoardSession): boolean => cancelled(board) || notHeld(board);
  const shown = [
    ...boards.filter((board) => board.endedAt === null && !over(board)),
    ...boards.filter(over),
    ...boards.filter((board) => board.endedAt !== null && boardShowsEnded(board.endedAt, now)),
  ];
  return { hospitalName: hospitalName ?? '', updatedAt: now, sessions: shown };
}

/**
 * Whether a session event may change a hospital's board: the session is of that hospital.
 * @param db - database
 * @param tenantId - the tenant
 * @param organizationId - the board's hospital
 * @param sessionId - the session that changed
 */
export async function concernsBoard(db: DbOrTx, tenantId: string, organizationId: string, sessionId: string): Promise<boolean> {
  return UUID_PATTERN.test(sessionId) && (await sessionHospital(db, tenantId, sessionId)) === organizationId;
}
