/**
 * Order categories, their codes, routes and per-category labels (spec doc 3 §1, §2, §3 Order, §9).
 */
import type { ContactKind, FeatureFlags } from '../tenant/types.ts';
import { ORDER_TEXTS, fillOrderText } from './texts.ts';

/** The order categories as stored (spec doc 3 §3: Finance is the admission, labelled Admission). */
export const ORDER_CATEGORIES = ['Medication', 'Examination', 'Procedure', 'Finance'] as const;
/** An order category as stored. */
export type OrderCategory = (typeof ORDER_CATEGORIES)[number];

/** The categories a patient creates at /order/create/{category} (spec doc 3 §2). */
export const CREATABLE_ORDER_CATEGORIES = ['Medication', 'Examination', 'Procedure'] as const;
/** A category with a creation screen and a guided chat start. */
export type CreatableOrderCategory = (typeof CREATABLE_ORDER_CATEGORIES)[number];

/**
 * Whether a string names an order category.
 * @param value - the candidate, e.g. a stored category
 */
export function isOrderCategory(value: string): value is OrderCategory {
  return (ORDER_CATEGORIES as readonly string[]).includes(value);
}

/**
 * Category codes (spec doc 3 §3, §9): Procedure 3, Medication 4, Examination 5. The spec shows no
 * code for Finance (admission), so it has none here.
 */
export const ORDER_CATEGORY_CODES: Record<OrderCategory, string | null> = {
  Procedure: '3',
  Medication: '4',
  Examination: '5',
  Finance: null,
};

/**
 * The category of a creation route segment, or null when the segment is not one of
 * Medication, Examination or Procedure (spec doc 3 §2: /order/create/{category}). Exact case only.
 * @param segment - the route's {category} segment
 */
export function orderCreateCategory(segment: string): CreatableOrderCategory | null {
  return (CREATABLE_ORDER_CATEGORIES as readonly string[]).includes(segment)
    ? (segment as CreatableOrderCategory)
    : null;
}

/**
 * The categories of the creation screen: the three of spec doc 3 §2 and the admission request
 * (Finance, labelled Admission, spec doc 3 §1), offered where the others are when encounterOrder is on.
 */
export const ORDER_FORM_CATEGORIES = [...CREATABLE_ORDER_CATEGORIES, 'Finance'] as const;
/** A category the creation screen takes. */
export type OrderFormCategory = (typeof ORDER_FORM_CATEGORIES)[number];

/**
 * The category of a creation route segment, admissions included ('Finance'), or null. Exact case only.
 * @param segment - the route's {category} segment
 */
export function orderFormCategory(segment: string): OrderFormCategory | null {
  return (ORDER_FORM_CATEGORIES as readonly string[]).includes(segment) ? (segment as OrderFormCategory) : null;
}

/** Order routes (spec doc 3 §2). */
export const ORDER_ROUTES = {
  create: '/order/create/{category}',
  chatHome: '/chat-home/{category}',
  view: '/order/view',
  allOrders: '/history/orders',
  labTests: '/history/examination',
  procedures: '/history/procedure',
  accessDenied: '/accessDenied',
  paymentHistory: '/profiles/my-payment-history',
  terms: '/paymentTermsAndConditions',
} as const;

/**
 * The creation route of a category: '/order/create/Medication' (spec doc 3 §2); an admission
 * request is '/order/create/Finance'.
 * @param category - Medication, Examination, Procedure or Finance
 */
export function orderCreateRoute(category: OrderFormCategory): string {
  return ORDER_ROUTES.create.replace('{category}', category);
}

/**
 * The guided chat start of a category: '/chat-home/Examination' (spec doc 3 §2).
 * @param category - Medication, Examination or Procedure
 */
export function orderChatRoute(category: CreatableOrderCategory): string {
  return ORDER_ROUTES.chatHome.replace('{category}', category);
}

/**
 * The order view of an order: '/order/view?orderId={id}', with paymentStatus=Success after a
 * payment (spec doc 3 §2: that query shows 'Payment success').
 * @param orderId - the order's id
 * @param paymentSuccess - true to add paymentStatus=Success
 */
export function orderViewRoute(orderId: string, paymentSuccess = false): string {
  const route = `${ORDER_ROUTES.view}?orderId=${encodeURIComponent(orderId)}`;
  return paymentSuccess ? `${route}&paymentStatus=Success` : route;
}

