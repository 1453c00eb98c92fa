import { renderMessage } from '@careline/i18n/server';
import type { OrderPatientRow } from '../orders/index.ts';

/*
 * The SMS telling a patient that staff replied in their chat while they were away (issue 12 §4: "an
 * SMS to the patient when a reply arrives while they are away"), in the account's language (the
 * catalogues' sms.chat.staffReplied), tenant-branded, through the SMS outbox (sent by the job queue).
 *
 * Away: no live chat subscription of the account on this instance, and none ended and no call of
 * the patient's in the chat within CHAT_AWAY_AFTER_MS (a reload or a dropped connection is not
 * away; chat.live.ts patientLastSeen). At most one SMS per chat per CHAT_AWAY_SMS_QUIET_MS: the
 * reply that sends one records smsSent in its 'chat.reply' audit row, in the same transaction,
 * with the chat's row locked, so two replies at once never both send.
 */

/** How long after the patient was last seen they count as away (ours). */
export const CHAT_AWAY_AFTER_MS = 60_000;

/** The least time between two away SMS of one chat (ours). */
export const CHAT_AWAY_SMS_QUIET_MS = 15 * 60_000;

/** One away SMS to send: the account's mobile and the rendered body. */
export type ChatReplySms = { to: string; body: string };

/**
 * Whether a staff reply texts the patient: they are away, and no away SMS of this chat went out in
 * the quiet period.
 * @param at - whether the patient watches live now, when they were last seen, when the chat's last away SMS went
 * @param now - the clock
 */
export function chatAwaySmsDue(at: { watching: boolean; lastSeenAt: Date | null; lastSmsAt: Date | null }, now: Date): boolean {
  if (at.watching) {
    return false;
  }
  if (at.lastSeenAt && now.getTime() - at.lastSeenAt.getTime() < CHAT_AWAY_AFTER_MS) {
    return false;
  }
  return !at.lastSmsAt || now.getTime() - at.lastSmsAt.getTime() >= CHAT_AWAY_SMS_QUIET_MS;
}

/**
 * The away SMS for a chat's account: its mobile, the body in its language.
 * @param person - the chat's profile with its account's mobile and language
 * @param brand - the tenant's hospital name
 * @returns the SMS, or null without a mobile
 */
export function chatReplySmsFor(
  person: Pick<OrderPatientRow, 'accountMobileNo' | 'language'> | undefined,
  brand: string,
): ChatReplySms | null {
  if (!person?.accountMobileNo) {
    return null;
  }
  return {
    to: person.accountMobileNo,
    body: renderMessage(person.language, 'sms.chat.staffReplied', { hospital: brand }),
  };
}
