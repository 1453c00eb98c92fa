import { describe, expect, it } from 'vitest';
import { relationshipChoices } from './values.ts';
import {
  canEditProfile,
  currentProfileLabel,
  groupProfilesByRelationship,
  profileCountText,
  relationshipLabel,
} from './profile-list.ts';
import { clientPatient } from './test-factories.ts';

// spec doc 1 §3: for the multiple-roles list the patient's given name is appended.
describe('relationshipLabel', () => {
  it.each([
    ['Sister', 'Nimali', 'Sister Nimali'],
    ['Brother', 'Kamal', 'Brother Kamal'],
    ['Friend', 'Ruwan', 'Friend Ruwan'],
    ['Daughter', 'Ama', 'Daughter Ama'],
    ['Son', 'Nuwan', 'Son Nuwan'],
    ['Other', 'Saman', 'Other Saman'],
    ['Me', 'Nimali', 'Me'],
    ['Mother', 'Kamala', 'Mother'],
    ['Father', 'Sunil', 'Father'],
    ['Sister', '', 'Sister'],
    [null, 'Nimali', ''],
  ])('(%j, %j) → %j', (relationship, givenName, label) => {
    expect(relationshipLabel(relationship, givenName)).toBe(label);
  });
});

// spec doc 1 §6: 'Me' or 'My {relationship}'.
describe('currentProfileLabel', () => {
  it.each([
    ['Me', 'Me'],
    ['Mother', 'My Mother'],
    ['Sister', 'My Sister'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (relationship, label) => {
    expect(currentProfileLabel(relationship)).toBe(label);
  });
});

// spec doc 1 §2 Profiles screen.
describe('profileCountText', () => {
  it.each([
    [0, { title: 'No profiles found', subtitle: 'Add your profile to continue' }],
    [1, { title: 'You have a profile', subtitle: null }],
    [2, { title: 'You have 2 profiles', subtitle: 'Select your profile to continue' }],
    [12, { title: 'You have 12 profiles', subtitle: 'Select your profile to continue' }],
  ])('%i → %o', (n, text) => {
    expect(profileCountText(n)).toEqual(text);
  });
});

// spec doc 1 §2: grouped by relationship, with an 'Unclassified' group for profiles that have none.
describe('groupProfilesByRelationship', () => {
  it('orders groups as configured, then unconfigured ones, then Unclassified', () => {
    const son = clientPatient({ relationship: 'Son' });
    const loose = clientPatient({ relationship: null });
    const me = clientPatient({ relationship: 'Me' });
    const other = clientPatient({ relationship: 'Other' });
    const mother = clientPatient({ relationship: 'Mother' });
    const son2 = clientPatient({ relationship: 'Son' });
    const groups = groupProfilesByRelationship([son, loose, me, other, mother, son2], [...relationshipChoices]);
    expect(groups.map((group) => [group.label, group.patients.map((patient) => patient.id)])).toEqual([
      ['Me', [me.id]],
      ['Mother', [mother.id]],
      ['Son', [son.id, son2.id]],
      ['Other', [other.id]],
      ['Unclassified', [loose.id]],
    ]);
    expect(groups.at(-1)?.relationship).toBe('');
  });

  it('is empty without profiles', () => {
    expect(groupProfilesByRelationship([], [...relationshipChoices])).toEqual([]);
  });
});

// spec doc 1 §2, §6: Edit Profile needs a relationship and the editProfile feature.
describe('canEditProfile', () => {
  it.each([
    ['Me', true, true],
    ['Me', false, false],
    [null, true, false],
  ])('relationship %j, editProfile %s → %s', (relationship, enabled, shown) => {
    expect(canEditProfile({ relationship }, enabled)).toBe(shown);
  });
});