/** How a category reads on screen: Finance is 'Admission' (spec doc 3 §1, §2, §9). */
export const ORDER_CATEGORY_LABELS: Record<OrderCategory, string> = {
  Medication: 'Medication',
  Examination: 'Examination',
  Procedure: 'Procedure',
  Finance: ORDER_TEXTS.admission,
};

/**
 * The order view's header label (spec doc 3 §2): 'Admission' for Finance orders, otherwise
 * '<category> Order', e.g. 'Medication Order'.
 * @param category - the order's category
 */
export function orderHeaderLabel(category: OrderCategory): string {
  return category === 'Finance'
    ? ORDER_TEXTS.admission
    : fillOrderText('categoryOrder', { category });
}

/**
 * The request-another button under a completed or canceled banner: 'Request Another <category>';
 * null for admissions, which have none (spec doc 3 §2).
 * @param category - the order's category
 */
export function requestAnotherLabel(category: OrderCategory): string | null {
  return category === 'Finance' ? null : fillOrderText('requestAnother', { category });
}

/**
 * What the lists' request-new buttons ask for, per category (spec doc 3 §2 Order lists: 'Buttons to
 * request a new Medicine, Lab Test or Medical service').
 */
export const REQUEST_NEW_LABELS: Record<CreatableOrderCategory, string> = {
  Medication: 'Medicine',
  Examination: 'Lab Test',
  Procedure: 'Medical service',
};

/** The tenant feature flag that offers each category and its payment (spec doc 3 §1). */
export const ORDER_FEATURE_FLAGS: Record<
  OrderCategory,
  'medicationOrder' | 'examinationOrder' | 'procedureOrder' | 'encounterOrder'
> = {
  Medication: 'medicationOrder',
  Examination: 'examinationOrder',
  Procedure: 'procedureOrder',
  Finance: 'encounterOrder',
};

/**
 * Whether the tenant offers a category (spec doc 3 §1, §6: feature flags decide which order types
 * can be requested).
 * @param features - the tenant's feature flags
 * @param category - the order category
 */
export function isOrderCategoryEnabled(
  features: Pick<
    FeatureFlags,
    'medicationOrder' | 'examinationOrder' | 'procedureOrder' | 'encounterOrder'
  >,
  category: OrderCategory,
): boolean {
  return features[ORDER_FEATURE_FLAGS[category]].enabled;
}

/**
 * Whether a category accepts payment (spec doc 3 §1: 'Payment for each order category is enabled
 * separately by a payment feature for that category').
 * @param features - the tenant's feature flags
 * @param category - the order category
 */
export function isOrderPaymentEnabled(
  features: Pick<
    FeatureFlags,
    'medicationOrder' | 'examinationOrder' | 'procedureOrder' | 'encounterOrder'
  >,
  category: OrderCategory,
): boolean {
  return features[ORDER_FEATURE_FLAGS[category]].payment;
}

/** The status extension that carries each category's order status (spec doc 3 §3 Status extensions). */
export const ORDER_STATUS_FIELDS: Record<
  OrderCategory,
  | 'medicationOrderStatus'
  | 'examinationOrderStatus'
  | 'procedureOrderStatus'
  | 'encounterOrderStatus'
> = {
  Medication: 'medicationOrderStatus',
  Examination: 'examinationOrderStatus',
  Procedure: 'procedureOrderStatus',
  Finance: 'encounterOrderStatus',
};

/** The organization contact number used by each category's 'Call <hospital>' link (spec doc 3 §2, §9). */
export const ORDER_CONTACT_KINDS: Record<OrderCategory, ContactKind> = {
  Medication: 'medication',
  Examination: 'examination',
  Procedure: 'procedure',
  Finance: 'admission',
};

/**
 * Where an order is carried out (spec doc 3 §3 serviceRequestInitiatedFor): homecare (at home, the
 * default for new orders) or appointment (a visit to the hospital).
 */
export const INITIATED_FOR_VALUES = ['homecare', 'appointment'] as const;
/** Where an order is carried out. */
export type InitiatedFor = (typeof INITIATED_FOR_VALUES)[number];
/** New orders are homecare (spec doc 3 §4 Other transitions, §9). */
export const DEFAULT_INITIATED_FOR: InitiatedFor = 'homecare';
/** Where orders come from unless told (spec doc 3 §9); nurseApp orders show a relationship panel. */
export const DEFAULT_INITIATED_FROM = 'heartbeat';
/** The origin of orders placed in the nurse application (spec doc 3 §1). */
export const NURSE_APP_INITIATED_FROM = 'nurseApp';
