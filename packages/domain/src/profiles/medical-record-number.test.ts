import { describe, expect, it } from 'vitest';
import { formatMedicalRecordNumber } from './medical-record-number.ts';

describe('formatMedicalRecordNumber (issue 30 §3.7)', () => {
  it.each([
    [1, '000001'],
    [42, '000042'],
    [123456, '123456'],
    [1234567, '1234567'],
    [null, ''],
    [undefined, ''],
    [0, ''],
    [-3, ''],
    [1.5, ''],
  ])('%s reads %j', (value, shown) => {
    expect(formatMedicalRecordNumber(value)).toBe(shown);
  });
});
