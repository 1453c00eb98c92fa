import { describe, expect, it } from 'vitest';
import { auditDetailsInWords, type AuditDetailWords } from './audit-details.ts';

const words: AuditDetailWords = {
  label: (key) => ({ mobileNo: 'Mobile number', found: 'Patients found', smsSent: 'SMS sent', purpose: 'Purpose' })[key as string] ?? `«${key}»`,
  yes: 'yes',
  no: 'no',
  value: (key, value) => (key === 'purpose' && value === 'walkIn' ? 'Walk-in registration' : null),
};

describe('an audit row’s details in words (issue 30 §2.6)', () => {
  it('writes the known keys with their labels, yes/no for flags and words for known values', () => {
    expect(
      auditDetailsInWords(
        { smsSent: false, found: 2, mobileNo: '+94 77 *** **67', purpose: 'walkIn' },
        words,
      ),
    ).toEqual(['Mobile number: +94 77 *** **67', 'Patients found: 2', 'Purpose: Walk-in registration', 'SMS sent: no']);
  });

  it('leaves out ids, lists, objects, empty texts and keys it has no words for', () => {
    expect(
      auditDetailsInWords(
        {
          chatSessionId: '0b9d7f5e-2c1a-4e8b-9f3d-6a5b4c3d2e1f',
          patientIds: ['0b9d7f5e-2c1a-4e8b-9f3d-6a5b4c3d2e1f'],
          before: { status: 'x' },
          mobileNo: '  ',
          found: Number.NaN,
          purpose: '0b9d7f5e-2c1a-4e8b-9f3d-6a5b4c3d2e1f',
        },
        words,
      ),
    ).toEqual([]);
    expect(auditDetailsInWords(null, words)).toEqual([]);
    expect(auditDetailsInWords(['a'], words)).toEqual([]);
  });
});
