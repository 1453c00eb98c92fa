import { describe, expect, it } from 'vitest';
import { staffPolicies, type StaffRole } from '@careline/domain/staff';
import { navigationFor } from './navigation.ts';

describe('role-aware navigation', () => {
  it('shows an admin everything and a receptionist no administration', () => {
    const admin = new Set(['patients.lookup', 'staff.users.list', 'audit.browse']);
    const receptionist = new Set(['patients.lookup']);
    expect(navigationFor((a) => admin.has(a)).map((i) => i.label)).toEqual([
      'home',
      'patientLookup',
      'staffUsers',
      'auditTrail',
      'changePassword',
    ]);
    expect(navigationFor((a) => receptionist.has(a)).map((i) => i.label)).toEqual([
      'home',
      'patientLookup',
      'changePassword',
    ]);
  });

  it('shows Orders to the roles that may list orders here (pharmacist, lab technician, nurse, admin), not a receptionist', () => {
    const pharmacist = new Set(['orders.read', 'orders.work', 'orders.estimatedTime']);
    const receptionist = new Set(['patients.lookup', 'sessions.list']);
    expect(navigationFor((a) => pharmacist.has(a)).map((i) => i.label)).toEqual(['home', 'orders', 'changePassword']);
    expect(navigationFor((a) => receptionist.has(a)).map((i) => i.label)).not.toContain('orders');
  });

  it('shows Questionnaires to the roles that read the responses (doctor, nurse, admin), not a receptionist or pharmacist', () => {
    const may = (role: StaffRole) => (action: string) =>
      (staffPolicies[action as keyof typeof staffPolicies] as readonly StaffRole[] | undefined)?.includes(role) ?? false;
    for (const role of ['admin', 'doctor', 'nurse'] as const) {
      expect(navigationFor(may(role)).map((i) => i.label)).toContain('questionnaires');
    }
    for (const role of ['receptionist', 'pharmacist', 'labTechnician', 'cashier', 'callCentreAgent'] as const) {
      expect(navigationFor(may(role)).map((i) => i.label)).not.toContain('questionnaires');
    }
  });
});
