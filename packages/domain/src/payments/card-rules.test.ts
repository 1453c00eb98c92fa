import { describe, expect, it } from 'vitest';
import {
  cardDisplayText,
  cardTypeName,
  CARD_MESSAGES,
  cardBrand,
  cardDetailsComplete,
  cardTypeCode,
  formatCardNumberInput,
  formatExpiryInput,
  gatewayExpiry,
  HOSTED_FORM_MESSAGES,
  luhnValid,
  maskCardNumber,
  validateCardForm,
  type CardFormInput,
} from './card-rules.ts';

const now = new Date('2026-11-23T08:00:00Z');
const valid: CardFormInput = {
  nameOnCard: 'Nimal Perera',
  cardNumber: '4111-1111-1111-1111',
  expiry: '12/28',
  cvv: '123',
};

describe('card form messages (spec doc 2 §5)', () => {
  it('are the spec texts, character for character', () => {
    expect(CARD_MESSAGES).toEqual({
      nameRequired: 'Name on card is required',
      cvvInvalid: 'The CVV number is invalid',
      numberInvalid: 'This is not a valid credit card number',
      expiryInvalid: 'Invalid Expire Month & Year',
      expired: 'Expired card',
    });
    expect(HOSTED_FORM_MESSAGES).toEqual({
      number: 'Card number invalid or missing.',
      expiryYear: 'Expiry year invalid or missing.',
      expiryMonth: 'Expiry month invalid or missing.',
      securityCode: 'Security code invalid.',
    });
  });
});

describe('luhnValid', () => {
  it.each([
    ['4111111111111111', true],
    ['5555555555554444', true],
    ['4000000000000002', true],
    ['378282246310005', true],
    ['4111111111111112', false],
    ['1234567812345678', false],
    ['4111-1111-1111-1111', false],
    ['', false],
  ])('%s → %s', (digits, ok) => {
    expect(luhnValid(digits)).toBe(ok);
  });
});

describe('auto-hyphen and auto-slash (spec doc 2 §5: 19 and 5 characters)', () => {
  it.each([
    ['4', '4'],
    ['4111', '4111'],
    ['41111', '4111-1'],
    ['4111111111111111', '4111-1111-1111-1111'],
    ['4111-1111-1111-1111', '4111-1111-1111-1111'],
    ['4111 1111 1111 1111 999', '4111-1111-1111-1111'],
    ['41a1', '411'],
    ['', ''],
  ])('card number %j → %j', (raw, formatted) => {
    expect(formatCardNumberInput(raw)).toBe(formatted);
    expect(formatCardNumberInput(raw).length).toBeLessThanOrEqual(19);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['122', '12/2'],
    ['1228', '12/28'],
    ['12/28', '12/28'],
    ['12/2028', '12/20'],
    ['', ''],
  ])('expiry %j → %j', (raw, formatted) => {
    expect(formatExpiryInput(raw)).toBe(formatted);
    expect(formatExpiryInput(raw).length).toBeLessThanOrEqual(5);
  });
});

describe('card type codes (spec doc 2 §5 table)', () => {
  it.each([
    ['visa', '4111111111111111', '001'],
    ['mastercard', '5555555555554444', '002'],
    ['mastercard (2-series)', '2221000000000009', '002'],
    ['american-express', '378282246310005', '003'],
    ['discover', '6011111111111117', '004'],
    ['diners-club', '30569309025904', '005'],
    ['jcb', '3530111333300000', '007'],
    ['maestro', '6759649826438453', '042'],
    ['hiper', '6370950000000005', '050'],
    ['hipercard', '6062826786276634', '050'],
    ['elo', '6362970000457013', '054'],
    ['elo (a 4-prefix)', '4011780000000000', '054'],
  ])('%s %s → %s', (brand, digits, code) => {
    expect(cardBrand(digits)).toBe(brand.split(' ')[0]);
    expect(cardTypeCode(digits)).toBe(code);
  });

  it.each([['9999999999999999'], [''], ['6200000000000005']])(
    '%j takes the default 001',
    (digits) => {
      expect(cardTypeCode(digits)).toBe('001');
    },
  );

  it('ignores hyphens', () => {
    expect(cardTypeCode('5555-5555-5555-4444')).toBe('002');
  });
});

describe('card display (spec doc 2 §5: first 6 digits then masked)', () => {
  it.each([
    ['4111111111111111', '411111XXXXXXXXXX'],
    ['4111-1111-1111-1111', '411111XXXXXXXXXX'],
    ['378282246310005', '378282XXXXXXXXX'],
    ['411', '411'],
    ['4111XXXXXXXX1111', '4111XXXXXXXXXXXX'],
    ['411111******1111', '411111XXXXXXXXXX'],
  ])('%s → %s', (digits, masked) => {
    expect(maskCardNumber(digits)).toBe(masked);
  });
});

