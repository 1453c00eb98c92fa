/**
 * Patient in server form (docs/api-contract.md Patient; spec doc 1 §3) and in client form
 * (spec doc 1 §3), and the patchPatient patches an edit makes (spec doc 1 §7).
 */
import { ageLabel } from './age.ts';
import { type PatientForm, composeDateOfBirth, splitDateOfBirth } from './patient-form.ts';
import { samePersonIds } from './single-roles.ts';
import { ADDRESS_MAX_LINES, ADDRESS_USE, RELATIONSHIP_EXTENSION_ID } from './values.ts';

export type ServerPatient = {
  id: string;
  name: { prefix: string; given: string[]; family: string };
  telecom: { use: string; system: string; value: string }[];
  birthDate: string | null;
  gender: string;
  address: { use: string; line: string[]; city: string | null } | null;
  extension: { valueId: string; value: string | null }[];
  link: string[];
  hospitalId: string | null;
  /** The tenant's medical record number as shown ('000042'), the patient number on reports; '' before one is given (issue 30 §3.7). */
  medicalRecordNumber: string;
};

export type ClientPatient = {
  id: string;
  displayName: string;
  familyName: string;
  givenName: string;
  prefix: string;
  /** The age label, e.g. '34 years' (spec doc 1 §9); '' without a birth date. */
  age: string;
  gender: string;
  /** null when the profile has none ('Unclassified', spec doc 1 §2). */
  relationship: string | null;
  /** YYYY-MM-DD, or '' without a birth date. */
  dateOfBirth: string;
  dob: { date: string; month: string; year: string };
  hospitalId: string | null;
  /**
   * Ids of this person's records with the same relationship, this one included: the records linked
   * to it (the same person registered at several hospitals), never other people sharing a label.
   */
  sameRelationshipIds: string[];
  addressLineOne: string;
  addressLineTwo: string;
  addressLineThree: string;
  addressCity: string;
  mobileNo: string;
  /** The tenant's medical record number as shown ('000042'; issue 30 §3.7); missing before one is given. */
  medicalRecordNumber?: string;
};

/** What the Add or Update Profile form holds: the patient fields plus the address (spec doc 1 §5). */
export type PatientEditForm = PatientForm & {
  addressLineOne?: string;
  addressLineTwo?: string;
  addressLineThree?: string;
  addressCity?: string;
};

export type PatientPatchPath = 'name' | 'gender' | 'birthDate' | 'address' | 'extension' | 'link';

/** One patchPatient patch (docs/api-contract.md PatientPatchInput). */
export type PatientPatch = { op: 'replace' | 'add' | 'remove'; path: PatientPatchPath; value?: unknown };

/** The createPatient arguments a registration form gives (docs/api-contract.md createPatient). */
export type CreatePatientArgs = {
  name: { prefix: string; given: string[]; family: string };
  birthDate: string;
  gender: string;
  extension: { valueId: string; value: string }[];
  link: string[];
};

/**
 * The patient's relationship from its extensions, or null when it has none.
 * @param patient - server-form patient
 */
export function relationshipOf(patient: Pick<ServerPatient, 'extension'>): string | null {
  const value = patient.extension.find((entry) => entry.valueId === RELATIONSHIP_EXTENSION_ID)?.value;
  return value && value.trim() !== '' ? value : null;
}

/**
 * A patient's full name as shown: prefix, given names and family name (spec doc 1 §3 displayName).
 * @param name - server-form name
 */
