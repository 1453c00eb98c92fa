/**
 * Business constants and limits shared by the whole product (spec doc 1 §9; repeated in doc 2 §9
 * and doc 3). Feature-specific constants live beside their rules (auth, profiles, shell).
 */

/** Query limits (spec doc 1 §9, doc 2 §7). */
export const QUERY_LIMITS = {
  appointments: 5000,
  sessions: 5000,
  practitioners: 10000,
} as const;

/** Default map position and size (spec doc 1 §9). */
export const MAP_DEFAULTS = {
  latitude: 6.927079,
  longitude: 79.861244,
  zoom: 10,
  height: 450,
} as const;

/** Images over 1 MB are compressed to at most 1 MB and 1920 px before upload (spec doc 1 §7, §9). */
export const IMAGE_COMPRESS_THRESHOLD_BYTES = 1024 * 1024;
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const IMAGE_MAX_DIMENSION_PX = 1920;

/** Accepted upload types (spec doc 1 §7 'Blob storage'). */
export const IMAGE_ACCEPT = 'image/*';
export const PDF_ACCEPT = 'application/pdf';

/**
 * The image upload size limit, 250 (spec doc 1 §9: "unit not shown"). Kept as the bare number;
 * whoever enforces it decides the unit and says so where it is used.
 */
export const IMAGE_UPLOAD_LIMIT = 250;

/** Chat pacing (spec doc 1 §9: buttons and replies after about 1 s, typing indicator at 300 ms). */
export const CHAT_BUTTONS_DELAY_MS = 1000;
export const CHAT_REPLY_DELAY_MS = 1000;
export const CHAT_TYPING_INDICATOR_MS = 300;

/** The loading spinner rotates every 800 ms across 5 colours (spec doc 1 §9). */
export const SPINNER_ROTATION_MS = 800;
export const SPINNER_COLOUR_COUNT = 5;

/** Date formats, in moment/dayjs tokens as the spec writes them: the time module's data (./time/patterns.ts). */
export { DATE_FORMATS } from './time/patterns.ts';

/** Discount notices: 10% on lab tests and on medication ordered via chat (spec doc 1 §9). */
export const DISCOUNT_PERCENT = { labTests: 10, chatMedication: 10 } as const;

/** NPS scale (spec doc 1 §9). */
export const NPS_MIN = 1;
export const NPS_MAX = 10;

/** The app version shown (spec doc 1 §1). */
export const APP_VERSION = '3.13.0';

/**
 * Minutes per patient assumed for a doctor with no recorded sessions yet, when estimating when a token
 * is called (issue 32 §1.2): a typical channelling visit in Sri Lanka, replaced by the doctor's own
 * pace as soon as past sessions or this session's calls give one.
 */
export const DEFAULT_MINUTES_PER_PATIENT = 10;
