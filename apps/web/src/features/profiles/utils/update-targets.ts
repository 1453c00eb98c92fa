/**
 * Which profiles one edit updates (spec doc 1 §7: "Updating a profile makes one update call per
 * profile that shares the same relationship").
 *
 * Our reading: profiles "share the relationship" when they are records of the same person, e.g. the
 * account holder ('Me') registered at two hospitals. For a relationship one person holds (Me,
 * Father, Mother, Husband, Wife) every profile with it is that person. For the multiple-roles
 * relationships (Sister, Brother, Friend, Daughter, Son, Other) two profiles are the same person only
 * when their relationship labels match, i.e. the same relationship and given name ('Sister Nimali'):
 * giving two different sisters the same name, birth date and address would destroy data.
 * Unclassified profiles share nothing.
 */
import { relationshipLabel, type ClientPatient } from '@careline/domain/profiles';

/**
 * The ids to patch for an edit of a profile, the profile itself first.
 * @param patient - the profile being edited, as loaded
 * @param patients - every profile of the account, by id
 */
export function updateTargetIds(patient: ClientPatient, patients: Record<string, ClientPatient>): string[] {
  if (patient.relationship === null) {
    return [patient.id];
  }
  const label = relationshipLabel(patient.relationship, patient.givenName);
  const others = patient.sameRelationshipIds.filter((id) => {
    const other = patients[id];
    return id !== patient.id && other !== undefined && relationshipLabel(other.relationship, other.givenName) === label;
  });
  return [patient.id, ...others];
}
