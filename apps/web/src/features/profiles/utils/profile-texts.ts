/**
 * The profiles screens' texts in the active language (issue 6 §5). The rules in packages/domain make
 * the English (and the server stores English values); these pick the catalogue's message for them.
 */
import { relationshipLabel } from '@careline/domain/profiles';
import type { MessageId, MessageValues } from '@careline/i18n/core';

/** useTranslate()'s function. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

const genderKeys: Record<string, MessageId> = {
  female: 'profiles.gender.female',
  male: 'profiles.gender.male',
  other: 'profiles.gender.other',
};

const prefixKeys: Record<string, MessageId> = {
  Mr: 'profiles.prefix.mr',
  Miss: 'profiles.prefix.miss',
  Mrs: 'profiles.prefix.mrs',
  Ms: 'profiles.prefix.ms',
  Baby: 'profiles.prefix.baby',
  'Baby Of': 'profiles.prefix.babyOf',
};

const relationshipKeys: Record<string, MessageId> = {
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

function known(t: Translate, keys: Record<string, MessageId>, value: string): string {
  return Object.hasOwn(keys, value) ? t(keys[value] as MessageId) : value;
}

/**
 * A gender value as shown; an unknown value as stored.
 * @param t - useTranslate()'s function
 * @param gender - 'female', 'male' or 'other'
 */
export function genderText(t: Translate, gender: string): string {
  return known(t, genderKeys, gender);
}

/**
 * A name prefix as shown in the form's choices; an unknown value as stored.
 * @param t - useTranslate()'s function
 * @param prefix - e.g. 'Mrs'
 */
export function prefixText(t: Translate, prefix: string): string {
  return known(t, prefixKeys, prefix);
}

/**
 * A relationship as shown: the catalogue's word for the spec's choices, a tenant's own relationship
 * as configured.
 * @param t - useTranslate()'s function
 * @param relationship - e.g. 'Mother'
 */
export function relationshipText(t: Translate, relationship: string): string {
  return known(t, relationshipKeys, relationship.trim());
}

/**
 * relationshipLabel in the active language: 'Sister Nimali' reads 'සහෝදරිය Nimali' (spec doc 1 §3).
 * @param t - useTranslate()'s function
 * @param relationship - the profile's relationship
 * @param givenName - the profile's given name
 */
export function relationshipLabelText(
  t: Translate,
  relationship: string | null | undefined,
  givenName: string,
): string {
  const rel = relationship?.trim() ?? '';
  const label = relationshipLabel(relationship, givenName);
  return label === '' ? '' : `${relationshipText(t, rel)}${label.slice(rel.length)}`;
}

const agePattern = /^(\d+) (day|month|year)s?(?: (\d+) days?)?$/;

/**
 * ageLabel's English ('34 years', '3 months 4 days', '12 days') in the active language; '' stays ''.
 * @param t - useTranslate()'s function
 * @param age - the profile's age label
 */
export function ageText(t: Translate, age: string): string {
  const match = agePattern.exec(age);
  if (!match) {
    return age;
  }
  const count = Number(match[1]);
  if (match[3] !== undefined) {
    return t('profiles.age.monthsDays', { months: count, days: Number(match[3]) });
  }
  const unit = match[2];
  return t(
    unit === 'year'
      ? 'profiles.age.years'
      : unit === 'month'
        ? 'profiles.age.months'
        : 'profiles.age.days',
    { count },
  );
}

/**
 * profileCountText in the active language: the Profiles screen's heading (spec doc 1 §2).
 * @param t - useTranslate()'s function
 * @param n - how many profiles the account has
 */
export function profileCountTexts(
  t: Translate,
  n: number,
): { title: string; subtitle: string | null } {
  if (n <= 0) {
    return { title: t('profiles.count.none'), subtitle: t('profiles.count.noneSubtitle') };
  }
  return {
    title: t('profiles.count.title', { count: n }),
    subtitle: n === 1 ? null : t('profiles.count.selectSubtitle'),
  };
}

/**
 * unclassifiedPrompt in the active language (spec doc 1 §2, issue 6 §4.8).
 * @param t - useTranslate()'s function
 * @param n - the number of unclassified profiles
 * @param relationship - the relationship being classified for, if known
 */
export function unclassifiedPromptText(
  t: Translate,
  n: number,
  relationship?: string | null,
): string {
  const rel = relationship?.trim() ?? '';
  return rel === ''
    ? t('profiles.unclassifiedPrompt', { count: n })
    : t('profiles.unclassifiedPromptFor', { count: n, relationship: relationshipText(t, rel) });
}

/**
 * relationshipModalHeading in the active language: 'This account is for?' or 'Who is {name} for you?'.
 * @param t - useTranslate()'s function
 * @param patientName - the profile being classified, or null
 */
export function relationshipModalHeadingText(
  t: Translate,
  patientName: string | null | undefined,
): string {
  const name = patientName?.trim() ?? '';
  return name === '' ? t('profiles.modal.accountFor') : t('profiles.modal.whoIs', { name });
}
