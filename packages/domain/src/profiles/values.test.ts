import { expect, it } from 'vitest';
import {
  ADDRESS_MAX_LINES,
  PROFILE_REFRESH_WAIT_MS,
  RELATIONSHIP_MODAL_TIMEOUT_MS,
  addressLabels,
  genders,
  multipleRolesRelationships,
  namePrefixes,
  profileTexts,
  relationshipChoices,
} from './values.ts';

// spec doc 1 §3 value lists.
it('holds the value lists', () => {
  expect(namePrefixes).toEqual(['Mr', 'Miss', 'Mrs', 'Ms', 'Baby', 'Baby Of']);
  expect(genders).toEqual(['female', 'male', 'other']);
  expect(relationshipChoices).toEqual(['Me', 'Father', 'Mother', 'Husband', 'Wife', 'Brother', 'Sister', 'Daughter', 'Son', 'Friend']);
  expect(multipleRolesRelationships).toEqual(['Sister', 'Brother', 'Friend', 'Daughter', 'Son', 'Other']);
});

// spec doc 1 §5, §9.
it('holds the constants', () => {
  expect(PROFILE_REFRESH_WAIT_MS).toBe(2000);
  expect(RELATIONSHIP_MODAL_TIMEOUT_MS).toBe(5000);
  expect(ADDRESS_MAX_LINES).toBe(3);
  expect(addressLabels).toEqual(['address line 1', 'address line 2', 'landmark', 'city']);
});

// spec doc 1 §2 Profiles screen.
it.each([
  ['addNewProfile', 'Add new profile'],
  ['logout', 'Logout'],
  ['editProfile', 'Edit Profile'],
  ['unclassified', 'Unclassified'],
  ['selectRelationship', 'Select the relationship'],
  ['loyaltyInformation', 'Loyalty Information'],
  ['viewAppointments', 'View Appointments'],
  ['back', 'Back'],
] as const)('profileTexts.%s is %j', (key, text) => {
  expect(profileTexts[key]).toBe(text);
});

it('lists the menu rows', () => {
  expect(profileTexts.menuRows).toEqual(['Consultations', 'Lab Tests', 'Procedures', 'Payment History', 'Saved Payment Methods']);
});
