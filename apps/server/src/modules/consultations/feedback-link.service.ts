import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@careline/domain/errors';
import { renderMessage } from '@careline/i18n/server';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import type { QueuedSms, SmsOutbox } from '../sms/index.ts';
import { updateAppointmentFields } from './appointments.repo.ts';
import { checkFeedback } from './appointments.service.ts';
import { claimFeedbackLinkSms, findAppointmentForFeedback } from './feedback-link.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

/** The query parameters of a feedback link: the appointment id and its signature. */
export const FEEDBACK_LINK_PARAMS = { appointment: 'appointment', signature: 'sig' } as const;

function feedbackSignature(appSecret: Buffer, tenantId: string, appointmentId: string): string {
  // The purpose prefix keeps these signatures apart from any other HMAC made with the same key.
  return createHmac('sha256', appSecret).update(`feedback-link:${tenantId}:${appointmentId.toLowerCase()}`, 'utf8').digest('base64url');
}

/**
 * The query string of a feedback link for one appointment (spec doc 2 §7 Feedback by link), e.g. for
 * an SMS: `appointment={id}&sig={HMAC-SHA256 base64url}`. It opens /pf?… or /patient-feedback?….
 * @param appSecret - the server's signing key (providers.appSecret)
 * @param tenantId - the appointment's tenant
 * @param appointmentId - the appointment
 */
export function feedbackLinkQuery(appSecret: Buffer, tenantId: string, appointmentId: string): string {
  const params = new URLSearchParams({
    [FEEDBACK_LINK_PARAMS.appointment]: appointmentId,
    [FEEDBACK_LINK_PARAMS.signature]: feedbackSignature(appSecret, tenantId, appointmentId),
  });
  return params.toString();
}

/**
 * The path of a feedback link for an SMS: /pf?appointment=…&sig=….
 * @param appSecret - the server's signing key
 * @param tenantId - the appointment's tenant
 * @param appointmentId - the appointment
 */
export function feedbackLinkPath(appSecret: Buffer, tenantId: string, appointmentId: string): string {
  return `/pf?${feedbackLinkQuery(appSecret, tenantId, appointmentId)}`;
}

/** Where feedback links point: the signing key and the patient app's origin (null: the path alone). */
export type FeedbackLinkSettings = { appSecret: Buffer; origin: string | null };

/**
 * The patient app's origin for links in an SMS: the tenant's first host, over https (http for a
 * local host, which has no certificate); null when the tenant names no host.
 * @param hosts - the tenant's hosts, first is the main one
 */
export function feedbackLinkOrigin(hosts: readonly string[]): string | null {
  const host = hosts[0];
  if (host === undefined || host === '') {
    return null;
  }
  const local = host === 'localhost' || host === '127.0.0.1' || host.endsWith('.localhost');
  return `${local ? 'http' : 'https'}://${host}`;
}

/**
 * The SMS that asks for feedback on a visit just fulfilled, in the account's language (the
 * catalogues' sms.appointment.feedbackLink), with the signed link to /pf.
 * @param details - the account's language, the hospital's name and the link
 */
export function feedbackLinkSmsText(details: { language: string | null; hospitalName: string; link: string }): string {
  return renderMessage(details.language, 'sms.appointment.feedbackLink', { hospital: details.hospitalName, link: details.link });
}

/**
 * Writes the feedback link SMS of appointments just fulfilled to the outbox, in the fulfilling
 * transaction (issue 29 §13): one per appointment ever, whoever fulfils it and however often;
 * dispatch what it answers after the commit.
 * @param tx - the transaction that fulfilled them
 * @param deps - tenant, SMS outbox and the link's settings
 * @param appointmentIds - the appointments just fulfilled
 */
export async function writeFeedbackLinkSms(
  tx: DbOrTx,
  deps: { tenantId: string; smsOutbox: SmsOutbox; feedbackLink: FeedbackLinkSettings },
  appointmentIds: readonly string[],
): Promise<QueuedSms> {
  const claimed = await claimFeedbackLinkSms(tx, deps.tenantId, appointmentIds);
  return deps.smsOutbox.add(
    tx,
    claimed.map((row) => ({
      tenantId: deps.tenantId,
      to: row.mobileNo,
      kind: 'appointment.feedbackLink' as const,
      body: feedbackLinkSmsText({
        language: row.language,
        hospitalName: row.hospitalName,
        link: `${deps.feedbackLink.origin ?? ''}${feedbackLinkPath(deps.feedbackLink.appSecret, deps.tenantId, row.appointmentId)}`,
      }),
    })),
  );
}

