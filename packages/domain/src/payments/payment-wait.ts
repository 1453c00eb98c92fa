/**
 * The time an invoice can be paid again (issue 29 §2): the server's ARO-E5030 text ends with an ISO
 * 8601 time (a 3-D Secure step-up's expiry, or the end of a wallet page's window); the app shows it
 * as a clock time in the hospital's time zone and the user's language ('4:05 PM', 'ප.ව. 4.05').
 */
import { formatInstant } from '../time/index.ts';

/** The server's refusal while a payment that may still be captured blocks the invoice, with until when. */
export const PAYMENT_WAIT_ERROR = 'ARO-E5030';

const isoTime = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z/;

/**
 * A server text with the ISO 8601 time it carries put as a clock time in a zone and a language, rounded
 * up to the minute (never a time already past: '4:04:30' reads '4:05'); other texts as they are.
 * @param text - the text after the colon of a 'CODE:message' error
 * @param options - the user's language and the hospital's time zone
 */
export function localisePaymentWait(
  text: string,
  options: { locale: string; timeZone: string },
): string {
  return text.replace(isoTime, (iso) => {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) {
      return iso;
    }
    const rounded = new Date(Math.ceil(when.getTime() / 60_000) * 60_000);
    return formatInstant(rounded, 'paymentWaitTime', options) ?? iso;
  });
}
