import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorString, type ErrorCode } from '@careline/domain/errors';
import { activateLocale, createI18n, translate } from './core.ts';
import { englishErrorString, translateServerError, translateText } from './errors.ts';
import { renderEnglishText, renderMessage } from './server.ts';

describe('translateServerError', () => {
  it('shows a known code in the active language, carrying the values of the English text', async () => {
    const i18n = createI18n();
    const raw = 'ARO-E9999:Something went wrong. Contact Lanka Hospitals for more assistance.';
    expect(translateServerError(i18n, raw)).toBe(
      'Something went wrong. Contact Lanka Hospitals for more assistance.',
    );
    await activateLocale(i18n, 'si');
    expect(translateServerError(i18n, raw)).toBe(
      'යම් දෝෂයක් සිදු විය. වැඩිදුර සහාය සඳහා Lanka Hospitals අමතන්න.',
    );
    await activateLocale(i18n, 'ta');
    expect(translateServerError(i18n, 'ARO-E1015:Invalid verification code')).toBe(
      'தவறான சரிபார்ப்புக் குறியீடு',
    );
  });

  it('lets the caller rewrite a value (an ISO time in the user’s words)', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'si');
    const raw =
      'ARO-E1103:Too many wrong codes for this number. You can try again after 2026-11-24T08:00:00.000Z';
    expect(
      translateServerError(i18n, raw, (name, value) =>
        name === 'until' ? `<${value.slice(11, 16)}>` : value,
      ),
    ).toBe('මෙම අංකයට වැරදි කේත වැඩි ගණනක් ඇතුළත් කර ඇත. <08:00> න් පසු නැවත උත්සාහ කළ හැක');
  });

  it('keeps the server’s text for an unknown code or an unexpected shape, null for no code', () => {
    const i18n = createI18n();
    expect(translateServerError(i18n, 'ARO-E7777:Something new')).toBe('Something new');
    expect(translateServerError(i18n, 'ARO-E9999:Other words')).toBe('Other words');
    expect(translateServerError(i18n, 'socket hang up')).toBeNull();
  });
});

describe('renderMessage', () => {
  it('renders in the given language with ICU plurals, and English for an unknown language', () => {
    const values = { hospital: 'Careline Hospitals', code: '1234', minutes: 5 };
    expect(renderMessage('en', 'sms.verificationCode', values)).toBe(
      'Your Careline Hospitals verification code is 1234. It expires in 5 minutes.',
    );
    expect(renderMessage('en', 'sms.verificationCode', { ...values, minutes: 1 })).toBe(
      'Your Careline Hospitals verification code is 1234. It expires in 1 minute.',
    );
    expect(renderMessage('ta', 'sms.verificationCode', values)).toBe(
      'உங்கள் Careline Hospitals சரிபார்ப்புக் குறியீடு 1234. இது 5 நிமிடங்களில் காலாவதியாகும்.',
    );
    expect(renderMessage('xx', 'sms.verificationCode', values)).toBe(
      renderMessage('en', 'sms.verificationCode', values),
    );
    expect(renderMessage(null, 'sms.verificationCode', values)).toBe(
      renderMessage('en', 'sms.verificationCode', values),
    );
  });
});

describe('renderEnglishText', () => {
  it("renders a rule's English text in the given language, other texts unchanged (issue 33 §2)", () => {
    expect(renderEnglishText('si', 'Mobile No. should have 9 digits!')).toBe('ජංගම අංකයට ඉලක්කම් 9ක් තිබිය යුතුය!');
    expect(renderEnglishText('ta', 'Invalid verification code')).toBe('தவறான சரிபார்ப்புக் குறியீடு');
    expect(renderEnglishText('en', 'that is not the code I sent you')).toBe('that is not the code I sent you');
    expect(renderEnglishText('si', 'Not a catalogue text')).toBe('Not a catalogue text');
  });
});

describe('translateText', () => {
  it('shows an English text of the catalogue in the active language, with its values; others unchanged', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'ta');
    expect(translateText(i18n, 'Invalid verification code')).toBe('தவறான சரிபார்ப்புக் குறியீடு');
    expect(
      translateText(i18n, 'Something went wrong. Contact Lanka Hospitals for more assistance.'),
    ).toBe('ஏதோ தவறு நடந்துவிட்டது. மேலும் உதவிக்கு Lanka Hospitals ஐத் தொடர்பு கொள்ளவும்.');
    expect(translateText(i18n, 'Not in any catalogue')).toBe('Not in any catalogue');
  });
});

describe('translateText and templates', () => {
  it('reads the values of a template that starts with a placeholder', async () => {
    const i18n = createI18n();
    expect(translateText(i18n, 'Lanka Hospitals home')).toBe(
      i18n._('shell.homeLink', { hospital: 'Lanka Hospitals' }),
    );
    await activateLocale(i18n, 'ta');
    expect(translateText(i18n, 'Lanka Hospitals home')).toBe(
      i18n._('shell.homeLink', { hospital: 'Lanka Hospitals' }),
    );
    expect(translateText(i18n, 'Lanka Hospitals home')).not.toBe('Lanka Hospitals home');
  });

  it('leaves a text unchanged that has a template’s beginning but not its end, however often it is asked', () => {
    const i18n = createI18n();
    const text = 'Something went wrong. Contact Lanka Hospitals today';
    expect(translateText(i18n, text)).toBe(text);
    expect(translateText(i18n, text)).toBe(text);
  });

  it('follows the active language for a text it has matched before', async () => {
    const i18n = createI18n();
    const text = 'Something went wrong. Contact Lanka Hospitals for more assistance.';
    expect(translateText(i18n, text)).toBe(text);
    await activateLocale(i18n, 'ta');
    expect(translateText(i18n, text)).toBe(
      'ஏதோ தவறு நடந்துவிட்டது. மேலும் உதவிக்கு Lanka Hospitals ஐத் தொடர்பு கொள்ளவும்.',
    );
  });
});

describe('translateText and en.po’s order (the compiled catalogue’s keys are sorted)', () => {
  it('tries templates in en.po’s order: the card hint is not read as “Pay {amount}”', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'si');
    const hint = translate(createI18n(), 'payments.method.cardHint', { gateway: 'Cybersource' });
    expect(translateText(i18n, hint)).toBe(
      translate(i18n, 'payments.method.cardHint', { gateway: 'Cybersource' }),
    );
  });

  it('gives a text that several ids share the text of the last of them in en.po', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'si');
    // 'Chat' is chat.log and then chat.heading; 'This order is already paid' ARO-E5023, then ARO-E6006.
    expect(translate(i18n, 'chat.heading')).not.toBe(translate(i18n, 'chat.log'));
    expect(translateText(i18n, 'Chat')).toBe(translate(i18n, 'chat.heading'));
    expect(translateText(i18n, 'This order is already paid')).toBe(
      translate(i18n, 'error.ARO-E6006'),
    );
  });
});

describe('englishErrorString', () => {
  it('writes every catalogue error as packages/domain errorString does, with and without values', () => {
    for (const code of Object.keys(errorCatalogue) as ErrorCode[]) {
      expect(englishErrorString(code)).toBe(errorString(code));
      const names = [...errorCatalogue[code].matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      const vars = Object.fromEntries(names.map((name, i) => [name, `value ${i} of ${name}`]));
      expect(englishErrorString(code, vars)).toBe(errorString(code, vars));
    }
    expect(englishErrorString('ARO-E3001')).toBe(errorString('ARO-E3001'));
  });
});
