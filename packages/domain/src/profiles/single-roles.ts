/**
 * Single roles and the records of one person (issue 6 §4.1).
 *
 * Me, Father, Mother, Husband and Wife are single roles: an account has at most one person in each.
 * One person may still have several records, one per hospital of the group where they registered;
 * those records are linked to each other (the patient's `link` list, spec doc 1 §3 "links to related
 * patients"). Links count in both directions and chain: records joined by links are one person.
 * Two records that merely share a relationship label are never the same person.
 */
import { SELF_RELATIONSHIP } from './values.ts';

/** The relationships one person at most may hold in an account. */
export const singleRoleRelationships = [
  SELF_RELATIONSHIP,
  'Father',
  'Mother',
  'Husband',
  'Wife',
] as const;

/**
 * Whether at most one person of an account may hold the relationship.
 * @param relationship - a relationship, or null for none
 */
export function isSingleRole(relationship: string | null | undefined): boolean {
  return (singleRoleRelationships as readonly string[]).includes(relationship?.trim() ?? '');
}

/** What the rules need of a stored record: its id, its relationship and the records it links to. */
export type PersonRecord = { id: string; relationship: string | null; link: string[] };

/**
 * The ids of the records of the same person as `id` (itself included, in the order of `records`):
 * the records joined to it by links, in either direction, directly or through other records.
 * @param id - one record
 * @param records - every record of the account
 */
export function samePersonIds(id: string, records: PersonRecord[]): string[] {
  const neighbours = new Map<string, Set<string>>();
  const join = (a: string, b: string) => {
    if (a === b) {
      return;
    }
    neighbours.set(a, (neighbours.get(a) ?? new Set()).add(b));
    neighbours.set(b, (neighbours.get(b) ?? new Set()).add(a));
  };
  const known = new Set(records.map((record) => record.id));
  for (const record of records) {
    for (const other of record.link) {
      if (known.has(other)) {
        join(record.id, other);
      }
    }
  }
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const other of neighbours.get(next) ?? []) {
      if (!seen.has(other)) {
        seen.add(other);
        queue.push(other);
      }
    }
  }
  return [
    ...records.map((record) => record.id).filter((other) => seen.has(other)),
    ...(known.has(id) ? [] : [id]),
  ];
}

/**
 * Whether a record would be a second person in a single role: its relationship is a single role
 * that a record of another person already holds. `records` holds the account's records as they
 * would be after the change, the subject included.
 * @param subjectId - the record created or changed
 * @param records - every record of the account, after the change
 */
export function takesUsedSingleRole(subjectId: string, records: PersonRecord[]): boolean {
  const subject = records.find((record) => record.id === subjectId);
  if (!subject || !isSingleRole(subject.relationship)) {
    return false;
  }
  const person = new Set(samePersonIds(subjectId, records));
  return records.some(
    (record) => record.relationship === subject.relationship && !person.has(record.id),
  );
}

/**
 * The relationships a profile form may offer (issue 6 §4.1): the configured ones, less the single
 * roles another person of the account holds. When editing, the profile's own person does not count.
 * @param configured - the tenant's configured relationships
 * @param patients - the account's profiles
 * @param editing - the profile being edited, or null for a new one
 */
export function offeredRelationships(
  configured: readonly string[],
  patients: { id: string; relationship: string | null }[],
  // The ClientPatient fields it reads, spelled out: patient-mapping.ts imports this file.
  editing: { id: string; sameRelationshipIds: string[] } | null,
): string[] {
  const own = new Set(editing ? [editing.id, ...editing.sameRelationshipIds] : []);
  const used = new Set(
    patients
      .filter((patient) => !own.has(patient.id) && isSingleRole(patient.relationship))
      .map((patient) => patient.relationship),
  );
  return configured.filter((relationship) => !used.has(relationship));
}
