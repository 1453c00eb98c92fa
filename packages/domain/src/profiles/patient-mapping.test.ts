import { describe, expect, it } from 'vitest';
import { type PatientForm } from './patient-form.ts';
import {
  type PatientEditForm,
  createPatientArgs,
  displayNameOf,
  patientPatches,
  relationshipOf,
  toClientPatient,
  toPatientEditForm,
} from './patient-mapping.ts';
import { clientPatient, serverPatient } from './test-factories.ts';

const now = new Date(2024, 5, 15, 12, 0);

// spec doc 1 §3 'Patient (server form)' → 'Patient (client form)'.
describe('toClientPatient', () => {
  it('maps every client field', () => {
    const me = serverPatient({
      name: { prefix: 'Mrs', given: ['Nimali', 'Kumari'], family: 'Perera' },
      address: { use: 'home', line: ['12 Galle Road', 'Kollupitiya', 'Near the temple'], city: 'Colombo' },
      hospitalId: 'h-1',
    });
    expect(toClientPatient(me, [me], now)).toEqual({
      id: me.id,
      displayName: 'Mrs Nimali Kumari Perera',
      familyName: 'Perera',
      givenName: 'Nimali Kumari',
      prefix: 'Mrs',
      age: '34 years',
      gender: 'female',
      relationship: 'Me',
      dateOfBirth: '1990-05-07',
      dob: { date: '07', month: '05', year: '1990' },
      hospitalId: 'h-1',
      sameRelationshipIds: [me.id],
      addressLineOne: '12 Galle Road',
      addressLineTwo: 'Kollupitiya',
      addressLineThree: 'Near the temple',
      addressCity: 'Colombo',
      mobileNo: '94771234567',
    });
  });

  it('fills the gaps of a sparse patient', () => {
    const bare = serverPatient({
      name: { prefix: '', given: [], family: 'Silva' },
      telecom: [],
      birthDate: null,
      address: null,
      relationship: null,
    });
    const client = toClientPatient(bare, [bare], now);
    expect(client).toMatchObject({
      displayName: 'Silva',
      givenName: '',
      age: '',
      relationship: null,
      dateOfBirth: '',
      dob: { date: '', month: '', year: '' },
      sameRelationshipIds: [bare.id],
      addressLineOne: '',
      addressLineTwo: '',
      addressLineThree: '',
      addressCity: '',
      mobileNo: '',
    });
  });

  it('lists the records of the same person with the same relationship, itself first', () => {
    const sister1 = serverPatient({ relationship: 'Sister' });
    const sister2 = serverPatient({ relationship: 'Sister' });
    const me = serverPatient({ relationship: 'Me' });
    const meElsewhere = serverPatient({ relationship: 'Me', link: [me.id] });
    const loose1 = serverPatient({ relationship: null });
    const loose2 = serverPatient({ relationship: null, link: [loose1.id] });
    const all = [sister1, me, sister2, loose1, loose2, meElsewhere];
    // Two sisters are two people: sharing a label does not make them the same person.
    expect(toClientPatient(sister2, all, now).sameRelationshipIds).toEqual([sister2.id]);
    // The same person registered at another hospital, linked either way.
    expect(toClientPatient(me, all, now).sameRelationshipIds).toEqual([me.id, meElsewhere.id]);
    expect(toClientPatient(meElsewhere, all, now).sameRelationshipIds).toEqual([meElsewhere.id, me.id]);
    // No relationship is not a shared relationship.
    expect(toClientPatient(loose1, all, now).sameRelationshipIds).toEqual([loose1.id]);
    // Itself is included even when missing from the list.
    expect(toClientPatient(sister1, [sister2], now).sameRelationshipIds).toEqual([sister1.id]);
  });

  it.each([
    [[{ valueId: 'relationship', value: 'Mother' }], 'Mother'],
    [[{ valueId: 'other', value: 'x' }], null],
    [[{ valueId: 'relationship', value: '' }], null],
    [[{ valueId: 'relationship', value: null }], null],
    [[], null],
  ])('relationshipOf(%o) → %s', (extension, relationship) => {
    expect(relationshipOf({ extension })).toBe(relationship);
  });

  it.each([
    [{ prefix: 'Mr', given: ['Kamal'], family: 'Silva' }, 'Mr Kamal Silva'],
    [{ prefix: 'Baby Of', given: ['Nimali'], family: 'Perera' }, 'Baby Of Nimali Perera'],
    [{ prefix: '', given: ['Kamal', ' '], family: 'Silva ' }, 'Kamal Silva'],
  ])('displayNameOf(%o) → %j', (name, display) => {
    expect(displayNameOf(name)).toBe(display);
  });
});

