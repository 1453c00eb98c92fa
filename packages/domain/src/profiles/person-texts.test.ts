import { describe, expect, it } from 'vitest';
import { relationshipChoices } from '../tenant/base.ts';
import { ageLabel } from './age.ts';
import {
  ageText,
  genderText,
  prefixText,
  relationshipText,
  RELATIONSHIP_MESSAGE_IDS,
  type PersonTranslate,
} from './person-texts.ts';
import { genders, namePrefixes } from './values.ts';

// Writes the key and its values, so each case shows which message a value takes.
const keyOf: PersonTranslate = (id, values) => (values ? `${id} ${JSON.stringify(values)}` : id);

describe('person texts: which catalogue key says each stored value (spec doc 1 §3, doc 3 §2)', () => {
  it.each([
    ['34 years', 'profiles.age.years {"count":34}'],
    ['1 year', 'profiles.age.years {"count":1}'],
    ['2 months', 'profiles.age.months {"count":2}'],
    ['1 month', 'profiles.age.months {"count":1}'],
    ['3 months 4 days', 'profiles.age.monthsDays {"months":3,"days":4}'],
    ['1 month 1 day', 'profiles.age.monthsDays {"months":1,"days":1}'],
    ['12 days', 'profiles.age.days {"count":12}'],
    ['1 day', 'profiles.age.days {"count":1}'],
    ['0 days', 'profiles.age.days {"count":0}'],
    ['', ''],
    ['about forty', 'about forty'],
  ] as const)('age %j reads %j', (age, text) => {
    expect(ageText(keyOf, age)).toBe(text);
  });

  it('reads every form ageLabel writes', () => {
    const now = new Date(2025, 0, 31);
    for (const birthDate of ['1960-04-09', '2024-01-31', '2024-12-31', '2025-01-30', '2024-10-15', '2024-12-01', '2024-11-30']) {
      expect(ageText(keyOf, ageLabel(birthDate, now))).toMatch(/^profiles\.age\./);
    }
  });

  it.each([
    ['female', 'profiles.gender.female'],
    ['male', 'profiles.gender.male'],
    ['other', 'profiles.gender.other'],
    ['Female', 'Female'],
  ] as const)('gender %j reads %j', (gender, text) => {
    expect(genderText(keyOf, gender)).toBe(text);
  });

  it.each([
    ['Mr', 'profiles.prefix.mr'],
    ['Baby Of', 'profiles.prefix.babyOf'],
    ['Dr', 'Dr'],
  ] as const)('prefix %j reads %j', (prefix, text) => {
    expect(prefixText(keyOf, prefix)).toBe(text);
  });

  it.each([
    ['Mother', 'profiles.relationship.mother'],
    [' Sister ', 'profiles.relationship.sister'],
    ['Me', 'profiles.relationship.me'],
    ['Uncle', 'Uncle'],
    ['toString', 'toString'],
  ] as const)('relationship %j reads %j', (relationship, text) => {
    expect(relationshipText(keyOf, relationship)).toBe(text);
  });

  it('has a key for every gender, prefix and relationship choice', () => {
    for (const gender of genders) {
      expect(genderText(keyOf, gender)).toMatch(/^profiles\.gender\./);
    }
    for (const prefix of namePrefixes) {
      expect(prefixText(keyOf, prefix)).toMatch(/^profiles\.prefix\./);
    }
    expect(Object.keys(RELATIONSHIP_MESSAGE_IDS)).toEqual([...relationshipChoices, 'Other']);
  });
});
