/**
 * 'Requested for' in the active language (spec doc 3 §2: relationship, display name, gender, age): the
 * profile values the server stores in English, through the shared catalogue's profile keys. A small
 * copy of features/profiles' own helpers (features do not import each other).
 */
import type { MessageId, MessageValues } from '@careline/i18n/core';

type Translate = (id: MessageId, values?: MessageValues) => string;

const GENDER_KEYS: Record<string, MessageId> = {
  female: 'profiles.gender.female',
  male: 'profiles.gender.male',
  other: 'profiles.gender.other',
};

const RELATIONSHIP_KEYS: Record<string, MessageId> = {
  Me: 'profiles.relationship.me',
  Father: 'profiles.relationship.father',
  Mother: 'profiles.relationship.mother',
  Husband: 'profiles.relationship.husband',
  Wife: 'profiles.relationship.wife',
  Brother: 'profiles.relationship.brother',
  Sister: 'profiles.relationship.sister',
  Daughter: 'profiles.relationship.daughter',
  Son: 'profiles.relationship.son',
  Friend: 'profiles.relationship.friend',
  Other: 'profiles.relationship.other',
};

const AGE = /^(\d+) (day|month|year)s?(?: (\d+) days?)?$/;

/**
 * A stored value through its key, or as stored when it has none.
 * @param t - a translate function over the shared keys
 * @param kind - gender or relationship
 * @param value - the stored English value
 */
export function personValueText(t: Translate, kind: 'gender' | 'relationship', value: string): string {
  const keys = kind === 'gender' ? GENDER_KEYS : RELATIONSHIP_KEYS;
  const key = Object.hasOwn(keys, value) ? keys[value] : undefined;
  return key ? t(key) : value;
}

/**
 * The profile's age label ('34 years', '3 months 4 days') in the active language; another text as is.
 * @param t - a translate function over the shared keys
 * @param age - the profile's age label
 */
export function ageLabelText(t: Translate, age: string): string {
  const match = AGE.exec(age);
  if (!match) {
    return age;
  }
  const count = Number(match[1]);
  if (match[3] !== undefined) {
    return t('profiles.age.monthsDays', { months: count, days: Number(match[3]) });
  }
  return t(match[2] === 'year' ? 'profiles.age.years' : match[2] === 'month' ? 'profiles.age.months' : 'profiles.age.days', { count });
}
