/**
 * Display rules of the order view and the order lists, as pure functions (spec doc 3 §2 Order
 * detail screen, Order lists; §4 Order payment; §5; §7 Notes block behaviour; §9).
 */
import { DATE_FORMATS } from '../constants.ts';
import { RELATIONSHIP_MODAL_TIMEOUT_MS } from '../profiles/values.ts';
import { contactNumber } from '../tenant/rules.ts';
import type { TenantPublicConfig } from '../tenant/types.ts';
import {
  NURSE_APP_INITIATED_FROM,
  ORDER_CONTACT_KINDS,
  ORDER_ROUTES,
  orderHeaderLabel,
  orderViewRoute,
  requestAnotherLabel,
  type InitiatedFor,
  type OrderCategory,
} from './categories.ts';
import {
  isTerminalOrderStatus,
  medicationConfirmingSubstate,
  medicationDeliveryMode,
  type OrderCommunicationStatus,
  type OrderPaymentMethod,
  type OrderPaymentStatus,
  type OrderStatus,
} from './status.ts';
import { ORDER_TEXTS, fillOrderText } from './texts.ts';
import { showPayButton } from './payment-display.ts';
import { SAMPLE_COLLECTION_SCHEDULED_STATUSES, type SampleCollection } from './order-events.ts';
import type { OrderAddress } from './plain.ts';

/** The relationship prompt opens 5000 ms after an order is created for a profile with none (spec doc 3 §2, §9). */
export const ORDER_RELATIONSHIP_PROMPT_DELAY_MS = RELATIONSHIP_MODAL_TIMEOUT_MS;

/**
 * Whether the relationship prompt follows a created order: the profile has no relationship (spec doc 3 §2).
 * @param relationship - the ordered-for profile's relationship, if any
 */
export function shouldPromptRelationship(relationship: string | null | undefined): boolean {
  return (relationship ?? '').trim() === '';
}

export { ORDER_UPLOAD_STATE } from './plain.ts';
/** The chat flow's upload steps (spec doc 3 §4 Creation flow). */
export const CHAT_UPLOAD_STEPS = [
  'uploading image',
  'creating digital document',
  'success',
  'failed',
] as const;

/**
 * Where the order view sends the user instead (spec doc 3 §2 Redirects): /accessDenied when the
 * order's patient is not one of the account's profiles, the replacement's view when the order has
 * been replaced; null to show the order.
 * @param order - the order's patient and replacement
 * @param accountPatientIds - the ids of the account's profiles
 */
export function orderViewRedirect(
  order: { patientId: string; replacedBy: string | null },
  accountPatientIds: readonly string[],
): string | null {
  if (!accountPatientIds.includes(order.patientId)) {
    return ORDER_ROUTES.accessDenied;
  }
  return order.replacedBy ? orderViewRoute(order.replacedBy) : null;
}

/**
 * The home banner (spec doc 3 §2): home-care examination orders show 'Home Sample Collection',
 * other home-care orders 'Request to home'; hospital visits none.
 * @param category - the order's category
 * @param initiatedFor - homecare or appointment
 */
export function homeBannerText(category: OrderCategory, initiatedFor: InitiatedFor): string | null {
  if (initiatedFor !== 'homecare') {
    return null;
  }
  return category === 'Examination' ? ORDER_TEXTS.homeSampleCollection : ORDER_TEXTS.requestToHome;
}

/** The 'Sample collection scheduled' box. */
export type SampleCollectionBox = {
  title: string;
  collectorName: string;
  /** 'will meet you at home at', followed by the time. */
  meetText: string;
  /** The time, ISO 8601; shown in the format below. */
  time: string;
  timeFormat: 'hh:mm A';
};

/** The box's time format (spec doc 3 §2: hh:mm A). */
export const SAMPLE_COLLECTION_TIME_FORMAT = 'hh:mm A';

/**
 * The 'Sample collection scheduled' box, or null (spec doc 3 §2): shown while the status is
 * sampleCollecting (and its home substatus sampleCollectingHome, the collector on the way) with
 * the collector's name and 'will meet you at home at' the time.
 * @param status - the order status
 * @param sampleCollection - the scheduled collector and time, if any
 */
