// The hospitals module's face: hospitals, practitioners and the hospital's clock.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { capLimit } from './hospitals.service.ts';
export { startOfHospitalDay } from './hospitals.time.ts';
export {
  findPractitionerPhotoBlob,
  practitionerPhotoUrl,
  practitionerWorksAt,
  PRACTITIONER_PHOTO_PATH,
  upsertPractitionerPhoto,
} from './practitioner-photos.repo.ts';