describe('validateCardForm (spec doc 2 §5)', () => {
  it('is empty for a good card', () => {
    expect(validateCardForm(valid, now)).toEqual({});
  });

  it.each<[string, Partial<CardFormInput>, keyof CardFormInput, string]>([
    ['empty name', { nameOnCard: '' }, 'nameOnCard', 'Name on card is required'],
    ['blank name', { nameOnCard: '   ' }, 'nameOnCard', 'Name on card is required'],
    ['CVV of 2', { cvv: '12' }, 'cvv', 'The CVV number is invalid'],
    ['CVV of 4', { cvv: '1234' }, 'cvv', 'The CVV number is invalid'],
    ['CVV not digits', { cvv: '12a' }, 'cvv', 'The CVV number is invalid'],
    [
      'Luhn failure',
      { cardNumber: '4111-1111-1111-1112' },
      'cardNumber',
      'This is not a valid credit card number',
    ],
    [
      '15 digits',
      { cardNumber: '3782-8224-6310-005' },
      'cardNumber',
      'This is not a valid credit card number',
    ],
    ['empty number', { cardNumber: '' }, 'cardNumber', 'This is not a valid credit card number'],
    ['month 13', { expiry: '13/28' }, 'expiry', 'Invalid Expire Month & Year'],
    ['month 00', { expiry: '00/28' }, 'expiry', 'Invalid Expire Month & Year'],
    ['no slash', { expiry: '1228' }, 'expiry', 'Invalid Expire Month & Year'],
    ['half typed', { expiry: '12/2' }, 'expiry', 'Invalid Expire Month & Year'],
    ['last month', { expiry: '10/26' }, 'expiry', 'Expired card'],
    ['last year', { expiry: '12/25' }, 'expiry', 'Expired card'],
  ])('%s → %s', (_case, change, field, message) => {
    expect(validateCardForm({ ...valid, ...change }, now)).toEqual({ [field]: message });
  });

  it('accepts a card expiring this month (good through its last day)', () => {
    expect(validateCardForm({ ...valid, expiry: '11/26' }, now)).toEqual({});
    expect(
      validateCardForm({ ...valid, expiry: '11/26' }, new Date('2026-11-30T23:59:59Z')),
    ).toEqual({});
    expect(
      validateCardForm({ ...valid, expiry: '11/26' }, new Date('2026-12-01T00:00:00Z')),
    ).toEqual({ expiry: 'Expired card' });
  });

  it('reports every bad field at once', () => {
    expect(validateCardForm({ nameOnCard: '', cardNumber: '1', expiry: '', cvv: '' }, now)).toEqual(
      {
        nameOnCard: CARD_MESSAGES.nameRequired,
        cardNumber: CARD_MESSAGES.numberInvalid,
        expiry: CARD_MESSAGES.expiryInvalid,
        cvv: CARD_MESSAGES.cvvInvalid,
      },
    );
  });
});

describe('cardDetailsComplete (spec doc 2 §5, §9: 19 / 5 / 3)', () => {
  it.each([
    [valid, true],
    [{ ...valid, cardNumber: '4111-1111-1111-111' }, false],
    [{ ...valid, cardNumber: '4111111111111111' }, false],
    [{ ...valid, expiry: '12/2' }, false],
    [{ ...valid, cvv: '12' }, false],
    [{ ...valid, cvv: '1234' }, false],
  ])('%o → %s', (input, complete) => {
    expect(cardDetailsComplete(input)).toBe(complete);
  });
});

describe('gatewayExpiry (card_expiry_date MM-YYYY)', () => {
  it.each([
    ['12/28', '12-2028'],
    ['01/30', '01-2030'],
  ])('%s → %s', (expiry, gateway) => {
    expect(gatewayExpiry(expiry)).toBe(gateway);
  });

  it.each([['13/28'], ['1/28'], ['12-28'], ['']])('rejects %j', (expiry) => {
    expect(() => gatewayExpiry(expiry)).toThrow('Invalid Expire Month & Year');
  });
});

describe('a paid card as a person reads it (spec doc 2 §5; issue 29 §1.4)', () => {
  it.each([
    ['001', '400000XXXXXXXXXX', 'Visa 400000XXXXXXXXXX'],
    ['002', '555555XXXXXXXXXX', 'Mastercard 555555XXXXXXXXXX'],
    ['003', '378282XXXXXXXXX', 'American Express 378282XXXXXXXXX'],
    ['visa', '4111111111111111', 'Visa 411111XXXXXXXXXX'],
    [null, '411111xxxxxx1111', '411111XXXXXXXXXX'],
  ] as const)('%s %s → %s', (type, number, text) => {
    expect(cardDisplayText(type, number)).toBe(text);
  });

  it('no number, no card; a code the spec does not list shows as given', () => {
    expect(cardDisplayText('001', null)).toBeNull();
    expect(cardDisplayText('001', ' ')).toBeNull();
    expect(cardTypeName('099')).toBe('099');
    expect(cardTypeName('')).toBeNull();
  });
});
