import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentStatusLabel,
  appointmentTexts,
  blockedSentence,
  cancelTexts,
  refundReasons,
  refundTexts,
} from '@careline/domain/consultations';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { loadConsultationsMessages, type ConsultationsMessageId } from '@careline/i18n/consultations';
import {
  appointmentStatusKey,
  npsLabelKey,
  refundBlockKeys,
  refundCategoryKeys,
  refundSubcategoryKeys,
} from './history-texts.ts';

const i18n = createI18n();
// Placeholders read back as themselves, so a template compares with the domain's template.
const english = (key: ConsultationsMessageId) => i18n._(key, { status: '{status}' });
const consultationsEn = new Proxy({} as Record<ConsultationsMessageId, string>, {
  get: (_target, key) => english(key as ConsultationsMessageId),
});

beforeAll(async () => {
  await loadConsultationsMessages(i18n, 'en');
});

// Every spec text reads in English exactly as packages/domain copies it from spec doc 2.
describe('spec texts in the consultations catalogue', () => {
  it.each(['booked', 'arrived', 'cancelled', 'fulfilled', 'noshow', 'entered_in_error', 'waitlist'])(
    'status %s reads as appointmentStatusLabel',
    (status) => {
      expect(consultationsEn[appointmentStatusKey(status)]).toBe(appointmentStatusLabel(status));
    },
  );

  it('reads the refund block sentence and reasons as the domain texts', () => {
    expect(i18n._('refund.blocked', { reason: '{reason}' })).toBe(blockedSentence(refundTexts.prefix, '{reason}'));
    for (const [block, key] of Object.entries(refundBlockKeys)) {
      expect(consultationsEn[key]).toBe(refundTexts[block as keyof typeof refundBlockKeys]);
    }
  });

  it("puts the reason where the spec's '...' stands (issue 29 §1.4), in every language", async () => {
    expect(i18n._('consultations.appointment.cancelBlocked', { reason: '{reason}' })).toBe(
      'You cannot cancel this appointment because {reason}',
    );
    expect(i18n._('consultations.appointment.cancelBlocked', { reason: '{reason}' })).toBe(
      blockedSentence(cancelTexts.prefix, '{reason}'),
    );
    for (const locale of ['en', 'si', 'ta'] as const) {
      const local = createI18n();
      await activateLocale(local, locale);
      await loadConsultationsMessages(local, locale);
      for (const key of ['consultations.appointment.cancelBlocked', 'refund.blocked'] as const) {
        const text = local._(key, { reason: 'REASON' });
        expect(text, `${locale} ${key}`).toMatch(/REASON$/);
        expect(text, `${locale} ${key}`).not.toContain('...');
      }
    }
  });

  it('reads every refund category and subcategory as spec doc 2 §4 names it', () => {
    for (const reason of refundReasons) {
      expect(consultationsEn[refundCategoryKeys[reason.category]]).toBe(reason.category);
      for (const subcategory of reason.subcategories) {
        expect(consultationsEn[refundSubcategoryKeys[subcategory]]).toBe(subcategory);
      }
    }
  });

  it('reads the empty history and the thank-you toast exactly', () => {
    expect(consultationsEn['history.empty']).toBe(appointmentTexts.noVisits);
    expect(consultationsEn['feedback.thanks']).toBe(appointmentTexts.feedbackThanks);
  });
});

describe('npsLabelKey (spec doc 2 §4: 1-6 Not Good red, 7-8 Satisfied orange, 9-10 Great green)', () => {
  it.each([
    [1, 'Not Good', 'red'],
    [6, 'Not Good', 'red'],
    [7, 'Satisfied', 'orange'],
    [8, 'Satisfied', 'orange'],
    [9, 'Great', 'green'],
    [10, 'Great', 'green'],
  ] as const)('%i is %s, %s', (rating, text, colour) => {
    const label = npsLabelKey(rating);
    expect(consultationsEn[label.key]).toBe(text);
    expect(label.colour).toBe(colour);
  });
});
