import { AppError } from '@careline/domain/errors';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { hospitalScope, requireId, requireStaffRole, staffActor } from '../staff/index.ts';
import { publishSessionChanged } from './session-events.ts';
import { confirmHighestToken, insertRestore, newestChange, pauseOpenSessions } from './session-token-checks.repo.ts';
import { findHospitalSession, listHospitalSessionsAwaitingTokenCheck, type StaffSessionView } from './staff-sessions.repo.ts';
import type { StaffSessionDeps } from './staff-sessions.service.ts';

/*
 * The token rule after a restore (issue 31 §4.13). Tokens given between the backup and the restore are
 * not in the restored data, yet their patients hold them (an SMS, the desk's paper list); the restored
 * counter would give them again. The data cannot say how many there were, so every session that could
 * have taken bookings in that time (scheduled or started in the restored data) takes no token until a
 * member of staff confirms the highest token already given; the counter then moves past it. Sessions
 * that had ended or been cancelled take no bookings anyway, and sessions created after the backup are
 * not in the data at all.
 */

/** The furthest a confirmation may move a session's counter, as a session's cap (a slip of the keyboard beyond). */
export const MAX_TOKENS_PAST_DATA = 10_000;

/** What a restore marked: its id, the newest change in the restored data, and the sessions paused. */
export type RestoreMark = { restoreId: string; dataAsOf: Date | null; pausedSessions: number };

/**
 * Records a restore of the database and pauses bookings of every session that could still take
 * them, in one transaction (npm run restore, and --mark-only after a point-in-time recovery).
 * @param db - the restored database, migrated
 * @param input - what was restored; dataAsOf when the operator knows it (a recovery target), else the
 *   newest change found in the data
 */
export async function pauseBookingsAfterRestore(
  db: Db,
  input: { source: string; dataAsOf?: Date | null; now?: Date },
): Promise<RestoreMark> {
  return db.transaction(async (tx) => {
    const dataAsOf = input.dataAsOf ?? (await newestChange(tx));
    const restoreId = await insertRestore(tx, { source: input.source, dataAsOf, restoredAt: input.now ?? new Date() });
    const pausedSessions = await pauseOpenSessions(tx, restoreId);
    return { restoreId, dataAsOf, pausedSessions };
  });
}

/**
 * The hospital's sessions that take no bookings until their highest token is confirmed, earliest first.
 * @param deps - database, tenant, staff member, hospital
 */
export async function listSessionsAwaitingTokenCheck(deps: StaffSessionDeps): Promise<StaffSessionView[]> {
  requireStaffRole(deps.staff, 'sessions.list', deps.organizationId);
  return listHospitalSessionsAwaitingTokenCheck(deps.db, hospitalScope(deps));
}

/** The most sessions one confirmation covers: the console's list of a hospital's paused sessions. */
export const MAX_CONFIRMATIONS = 500;

/** One session's confirmation: the highest token already given to a patient. */
export type TokenConfirmation = { sessionId: string; highestTokenGiven: number };

/**
 * Staff confirm the highest token already given in sessions paused after a restore (from the desk's
 * list, the patients' SMS or the payment records), all in one transaction: each counter moves there,
 * so the next booking gets the token after it, and bookings open again; each is audited. A number is
 * at least the tokens the data holds and at most MAX_TOKENS_PAST_DATA more (ARO-E4021); a session not
 * awaiting a check answers ARO-E4022 and changes nothing of the others.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param confirmations - 1 to MAX_CONFIRMATIONS sessions, each once
 */
export async function confirmSessionTokens(
  deps: StaffSessionDeps,
  confirmations: readonly TokenConfirmation[],
): Promise<StaffSessionView[]> {
  const who = staffActor(deps, 'sessions.confirmTokens');
  const ids = confirmations.map((c) => requireId(c.sessionId).toLowerCase());
  if (ids.length === 0 || ids.length > MAX_CONFIRMATIONS || new Set(ids).size !== ids.length) {
    throw new AppError('ARO-E2002');
  }
  await deps.db.transaction(async (tx) => {
    for (const { sessionId, highestTokenGiven } of confirmations) {
      const session = await findHospitalSession(tx, hospitalScope(deps), sessionId, true);
      if (!session) {
        throw new AppError('ARO-E2001');
      }
      if (!session.tokenCheck) {
        throw new AppError('ARO-E4022');
      }
      const min = session.issuedTokens;
      const max = min + MAX_TOKENS_PAST_DATA;
      if (!Number.isInteger(highestTokenGiven) || highestTokenGiven < min || highestTokenGiven > max) {
        throw new AppError('ARO-E4021', { min: String(min), max: String(max) });
      }
      if (!(await confirmHighestToken(tx, sessionId, highestTokenGiven))) {
        throw new AppError('ARO-E4022');
      }
      await recordAudit(tx, {
        tenantId: deps.tenantId,
        actor: who,
        action: 'session.tokens.confirm',
        correlationId: deps.correlationId,
        details: {
          sessionId,
          highestTokenGiven,
          tokensInData: session.issuedTokens,
          restoredAt: session.tokenCheck.restoredAt.toISOString(),
          dataAsOf: session.tokenCheck.dataAsOf?.toISOString() ?? null,
        },
      });
    }
  });
  const confirmed: StaffSessionView[] = [];
  for (const { sessionId } of confirmations) {
    try {
      await publishSessionChanged(deps.publish, deps.tenantId, sessionId, 'session');
    } catch (error) {
      // The confirmation is committed; a lost live update is caught up by the next read.
      deps.log?.warn({ err: error, sessionId }, 'session change publish failed');
    }
    const after = await findHospitalSession(deps.db, hospitalScope(deps), sessionId);
    if (after) {
      confirmed.push(after);
    }
  }
  return confirmed;
}
