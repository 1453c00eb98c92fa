import { AppError } from '@careline/domain/errors';
import { hasControlCharacters } from '@careline/domain/staff';
import {
  ADDRESS_MAX_LINES,
  ADDRESS_USE,
  formatMedicalRecordNumber,
  RELATIONSHIP_EXTENSION_ID,
  splitDateOfBirth,
  takesUsedSingleRole,
  validatePatientForm,
  type PatientFormErrors,
  type ServerPatient,
} from '@careline/domain/profiles';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Viewer } from '../auth/index.ts';
import type { ServerTenant } from '../tenants/index.ts';
import { recordAudit } from '../audit/index.ts';
import {
  countOwnPatients,
  findPatient,
  insertPatient,
  listPatients,
  lockAccount,
  organizationExists,
  updatePatient,
  type Owner,
  type PatientRow,
  type PatientValues,
} from './profiles.repo.ts';
import { runOnce } from '../idempotency/index.ts';
import { UUID_PATTERN as uuidPattern } from '@careline/domain/ids';
import { notFound } from '../staff/index.ts';

/** What the profile services need from a request. */
export type ProfileDeps = {
  db: Db;
  tenant: ServerTenant;
  viewer: Viewer;
  /** The request's correlation id, written into the audit trail. */
  correlationId: string;
  /** The clock (birth dates may not be in the future); tests may fix it. */
  now?: Date;
  /** Most active profiles one account may have (PROFILES_MAX_PER_ACCOUNT); 20 when unset. */
  maxProfiles?: number;
};

/** The default of PROFILES_MAX_PER_ACCOUNT (README's configuration table). */
export const DEFAULT_MAX_PROFILES = 20;

export type CreatePatientInput = {
  hospitalId?: string | null;
  name: { prefix: string; given: string[]; family: string };
  birthDate: string;
  gender: string;
  extension?: { valueId: string; value?: string | null }[] | null;
  link?: string[] | null;
};

export type PatientPatchInput = { op: string; path: string; value?: unknown };

const MAX_ADDRESS_PART_LENGTH = 200;
const MAX_LINKS = 50;
const MAX_PATCHES = 20;
/** Stands for the profile being created in checks over the account's profiles (never a stored id). */
const NEW_PATIENT_ID = 'new';

/** ARO-E2002 with the precise reason, so the user can fix the input. */
function invalidInput(detail: string): AppError {
  const error = new AppError('ARO-E2002');
  error.message = `ARO-E2002:${detail}`;
  return error;
}

function ownerOf(deps: ProfileDeps): Owner {
  return { tenantId: deps.tenant.id, accountId: deps.viewer.accountId };
}

/**
 * Records a change the patient made, in the change's transaction (issue 7 point 3).
 * @param tx - the change's transaction
 * @param deps - tenant, viewer and correlation id
 * @param change - the action and what it concerned (never the values: the trail is not a copy of records)
 */
