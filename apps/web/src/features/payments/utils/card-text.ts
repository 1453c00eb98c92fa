import { maskCardNumber } from '@careline/domain/payments';

/**
 * A saved card's number as the patient reads it: the first six digits shown and the rest masked
 * (spec doc 2 §5; doc 3 §2 'Pay by card' with the first six digits shown and the rest masked); a
 * number the server already masked keeps its masked places masked (maskCardNumber).
 * @param cardNumber - the card's number, masked or not; null or empty when there is none
 */
export function savedCardText(cardNumber: string | null | undefined): string | null {
  const text = (cardNumber ?? '').replace(/[\s-]/g, '');
  return text === '' ? null : maskCardNumber(text);
}
