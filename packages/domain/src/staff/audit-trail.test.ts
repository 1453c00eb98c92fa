import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  isAuditAction,
  maskedMobileNo,
  mobileNoDisplay,
  patientMobileNoFor,
  seesPatientMobileNo,
} from './audit-trail.ts';
import { STAFF_ROLES } from './staff.ts';

describe('the audit trail’s patient numbers (issue 30 §2.6)', () => {
  it.each([
    ['94771234567', '+94 77 123 4567', '+94 77 *** **67'],
    ['94112345698', '+94 11 234 5698', '+94 11 *** **98'],
  ])('%s is shown as %s in full and %s masked', (stored, full, masked) => {
    expect(mobileNoDisplay(stored)).toBe(full);
    expect(maskedMobileNo(stored)).toBe(masked);
  });

  it('masks a number of another shape down to its last two digits, and shows it in full as stored', () => {
    expect(maskedMobileNo('12345')).toBe('***45');
    expect(mobileNoDisplay('12345')).toBe('12345');
  });

  it('shows the number in full to the roles that may look patients up by it, masked to any other', () => {
    for (const role of STAFF_ROLES) {
      expect(seesPatientMobileNo([role])).toBe(true);
      expect(patientMobileNoFor('94771234567', [role])).toBe('+94 77 123 4567');
    }
    expect(seesPatientMobileNo([])).toBe(false);
    expect(patientMobileNoFor('94771234567', [])).toBe('+94 77 *** **67');
    expect(patientMobileNoFor(null, ['admin'])).toBeNull();
    expect(patientMobileNoFor('', ['admin'])).toBeNull();
  });

  it('knows each action once, and nothing else', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(isAuditAction('patient.lookup')).toBe(true);
    expect(isAuditAction('chat.reply')).toBe(true);
    expect(isAuditAction('patient.delete')).toBe(false);
    expect(isAuditAction('')).toBe(false);
  });
});
