import { describe, expect, it } from 'vitest';
import {
  compareNaturally,
  displayedRoles,
  isHiddenRole,
  matchesDoctorSearch,
} from './doctor-search.ts';

const nimal = { name: 'Dr. Nimal Perera', roles: ['Cardiologist'] };
const fathima = { name: 'Dr. Fathima Rizvi', roles: ['Gynaecologist & Obstetrician'] };

describe('doctor search (spec doc 1 §5)', () => {
  it.each([
    // without a space: word-start match on name or role words, case-insensitive
    ['nim', nimal, true],
    ['PER', nimal, true],
    ['card', nimal, true],
    ['mal', nimal, false],
    ['ologist', nimal, false],
    ['obste', fathima, true],
    // with a space: substring match on name or role
    ['mal per', nimal, true],
    ['nimal perera', nimal, true],
    ['& obs', fathima, true],
    ['perera nimal', nimal, false],
  ])('%s on %o → %s', (text, target, expected) => {
    expect(matchesDoctorSearch(text, target)).toBe(expected);
  });

  it('matches everyone on an empty text', () => {
    expect(matchesDoctorSearch('  ', nimal)).toBe(true);
  });
});

describe('displayed roles (spec doc 1 §3: the role Doctor is excluded)', () => {
  it('drops Doctor by code or display and duplicates', () => {
    const roles = [
      { code: 'doctor', display: 'Doctor' },
      { code: 'cardiologist', display: 'Cardiologist' },
      { code: 'cardiologist', display: 'Cardiologist' },
      { code: 'gp', display: 'doctor' },
    ];
    expect(displayedRoles(roles)).toEqual([{ code: 'cardiologist', display: 'Cardiologist' }]);
    expect(isHiddenRole({ code: 'Doctor', display: 'x' })).toBe(true);
  });
});

describe('natural order (spec doc 2 §2: hospital name sorted naturally)', () => {
  it('sorts numbers inside names by value', () => {
    const names = ['Ward 10', 'ward 2', 'Ward 1', 'Annex'];
    expect([...names].sort(compareNaturally)).toEqual(['Annex', 'Ward 1', 'ward 2', 'Ward 10']);
  });
});
