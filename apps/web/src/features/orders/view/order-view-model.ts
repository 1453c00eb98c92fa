/**
 * How the order view reads the server's order into the domain's display rules (spec doc 3 §2 Order
 * detail screen), and the few view-only decisions the domain leaves to the screen: the notes' unread
 * state, whether the relationship prompt follows a fresh order, and the dates' formats.
 */
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import {
  ORDER_RELATIONSHIP_PROMPT_DELAY_MS,
  ORDER_TEXTS,
  isOrderCategory,
  isOrderStatusOf,
  isPatientNote,
  type InitiatedFor,
  type OrderAddress,
  type OrderCategory,
  type OrderCommunicationStatus,
  type OrderPaymentMethod,
  type OrderPaymentStatus,
  type OrderState,
  type OrderStatus,
  type OrderTextKey,
  type SampleCollection,
} from '@careline/domain/orders';
import type { OrderViewData } from './order-view-documents.ts';
import { formatInstant } from '@careline/domain/time';

/** The order's fields the domain reads, typed as the domain's unions (unknown values fall back). */
export type OrderFacts = {
  category: OrderCategory;
  status: OrderStatus;
  /** The status as stored, for an unknown value shown as-is (spec doc 3 §4). */
  rawStatus: string;
  initiatedFor: InitiatedFor;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: OrderPaymentMethod;
  communicationStatus: OrderCommunicationStatus;
  chargingAmountMinor: number | null;
  sampleCollection: SampleCollection | null;
  address: OrderAddress;
  orderDetailCount: number;
};

const COMMUNICATION: readonly OrderCommunicationStatus[] = ['initial', 'patientReplied', 'performerReplied'];

/**
 * The order's facts as the domain's types.
 * @param order - the order as the server answers it
 */
export function orderFacts(order: OrderViewData): OrderFacts | null {
  if (!isOrderCategory(order.category)) {
    return null;
  }
  const category = order.category;
  const status: OrderStatus = isOrderStatusOf(category, order.orderStatus) ? order.orderStatus : 'new';
  const method = order.serviceRequestPaymentMethod;
  return {
    category,
    status,
    rawStatus: order.orderStatus,
    initiatedFor: order.serviceRequestInitiatedFor === 'appointment' ? 'appointment' : 'homecare',
    paymentStatus: order.serviceRequestPaymentStatus === 'paid' ? 'paid' : 'pending',
    paymentMethod: method === 'cash' || method === 'genie' ? method : 'card',
    communicationStatus: COMMUNICATION.includes(order.orderCommunicationStatus as OrderCommunicationStatus)
      ? (order.orderCommunicationStatus as OrderCommunicationStatus)
      : 'initial',
    chargingAmountMinor:
      order.serviceRequestChargingAmount === null ? null : Math.round(order.serviceRequestChargingAmount * 100),
    sampleCollection:
      order.sampleCollectionUserName && order.sampleCollectionTime
        ? { userName: order.sampleCollectionUserName, time: order.sampleCollectionTime }
        : null,
    address: {
      addressLineOne: order.addressLineOne ?? '',
      addressLineTwo: order.addressLineTwo ?? '',
      addressLineThree: order.addressLineThree ?? '',
      addressCity: order.addressCity ?? '',
    },
    orderDetailCount: orderDetailItems(order.orderDetail).length,
  };
}

/**
 * The order as the state machine reads it, for requestChangeBlock (when 'Change homecare address' and
 * 'Are you sure want to Change request?' are still offered).
 * @param order - the order
 * @param facts - its facts
 */
export function orderState(order: OrderViewData, facts: OrderFacts): OrderState {
  return {
    category: facts.category,
    status: facts.status,
    version: order.version,
    initiatedFor: facts.initiatedFor,
    paymentStatus: facts.paymentStatus,
    paymentMethod: facts.paymentMethod,
    chargingAmountMinor: facts.chargingAmountMinor,
    canceledReason: null,
    communicationStatus: facts.communicationStatus,
    estimatedTime: order.medicationOrderEstimatedTime ?? null,
    sampleCollection: facts.sampleCollection,
    address: facts.address,
    replacedBy: order.replacedBy ?? null,
    documentCount: order.documents.length,
  };
}

/**
 * The tests or procedures of an order (spec doc 3 §3 orderDetail: coding display, text).
 * @param orderDetail - the order's orderDetail JSON
 */
export function orderDetailItems(orderDetail: unknown): string[] {
  if (typeof orderDetail !== 'object' || orderDetail === null) {
    return [];
  }
  const coding = (orderDetail as { coding?: unknown }).coding;
  if (!Array.isArray(coding)) {
    return [];
  }
  return coding
    .map((item: unknown) =>
      typeof item === 'object' && item !== null && typeof (item as { display?: unknown }).display === 'string'
        ? (item as { display: string }).display
        : '',
    )
    .filter((display) => display !== '');
}

/**
 * The requested date the order carries for its category (spec doc 3 §2: Sample Collection,
 * Procedure or Encounter Requested Date); a home visit time stands in where the category's is unset.
 * @param order - the order
 * @param category - its category
 */
export function requestedDate(order: OrderViewData, category: OrderCategory): string | null {
  switch (category) {
    case 'Examination':
      return order.sampleCollectionRequestedTime ?? order.homeVisitRequestedTime ?? null;
    case 'Procedure':
      return order.procedureRequestedTime ?? order.homeVisitRequestedTime ?? null;
    case 'Finance':
      return order.encounterRequestedTime ?? null;
    case 'Medication':
      return null;
  }
}

