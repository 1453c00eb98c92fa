import { cardTypeName, formatMinor, historyStatus, toMinor } from '@careline/domain/payments';

/**
 * A payment as the history shows it: queryPaymentGatewayCallback's PaymentRecord (spec doc 2 §3
 * Booking/payment record, doc 3 §3 Payment; docs/api-contract.md). Every gateway field may be missing.
 */
export type PaymentHistoryRecord = {
  id: string;
  bookingId: string;
  requestReference: string;
  organizationName?: string | null;
  createdTime: string;
  response: {
    amount?: string | null;
    status?: string | null;
    message?: string | null;
    /** The gateway's own message; kept in the record, shown only inside a §8 text that quotes it. */
    additionalInfo?: string | null;
    /** The gateway's reason code, e.g. '203'. */
    reasonCode?: string | null;
    transactionDate?: string | null;
    transactionReference?: string | null;
    cardType?: string | null;
    cardNumber?: string | null;
    cardExpiry?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    paymentGatewayType?: string | null;
  };
  invoice?: {
    items: readonly { description: string; amount: string; category?: string | null }[];
    total: string;
    currency: string;
  } | null;
};

/** What a payment paid for, from its request reference (spec doc 2 §3: Appointment/{id}, Session/{id} or ServiceRequest/{id}). */
export type PaymentSubject = { kind: 'appointment' | 'session' | 'order' | 'other'; id: string | null };

const subjectKinds: Record<string, PaymentSubject['kind']> = {
  Appointment: 'appointment',
  Session: 'session',
  ServiceRequest: 'order',
};

/**
 * The kind and id of what a payment paid for.
 * @param requestReference - 'Appointment/{id}', 'Session/{id}' or 'ServiceRequest/{id}'
 */
export function paymentSubject(requestReference: string): PaymentSubject {
  const [type = '', id = ''] = requestReference.split('/');
  const kind = subjectKinds[type];
  return kind && id ? { kind, id } : { kind: 'other', id: null };
}

/**
 * Where back goes from the payment history (spec doc 2 §2, doc 3 §2): /doctor when the address
 * carries a paymentId (the user came from a payment), otherwise /profiles.
 * @param search - the screen's query parameters
 */
export function paymentHistoryBackPath(search: URLSearchParams): string {
  return search.get('paymentId') ? '/doctor' : '/profiles';
}

/**
 * The payment whose card opens on arrival (spec doc 2 §2: paymentId expands that payment; doc 3 §2:
 * or the order's payment for orderId): the record with that id (or booking id), else the newest
 * payment of ServiceRequest/{orderId}; null when neither is given or found.
 * @param records - the payments, newest first
 * @param search - the screen's query parameters
 */
export function paymentExpandedOnArrival(records: readonly PaymentHistoryRecord[], search: URLSearchParams): string | null {
  const paymentId = search.get('paymentId');
  if (paymentId) {
    const match = records.find((record) => record.id === paymentId) ?? records.find((record) => record.bookingId === paymentId);
    return match?.id ?? null;
  }
  const orderId = search.get('orderId');
  if (orderId) {
    return records.find((record) => record.requestReference === `ServiceRequest/${orderId}`)?.id ?? null;
  }
  return null;
}

/** A text, or null when it is missing or blank (shown as 'Not Available', spec doc 2 §4). */
export function presentText(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * An amount with its currency, 2 decimals ('2,500.00 LKR'); the amount as given when it is not a
 * decimal the money rules accept; null when missing.
 * @param amount - decimal string from the wire ("2500.00")
 * @param currency - ISO code
 */
export function paymentAmountText(amount: string | null | undefined, currency: string): string | null {
  const text = presentText(amount);
  if (text === null) {
    return null;
  }
  try {
    return formatMinor(toMinor(text), currency);
  } catch {
    return text;
  }
}

/** The payer's name from the gateway answer, or null. */
export function payerNameText(response: PaymentHistoryRecord['response']): string | null {
  return presentText([response.firstName, response.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' '));
}

/**
 * A card number for display: its first 6 digits, then 'X' for every other character (spec doc 2 §5).
 * The server keeps cards masked already ('411111XXXXXXXXXX'); this never shows more than 6 digits
 * whatever it is given. null when missing.
 * @param cardNumber - as stored
 */
export function maskedCardText(cardNumber: string | null | undefined): string | null {
  const text = presentText(cardNumber)?.replace(/[\s-]/g, '') ?? '';
  if (text === '') {
    return null;
  }
  const visible = text.slice(0, 6).replace(/\D/g, 'X');
  return visible + 'X'.repeat(Math.max(0, text.length - 6));
}

/**
 * A card type for display: the brand's name for a gateway code ('001' → 'Visa'), else the type as
 * given with its first letter capitalised ('visa' → 'Visa'); null when missing (the domain's rule).
 */
export const cardTypeText = cardTypeName;

/** The status chip of a payment (spec doc 2 §4 Payment status mapping, via the domain's historyStatus). */
export function paymentStatusView(record: PaymentHistoryRecord): ReturnType<typeof historyStatus> {
  return historyStatus(record.response.status ?? '');
}
