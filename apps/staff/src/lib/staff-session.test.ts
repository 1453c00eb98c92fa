import { describe, expect, it } from 'vitest';
import type { StaffUser } from '../features/auth/api/auth-operations.ts';
import { endsStaffSession } from './graphql-client.ts';
import { hospitalsOf } from './staff-session.tsx';

const member = (memberships: StaffUser['memberships']): StaffUser => ({
  id: 'u1',
  email: 'a@b.test',
  displayName: 'A',
  mustChangePassword: false,
  disabled: false,
  memberships,
});

describe('hospital switcher', () => {
  it('lists each hospital once with the roles held there', () => {
    const hospitals = hospitalsOf(
      member([
        { organizationId: 'h1', organizationName: 'Colombo', role: 'admin', practitionerId: null, allowedActions: ['audit.browse'] },
        { organizationId: 'h2', organizationName: 'Kandy', role: 'nurse', practitionerId: null, allowedActions: [] },
        { organizationId: 'h1', organizationName: 'Colombo', role: 'receptionist', practitionerId: null, allowedActions: [] },
      ]),
    );
    expect(hospitals.map((h) => [h.id, h.name, h.memberships.map((m) => m.role)])).toEqual([
      ['h1', 'Colombo', ['admin', 'receptionist']],
      ['h2', 'Kandy', ['nurse']],
    ]);
    expect(hospitalsOf(null)).toEqual([]);
  });
});

describe('a rejected staff token', () => {
  it('ends the console session on ARO-E1022 and ARO-E1024 only', () => {
    expect(endsStaffSession(['ARO-E1022:Authentication failed'])).toBe(true);
    expect(endsStaffSession(['ARO-E1024:You have been logged out, please login again'])).toBe(true);
    expect(endsStaffSession(['ARO-E1210:You do not have permission for this action'])).toBe(false);
    expect(endsStaffSession(['ARO-E1200:The email or password is not correct'])).toBe(false);
    expect(endsStaffSession(['Failed to fetch'])).toBe(false);
  });
});