async function auditPatientChange(
  tx: DbOrTx,
  deps: ProfileDeps,
  change: { action: string; patientId?: string | null; organizationId?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await recordAudit(tx, {
    tenantId: deps.tenant.id,
    actor: { kind: 'patient', accountId: deps.viewer.accountId },
    correlationId: deps.correlationId,
    ...change,
  });
}

/**
 * The server form of a stored patient (docs/api-contract.md Patient).
 * @param row - the patients row
 */
export function toServerPatient(row: PatientRow): ServerPatient {
  const lines = [row.addressLineOne, row.addressLineTwo, row.addressLineThree].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
  const hasAddress = lines.length > 0 || (row.addressCity ?? '').trim() !== '';
  return {
    id: row.id,
    name: {
      prefix: row.prefix,
      given: row.givenName.split(/\s+/).filter((part) => part !== ''),
      family: row.familyName,
    },
    telecom: row.mobileNo ? [{ use: 'mobile', system: 'phone', value: row.mobileNo }] : [],
    birthDate: row.birthDate,
    gender: row.gender,
    address: hasAddress ? { use: ADDRESS_USE, line: lines, city: row.addressCity } : null,
    extension: row.relationship ? [{ valueId: RELATIONSHIP_EXTENSION_ID, value: row.relationship }] : [],
    link: row.linkedPatientIds,
    hospitalId: row.hospitalId,
    medicalRecordNumber: formatMedicalRecordNumber(row.medicalRecordNumber),
  };
}

// The order in which a form's errors are reported: the first one is the message.
const errorOrder: (keyof PatientFormErrors)[] = [
  'prefix',
  'givenName',
  'familyName',
  'gender',
  'day',
  'month',
  'year',
  'dateOfBirth',
];

/**
 * The first reason the patient values break the form's rules (spec doc 1 §5: patientFormInput, the
 * same schema the form validates with), or null.
 */
function patientProblem(values: PatientValues, tenant: ServerTenant, now: Date, birthDateRequired: boolean): string | null {
  const dob = splitDateOfBirth(values.birthDate);
  const errors = validatePatientForm(
    {
      prefix: values.prefix,
      givenName: values.givenName,
      familyName: values.familyName,
      gender: values.gender,
      day: dob.day,
      month: dob.month,
      year: dob.year,
      // The server allows unclassified profiles (spec doc 1 §2): the relationship is checked below.
      relationship: values.relationship ?? '-',
    },
    now,
  );
  if (values.birthDate === null && !birthDateRequired) {
    delete errors.day;
    delete errors.month;
    delete errors.year;
    delete errors.dateOfBirth;
  }
  for (const key of errorOrder) {
    const message = errors[key];
    if (message) {
      return message;
    }
  }
  if (values.relationship !== null && !tenant.publicConfig.relationships.includes(values.relationship)) {
    return `Unknown relationship: ${values.relationship.slice(0, 40)}`;
  }
  const addressParts = [values.addressLineOne, values.addressLineTwo, values.addressLineThree, values.addressCity];
  if (addressParts.some((part) => (part ?? '').length > MAX_ADDRESS_PART_LENGTH)) {
    return `Address lines may have at most ${MAX_ADDRESS_PART_LENGTH} characters`;
  }
  return null;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') {
    throw invalidInput(`${what} must be text`);
  }
  // issue 6 §1: NUL and other control characters are refused, never stored or sent to the database.
  if (hasControlCharacters(value)) {
    throw invalidInput(`${what} must not contain control characters`);
  }
  return value;
}

function parseName(value: unknown): Pick<PatientValues, 'prefix' | 'givenName' | 'familyName'> {
  if (!value || typeof value !== 'object') {
    throw invalidInput('name must be { prefix, given, family }');
  }
  const name = value as { prefix?: unknown; given?: unknown; family?: unknown };
  const given = Array.isArray(name.given) ? name.given : [name.given];
  return {
    prefix: text(name.prefix ?? '', 'name.prefix').trim(),
    givenName: given
      .map((part) => text(part ?? '', 'name.given').trim())
      .filter((part) => part !== '')
      .join(' '),
    familyName: text(name.family ?? '', 'name.family').trim(),
  };
}

function parseBirthDate(value: unknown): string {
  const birthDate = text(value, 'birthDate').trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) {
    throw invalidInput('birthDate must be YYYY-MM-DD');
  }
  return birthDate;
}

function parseAddress(
  value: unknown,
): Pick<PatientValues, 'addressLineOne' | 'addressLineTwo' | 'addressLineThree' | 'addressCity'> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidInput('address must be { use, line, city }');
  }
  const address = value as { use?: unknown; line?: unknown; city?: unknown };
  if (address.use !== undefined && address.use !== null && address.use !== ADDRESS_USE) {
    throw invalidInput(`address use must be '${ADDRESS_USE}'`);
  }
  const rawLines = address.line === undefined || address.line === null ? [] : address.line;
  if (!Array.isArray(rawLines)) {
    throw invalidInput('address line must be a list');
  }
  const lines = rawLines.map((line) => text(line, 'address line').trim()).filter((line) => line !== '');
  // spec doc 1 §5, §9: up to 3 lines plus city.
  if (lines.length > ADDRESS_MAX_LINES) {
    throw invalidInput(`An address has at most ${ADDRESS_MAX_LINES} lines`);
  }
  const city = address.city === undefined || address.city === null ? '' : text(address.city, 'address city').trim();
  return {
    addressLineOne: lines[0] ?? null,
    addressLineTwo: lines[1] ?? null,
    addressLineThree: lines[2] ?? null,
    addressCity: city === '' ? null : city,
  };
}

