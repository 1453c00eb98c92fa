/**
 * Which profiles one edit updates (spec doc 1 §7: "Updating a profile makes one update call per
 * profile that shares the same relationship").
 *
 * Those are the records of the same person: one person registered at several hospitals of the
 * group, the records linked to each other (issue 6 §4.1). Other people who happen to share a
 * relationship label are never among them: their names, birth dates and addresses are their own.
 * Unclassified profiles share nothing.
 */
import type { ClientPatient } from '@careline/domain/profiles';

/**
 * The ids to patch for an edit of a profile, the profile itself first.
 * @param patient - the profile being edited, as loaded
 * @param patients - every profile of the account, by id
 */
export function updateTargetIds(patient: ClientPatient, patients: Record<string, ClientPatient>): string[] {
  if (patient.relationship === null) {
    return [patient.id];
  }
  const others = patient.sameRelationshipIds.filter((id) => id !== patient.id && patients[id] !== undefined);
  return [patient.id, ...others];
}