/**
 * The appointment id a feedback link's query names when its signature is ours for this tenant, or
 * null (forged, tampered, another appointment's signature, another tenant's link).
 * @param appSecret - the server's signing key
 * @param tenantId - the request's tenant
 * @param query - the request's query parameters
 */
export function verifyFeedbackLink(appSecret: Buffer, tenantId: string, query: Record<string, unknown>): string | null {
  const id = query[FEEDBACK_LINK_PARAMS.appointment];
  const signature = query[FEEDBACK_LINK_PARAMS.signature];
  if (typeof id !== 'string' || typeof signature !== 'string' || !UUID.test(id) || signature.length > 100) {
    return null;
  }
  const expected = Buffer.from(feedbackSignature(appSecret, tenantId, id), 'utf8');
  const sent = Buffer.from(signature, 'utf8');
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? id : null;
}

/** What the feedback page shows (spec doc 2 §3 Feedback). */
export type LinkFeedback = {
  start: string;
  /** The hospital: the page opens its review link after a rating of 10 (spec doc 2 §4 Feedback). */
  organizationId: string;
  organizationName: string;
  /** The page offers the rating only once it is fulfilled (spec doc 2 §4 Feedback; issue 29 §13). */
  appointmentStatus: string;
  feedbackRating: number | null;
  feedbackComment: string | null;
};

/**
 * The feedback page's data for a verified link's appointment; ARO-E2001 when it does not exist.
 * @param db - database
 * @param tenantId - the tenant
 * @param appointmentId - from verifyFeedbackLink
 */
export async function readLinkFeedback(db: Db, tenantId: string, appointmentId: string): Promise<LinkFeedback> {
  const found = await findAppointmentForFeedback(db, tenantId, appointmentId);
  if (!found) {
    throw new AppError('ARO-E2001');
  }
  return {
    start: found.start.toISOString(),
    organizationId: found.organizationId,
    organizationName: found.organizationName,
    appointmentStatus: found.appointment.appointmentStatus,
    feedbackRating: found.appointment.feedbackRating,
    feedbackComment: found.appointment.feedbackComment,
  };
}

/**
 * Stores feedback sent through a verified link, with the same rules as in the app (spec doc 2 §4
 * Feedback: after fulfilment, within 30 days, rating 1-10), audited as the patient's.
 * @param db - database
 * @param input - tenant, appointment, the rating and comment, the clock and the correlation id
 */
export async function saveLinkFeedback(
  db: Db,
  input: { tenantId: string; appointmentId: string; rating: unknown; feedback: unknown; now: Date; correlationId: string },
): Promise<LinkFeedback> {
  if (typeof input.rating !== 'number' || (input.feedback !== undefined && input.feedback !== null && typeof input.feedback !== 'string')) {
    throw new AppError('ARO-E4011');
  }
  const rating = input.rating;
  const comment = typeof input.feedback === 'string' ? input.feedback : undefined;
  return db.transaction(async (tx) => {
    const found = await findAppointmentForFeedback(tx, input.tenantId, input.appointmentId);
    if (!found) {
      throw new AppError('ARO-E2001');
    }
    checkFeedback({ ...found.appointment, start: found.start }, { rating, comment }, input.now);
    const row = await updateAppointmentFields(tx, found.appointment.id, {
      feedbackRating: rating,
      ...(comment !== undefined ? { feedbackComment: comment } : {}),
    });
    await recordAudit(tx, {
      tenantId: input.tenantId,
      actor: { kind: 'patient', accountId: found.appointment.accountId },
      action: 'appointment.feedback',
      correlationId: input.correlationId,
      patientAccountId: found.appointment.accountId,
      patientId: found.appointment.patientId,
      details: { appointmentId: found.appointment.id, rating, commentLength: row.feedbackComment?.length ?? 0, via: 'link' },
    });
    return {
      start: found.start.toISOString(),
      organizationId: found.organizationId,
      organizationName: found.organizationName,
      appointmentStatus: row.appointmentStatus,
      feedbackRating: row.feedbackRating,
      feedbackComment: row.feedbackComment,
    };
  });
}
