/**
 * The card form's rules and texts (spec doc 2 §5 Validation rules, §9 Card lengths; issue 9 §3, §5).
 * Pure: the caller passes the clock.
 */

/** Card form messages, copied character for character (spec doc 2 §5). */
export const CARD_MESSAGES = {
  nameRequired: 'Name on card is required',
  cvvInvalid: 'The CVV number is invalid',
  numberInvalid: 'This is not a valid credit card number',
  expiryInvalid: 'Invalid Expire Month & Year',
  expired: 'Expired card',
} as const;

/** The hosted card form's errors (spec doc 2 §5), shown by the gateway's own card page. */
export const HOSTED_FORM_MESSAGES = {
  number: 'Card number invalid or missing.',
  expiryYear: 'Expiry year invalid or missing.',
  expiryMonth: 'Expiry month invalid or missing.',
  securityCode: 'Security code invalid.',
} as const;

/** Card number length with hyphens: 16 digits in groups of 4 (spec doc 2 §5, §9). */
export const CARD_NUMBER_LENGTH = 19;
/** Expiry length, 'MM/YY' (spec doc 2 §5, §9). */
export const CARD_EXPIRY_LENGTH = 5;
/** CVV length (spec doc 2 §5, §9). */
export const CARD_CVV_LENGTH = 3;
/** Digits of a card number the form accepts (spec doc 2 §5 '16-digit pattern'). */
const CARD_DIGITS = 16;
/** Digits shown before the mask (spec doc 2 §5 'the first 6 digits then masks the rest'). */
const CARD_VISIBLE_DIGITS = 6;

const onlyDigits = (raw: string): string => raw.replace(/\D/g, '');

/**
 * True when the digits pass the Luhn (mod 10) check.
 * @param digits - the card number, digits only
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The card number as typed, auto-hyphenated in groups of 4 (spec doc 2 §5): '4111111111111111' →
 * '4111-1111-1111-1111'. Non-digits are dropped and at most 16 digits kept, so at most 19 characters.
 * @param raw - what the input holds
 */
export function formatCardNumberInput(raw: string): string {
  const digits = onlyDigits(raw).slice(0, CARD_DIGITS);
  return (digits.match(/\d{1,4}/g) ?? []).join('-');
}

/**
 * The expiry as typed, auto-slashed after the month (spec doc 2 §5): '1228' → '12/28'. Non-digits are
 * dropped and at most 4 digits kept, so at most 5 characters; the slash appears once a year digit is typed.
 * @param raw - what the input holds
 */