// spec doc 1 §7 patchPatient; docs/api-contract.md PatientPatchInput.
describe('patientPatches', () => {
  const before = clientPatient();
  const form = toPatientEditForm(before);

  it('makes no patch when nothing changed (Update stays disabled, spec doc 1 §5)', () => {
    expect(patientPatches(before, form)).toEqual([]);
    expect(patientPatches(before, { ...form, day: '7', month: '5', givenName: ' Nimali ' })).toEqual([]);
    const withoutAddress: PatientEditForm = { ...form };
    delete withoutAddress.addressLineOne;
    delete withoutAddress.addressCity;
    expect(patientPatches(before, withoutAddress)).toEqual([]);
  });

  it.each<[string, Partial<PatientEditForm>, unknown[]]>([
    [
      'name',
      { givenName: 'Nimali  Kumari', familyName: 'Fernando' },
      [{ op: 'replace', path: 'name', value: { prefix: 'Mrs', given: ['Nimali', 'Kumari'], family: 'Fernando' } }],
    ],
    ['prefix', { prefix: 'Ms' }, [{ op: 'replace', path: 'name', value: { prefix: 'Ms', given: ['Nimali'], family: 'Perera' } }]],
    ['gender', { gender: 'other' }, [{ op: 'replace', path: 'gender', value: 'other' }]],
    ['birth date', { day: '8' }, [{ op: 'replace', path: 'birthDate', value: '1990-05-08' }]],
    [
      'address line',
      { addressLineThree: 'Near the temple' },
      [
        {
          op: 'replace',
          path: 'address',
          value: { use: 'home', line: ['12 Galle Road', 'Kollupitiya', 'Near the temple'], city: 'Colombo' },
        },
      ],
    ],
    [
      'city, with an emptied middle line',
      { addressLineTwo: '', addressCity: 'Kandy' },
      [{ op: 'replace', path: 'address', value: { use: 'home', line: ['12 Galle Road'], city: 'Kandy' } }],
    ],
    [
      'address cleared',
      { addressLineOne: '', addressLineTwo: ' ', addressLineThree: '', addressCity: '' },
      [{ op: 'remove', path: 'address' }],
    ],
    [
      'relationship',
      { relationship: 'Mother' },
      [{ op: 'replace', path: 'extension', value: { valueId: 'relationship', value: 'Mother' } }],
    ],
    [
      'several parts',
      { gender: 'other', year: '1991' },
      [
        { op: 'replace', path: 'gender', value: 'other' },
        { op: 'replace', path: 'birthDate', value: '1991-05-07' },
      ],
    ],
  ])('patches only the %s', (_name, change, patches) => {
    expect(patientPatches(before, { ...form, ...change })).toEqual(patches);
  });

  it('classifies an unclassified profile', () => {
    const loose = clientPatient({ relationship: null });
    expect(patientPatches(loose, { ...toPatientEditForm(loose), relationship: 'Friend' })).toEqual([
      { op: 'replace', path: 'extension', value: { valueId: 'relationship', value: 'Friend' } },
    ]);
  });

  it('adds an address to a profile without one', () => {
    const bare = clientPatient({ addressLineOne: '', addressLineTwo: '', addressCity: '' });
    expect(patientPatches(bare, { ...toPatientEditForm(bare), addressCity: 'Galle' })).toEqual([
      { op: 'replace', path: 'address', value: { use: 'home', line: [], city: 'Galle' } },
    ]);
  });
});

// spec doc 1 §7 createPatient: name (given list, family, prefix), birthDate, gender, extension relationship, links.
describe('createPatientArgs', () => {
  const form: PatientForm = {
    prefix: 'Mr',
    givenName: ' Kamal  Nuwan ',
    familyName: 'Silva ',
    gender: 'male',
    day: '3',
    month: '11',
    year: '1958',
    relationship: 'Father',
  };

  it('builds the arguments', () => {
    expect(createPatientArgs(form)).toEqual({
      name: { prefix: 'Mr', given: ['Kamal', 'Nuwan'], family: 'Silva' },
      birthDate: '1958-11-03',
      gender: 'male',
      extension: [{ valueId: 'relationship', value: 'Father' }],
      link: [],
    });
  });

  it('passes links and leaves out an empty relationship', () => {
    expect(createPatientArgs({ ...form, relationship: '' }, ['p-1'])).toMatchObject({ extension: [], link: ['p-1'] });
  });
});