export function sampleCollectionBox(
  status: OrderStatus,
  sampleCollection: SampleCollection | null,
): SampleCollectionBox | null {
  if (!SAMPLE_COLLECTION_SCHEDULED_STATUSES.includes(status) || sampleCollection === null) {
    return null;
  }
  return {
    title: ORDER_TEXTS.sampleCollectionScheduled,
    collectorName: sampleCollection.userName,
    meetText: ORDER_TEXTS.willMeetYouAtHomeAt,
    time: sampleCollection.time,
    timeFormat: SAMPLE_COLLECTION_TIME_FORMAT,
  };
}

/**
 * The address block's label (spec doc 3 §2): 'Sample Collection Address' for examinations,
 * 'Homecare Address' for the rest; null for a hospital visit, which has no address block.
 * @param category - the order's category
 * @param initiatedFor - homecare or appointment
 */
export function addressLabel(category: OrderCategory, initiatedFor: InitiatedFor): string | null {
  if (initiatedFor !== 'homecare') {
    return null;
  }
  return category === 'Examination'
    ? ORDER_TEXTS.sampleCollectionAddress
    : ORDER_TEXTS.homecareAddress;
}

/**
 * The requested date's label (spec doc 3 §2): Sample Collection, Procedure or Encounter Requested
 * Date; medication has none (it shows an estimated time instead).
 * @param category - the order's category
 */
export function requestedDateLabel(category: OrderCategory): string | null {
  switch (category) {
    case 'Examination':
      return ORDER_TEXTS.sampleCollectionRequestedDate;
    case 'Procedure':
      return ORDER_TEXTS.procedureRequestedDate;
    case 'Finance':
      return ORDER_TEXTS.encounterRequestedDate;
    case 'Medication':
      return null;
  }
}

/**
 * The list of tests or procedures (spec doc 3 §2): 'Test List' or 'Procedure List' when there is
 * more than one order detail; null otherwise.
 * @param category - the order's category
 * @param orderDetailCount - how many order details the order has
 */
export function orderItemListLabel(
  category: OrderCategory,
  orderDetailCount: number,
): string | null {
  if (orderDetailCount <= 1) {
    return null;
  }
  if (category === 'Examination') {
    return ORDER_TEXTS.testList;
  }
  return category === 'Procedure' ? ORDER_TEXTS.procedureList : null;
}

/**
 * The 'Call <hospital>' link (spec doc 3 §2): the organization's contact number for the order's
 * kind, else the tenant's default number.
 * @param config - the tenant's contacts
 * @param organizationId - the order's organization
 * @param hospitalName - the hospital's name for the text
 * @param category - the order's category (medication, examination, procedure or admission number)
 */
export function orderCallLink(
  config: Pick<TenantPublicConfig, 'contacts'>,
  organizationId: string | null,
  hospitalName: string,
  category: OrderCategory,
): { text: string; href: string } {
  const number = contactNumber(config, organizationId, ORDER_CONTACT_KINDS[category]);
  return {
    text: fillOrderText('callHospital', { hospital: hospitalName }),
    href: `tel:${number.replace(/[^\d+]/g, '')}`,
  };
}

/** The completed or canceled banner. */
export type OrderEndBanner = { tone: 'green' | 'red'; text: string; requestAnother: string | null };

/**
 * The banner of a completed or canceled order (spec doc 3 §2): green 'Completed' or red 'Canceled'
 * with 'Request Another <category>' (not for admissions); a canceled admission shows 'Admission
 * Canceled'. Null while the order is open.
 * @param category - the order's category
 * @param status - the order status
 */
export function orderEndBanner(
  category: OrderCategory,
  status: OrderStatus,
): OrderEndBanner | null {
  if (status === 'completed') {
    return {
      tone: 'green',
      text: ORDER_TEXTS.completed,
      requestAnother: requestAnotherLabel(category),
    };
  }
  if (status !== 'canceled') {
    return null;
  }
  return category === 'Finance'
    ? { tone: 'red', text: ORDER_TEXTS.admissionCanceled, requestAnother: null }
    : { tone: 'red', text: ORDER_TEXTS.canceled, requestAnother: requestAnotherLabel(category) };
}

/**
 * Whether the 'Chat with hospital' notes block shows: hidden when the order is completed (spec doc 3 §7).
 * @param status - the order status
 */
export function showNotesBlock(status: OrderStatus): boolean {
  return status !== 'completed';
}