export function displayNameOf(name: ServerPatient['name']): string {
  return [name.prefix, ...name.given, name.family]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

/** Splits a typed given name into the given-name list, dropping extra spaces. */
function givenList(givenName: string): string[] {
  return givenName.trim().split(/\s+/).filter((part) => part !== '');
}

/**
 * The client form of a server patient (spec doc 1 §3).
 * @param server - the patient
 * @param all - every patient of the account, for sameRelationshipIds
 * @param now - the current time, for the age label
 */
export function toClientPatient(server: ServerPatient, all: ServerPatient[], now: Date): ClientPatient {
  const relationship = relationshipOf(server);
  const records = [server, ...all.filter((other) => other.id !== server.id)].map((patient) => ({
    id: patient.id,
    relationship: relationshipOf(patient),
    link: patient.link,
  }));
  const person = new Set(samePersonIds(server.id, records));
  const sameRelationshipIds =
    relationship === null
      ? [server.id]
      : [server.id, ...all.filter((other) => other.id !== server.id && person.has(other.id) && relationshipOf(other) === relationship).map((other) => other.id)];
  const dateOfBirth = server.birthDate ?? '';
  const { day, month, year } = splitDateOfBirth(dateOfBirth);
  const lines = server.address?.line ?? [];
  const phone =
    server.telecom.find((contact) => contact.system === 'phone' && contact.use === 'mobile') ??
    server.telecom.find((contact) => contact.system === 'phone' || contact.system === 'sms');
  return {
    id: server.id,
    displayName: displayNameOf(server.name),
    familyName: server.name.family,
    givenName: server.name.given.join(' '),
    prefix: server.name.prefix,
    age: ageLabel(dateOfBirth, now),
    gender: server.gender,
    relationship,
    dateOfBirth: year === '' ? '' : dateOfBirth,
    dob: { date: day, month, year },
    hospitalId: server.hospitalId,
    sameRelationshipIds,
    addressLineOne: lines[0] ?? '',
    addressLineTwo: lines[1] ?? '',
    addressLineThree: lines[2] ?? '',
    addressCity: server.address?.city ?? '',
    mobileNo: phone?.value ?? '',
    ...(server.medicalRecordNumber ? { medicalRecordNumber: server.medicalRecordNumber } : {}),
  };
}

/**
 * The form values that edit a client patient (the inverse of patientPatches' input).
 * @param patient - the profile being edited
 */
export function toPatientEditForm(patient: ClientPatient): Required<PatientEditForm> {
  return {
    prefix: patient.prefix,
    givenName: patient.givenName,
    familyName: patient.familyName,
    gender: patient.gender,
    day: patient.dob.date,
    month: patient.dob.month,
    year: patient.dob.year,
    relationship: patient.relationship ?? '',
    addressLineOne: patient.addressLineOne,
    addressLineTwo: patient.addressLineTwo,
    addressLineThree: patient.addressLineThree,
    addressCity: patient.addressCity,
  };
}

/**
 * The patchPatient patches that turn a profile into the edited form, only for parts that changed
 * (spec doc 1 §7; docs/api-contract.md). An empty list means nothing changed: the Update button
 * stays disabled (spec doc 1 §5). Name, gender and birth date are replaced whole; the address is
 * replaced whole (use home, up to 3 non-empty lines, city) or removed when every part is emptied;
 * the relationship is a replace on 'extension' with { valueId: 'relationship', value }.
 * Address fields left undefined in the form keep their current values.
 * @param before - the profile as loaded
 * @param after - the form values
 */
export function patientPatches(before: ClientPatient, after: PatientEditForm): PatientPatch[] {
  const patches: PatientPatch[] = [];
  const given = givenList(after.givenName);
  const family = after.familyName.trim();
  if (
    after.prefix !== before.prefix ||
    given.join(' ') !== givenList(before.givenName).join(' ') ||
    family !== before.familyName.trim()
  ) {
    patches.push({ op: 'replace', path: 'name', value: { prefix: after.prefix, given, family } });
  }
  if (after.gender !== before.gender) {
    patches.push({ op: 'replace', path: 'gender', value: after.gender });
  }
  const birthDate = composeDateOfBirth(after.day, after.month, after.year);
  if (birthDate !== before.dateOfBirth) {
    patches.push({ op: 'replace', path: 'birthDate', value: birthDate });
  }
  const beforeLines = [before.addressLineOne, before.addressLineTwo, before.addressLineThree].map((l) => l.trim());
  const afterLines = [
    after.addressLineOne ?? before.addressLineOne,
    after.addressLineTwo ?? before.addressLineTwo,
    after.addressLineThree ?? before.addressLineThree,
  ].map((l) => l.trim());
  const city = (after.addressCity ?? before.addressCity).trim();
  if (afterLines.join('\n') !== beforeLines.join('\n') || city !== before.addressCity.trim()) {
    const line = afterLines.filter((l) => l !== '').slice(0, ADDRESS_MAX_LINES);
    if (line.length === 0 && city === '') {
      patches.push({ op: 'remove', path: 'address' });
    } else {
      patches.push({ op: 'replace', path: 'address', value: { use: ADDRESS_USE, line, city } });
    }
  }
  const relationship = after.relationship.trim();
  if (relationship !== (before.relationship ?? '')) {
    patches.push(
      relationship === ''
        ? { op: 'remove', path: 'extension', value: { valueId: RELATIONSHIP_EXTENSION_ID } }
        : { op: 'replace', path: 'extension', value: { valueId: RELATIONSHIP_EXTENSION_ID, value: relationship } },
    );
  }
  return patches;
}

/**
 * The createPatient arguments for a registration form (spec doc 1 §7 createPatient).
 * @param form - the validated form values
 * @param link - ids of related patients to link, if any
 */
export function createPatientArgs(form: PatientForm, link: string[] = []): CreatePatientArgs {
  const relationship = form.relationship.trim();
  return {
    name: { prefix: form.prefix, given: givenList(form.givenName), family: form.familyName.trim() },
    birthDate: composeDateOfBirth(form.day, form.month, form.year),
    gender: form.gender,
    extension: relationship === '' ? [] : [{ valueId: RELATIONSHIP_EXTENSION_ID, value: relationship }],
    link,
  };
}
