// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '../features/auth/api/auth-operations.ts';
import { createStaffGraphQLClient } from './graphql-client.ts';
import { hospitalsOf } from './staff-session.tsx';
import { readStaffToken, writeStaffToken } from './staff-token.ts';

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
  const answering = (message: string): typeof fetch => async () =>
    new Response(JSON.stringify({ data: null, errors: [{ message }] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });

  it.each([
    ['ARO-E1024:You have been logged out, please login again', 'mutation', true],
    ['ARO-E1022:Authentication failed', 'query', true],
    ['ARO-E1210:You do not have permission for this action', 'query', false],
    ['ARO-E1200:The email or password is not correct', 'mutation', false],
  ] as const)('%s on a %s ends the console session: %s', async (message, kind, ends) => {
    writeStaffToken('stf_token');
    const onSignedOut = vi.fn();
    const { client } = createStaffGraphQLClient(onSignedOut, { fetch: answering(message) });
    const document = kind === 'query' ? 'query staffMe { staffMe { id } }' : 'mutation staffSignOut { staffSignOut }';
    await (kind === 'query' ? client.query(document, {}) : client.mutation(document, {})).toPromise();
    expect(onSignedOut).toHaveBeenCalledTimes(ends ? 1 : 0);
    expect(readStaffToken()).toBe(ends ? null : 'stf_token');
    writeStaffToken(null);
  });
});
