import { describe, expect, it } from 'vitest';
import {
  isSingleRole,
  offeredRelationships,
  samePersonIds,
  takesUsedSingleRole,
} from './single-roles.ts';
import { clientPatient } from './test-factories.ts';

const configured = [
  'Me',
  'Father',
  'Mother',
  'Husband',
  'Wife',
  'Brother',
  'Sister',
  'Daughter',
  'Son',
  'Friend',
];

describe('single roles (issue 6 §4.1)', () => {
  it('knows Me, Father, Mother, Husband and Wife as single roles', () => {
    expect(configured.filter(isSingleRole)).toEqual(['Me', 'Father', 'Mother', 'Husband', 'Wife']);
    expect(isSingleRole(null)).toBe(false);
  });

  it('joins records linked in either direction and through other records, never by label', () => {
    const records = [
      { id: 'a', relationship: 'Me', link: [] },
      { id: 'b', relationship: 'Me', link: ['a'] },
      { id: 'c', relationship: 'Me', link: ['b', 'gone'] },
      { id: 'd', relationship: 'Me', link: [] },
    ];
    expect(samePersonIds('a', records)).toEqual(['a', 'b', 'c']);
    expect(samePersonIds('d', records)).toEqual(['d']);
    expect(samePersonIds('new', records)).toEqual(['new']);
  });

  it('refuses a second person in a single role, but not another record of the same person', () => {
    const me = { id: 'me', relationship: 'Me', link: [] };
    expect(takesUsedSingleRole('new', [me, { id: 'new', relationship: 'Me', link: [] }])).toBe(
      true,
    );
    expect(takesUsedSingleRole('new', [me, { id: 'new', relationship: 'Me', link: ['me'] }])).toBe(
      false,
    );
    expect(takesUsedSingleRole('new', [me, { id: 'new', relationship: 'Father', link: [] }])).toBe(
      false,
    );
    const sister = { id: 's1', relationship: 'Sister', link: [] };
    expect(
      takesUsedSingleRole('s2', [sister, { id: 's2', relationship: 'Sister', link: [] }]),
    ).toBe(false);
    expect(takesUsedSingleRole('u', [me, { id: 'u', relationship: null, link: [] }])).toBe(false);
  });

  it('does not offer the single roles another person holds', () => {
    const me = clientPatient({ relationship: 'Me' });
    const mother = clientPatient({ relationship: 'Mother' });
    const sister = clientPatient({ relationship: 'Sister' });
    const patients = [me, mother, sister];
    expect(offeredRelationships(configured, patients, null)).toEqual(
      configured.filter((relationship) => relationship !== 'Me' && relationship !== 'Mother'),
    );
    // Editing the mother: her own role stays on offer.
    expect(offeredRelationships(configured, patients, mother)).toEqual(
      configured.filter((relationship) => relationship !== 'Me'),
    );
    // Another record of the same person does not count as another person.
    const meElsewhere = clientPatient({ relationship: 'Me', sameRelationshipIds: [] });
    const meLinked = { ...me, sameRelationshipIds: [me.id, meElsewhere.id] };
    expect(offeredRelationships(configured, [meLinked, meElsewhere], meLinked)).toEqual(configured);
  });
});
