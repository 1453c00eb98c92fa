/** Profile value lists, constants and texts (spec doc 1 §2 Profiles screen, §3, §5, §9). */
export { relationshipChoices } from '../tenant/base.ts';

/** Name prefixes (spec doc 1 §3). */
export const namePrefixes = ['Mr', 'Miss', 'Mrs', 'Ms', 'Baby', 'Baby Of'] as const;
export type NamePrefix = (typeof namePrefixes)[number];

/** Genders (spec doc 1 §3). */
export const genders = ['female', 'male', 'other'] as const;
export type Gender = (typeof genders)[number];

/** Relationships whose label gets the patient's given name appended (spec doc 1 §3). */
export const multipleRolesRelationships = ['Sister', 'Brother', 'Friend', 'Daughter', 'Son', 'Other'] as const;

/** The extension valueId that holds a patient's relationship (docs/api-contract.md Extension). */
export const RELATIONSHIP_EXTENSION_ID = 'relationship';

/** The relationship of the account holder's own profile (spec doc 1 §1). */
export const SELF_RELATIONSHIP = 'Me';

/**
 * Profile refresh waits 2 s after creating a patient (spec doc 1 §4, §9). The spec's workaround for
 * a server that did not read its own writes; createPatient here returns the created profile, so
 * nothing needs to wait. Kept so the number is on record.
 */
export const PROFILE_REFRESH_WAIT_MS = 2000;

/** The relationship prompt opens 5 s after a created order when the profile has none (spec doc 1 §4, §9). */
export const RELATIONSHIP_MODAL_TIMEOUT_MS = 5000;

/** Address has up to 3 lines plus city (spec doc 1 §5, §9). */
export const ADDRESS_MAX_LINES = 3;

/** Address edit labels (spec doc 1 §5). */
export const addressLabels = ['address line 1', 'address line 2', 'landmark', 'city'] as const;

/** The use every stored address carries (spec doc 1 §3, §7). */
export const ADDRESS_USE = 'home';

/** Texts of the profiles screens, copied character for character (spec doc 1 §2, §5). */
export const profileTexts = {
  addNewProfile: 'Add new profile',
  logout: 'Logout',
  editProfile: 'Edit Profile',
  unclassified: 'Unclassified',
  selectRelationship: 'Select the relationship',
  loyaltyInformation: 'Loyalty Information',
  viewAppointments: 'View Appointments',
  menuRows: ['Consultations', 'Lab Tests', 'Procedures', 'Payment History', 'Saved Payment Methods'],
  back: 'Back',
} as const;

/** Loyalty information column labels (spec doc 1 §2 profile card). */
export const loyaltyLabels = { name: 'Name', activePoints: 'Active Points', amount: 'Amount' } as const;
