/**
 * The order rules the guided chat needs on the first screen (/chat-home), kept free of zod and of
 * the payment rules (apps/web/build/first-screen-imports.test.ts and the payments feature's
 * first-screen test walk that graph): the address check, the upload limits and checks, the sample
 * collection dates, the upload texts and the order's route. The order modules re-export them, so
 * '@careline/domain/orders' answers them as before; import '@careline/domain/orders/plain' where
 * the first screen's graph reaches.
 */
import {
  IMAGE_ACCEPT,
  IMAGE_COMPRESS_THRESHOLD_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_DIMENSION_PX,
  IMAGE_UPLOAD_LIMIT,
  PDF_ACCEPT,
} from '../constants.ts';
import { DEFAULT_TIME_ZONE } from '../loyalty/loyalty-rules.ts';
import { addDays, zonedDay, zonedParts } from '../time/index.ts';

export {
  orderViewRoute,
  type CreatableOrderCategory,
  type InitiatedFor,
  type OrderFormCategory,
} from './categories.ts';
export { ORDER_TEXTS } from './texts.ts';

/** Upload state codes of the creation screen: 0 idle, 1 uploading, 3 failed (spec doc 3 §4). */
export const ORDER_UPLOAD_STATE = { IDLE: 0, UPLOADING: 1, FAILED: 3 } as const;


/** An order's address: the four lines of spec doc 3 §3 Location (the form's line 3 is the landmark). */
export type OrderAddress = {
  addressLineOne: string;
  addressLineTwo: string;
  addressLineThree: string;
  addressCity: string;
};

/**
 * Whether any address field is filled in (spec doc 3 §5: homecare submit needs an address).
 * @param address - the four address lines
 */
export function hasAddress(address: OrderAddress): boolean {
  return [
    address.addressLineOne,
    address.addressLineTwo,
    address.addressLineThree,
    address.addressCity,
  ].some((line) => line.trim() !== '');
}

/** The file inputs' accept attributes (spec doc 3 §2: image/* and application/pdf). */
export const ORDER_UPLOAD_ACCEPT = { image: IMAGE_ACCEPT, pdf: PDF_ACCEPT } as const;

/**
 * The per-file upload limit in bytes: 10 MiB (10 485 760 bytes).
 *
 * Spec doc 3 §5 and §9 say only 'Image upload limit is 250 (unit not shown)'. Read as kilobytes it
 * would refuse most phone photos even after compression to 1 MB (§5) and most PDFs; read as
 * megabytes it is 25 times what the server's blob store accepts (BLOB_MAX_BYTES, 10 MiB by default
 * in apps/server/src/config/env.ts). So the limit here equals the server's default BLOB_MAX_BYTES:
 * the app refuses an oversize file before sending it, and never lets through a file the server
 * would refuse at its default. The spec's bare 250 stays on record as IMAGE_UPLOAD_LIMIT.
 */
export const ORDER_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The spec's bare upload limit, kept as written (spec doc 3 §5, §9: 'unit not shown'). */
export const ORDER_UPLOAD_LIMIT_AS_WRITTEN = IMAGE_UPLOAD_LIMIT;

/** Images over 1 MB are compressed to at most 1 MB and 1920 px before upload (spec doc 3 §5, §9). */
export const ORDER_IMAGE_COMPRESSION = {
  thresholdBytes: IMAGE_COMPRESS_THRESHOLD_BYTES,
  maxBytes: IMAGE_MAX_BYTES,
  maxDimensionPx: IMAGE_MAX_DIMENSION_PX,
} as const;

/** The content types the server's blob store takes (its magic-byte check, apps/server files module). */
export const ORDER_UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
] as const;

/** Most documents on one order (ours: a prescription is a few pages; the server's daily quota is 50 files). */
export const ORDER_MAX_DOCUMENTS = 20;

/**
 * Whether an image is compressed before upload: an image over 1 MB (spec doc 3 §5).
 * @param file - the file's size in bytes and its content type
 */
export function needsCompression(file: { size: number; type: string }): boolean {
  return file.type.startsWith('image/') && file.size > IMAGE_COMPRESS_THRESHOLD_BYTES;
}

/**
 * A byte count as the limit is shown: '10 MB' (binary megabytes, whole when exact, else 1 decimal).
 * @param bytes - a byte count
 */
export function uploadLimitText(bytes: number = ORDER_UPLOAD_MAX_BYTES): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? String(mb) : mb.toFixed(1)} MB`;
}

/** Sample collection date choices: today, tomorrow, then the following 5 days (spec doc 3 §5, §9). */
export const SAMPLE_COLLECTION_DATE_CHOICES = 7;

/**
 * The calendar date of an instant in a time zone.
 * @param now - the instant
 * @param timeZone - an IANA time zone
 */
export function localDateParts(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const { year, month, day } = zonedParts(now, timeZone);
  return { year, month, day };
}

/**
 * The 7 sample collection dates as YYYY-MM-DD: today, tomorrow, then the following 5 days, counted
 * in the hospital's time zone (spec doc 3 §5, §9).
 * @param now - the current instant
 * @param timeZone - an IANA time zone (DEFAULT_TIME_ZONE until tenants have one)
 */
export function sampleCollectionDateChoices(
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): string[] {
  const today = zonedDay(now, timeZone);
  return Array.from({ length: SAMPLE_COLLECTION_DATE_CHOICES }, (_, offset) => addDays(today, offset));
}
