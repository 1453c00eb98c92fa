/**
 * The chat's suggestion widgets: what the suggestion area under the message stream shows at a step
 * (spec doc 1 §2 Chat assistant), with the texts and limits the spec gives each.
 */
import { CHAT_BUTTONS_DELAY_MS } from '../constants.ts';
import { CHAT_SESSIONS_PAGE_SIZE } from '../consultations/appointment-rules.ts';
import { addressLabels } from '../profiles/values.ts';
import { CHAT_TEXTS } from './texts.ts';

/**
 * Every suggestion widget. The first eight are the ones doc 1 §2 lists as "Suggestion widgets also
 * include" (context actions, startup actions, startup search, time picker, examination test,
 * procedure code, confirm order, document upload); the rest are the guided screens of doc 1 §2
 * "Chat steps" that need a widget of their own.
 */
export const CHAT_WIDGETS = [
  'context',
  'startup',
  'startup-search',
  'time-picker',
  'examination-test',
  'procedure-code',
  'confirm-order',
  'document-upload',
  'upcoming-events',
  'recent-doctor',
  'doctor-search',
  'specialty',
  'recent-organization',
  'organization-picker',
  'session-list',
  'consultation-booking',
  'agent-chat',
  'mobile-number',
  'otp',
  'registration',
  'delivery-mode',
  'delivery-address',
] as const;
/** A suggestion widget. */
export type ChatWidget = (typeof CHAT_WIDGETS)[number];

/** Buttons appear about 1 s after the assistant's message (spec doc 1 §2, §9). */
export const CHAT_WIDGET_DELAY_MS = CHAT_BUTTONS_DELAY_MS;

/** Sessions in the session list: 3 at first, 3 more per 'See more' (spec doc 2 §9). */
export const CHAT_SESSION_LIST_FIRST = CHAT_SESSIONS_PAGE_SIZE;
/** How many more sessions each 'See more' shows (spec doc 2 §9). */
export const CHAT_SESSION_LIST_MORE = CHAT_SESSIONS_PAGE_SIZE;

/**
 * How many sessions the list shows after a number of 'See more' taps: 3, 6, 9, ..., never more
 * than there are (spec doc 2 §9).
 * @param seeMoreTaps - taps on 'See more' so far
 * @param total - sessions found
 */
export function chatSessionsShown(seeMoreTaps: number, total: number): number {
  const taps = Math.max(0, Math.floor(seeMoreTaps));
  return Math.min(Math.max(0, total), CHAT_SESSION_LIST_FIRST + taps * CHAT_SESSION_LIST_MORE);
}

/** The texts the widgets show besides the assistant's messages (spec doc 1 §2, §4; doc 2 §9; doc 3 §4). */
export const CHAT_WIDGET_TEXTS = {
  'mobile-number': { placeholder: CHAT_TEXTS.mobilePlaceholder, button: CHAT_TEXTS.sendNow },
  otp: {
    placeholder: CHAT_TEXTS.codePlaceholder,
    button: CHAT_TEXTS.verifyNow,
    resend: CHAT_TEXTS.resendOtp,
    resent: CHAT_TEXTS.otpResent,
    smsDelay: CHAT_TEXTS.smsDelay,
    changeNumber: CHAT_TEXTS.changeNumber,
  },
  'doctor-search': {
    placeholder: CHAT_TEXTS.doctorNamePlaceholder,
    scrollHint: CHAT_TEXTS.scrollToSeeMore,
    clear: CHAT_TEXTS.clear,
  },
  'session-list': { seeMore: CHAT_TEXTS.seeMore, none: CHAT_TEXTS.noSessions },
  'upcoming-events': { none: CHAT_TEXTS.noSessions },
  'document-upload': {
    uploadingImage: CHAT_TEXTS.uploadingImage,
    creatingDigitalDocument: CHAT_TEXTS.creatingDigitalDocument,
    uploadFailed: CHAT_TEXTS.uploadFailed,
    imagesUploadFailed: CHAT_TEXTS.imagesUploadFailed,
    documentsUploadFailed: CHAT_TEXTS.documentsUploadFailed,
  },
  // doc 1 §5 Patient registration: address edit labels
  'delivery-address': { labels: addressLabels },
  'agent-chat': {
    preparation: CHAT_TEXTS.connectingToHospitalStaff,
    suspended: CHAT_TEXTS.allStaffBusy,
  },
} as const;