/** The relationship an extension list sets: undefined when it names none. */
function relationshipFrom(value: unknown): string | null | undefined {
  const entries = Array.isArray(value) ? value : [value];
  let relationship: string | null | undefined;
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') {
      throw invalidInput('extension must be { valueId, value }');
    }
    const { valueId, value: raw } = entry as { valueId?: unknown; value?: unknown };
    if (valueId !== RELATIONSHIP_EXTENSION_ID) {
      throw invalidInput(`Unknown extension: ${String(valueId).slice(0, 40)}`);
    }
    if (relationship !== undefined) {
      throw invalidInput('The relationship is given more than once');
    }
    const given = raw === undefined || raw === null ? '' : text(raw, 'relationship').trim();
    relationship = given === '' ? null : given;
  }
  return relationship;
}

function idList(value: unknown): string[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const ids = [...new Set(list.map((id) => text(id, 'link')))];
  if (ids.length > MAX_LINKS) {
    throw invalidInput(`At most ${MAX_LINKS} linked profiles`);
  }
  return ids;
}

/** Linked patients must be the account's own: any other id is reported as not found. */
async function checkLinks(db: DbOrTx, owner: Owner, ids: string[], self: string | null): Promise<void> {
  if (ids.some((id) => !uuidPattern.test(id) || id === self)) {
    throw notFound();
  }
  if ((await countOwnPatients(db, owner, ids)) !== ids.length) {
    throw notFound();
  }
}

/**
 * Refuses a second person in a single role (issue 6 §4.1): Me, Father, Mother, Husband and Wife.
 * Another record of the same person (linked to it) may share the role. Locks the account first.
 * @param subjectId - the profile being written (any unused id for a new one)
 */
async function checkSingleRole(
  db: DbOrTx,
  owner: Owner,
  subjectId: string,
  values: Pick<PatientValues, 'relationship' | 'linkedPatientIds'>,
): Promise<void> {
  await lockAccount(db, owner);
  const records = (await listPatients(db, owner))
    .filter((row) => row.id !== subjectId)
    .map((row) => ({ id: row.id, relationship: row.relationship, link: row.linkedPatientIds }));
  records.push({ id: subjectId, relationship: values.relationship, link: values.linkedPatientIds });
  if (values.relationship !== null && takesUsedSingleRole(subjectId, records)) {
    throw new AppError('ARO-E2003', { relationship: values.relationship });
  }
}

/**
 * Creates a profile under the signed-in account and returns it (spec doc 1 §4 Profile creation).
 * Input is checked with the form's rules (spec doc 1 §5); bad input writes nothing.
 * @param deps - database, tenant, viewer, clock
 * @param input - createPatient arguments
 * @param idempotencyKey - the client's key for this submit (docs/api-contract.md), or null
 */
export async function createPatient(
  deps: ProfileDeps,
  input: CreatePatientInput,
  idempotencyKey: string | null = null,
): Promise<ServerPatient> {
  const owner = ownerOf(deps);
  const now = deps.now ?? new Date();
  const relationship = input.extension && input.extension.length > 0 ? relationshipFrom(input.extension) : undefined;
  const values: PatientValues = {
    ...parseName(input.name),
    gender: text(input.gender, 'gender').trim(),
    birthDate: parseBirthDate(input.birthDate),
    relationship: relationship ?? null,
    addressLineOne: null,
    addressLineTwo: null,
    addressLineThree: null,
    addressCity: null,
    linkedPatientIds: idList(input.link),
  };
  const problem = patientProblem(values, deps.tenant, now, true);
  if (problem) {
    throw invalidInput(problem);
  }
  const hospitalId = input.hospitalId ?? null;
  if (hospitalId !== null && (!uuidPattern.test(hospitalId) || !(await organizationExists(deps.db, owner.tenantId, hospitalId)))) {
    throw invalidInput('Unknown hospital');
  }
  // A retry with the same key returns the first profile and creates nothing (issue 6 §2).
  return runOnce(
    deps.db,
    { ...owner, key: idempotencyKey },
    'createPatient',
    input,
    async (tx) => {
      await checkLinks(tx, owner, values.linkedPatientIds, null);
      await checkSingleRole(tx, owner, NEW_PATIENT_ID, values);
      // The account row is locked by checkSingleRole, so two creates cannot both pass the cap.
      const maxProfiles = deps.maxProfiles ?? DEFAULT_MAX_PROFILES;
      if ((await listPatients(tx, owner)).length >= maxProfiles) {
        throw new AppError('ARO-E2006', { max: String(maxProfiles) });
      }
      const row = await insertPatient(tx, owner, { ...values, hospitalId, mobileNo: deps.viewer.mobileNo });
      await auditPatientChange(tx, deps, { action: 'profile.create', patientId: row.id, organizationId: hospitalId });
      return toServerPatient(row);
    },
    now,
  );
}

