import { CARD_MESSAGES, PAYMENT_SCREEN_TEXTS, PAYMENT_TEXTS } from '@careline/domain/payments';
import { describe, expect, it } from 'vitest';
import { activateLocale, createI18n } from '../core.ts';
import { translateText } from '../errors.ts';
import { readCatalogue } from '../catalogue-files.ts';

const en = readCatalogue('catalogues', 'en');

// Issue 9 (pay now): the spec's payment texts are copied character for character from packages/domain,
// which keeps them for its rules (card form, failureText); catalogue.test.ts checks the other areas.
describe('payment texts (spec doc 2 §5, §8)', () => {
  const expected: Record<string, string> = {
    'payments.card.nameRequired': CARD_MESSAGES.nameRequired,
    'payments.card.cvvInvalid': CARD_MESSAGES.cvvInvalid,
    'payments.card.numberInvalid': CARD_MESSAGES.numberInvalid,
    'payments.card.expiryInvalid': CARD_MESSAGES.expiryInvalid,
    'payments.card.expired': CARD_MESSAGES.expired,
    'payments.invoice.zeroTotal': PAYMENT_SCREEN_TEXTS.zeroTotal,
    'payments.invoice.error': PAYMENT_SCREEN_TEXTS.invoiceError,
    'payments.success': PAYMENT_TEXTS.success,
    'payments.failed': PAYMENT_TEXTS.failed,
    'payments.unableToProcess': PAYMENT_TEXTS.unableToProcess,
    'payments.pending': PAYMENT_TEXTS.pending,
    'payments.problemHeading': PAYMENT_TEXTS.problemHeading,
    'payments.authFailed': PAYMENT_TEXTS.authFailed,
    'payments.noResponse': PAYMENT_TEXTS.noResponse,
    'payments.timeout': PAYMENT_TEXTS.timeout,
    'payments.systemError': PAYMENT_TEXTS.systemError,
    'payments.unknownError': PAYMENT_TEXTS.unknownError,
    'payments.noOnline': PAYMENT_TEXTS.noOnline,
    'payments.visitHospital': PAYMENT_TEXTS.visitHospital,
  };

  it('English holds them word for word', () => {
    const actual = Object.fromEntries(
      Object.keys(expected).map((key) => [key, en[key]]),
    );
    expect(actual).toEqual(expected);
  });

  it('a rule’s English text (validateCardForm, failureText) is shown in the active language', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'si');
    expect(translateText(i18n, CARD_MESSAGES.expired)).toBe(i18n._('payments.card.expired'));
    expect(translateText(i18n, 'Payment failed with system error: General failure')).toBe(
      i18n._('payments.systemError', { message: 'General failure' }),
    );
    expect(translateText(i18n, 'Payment failed with system error: General failure')).not.toContain(
      'Payment failed',
    );
  });
});