/**
 * Whether Reply may be pressed (spec doc 3 §5): the text is not empty and the order is loaded.
 * @param text - the note typed
 * @param orderLoaded - whether the order has loaded
 */
export function canReplyToNote(text: string, orderLoaded: boolean): boolean {
  return orderLoaded && text.trim() !== '';
}

/**
 * Whether a note is the patient's (spec doc 3 §6): its author reference starts with Patient/; any
 * other author is hospital staff.
 * @param authorReference - the note's authorReference.reference
 */
export function isPatientNote(authorReference: string): boolean {
  return authorReference.startsWith('Patient/');
}

/**
 * Whether Update may be pressed in 'Change homecare address' (spec doc 3 §5): something changed and
 * no save is in progress.
 * @param saved - the order's address
 * @param edited - the address in the form
 * @param saving - whether a save is in progress
 */
export function canUpdateAddress(
  saved: OrderAddress,
  edited: OrderAddress,
  saving: boolean,
): boolean {
  const changed =
    saved.addressLineOne !== edited.addressLineOne ||
    saved.addressLineTwo !== edited.addressLineTwo ||
    saved.addressLineThree !== edited.addressLineThree ||
    saved.addressCity !== edited.addressCity;
  return changed && !saving;
}

/** The choices of 'Are you sure want to Change request?' (spec doc 3 §2). */
export const CHANGE_REQUEST_CHOICES: readonly { value: InitiatedFor; label: string }[] = [
  { value: 'appointment', label: ORDER_TEXTS.bookVisit },
  { value: 'homecare', label: ORDER_TEXTS.requestHomeSampleCollection },
];

/** One successful admission payment, for 'Admission Payment History'. */
export type AdmissionPaymentRow = { date: Date | null; dateFormat: string; amountMinor: number };

/**
 * 'Admission Payment History' rows (spec doc 3 §2): the successful payments (ACCEPT) with their date
 * (format Do,(ddd) MMM YYYY hh:mm A; a missing date shows 'Not Available') and amount, newest first.
 * @param payments - the admission's payments: decision, transaction date and amount
 */
export function admissionPaymentRows(
  payments: readonly { decision: string; transactionDate: Date | null; amountMinor: number }[],
): AdmissionPaymentRow[] {
  return payments
    .filter((payment) => payment.decision.trim().toUpperCase() === 'ACCEPT')
    .map((payment) => ({
      date: payment.transactionDate,
      dateFormat: DATE_FORMATS.payment,
      amountMinor: payment.amountMinor,
    }))
    .sort((a, b) => (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0));
}

/** What the order view reads to decide its blocks. */
export type OrderDetailInput = {
  category: OrderCategory;
  status: OrderStatus;
  initiatedFor: InitiatedFor;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: OrderPaymentMethod;
  chargingAmountMinor: number | null;
  estimatedTime: string | null;
  sampleCollection: SampleCollection | null;
  orderDetailCount: number;
  paymentEnabled: boolean;
  termsEnabled: boolean;
  invoicePrepared: boolean;
  invoiceLineTotalMinor: number;
};

/** The blocks the order view shows (spec doc 3 §2 Order detail screen). */
export type OrderDetailDisplay = {
  header: string;
  homeBanner: string | null;
  sampleCollectionBox: SampleCollectionBox | null;
  addressLabel: string | null;
  requestedDateLabel: string | null;
  itemListLabel: string | null;
  showInvoice: boolean;
  showEstimatedTime: boolean;
  showPayButton: boolean;
  showTermsLink: boolean;
  showNotes: boolean;
  endBanner: OrderEndBanner | null;
  showAdmissionPaymentHistory: boolean;
};

/**
 * Every block of the order view at once (spec doc 3 §2 Order detail screen): the header by
 * category, the home banner, the sample collection box, address and requested date labels, the
 * test or procedure list, the invoice block (charge above 0), the medication estimated time, the
 * Pay button, the terms link (when enabled in features), the notes block, the end banner and the
 * admission payment history.
 * @param input - the order and the tenant's flags for its category
 */
