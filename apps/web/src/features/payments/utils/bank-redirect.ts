import { gatewayAddress, postGatewayForm, type GatewayField } from './gateway-form.ts';

/** The bank's 3-D Secure page opens this long after the answer (spec doc 2 §7: 'bank redirect after 1 s'). */
export const BANK_REDIRECT_DELAY_MS = 1000;

/** Where the bank's page is: a form to post (action and hidden fields) or an address to open. */
export type BankRedirect =
  { kind: 'form'; action: string; fields: GatewayField[] } | { kind: 'url'; url: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The bank's address as given, when it may be opened (gatewayAddress: https, or this site). */
function safeAddress(address: string, base: string): string | null {
  return gatewayAddress(address, base) ? address : null;
}

/**
 * Reads authenticatePaymentGateway's JSON (spec doc 2 §7: authentication.redirectHtml or
 * redirectUrl). The HTML is parsed as data (DOMParser runs no script) and only its first form's
 * action and hidden fields are kept, so nothing from it is put into the page as markup.
 * @param json - the mutation's answer
 * @param base - the page's address, to resolve a relative action
 * @returns the redirect, or null when the answer has neither a form nor an address
 */
export function readBankRedirect(
  json: unknown,
  base: string = window.location.href,
): BankRedirect | null {
  const authentication = isRecord(json) ? json.authentication : null;
  if (!isRecord(authentication)) {
    return null;
  }
  const { redirectUrl, redirectHtml } = authentication;
  if (typeof redirectUrl === 'string' && redirectUrl !== '') {
    const url = safeAddress(redirectUrl, base);
    return url === null ? null : { kind: 'url', url };
  }
  if (typeof redirectHtml !== 'string' || redirectHtml === '') {
    return null;
  }
  const form = new DOMParser().parseFromString(redirectHtml, 'text/html').querySelector('form');
  const action = form?.getAttribute('action') ?? '';
  const safeAction = form ? safeAddress(action, base) : null;
  if (!form || safeAction === null) {
    return null;
  }
  const fields = [...form.querySelectorAll('input')]
    .filter((input) => input.type === 'hidden' && input.name !== '')
    .map((input) => ({ name: input.name, value: input.value }));
  return { kind: 'form', action: safeAction, fields };
}

/**
 * Takes the browser to the bank after 1 s (spec doc 2 §7): posts the bank's form, or opens its address.
 * @param redirect - what readBankRedirect read
 * @param doc - the document to build the form in
 */
export function goToBank(redirect: BankRedirect, doc: Document = document): void {
  if (redirect.kind === 'form') {
    postGatewayForm(redirect.action, redirect.fields, doc, BANK_REDIRECT_DELAY_MS);
    return;
  }
  window.setTimeout(() => window.location.assign(redirect.url), BANK_REDIRECT_DELAY_MS);
}
