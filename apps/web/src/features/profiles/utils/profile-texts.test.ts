import { describe, expect, it } from 'vitest';
import { ageLabel, relationshipLabel } from '@careline/domain/profiles';
import {
  activateLocale,
  createI18n,
  translate,
  type MessageId,
  type MessageValues,
} from '@careline/i18n/core';
import { ageText, relationshipText } from '@careline/domain/profiles/person-texts';
import { relationshipLabelText } from './profile-texts.ts';

const english = createI18n();
const en = (id: MessageId, values?: MessageValues) => translate(english, id, values);

describe('profile texts (issue 6 §5)', () => {
  it('reads in English exactly as the domain rules write it', () => {
    const now = new Date(2025, 0, 31);
    for (const birthDate of [
      '1960-04-09',
      '2024-01-31',
      '2024-12-31',
      '2025-01-30',
      '2024-10-15',
      '2024-12-01',
      '2024-11-30',
    ]) {
      expect(ageText(en, ageLabel(birthDate, now))).toBe(ageLabel(birthDate, now));
    }
    for (const [relationship, given] of [
      ['Sister', 'Nimali'],
      ['Me', 'Kamala'],
      ['Uncle', 'Sunil'],
      [null, 'Ama'],
    ] as const) {
      expect(relationshipLabelText(en, relationship, given)).toBe(
        relationshipLabel(relationship, given),
      );
    }
  });

  it('translates known values and keeps a tenant’s own relationship as configured', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'si');
    const si = (id: MessageId, values?: MessageValues) => translate(i18n, id, values);
    expect(relationshipLabelText(si, 'Sister', 'Nimali')).toBe('සහෝදරිය Nimali');
    expect(relationshipText(si, 'Uncle')).toBe('Uncle');
    expect(ageText(si, '3 months 4 days')).toBe('මාස 3 දින 4');
    expect(ageText(si, '64 years')).toBe('අවුරුදු 64');
  });
});
