/**
 * A person's texts in the active language (spec doc 1 §3; doc 3 §2 'Requested for'): the profile
 * values the server stores in English (gender, name prefix, relationship) and ageLabel's English
 * ('34 years', '3 months 4 days') through the shared catalogue's profile keys. The catalogue lives in
 * packages/i18n; here are only which key says which value, so every screen says it the same way.
 * Import from '@careline/domain/profiles/person-texts'.
 */
import type { Gender, multipleRolesRelationships, NamePrefix } from './values.ts';
import type { relationshipChoices } from '../tenant/base.ts';

/** The spec's relationships (spec doc 1 §3): the choices, and 'Other'. */
type Relationship = (typeof relationshipChoices)[number] | (typeof multipleRolesRelationships)[number];

/** The catalogue keys a person's texts use. */
export type PersonMessageId =
  | `profiles.gender.${Gender}`
  | 'profiles.prefix.mr'
  | 'profiles.prefix.miss'
  | 'profiles.prefix.mrs'
  | 'profiles.prefix.ms'
  | 'profiles.prefix.baby'
  | 'profiles.prefix.babyOf'
  | `profiles.relationship.${Lowercase<Relationship>}`
  | 'profiles.age.years'
  | 'profiles.age.months'
  | 'profiles.age.days'
  | 'profiles.age.monthsDays';

/** A translate function over (at least) the person keys: the apps pass their catalogue's. */
export type PersonTranslate = (id: PersonMessageId, values?: Record<string, string | number>) => string;

/** Each gender's key. */
export const GENDER_MESSAGE_IDS: Readonly<Record<Gender, PersonMessageId>> = {
  female: 'profiles.gender.female',
  male: 'profiles.gender.male',
  other: 'profiles.gender.other',
};

/** Each name prefix's key. */
export const PREFIX_MESSAGE_IDS: Readonly<Record<NamePrefix, PersonMessageId>> = {
  Mr: 'profiles.prefix.mr',
  Miss: 'profiles.prefix.miss',
  Mrs: 'profiles.prefix.mrs',
  Ms: 'profiles.prefix.ms',
  Baby: 'profiles.prefix.baby',
  'Baby Of': 'profiles.prefix.babyOf',
};

/** Each of the spec's relationships' key; a tenant's own relationship has none. */
export const RELATIONSHIP_MESSAGE_IDS: Readonly<Record<Relationship, PersonMessageId>> = {
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

function known(t: PersonTranslate, keys: Readonly<Record<string, PersonMessageId>>, value: string): string {
  const key = Object.hasOwn(keys, value) ? keys[value] : undefined;
  return key ? t(key) : value;
}

/**
 * A gender value as shown; an unknown value as stored.
 * @param t - the app's translate function
 * @param gender - 'female', 'male' or 'other'
 */
export function genderText(t: PersonTranslate, gender: string): string {
  return known(t, GENDER_MESSAGE_IDS, gender);
}

/**
 * A name prefix as shown in the form's choices; an unknown value as stored.
 * @param t - the app's translate function
 * @param prefix - e.g. 'Mrs'
 */
export function prefixText(t: PersonTranslate, prefix: string): string {
  return known(t, PREFIX_MESSAGE_IDS, prefix);
}

/**
 * A relationship as shown: the catalogue's word for the spec's choices, a tenant's own relationship
 * as configured (trimmed).
 * @param t - the app's translate function
 * @param relationship - e.g. 'Mother'
 */
export function relationshipText(t: PersonTranslate, relationship: string): string {
  return known(t, RELATIONSHIP_MESSAGE_IDS, relationship.trim());
}

// ageLabel's English forms (./age.ts): '12 days', '1 day', '3 months 4 days', '1 month', '34 years'.
const AGE_LABEL = /^(\d+) (day|month|year)s?(?: (\d+) days?)?$/;

/**
 * ageLabel's English ('34 years', '3 months 4 days', '12 days') in the active language; another text
 * ('' included) as it is.
 * @param t - the app's translate function
 * @param age - the profile's age label
 */
export function ageText(t: PersonTranslate, age: string): string {
  const match = AGE_LABEL.exec(age);
  if (!match) {
    return age;
  }
  const count = Number(match[1]);
  if (match[3] !== undefined) {
    return t('profiles.age.monthsDays', { months: count, days: Number(match[3]) });
  }
  const unit = match[2];
  return t(unit === 'year' ? 'profiles.age.years' : unit === 'month' ? 'profiles.age.months' : 'profiles.age.days', { count });
}
