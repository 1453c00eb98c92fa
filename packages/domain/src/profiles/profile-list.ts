/** The Profiles screen's list (spec doc 1 §2 Profiles screen, §3, §6). */
import { type ClientPatient } from './patient-mapping.ts';
import { SELF_RELATIONSHIP, multipleRolesRelationships, profileTexts } from './values.ts';

export type ProfileGroup = { relationship: string; label: string; patients: ClientPatient[] };

/**
 * A relationship as shown for a profile: for the multiple-roles list the given name is appended,
 * e.g. 'Sister Nimali' (spec doc 1 §3); '' when the profile has none.
 * @param relationship - the profile's relationship
 * @param givenName - the profile's given name
 */
export function relationshipLabel(relationship: string | null | undefined, givenName: string): string {
  const rel = relationship?.trim() ?? '';
  const name = givenName.trim();
  if (rel !== '' && name !== '' && (multipleRolesRelationships as readonly string[]).includes(rel)) {
    return `${rel} ${name}`;
  }
  return rel;
}

/**
 * The label of the profile an order or booking is made for: 'Me' or 'My {relationship}' (spec doc 1 §6);
 * '' when there is none.
 * @param relationship - the current profile's relationship
 */
export function currentProfileLabel(relationship: string | null | undefined): string {
  const rel = relationship?.trim() ?? '';
  if (rel === '') {
    return '';
  }
  return rel === SELF_RELATIONSHIP ? SELF_RELATIONSHIP : `My ${rel}`;
}

/**
 * Profiles grouped by relationship in the configured order; relationships not configured follow in
 * the order first seen; profiles with none come last in 'Unclassified' (spec doc 1 §2). Empty groups
 * are left out. The Unclassified group has relationship ''.
 * @param patients - the account's profiles
 * @param relationships - the tenant's configured relationships
 */
export function groupProfilesByRelationship(patients: ClientPatient[], relationships: string[]): ProfileGroup[] {
  const order = [...relationships];
  for (const patient of patients) {
    if (patient.relationship !== null && !order.includes(patient.relationship)) {
      order.push(patient.relationship);
    }
  }
  const groups: ProfileGroup[] = order
    .map((relationship) => ({
      relationship,
      label: relationship,
      patients: patients.filter((patient) => patient.relationship === relationship),
    }))
    .filter((group) => group.patients.length > 0);
  const unclassified = patients.filter((patient) => patient.relationship === null);
  if (unclassified.length > 0) {
    groups.push({ relationship: '', label: profileTexts.unclassified, patients: unclassified });
  }
  return groups;
}

/**
 * The Profiles screen heading for a number of profiles (spec doc 1 §2).
 * @param n - how many profiles the account has
 */
export function profileCountText(n: number): { title: string; subtitle: string | null } {
  if (n <= 0) {
    return { title: 'No profiles found', subtitle: 'Add your profile to continue' };
  }
  if (n === 1) {
    return { title: 'You have a profile', subtitle: null };
  }
  return { title: `You have ${n} profiles`, subtitle: 'Select your profile to continue' };
}

/**
 * Whether the Edit Profile button shows: the profile has a relationship and editProfile is on (spec doc 1 §2, §6).
 * @param patient - the profile
 * @param editProfileEnabled - the tenant's editProfile feature flag
 */
export function canEditProfile(patient: Pick<ClientPatient, 'relationship'>, editProfileEnabled: boolean): boolean {
  return editProfileEnabled && patient.relationship !== null && patient.relationship.trim() !== '';
}
