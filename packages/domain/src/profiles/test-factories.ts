/** Test data builders for profile tests (not exported from the package). */
import { type ClientPatient, type ServerPatient } from './patient-mapping.ts';

let counter = 0;

/** A server-form patient with sensible defaults. */
export function serverPatient(overrides: Partial<ServerPatient> & { relationship?: string | null } = {}): ServerPatient {
  counter += 1;
  const { relationship = 'Me', ...rest } = overrides;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: { prefix: 'Mrs', given: ['Nimali'], family: 'Perera' },
    telecom: [{ use: 'mobile', system: 'phone', value: '94771234567' }],
    birthDate: '1990-05-07',
    gender: 'female',
    address: { use: 'home', line: ['12 Galle Road', 'Kollupitiya'], city: 'Colombo' },
    extension: relationship === null ? [] : [{ valueId: 'relationship', value: relationship }],
    link: [],
    hospitalId: null,
    medicalRecordNumber: '',
    ...rest,
  };
}

/** A client-form patient with sensible defaults. */
export function clientPatient(overrides: Partial<ClientPatient> = {}): ClientPatient {
  counter += 1;
  const id = overrides.id ?? `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    id,
    displayName: 'Mrs Nimali Perera',
    familyName: 'Perera',
    givenName: 'Nimali',
    prefix: 'Mrs',
    age: '34 years',
    gender: 'female',
    relationship: 'Me',
    dateOfBirth: '1990-05-07',
    dob: { date: '07', month: '05', year: '1990' },
    hospitalId: null,
    sameRelationshipIds: [id],
    addressLineOne: '12 Galle Road',
    addressLineTwo: 'Kollupitiya',
    addressLineThree: '',
    addressCity: 'Colombo',
    mobileNo: '94771234567',
    ...overrides,
  };
}
