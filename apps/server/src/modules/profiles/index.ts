// The profiles module's face: the account's patient profiles.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export {
  findAccount,
  findOwnedPatient,
  findPatient,
  listPatients,
  organizationExists,
  ownProfileIds,
} from './profiles.repo.ts';
export {
  createPatient,
  patchPatient,
  type ProfileDeps,
  toServerPatient,
} from './profiles.service.ts';
export { findPatientKnownToHospital, findTenantPatient, knownToHospital } from './profiles.reach.ts';