export function formatExpiryInput(raw: string): string {
  const digits = onlyDigits(raw).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A card brand's number prefixes: a prefix, or an inclusive range of prefixes of one length. */
type BrandPrefixes = {
  brand: string;
  code: string | null;
  prefixes: (number | [number, number])[];
};

/**
 * Card brands and their type codes (spec doc 2 §5 'Card type codes'), with the issuer prefixes of the
 * card-type table the original form used (brand names as the spec gives them). Unionpay and mir have
 * no code in the spec, so they fall back to the default.
 */
const CARD_BRANDS: readonly BrandPrefixes[] = [
  { brand: 'visa', code: '001', prefixes: [4] },
  {
    brand: 'mastercard',
    code: '002',
    prefixes: [[51, 55], [2221, 2229], [223, 229], [23, 26], [270, 271], 2720],
  },
  { brand: 'american-express', code: '003', prefixes: [34, 37] },
  { brand: 'discover', code: '004', prefixes: [6011, [644, 649], 65] },
  { brand: 'diners-club', code: '005', prefixes: [[300, 305], 36, 38, 39] },
  { brand: 'jcb', code: '007', prefixes: [2131, 1800, [3528, 3589]] },
  {
    brand: 'maestro',
    code: '042',
    prefixes: [493698, [500000, 504174], [504176, 506698], [506779, 508999], [56, 59], 63, 67, 6],
  },
  {
    brand: 'hiper',
    code: '050',
    prefixes: [637095, 63737423, 63743358, 637568, 637599, 637609, 637612],
  },
  { brand: 'hipercard', code: '050', prefixes: [606282] },
  {
    brand: 'elo',
    code: '054',
    prefixes: [
      401178,
      401179,
      438935,
      457631,
      457632,
      431274,
      451416,
      457393,
      504175,
      [506699, 506778],
      [509000, 509999],
      627780,
      636297,
      636368,
      [650031, 650033],
      [650035, 650051],
      [650405, 650439],
      [650485, 650538],
      [650541, 650598],
      [650700, 650718],
      [650720, 650727],
      [650901, 650978],
      [651652, 651679],
      [655000, 655019],
      [655021, 655058],
    ],
  },
  {
    brand: 'unionpay',
    code: null,
    prefixes: [
      620,
      [624, 626],
      [62100, 62182],
      [62184, 62187],
      [62185, 62197],
      [62200, 62205],
      [622010, 622999],
      [62207, 62209],
      [623, 626],
      6270,
      6272,
      6276,
      [627700, 627779],
      [627781, 627799],
      [6282, 6289],
      6291,
      6292,
      810,
      [8110, 8171],
    ],
  },
  { brand: 'mir', code: null, prefixes: [[2200, 2204]] },
];

/** The default card type code when no brand matches (spec doc 2 §5 'default 001'). */
export const DEFAULT_CARD_TYPE_CODE = '001';

/**
 * The brand of a card number by its longest matching issuer prefix ('4111…' → 'visa', '6011…' →
 * 'discover', '4011 78…' → 'elo'), or null when none matches.
 * @param digits - the card number (hyphens and spaces are ignored)
 */
export function cardBrand(digits: string): string | null {
  const number = onlyDigits(digits);
  let best: { brand: string; strength: number } | null = null;
  for (const { brand, prefixes } of CARD_BRANDS) {
    for (const prefix of prefixes) {
      const [low, high] = typeof prefix === 'number' ? [prefix, prefix] : prefix;
      const length = String(low).length;
      if (number.length < length) {
        continue;
      }
      const head = Number(number.slice(0, length));
      if (head >= low && head <= high && (!best || length > best.strength)) {
        best = { brand, strength: length };
      }
    }
  }
  return best?.brand ?? null;
}

/**
 * The gateway's card type code (spec doc 2 §5): visa 001, mastercard 002, american-express 003,
 * discover 004, diners-club 005, jcb 007, maestro 042, hiper and hipercard 050, elo 054; default 001.
 * @param digits - the card number (hyphens and spaces are ignored)
 */
export function cardTypeCode(digits: string): string {
  const brand = cardBrand(digits);
  return CARD_BRANDS.find((entry) => entry.brand === brand)?.code ?? DEFAULT_CARD_TYPE_CODE;
}

/**
 * A card number for display: the first 6 digits, then 'X' for the rest (spec doc 2 §5, doc 3 §2):
 * '4111111111111111' → '411111XXXXXXXXXX'. A number already masked keeps its length and its masked
 * places stay masked, never shown as digits: '4111XXXXXXXX1111' → '4111XXXXXXXXXXXX'.
 * @param number - the card number, masked or not (hyphens and spaces are ignored)
 */
export function maskCardNumber(number: string): string {
  return Array.from(number.replace(/[\s-]/g, ''), (char, index) =>
    index < CARD_VISIBLE_DIGITS && /\d/.test(char) ? char : 'X',
  ).join('');
}

/** Card brands' names by the gateway's card type code (spec doc 2 §5 card type codes). */
const CARD_TYPE_NAMES: Readonly<Record<string, string>> = {
  '001': 'Visa',
  '002': 'Mastercard',
  '003': 'American Express',
  '004': 'Discover',
  '005': 'Diners Club',
  '007': 'JCB',
  '042': 'Maestro',
  '050': 'Hipercard',
  '054': 'Elo',
};

/**
 * A card type for display: the brand's name for a gateway code ('001' → 'Visa'), else the type as
 * given with its first letter capitalised ('visa' → 'Visa'); null when missing.
 * @param cardType - code or name, as the gateway recorded it
 */
export function cardTypeName(cardType: string | null | undefined): string | null {
  const text = cardType?.trim() ?? '';
  if (text === '') {
    return null;
  }
  return CARD_TYPE_NAMES[text] ?? text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A paid card as a person reads it: the brand and the number masked after its first 6 digits
 * (spec doc 2 §5), 'Visa 411111XXXXXXXXXX', never the gateway's code ('001'); null without a number.
 * @param cardType - the recorded card type (code or name)
 * @param cardNumber - the recorded number, masked or not
 */
export function cardDisplayText(cardType: string | null | undefined, cardNumber: string | null | undefined): string | null {
  const number = cardNumber?.trim() ? maskCardNumber(cardNumber.trim()) : '';
  if (number === '') {
    return null;
  }
  return [cardTypeName(cardType), number].filter(Boolean).join(' ');
}

/** What the card form holds, as typed (number with hyphens, expiry 'MM/YY'). */
export type CardFormInput = { nameOnCard: string; cardNumber: string; expiry: string; cvv: string };
/** The card form's errors by field; empty when the form is valid. */
export type CardFormErrors = Partial<
  Record<'nameOnCard' | 'cardNumber' | 'expiry' | 'cvv', string>
>;

/** Month and full year of an 'MM/YY' expiry, or null when it is not one. */
function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!match) {
    return null;
  }
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * The card form's errors (spec doc 2 §5): a name is required; the number must be 16 digits that pass
 * the Luhn check; the expiry must be a month 01–12 and a 2-digit year ('Invalid Expire Month & Year'),
 * and not before the current month ('Expired card': a card is good through the last day of its
 * month); the CVV must be exactly 3 digits. Months are compared in UTC.
 * @param input - what the form holds
 * @param now - the current time
 */
export function validateCardForm(input: CardFormInput, now: Date): CardFormErrors {
  const errors: CardFormErrors = {};
  if (input.nameOnCard.trim() === '') {
    errors.nameOnCard = CARD_MESSAGES.nameRequired;
  }
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(digits) || !luhnValid(digits)) {
    errors.cardNumber = CARD_MESSAGES.numberInvalid;
  }
  const expiry = parseExpiry(input.expiry);
  if (!expiry) {
    errors.expiry = CARD_MESSAGES.expiryInvalid;
  } else if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    errors.expiry = CARD_MESSAGES.expired;
  }
  if (!/^\d{3}$/.test(input.cvv)) {
    errors.cvv = CARD_MESSAGES.cvvInvalid;
  }
  return errors;
}

/**
 * True when the card fields are full length (spec doc 2 §5, §9): number 19 characters with hyphens,
 * expiry 5, CVV 3. Anything else clears the card details sent to the gateway.
 * @param input - the number, expiry and CVV as typed
 */
export function cardDetailsComplete(
  input: Pick<CardFormInput, 'cardNumber' | 'expiry' | 'cvv'>,
): boolean {
  return (
    input.cardNumber.length === CARD_NUMBER_LENGTH &&
    input.expiry.length === CARD_EXPIRY_LENGTH &&
    input.cvv.length === CARD_CVV_LENGTH
  );
}

/**
 * The expiry in the gateway's card_expiry_date form: 'MM/YY' → 'MM-20YY' ('12/28' → '12-2028').
 * @param expiry - 'MM/YY'
 * @throws RangeError when the expiry is not a month 01–12 and a 2-digit year
 */
export function gatewayExpiry(expiry: string): string {
  const parsed = parseExpiry(expiry);
  if (!parsed) {
    throw new RangeError(CARD_MESSAGES.expiryInvalid);
  }
  return `${String(parsed.month).padStart(2, '0')}-${String(parsed.year)}`;
}
