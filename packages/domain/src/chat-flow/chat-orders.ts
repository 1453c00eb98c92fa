/**
 * The order services of the guided chat (issue 12 §2; spec doc 1 §2 Chat steps, §4 Chat flow;
 * doc 3 §2, §4 Creation flow, §5): which order category a chat service creates, which services the
 * chat remembers a recent hospital for (suggest-recent-organization for lab, medication and
 * procedure), how a delivery choice is sent, and when an order in the chat may be confirmed. Pure.
 */
import type { CreatableOrderCategory, InitiatedFor } from '../orders/categories.ts';
import { hasAddress, type OrderAddress } from '../orders/plain.ts';
import { wallClockIso } from '../time/index.ts';
import type { ChatService } from './conditions.ts';

/** The chat services that create an order. */
export const CHAT_ORDER_SERVICES = ['medication', 'examination', 'procedure'] as const;
/** A chat service that creates an order. */
export type ChatOrderService = (typeof CHAT_ORDER_SERVICES)[number];

/**
 * Whether a chat service creates an order (and so gets the recent hospital suggestion:
 * spec doc 1 §4 suggest-recent-organization for lab, medication and procedure).
 * @param service - the conversation's service
 */
export function isChatOrderService(service: ChatService | null): service is ChatOrderService {
  return service !== null && (CHAT_ORDER_SERVICES as readonly string[]).includes(service);
}

/** The order category each order service creates (spec doc 3 §3: Medication 4, Examination 5, Procedure 3). */
export const CHAT_ORDER_CATEGORY: Readonly<Record<ChatOrderService, CreatableOrderCategory>> = {
  medication: 'Medication',
  examination: 'Examination',
  procedure: 'Procedure',
};

/** How the medicine reaches the patient (the delivery-mode step's two choices). */
export type ChatDeliveryMode = 'home-delivery' | 'hospital-pickup';

/**
 * The order's serviceRequestInitiatedFor for a delivery choice (spec doc 3 §4 Order statuses: "In
 * delivering, initiatedFor appointment means collect at the hospital and homecare means deliver to
 * the home").
 * @param mode - the patient's choice
 */
export function chatInitiatedFor(mode: ChatDeliveryMode): InitiatedFor {
  return mode === 'home-delivery' ? 'homecare' : 'appointment';
}

/** What the chat has gathered for an order when the patient confirms it. */
export type ChatOrderDraft = {
  organizationId: string | null;
  documentIds: readonly string[];
  /** Uploads still on their way. */
  uploading: boolean;
  deliveryMode: ChatDeliveryMode | null;
  address: OrderAddress;
  patientId: string | null;
};

/** Why an order in the chat cannot be confirmed yet; null when it can. */
export type ChatOrderBlock = 'uploading' | 'no-documents' | 'no-delivery-mode' | 'no-address' | 'no-hospital' | 'no-profile';

/**
 * Whether the order can be confirmed, as the creation screen's rules (spec doc 3 §5: not while an
 * upload is in progress, not without an image, not for homecare without an address, not before a
 * hospital is chosen; a patient must be chosen before ordering).
 * @param draft - what the chat has gathered
 */
export function chatOrderBlock(draft: ChatOrderDraft): ChatOrderBlock | null {
  if (draft.uploading) {
    return 'uploading';
  }
  if (draft.documentIds.length === 0) {
    return 'no-documents';
  }
  if (draft.deliveryMode === null) {
    return 'no-delivery-mode';
  }
  if (draft.deliveryMode === 'home-delivery' && !hasAddress(draft.address)) {
    return 'no-address';
  }
  if (draft.organizationId === null) {
    return 'no-hospital';
  }
  return draft.patientId === null ? 'no-profile' : null;
}

/** The times of day a home visit can be asked for (ours: the spec shows a time picker, not its times). */
export const CHAT_VISIT_TIMES = ['09:00', '11:00', '14:00', '16:00'] as const;
/** A time of day of a home visit. */
export type ChatVisitTime = (typeof CHAT_VISIT_TIMES)[number];

/**
 * A home visit's requested time (homeVisitRequestedTime, spec doc 3 §3): a date and a time of day
 * in the hospital's time zone, as ISO 8601 with its offset, e.g. '2030-03-04T14:00:00+05:30'.
 * @param date - YYYY-MM-DD, one of the date choices
 * @param time - HH:MM, one of CHAT_VISIT_TIMES
 * @param timeZone - the hospital's IANA time zone
 */
export function chatVisitRequestedTime(date: string, time: ChatVisitTime, timeZone: string): string {
  return wallClockIso(date, time, timeZone);
}
