export {
  relationshipChoices,
  namePrefixes,
  type NamePrefix,
  genders,
  type Gender,
  multipleRolesRelationships,
  RELATIONSHIP_EXTENSION_ID,
  SELF_RELATIONSHIP,
  PROFILE_REFRESH_WAIT_MS,
  RELATIONSHIP_MODAL_TIMEOUT_MS,
  ADDRESS_MAX_LINES,
  ADDRESS_USE,
  addressLabels,
  profileTexts,
  loyaltyLabels,
} from './values.ts';
export {
  type PatientForm,
  type PatientFormErrors,
  patientFormTexts,
  MIN_BIRTH_YEAR_EXCLUSIVE,
  isPatientFormValid,
  genderForPrefix,
  genderForRelationship,
  prefixFitsGender,
  sanitiseDobInput,
  composeDateOfBirth,
  splitDateOfBirth,
  profileSaveBlock,
  type ProfileSaveBlock,
} from './patient-form.ts';
export { validatePatientForm } from './patient-form-schema.ts';
export { ageLabel } from './age.ts';
export {
  type ServerPatient,
  type ClientPatient,
  type PatientEditForm,
  type PatientPatch,
  type PatientPatchPath,
  type CreatePatientArgs,
  relationshipOf,
  displayNameOf,
  toClientPatient,
  toPatientEditForm,
  patientPatches,
  createPatientArgs,
} from './patient-mapping.ts';
export {
  type ProfileGroup,
  relationshipLabel,
  currentProfileLabel,
  groupProfilesByRelationship,
  profileCountText,
  canEditProfile,
} from './profile-list.ts';
export {
  relationshipFlowStates,
  type RelationshipFlowState,
  type RelationshipOption,
  relationshipModalHeading,
  unclassifiedPrompt,
  relationshipOptions,
  unclassifiedPatients,
  defaultRelationshipView,
} from './relationship-flow.ts';
export { type LoyaltyAccount, visibleLoyaltyAccounts, loyaltyAmount } from './loyalty.ts';
export {
  singleRoleRelationships,
  isSingleRole,
  type PersonRecord,
  samePersonIds,
  takesUsedSingleRole,
  offeredRelationships,
} from './single-roles.ts';
export { formatMedicalRecordNumber, MEDICAL_RECORD_NUMBER_DIGITS } from './medical-record-number.ts';
