/**
 * The sandbox gateway's published test cards (issue 9 §4): the card number decides the outcome.
 * Any expiry in the future and any 3-digit security code work; an expiry in the past is declined
 * (reason 202). Another valid (Luhn) card number is accepted.
 */

/** What the sandbox does with a card. */
export type TestCardOutcome = 'ACCEPT' | 'DECLINE' | 'ERROR' | 'REVIEW' | 'CHALLENGE';

/** A published sandbox test card. */
export type TestCard = {
  number: string;
  brand: string;
  cardType: string;
  outcome: TestCardOutcome;
  note: string;
};

/** The sandbox's test cards, as published on its hosted page and in the docs. */
export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4111111111111111',
    brand: 'Visa',
    cardType: '001',
    outcome: 'ACCEPT',
    note: 'Accepted',
  },
  {
    number: '5555555555554444',
    brand: 'Mastercard',
    cardType: '002',
    outcome: 'ACCEPT',
    note: 'Accepted (Mastercard)',
  },
  {
    number: '4000000000000002',
    brand: 'Visa',
    cardType: '001',
    outcome: 'DECLINE',
    note: 'Declined by the bank',
  },
  {
    number: '4000000000000119',
    brand: 'Visa',
    cardType: '001',
    outcome: 'ERROR',
    note: 'Gateway system error',
  },
  {
    number: '4000000000000101',
    brand: 'Visa',
    cardType: '001',
    outcome: 'REVIEW',
    note: 'Held for review',
  },
  {
    number: '4000000000001091',
    brand: 'Visa',
    cardType: '001',
    outcome: 'CHALLENGE',
    note: '3-D Secure challenge: code 1234 passes, any other code fails (reason 476)',
  },
];

/** The one-time code that passes the sandbox's 3-D Secure challenge. */
export const CHALLENGE_CODE = '1234';

/** The card number as the gateway shows it back: first 6, 'x' for the middle, last 4. */
export function gatewayMaskedNumber(digits: string): string {
  if (digits.length <= 10) {
    return 'x'.repeat(digits.length);
  }
  return `${digits.slice(0, 6)}${'x'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/** The test card with this number, or with this masked number (a payment token carries only that). */
export function findTestCard(number: string): TestCard | undefined {
  return TEST_CARDS.find(
    (card) => card.number === number || gatewayMaskedNumber(card.number) === number,
  );
}
