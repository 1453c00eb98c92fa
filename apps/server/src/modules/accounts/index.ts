// The accounts module's face: the signed-in account's overview (queryOneProfile).
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { type AccountDeps, type LoyaltyAccountView, queryOneProfile, type UserProfileView } from './accounts.service.ts';