export function orderDetailDisplay(input: OrderDetailInput): OrderDetailDisplay {
  const payable = showPayButton(input);
  return {
    header: orderHeaderLabel(input.category),
    homeBanner: homeBannerText(input.category, input.initiatedFor),
    sampleCollectionBox: sampleCollectionBox(input.status, input.sampleCollection),
    addressLabel: addressLabel(input.category, input.initiatedFor),
    requestedDateLabel: requestedDateLabel(input.category),
    itemListLabel: orderItemListLabel(input.category, input.orderDetailCount),
    showInvoice: (input.chargingAmountMinor ?? 0) > 0,
    showEstimatedTime: input.category === 'Medication' && input.estimatedTime !== null,
    showPayButton: payable,
    showTermsLink: input.termsEnabled,
    showNotes: showNotesBlock(input.status),
    endBanner: orderEndBanner(input.category, input.status),
    showAdmissionPaymentHistory: input.category === 'Finance',
  };
}

/**
 * Whether the order view shows 'Payment success': its query has paymentStatus=Success (spec doc 3 §2).
 * @param paymentStatus - the paymentStatus query value, if any
 */
export function showPaymentSuccess(paymentStatus: string | null | undefined): boolean {
  return paymentStatus === 'Success';
}

/**
 * What viewing an order writes (spec doc 3 §4 Other transitions): heartbeatLinkSeen true once, and
 * the last-seen time (heartbeatLastSeen) every time.
 * @param alreadySeen - the order's heartbeatLinkSeen
 * @param now - the current time
 */
export function orderSeenPatch(
  alreadySeen: boolean,
  now: Date,
): { heartbeatLinkSeen?: true; heartbeatLastSeen: string } {
  const lastSeen = now.toISOString();
  return alreadySeen
    ? { heartbeatLastSeen: lastSeen }
    : { heartbeatLinkSeen: true, heartbeatLastSeen: lastSeen };
}

/** The intent of replacement orders, whose live updates are ignored (spec doc 3 §4 Other transitions). */
export const IGNORED_LIVE_UPDATE_INTENT = 'reflex_order';

/**
 * Whether a live service request update is ignored: its intent is reflex_order (spec doc 3 §4).
 * @param intent - the updated order's intent
 */
export function isIgnoredLiveUpdate(intent: string): boolean {
  return intent === IGNORED_LIVE_UPDATE_INTENT;
}

/**
 * A special panel of the order view (spec doc 3 §2 'Special panels by order code'; §1: nurseApp
 * orders show a relationship panel; §4: encounter orders show bank transfer details as a general
 * payment message, a medication order in confirming has its sub-state, one in delivering its mode).
 * The spec names the panels but not their words; the view's texts for them are ours.
 */
export type OrderSpecialPanel =
  | { kind: 'nurseApp' }
  | { kind: 'admissionPayment' }
  | { kind: 'medicationConfirming'; waitingFor: 'patient' | 'hospital'; payment: 'paid' | 'cashOnDelivery' | 'pending' }
  | { kind: 'medicationDelivery'; mode: 'collectAtHospital' | 'deliverToHome' };

/**
 * The special panels of an order, in screen order (spec doc 3 §1, §2, §4): the nurse application's
 * relationship panel, the admission's bank transfer payment message while unpaid and open, and the
 * medication sub-state while confirming or the delivery mode while delivering.
 * @param order - the order's category, status, origin, communication, payment status and method, place
 */
export function orderSpecialPanels(order: {
  category: OrderCategory;
  status: OrderStatus;
  initiatedFrom: string;
  initiatedFor: InitiatedFor;
  communicationStatus: OrderCommunicationStatus;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: OrderPaymentMethod;
}): OrderSpecialPanel[] {
  const panels: OrderSpecialPanel[] = [];
  if (order.initiatedFrom === NURSE_APP_INITIATED_FROM) {
    panels.push({ kind: 'nurseApp' });
  }
  const open = !isTerminalOrderStatus(order.status);
  if (order.category === 'Finance' && open && order.paymentStatus !== 'paid') {
    panels.push({ kind: 'admissionPayment' });
  }
  if (order.category === 'Medication' && order.status === 'confirming') {
    panels.push({ kind: 'medicationConfirming', ...medicationConfirmingSubstate(order) });
  }
  if (order.category === 'Medication' && order.status === 'delivering') {
    panels.push({ kind: 'medicationDelivery', mode: medicationDeliveryMode(order.initiatedFor) });
  }
  return panels;
}
