// The loyalty module's face: earning and spending loyalty points.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { earnVisitPoints } from './loyalty.service.ts';
export { addLoyaltyPoints, lockPatientLoyalty } from './loyalty.repo.ts';
