import {
  cardDetailsComplete,
  cardTypeCode,
  gatewayExpiry,
  type CardFormInput,
} from '@careline/domain/payments';

/** One hidden field of the gateway's form. */
export type GatewayField = { name: string; value: string };

/** What initiateBooking answers: where to post and the signed fields (docs/api-contract.md BookingRequest). */
export type GatewayBookingRequest = {
  formUrl: string;
  signature: { parameter: readonly GatewayField[]; value?: string | null };
};

/** The card fields the gateway takes unsigned (spec doc 2 §7 Payment gateways: type, number, expiry, cvn). */
export const CARD_FIELD_NAMES = [
  'card_type',
  'card_number',
  'card_expiry_date',
  'card_cvn',
] as const;

/** The hidden form is submitted this long after it is built (spec doc 2 §7: 'The form submits after 50 ms'). */
export const GATEWAY_SUBMIT_DELAY_MS = 50;

/**
 * The gateway form's hidden fields: the signed fields as the server gave them (with the signature),
 * then the card's type code, number (digits only), expiry ('MM-YYYY') and security code (spec doc 2
 * §5, §7). A card number that is not 19 characters, an expiry not 5 or a CVV not 3 clears the card
 * details (spec doc 2 §5), so a half-typed card is never sent.
 * @param request - initiateBooking's answer
 * @param card - the card as typed in the form
 */
export function gatewayFormFields(
  request: GatewayBookingRequest,
  card: Omit<CardFormInput, 'nameOnCard'>,
): GatewayField[] {
  const cardNames: readonly string[] = CARD_FIELD_NAMES;
  const signed = request.signature.parameter.filter((field) => !cardNames.includes(field.name));
  const withSignature =
    signed.some((field) => field.name === 'signature') || !request.signature.value
      ? signed
      : [...signed, { name: 'signature', value: request.signature.value }];
  const complete = cardDetailsComplete(card);
  const digits = card.cardNumber.replace(/\D/g, '');
  return [
    ...withSignature.map(({ name, value }) => ({ name, value })),
    { name: 'card_type', value: complete ? cardTypeCode(digits) : '' },
    { name: 'card_number', value: complete ? digits : '' },
    { name: 'card_expiry_date', value: complete ? gatewayExpiry(card.expiry) : '' },
    { name: 'card_cvn', value: complete ? card.cvv : '' },
  ];
}

/**
 * Builds the hidden silent-pay form (spec doc 2 §7) in the page and submits it after 50 ms: the
 * browser leaves for the gateway with the card fields, which never reach our server.
 * @param action - the gateway's form URL
 * @param fields - the hidden fields, in order
 * @param doc - the document to build it in
 * @param delayMs - how long after it is built the form is submitted (default 50 ms)
 * @returns the form, already in the page
 */
export function postGatewayForm(
  action: string,
  fields: readonly GatewayField[],
  doc: Document = document,
  delayMs: number = GATEWAY_SUBMIT_DELAY_MS,
): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.hidden = true;
  form.setAttribute('data-gateway-form', '');
  for (const field of fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  window.setTimeout(() => form.submit(), delayMs);
  // Leaving for the gateway: the card's fields must not stay in the page the browser may keep.
  window.addEventListener('pagehide', () => removeGatewayForms(doc), { once: true });
  return form;
}

/**
 * Removes the silent-pay forms (and the card's fields in them) from the page: when the page is left
 * for the gateway, and when the browser shows it again from its back-forward cache.
 * @param doc - the document
 */
export function removeGatewayForms(doc: Document = document): void {
  for (const form of doc.querySelectorAll('form[data-gateway-form]')) {
    form.remove();
  }
}

/**
 * An address the browser may be sent to for a payment: https, or a page of this site (the sandboxes
 * in development). Anything else (javascript:, data:, plain http elsewhere, an empty action that would
 * post the fields back to ourselves) is refused.
 * @param address - the gateway's or bank's address, absolute or relative
 * @param base - the current address
 * @returns the URL, or null when it may not be opened
 */
export function gatewayAddress(address: string, base: string = window.location.href): URL | null {
  if (address.trim() === '') {
    return null;
  }
  try {
    const url = new URL(address, base);
    const sameSite = url.origin === new URL(base).origin;
    return url.protocol === 'https:' || (sameSite && url.protocol === 'http:') ? url : null;
  } catch {
    return null;
  }
}

/**
 * Opens a gateway's page that takes its fields in the address (Genie: token, paymentMethod,
 * chargeTotal and related fields, spec doc 2 §7), after the same 50 ms as the hidden form.
 * @param formUrl - the gateway's page
 * @param fields - the fields, added to the page's own query
 * @param base - the current address, to resolve a relative formUrl
 * @returns the address opened, or null when the page's address may not be opened (gatewayAddress)
 */
export function openGatewayPage(
  formUrl: string,
  fields: readonly GatewayField[],
  base: string = window.location.href,
): string | null {
  const url = gatewayAddress(formUrl, base);
  if (!url) {
    return null;
  }
  for (const field of fields) {
    url.searchParams.set(field.name, field.value);
  }
  const address = url.origin === new URL(base).origin ? `${url.pathname}${url.search}` : url.href;
  window.setTimeout(() => window.location.assign(address), GATEWAY_SUBMIT_DELAY_MS);
  return address;
}
