/**
 * Order validation (spec doc 3 §5, §9): uploads, the creation screen's submit rules and sample
 * collection dates, as catalogue codes. The inputs of the order calls (zod schemas, whose messages are
 * the catalogue's 'CODE:message' strings) are in ./order-inputs.ts, so a screen that needs only these
 * rules ships neither zod's schemas nor the error catalogue (issue 33 §3).
 */
import type { ErrorCode } from '../errors.ts';
import { DEFAULT_TIME_ZONE } from '../loyalty/loyalty-rules.ts';
import type { InitiatedFor, OrderCategory } from './categories.ts';
import {
  ORDER_UPLOAD_CONTENT_TYPES,
  ORDER_UPLOAD_MAX_BYTES,
  hasAddress,
  localDateParts,
  sampleCollectionDateChoices,
  type OrderAddress,
} from './plain.ts';

// The zod-free parts live in ./plain.ts (the first screen's chat imports them without zod).
export {
  ORDER_IMAGE_COMPRESSION,
  ORDER_MAX_DOCUMENTS,
  ORDER_UPLOAD_ACCEPT,
  ORDER_UPLOAD_CONTENT_TYPES,
  ORDER_UPLOAD_LIMIT_AS_WRITTEN,
  ORDER_UPLOAD_MAX_BYTES,
  SAMPLE_COLLECTION_DATE_CHOICES,
  needsCompression,
  sampleCollectionDateChoices,
  uploadLimitText,
} from './plain.ts';

/**
 * Why a file cannot be uploaded, or null (spec doc 3 §5): empty (ARO-E3001), not an image or PDF
 * (ARO-E3002), or larger than ORDER_UPLOAD_MAX_BYTES (ARO-E3003). Images are checked after
 * compression, so a large photo that compresses to 1 MB passes. The server checks the bytes again.
 * @param file - the file's size in bytes and its declared content type
 */
export function orderUploadRefusal(file: { size: number; type: string }): ErrorCode | null {
  if (file.size <= 0) {
    return 'ARO-E3001';
  }
  if (!(ORDER_UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type.trim().toLowerCase())) {
    return 'ARO-E3002';
  }
  return file.size > ORDER_UPLOAD_MAX_BYTES ? 'ARO-E3003' : null;
}

/** What the creation screen holds before it is sent. */
export type OrderDraft = {
  /** Finance (an admission request) needs no document and no address (createOrderInput). */
  category?: OrderCategory;
  uploading: boolean;
  documentCount: number;
  initiatedFor: InitiatedFor;
  address: OrderAddress;
  organizationId: string | null;
  patientId: string | null;
};

/**
 * Why submit is disabled, or null (spec doc 3 §5, in its order): an upload in progress (ARO-E6025),
 * no image attached (ARO-E6023), a homecare order with no address filled in (ARO-E6018), no hospital
 * chosen (ARO-E6022). A missing profile does not disable submit: it opens the profile modal
 * (needsProfileChoice).
 * @param draft - the creation screen's choices
 */
export function orderSubmitBlock(draft: OrderDraft): ErrorCode | null {
  if (draft.uploading) {
    return 'ARO-E6025';
  }
  const admission = draft.category === 'Finance';
  if (draft.documentCount === 0 && !admission) {
    return 'ARO-E6023';
  }
  if (draft.initiatedFor === 'homecare' && !admission && !hasAddress(draft.address)) {
    return 'ARO-E6018';
  }
  return draft.organizationId ? null : 'ARO-E6022';
}

/**
 * Whether submitting opens 'Select the profile to order' first (spec doc 3 §2, §5: a patient must
 * be chosen before ordering).
 * @param draft - the creation screen's choices
 */
export function needsProfileChoice(draft: Pick<OrderDraft, 'patientId'>): boolean {
  return !draft.patientId;
}


/**
 * Whether a requested sample collection time falls on one of the 7 date choices (ARO-E6027 when not).
 * @param requested - the requested time
 * @param now - the current instant
 * @param timeZone - the hospital's time zone
 */
export function isSampleCollectionDateChoice(
  requested: Date,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  if (Number.isNaN(requested.getTime())) {
    return false;
  }
  const { year, month, day } = localDateParts(requested, timeZone);
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return sampleCollectionDateChoices(now, timeZone).includes(date);
}
