/**
 * The profiles screens' texts in the active language (issue 6 §5). The rules in packages/domain make
 * the English (and the server stores English values); these pick the catalogue's message for them.
 * A person's value texts (gender, prefix, relationship, age) are the domain's, shared with the order
 * screens: '@careline/domain/profiles/person-texts'.
 */
import { relationshipLabel } from '@careline/domain/profiles';
import { relationshipText } from '@careline/domain/profiles/person-texts';
import type { MessageId, MessageValues } from '@careline/i18n/core';

/** useTranslate()'s function. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

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

/**
 * The relationship modal's PATIENT-NOT-FOUND text (issue 29 §1.5): an account with profiles, none for
 * this person, is told so ('You have not added a profile for your Mother yet.'); an account with no
 * profile at all keeps the spec's 'No profiles found / Add your profile to continue' (doc 1 §2).
 * @param t - useTranslate()'s function
 * @param relationship - the relationship chosen
 * @param profileCount - how many profiles the account has
 */
export function noProfileForTexts(
  t: Translate,
  relationship: string | null,
  profileCount: number,
): { title: string; subtitle: string | null } {
  const rel = relationship?.trim() ?? '';
  if (profileCount <= 0 || rel === '') {
    return profileCountTexts(t, 0);
  }
  return {
    title: rel === 'Me' ? t('profiles.modal.noProfileForMe') : t('profiles.modal.noProfileFor', { relationship: relationshipText(t, rel) }),
    subtitle: null,
  };
}