/**
 * The notes block's unread replies (issue 10 Build 7): hospital notes newer than the patient's last
 * look at the notes. The baseline is the order's heartbeatLastSeen as it was before this visit (the
 * visit itself stamps it again), moved to now when the patient opens the block.
 * @param notes - the order's notes
 * @param seenSince - the baseline (ISO 8601), null when the patient never looked
 */
export function unreadReplies(notes: readonly { authorReference: string; time: string }[], seenSince: string | null): number {
  const since = seenSince === null ? Number.NEGATIVE_INFINITY : Date.parse(seenSince);
  return notes.filter((note) => !isPatientNote(note.authorReference) && Date.parse(note.time) > since).length;
}

/** How long after creation an order counts as just created for the relationship prompt (ours). */
export const JUST_CREATED_WINDOW_MS = 2 * 60 * 1000;

/**
 * When the relationship prompt opens, in ms from now, or null for none (spec doc 3 §2, §9: 5000 ms
 * after the order is created, when the profile has no relationship). An order counts as just created
 * when the creation screen said so (navigation state) or when it was created in the last two minutes
 * and was never opened before (heartbeatLinkSeen false): opening an older order, or a reload, does not
 * prompt again.
 * @param input - the navigation's flag, the order's creation time and seen flag, and the clock
 */
export function relationshipPromptDelay(input: {
  createdNow: boolean;
  createdTime: string;
  heartbeatLinkSeen: boolean;
  now: number;
}): number | null {
  const created = Date.parse(input.createdTime);
  const fresh = !input.heartbeatLinkSeen && input.now - created <= JUST_CREATED_WINDOW_MS;
  if (!input.createdNow && !fresh) {
    return null;
  }
  return Math.max(0, created + ORDER_RELATIONSHIP_PROMPT_DELAY_MS - input.now);
}

/** The spec texts (ORDER_TEXTS) the order view's catalogue carries, as 'orders.view.text.<key>'. */
export const VIEW_SPEC_TEXTS = [
  'loadingOrder',
  'admission',
  'categoryOrder',
  'requestedAt',
  'requestedFor',
  'homeSampleCollection',
  'requestToHome',
  'sampleCollectionScheduled',
  'willMeetYouAtHomeAt',
  'sampleCollectionAddress',
  'homecareAddress',
  'sampleCollectionRequestedDate',
  'procedureRequestedDate',
  'encounterRequestedDate',
  'testList',
  'procedureList',
  'cashOnDelivery',
  'callHospital',
  'completed',
  'canceled',
  'requestAnother',
  'admissionCanceled',
  'admissionPaymentHistory',
  'notAvailable',
  'fileLoadFailed',
  'uploadFailed',
  'chatWithHospital',
  'notePrompt',
  'notNow',
  'reply',
  'changeAddressTitle',
  'addressLineOne',
  'addressLineTwo',
  'addressLandmark',
  'addressCity',
  'update',
  'changeRequestTitle',
  'bookVisit',
  'requestHomeSampleCollection',
] as const satisfies readonly OrderTextKey[];

/** The catalogue key of a spec text, e.g. 'orders.view.text.completed'. */
export type OrderViewTextKey = `orders.view.text.${(typeof VIEW_SPEC_TEXTS)[number]}`;

const KEY_BY_TEXT = new Map<string, (typeof VIEW_SPEC_TEXTS)[number]>(
  VIEW_SPEC_TEXTS.map((key) => [ORDER_TEXTS[key], key]),
);

/**
 * The catalogue key of a text the domain answers with (one of ORDER_TEXTS), or null for another text.
 * @param text - a text of ORDER_TEXTS
 */
export function orderTextKey(text: string): OrderViewTextKey | null {
  const key = KEY_BY_TEXT.get(text);
  return key ? `orders.view.text.${key}` : null;
}

/**
 * The zone the order's times are shown in: the hospital's (Sri Lanka time, as the server's SMS and the
 * creation screen's sample dates use), not the phone's, so the screen and the SMS name the same hour.
 */
export const ORDER_TIME_ZONE = DEFAULT_TIME_ZONE;

/**
 * A time as 'hh:mm A' (spec doc 3 §2 'will meet you at home at'), e.g. '09:30 AM', in hospital time.
 * @param iso - an ISO date-time
 * @param locale - the active language
 * @param timeZone - the zone shown; the hospital's by default
 */
export function clockTime(iso: string, locale = 'en', timeZone: string = ORDER_TIME_ZONE): string {
  return formatInstant(iso, 'sampleCollectionTime', { locale, timeZone }) ?? '';
}

/**
 * A date and time as 'Do,(ddd) MMM YYYY hh:mm A' (spec doc 3 §2 Admission Payment History), e.g.
 * '24th,(Tue) Nov 2026 04:45 PM'; null for a missing or unreadable date ('Not Available').
 * @param iso - an ISO date-time
 * @param locale - the active language
 * @param timeZone - the zone shown; the hospital's by default
 */
export function longDateTime(iso: string | null | undefined, locale = 'en', timeZone: string = ORDER_TIME_ZONE): string | null {
  return formatInstant(iso, 'payment', { locale, timeZone });
}

/**
 * A day without time, e.g. 'Wed, 25 Nov 2026' in the active language (requested dates), in hospital time.
 * @param iso - an ISO date-time
 * @param locale - the active language
 * @param timeZone - the zone shown; the hospital's by default
 */
export function dayLabel(iso: string, locale = 'en', timeZone: string = ORDER_TIME_ZONE): string {
  return formatInstant(iso, 'weekdayDate', { locale, timeZone }) ?? '';
}