function applyPatch(values: PatientValues, patch: PatientPatchInput): PatientValues {
  const { op, path, value } = patch;
  if (op !== 'replace' && op !== 'add' && op !== 'remove') {
    throw invalidInput(`Unknown patch op: ${String(op).slice(0, 20)}`);
  }
  const remove = op === 'remove';
  switch (path) {
    case 'name':
      if (remove) {
        throw invalidInput('The name cannot be removed');
      }
      return { ...values, ...parseName(value) };
    case 'gender':
      if (remove) {
        throw invalidInput('The gender cannot be removed');
      }
      return { ...values, gender: text(value, 'gender').trim() };
    case 'birthDate':
      return { ...values, birthDate: remove ? null : parseBirthDate(value) };
    case 'address':
      return remove
        ? { ...values, addressLineOne: null, addressLineTwo: null, addressLineThree: null, addressCity: null }
        : { ...values, ...parseAddress(value) };
    case 'extension': {
      if (remove) {
        if (value !== undefined && value !== null) {
          relationshipFrom(value);
        }
        return { ...values, relationship: null };
      }
      const relationship = relationshipFrom(value);
      return relationship === undefined ? values : { ...values, relationship };
    }
    case 'link': {
      const ids = idList(value);
      if (op === 'replace') {
        return { ...values, linkedPatientIds: ids };
      }
      if (op === 'add') {
        return { ...values, linkedPatientIds: [...new Set([...values.linkedPatientIds, ...ids])] };
      }
      return {
        ...values,
        linkedPatientIds: value === undefined || value === null ? [] : values.linkedPatientIds.filter((id) => !ids.includes(id)),
      };
    }
    default:
      throw invalidInput(`Unknown patch path: ${String(path).slice(0, 20)}`);
  }
}

/**
 * Changes a profile of the signed-in account with a list of patches, all or nothing (spec doc 1 §7).
 * @param deps - database, tenant, viewer, clock
 * @param patientId - the profile
 * @param patches - name, gender, birthDate, address, extension and link patches
 */
export async function patchPatient(
  deps: ProfileDeps,
  patientId: string,
  patches: PatientPatchInput[],
): Promise<ServerPatient> {
  const owner = ownerOf(deps);
  const now = deps.now ?? new Date();
  if (!uuidPattern.test(patientId)) {
    throw notFound();
  }
  if (patches.length > MAX_PATCHES) {
    throw invalidInput(`At most ${MAX_PATCHES} patches at once`);
  }
  // spec doc 1 §6: with editProfile off there is no Edit Profile screen; the relationship modal
  // (which classifies profiles through 'extension') is the only change left.
  if (
    !deps.tenant.publicConfig.features.editProfile.enabled &&
    patches.some((patch) => patch.path !== 'extension')
  ) {
    throw invalidInput('Editing profiles is not available');
  }
  const row = await deps.db.transaction(async (tx) => {
    const current = await findPatient(tx, owner, patientId);
    if (!current) {
      throw notFound();
    }
    let values: PatientValues = {
      prefix: current.prefix,
      givenName: current.givenName,
      familyName: current.familyName,
      gender: current.gender,
      birthDate: current.birthDate,
      relationship: current.relationship,
      addressLineOne: current.addressLineOne,
      addressLineTwo: current.addressLineTwo,
      addressLineThree: current.addressLineThree,
      addressCity: current.addressCity,
      linkedPatientIds: current.linkedPatientIds,
    };
    for (const patch of patches) {
      values = applyPatch(values, patch);
    }
    const problem = patientProblem(values, deps.tenant, now, false);
    if (problem) {
      throw invalidInput(problem);
    }
    await checkLinks(tx, owner, values.linkedPatientIds, patientId);
    // Only a change of role or links can make a second person in a role; other edits of a profile
    // stored before this rule stay possible (the user must be able to fix a duplicate).
    if (
      values.relationship !== current.relationship ||
      values.linkedPatientIds.join() !== current.linkedPatientIds.join()
    ) {
      await checkSingleRole(tx, owner, patientId, values);
    }
    const updated = await updatePatient(tx, owner, patientId, values);
    if (!updated) {
      throw notFound();
    }
    await auditPatientChange(tx, deps, {
      action: 'profile.update',
      patientId,
      organizationId: updated.hospitalId,
      details: { paths: [...new Set(patches.map((patch) => String(patch.path)))] },
    });
    return updated;
  });
  return toServerPatient(row);
}
