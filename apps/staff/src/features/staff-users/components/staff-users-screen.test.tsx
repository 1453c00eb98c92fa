// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CombinedError } from '@urql/core';
import type { Client } from 'urql';
import { Provider } from 'urql';
import { fromValue, never } from 'wonka';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { filterPractitioners, practitionerOptionText } from './practitioner-picker.tsx';
import { roleInputs, StaffUsersScreen } from './staff-users-screen.tsx';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };
const nimal = '11111111-1111-4111-8111-111111111111';
const dilani = '22222222-2222-4222-8222-222222222222';
const practitioners = [
  { id: nimal, name: { text: 'Dr. Nimal Perera' }, roles: [{ code: 'cardiologist', display: 'Cardiologist' }] },
  { id: dilani, name: { text: 'Dr. Dilani Jayasinghe' }, roles: [{ code: 'paediatrician', display: 'Paediatrician' }] },
];

type Sent = { name: string; variables: Record<string, unknown> };

/** A urql client answering the screen's operations from memory, recording the mutations. */
function fakeClient(createAnswer: () => { data?: unknown; error?: CombinedError }, staffUsers: unknown[] = []) {
  const sent: Sent[] = [];
  const nameOf = (operation: { query: { definitions: readonly unknown[] } }) =>
    (operation.query.definitions[0] as { name?: { value: string } }).name?.value ?? '';
  const client = {
    executeQuery: vi.fn((operation: Parameters<Client['executeQuery']>[0]) => {
      const name = nameOf(operation);
      const data = name === 'staffUsers' ? { staffUsers } : name === 'staffPractitionerChoices' ? { queryPractitioner: practitioners } : null;
      return data ? fromValue({ operation, data, stale: false, hasNext: false }) : never;
    }),
    executeMutation: vi.fn((operation: Parameters<Client['executeMutation']>[0]) => {
      sent.push({ name: nameOf(operation), variables: operation.variables as Record<string, unknown> });
      return fromValue({ operation, ...createAnswer(), stale: false, hasNext: false });
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client;
  return { client, sent };
}

function renderScreen(answer: () => { data?: unknown; error?: CombinedError }, staffUsers: unknown[] = []) {
  const fake = fakeClient(answer, staffUsers);
  render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={fake.client}>
        <StaffUsersScreen hospital={hospital} />
      </Provider>
    </I18nProvider>,
  );
  const form = screen.getByRole('region', { name: 'New staff user' });
  fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Nimal Doctor' } });
  fireEvent.change(within(form).getByLabelText('Email address'), { target: { value: 'nimal@hospital.test' } });
  return { form, sent: fake.sent };
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

afterEach(() => {
  cleanup();
});

describe('the practitioner of a doctor account', () => {
  it('is asked for only when the doctor role is ticked, and the search narrows the list', async () => {
    const { form } = renderScreen(() => ({ data: null }));
    expect(within(form).queryByLabelText('Practitioner record of the doctor')).toBeNull();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Doctor' }));
    const select = await within(form).findByLabelText('Practitioner record of the doctor');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(describedBy(select)).toEqual(['The doctor signs in as this practitioner of Careline Hospitals - Colombo.']);
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Find the practitioner' }), { target: { value: 'paed' } });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a practitioner',
      'Dr. Dilani Jayasinghe — Paediatrician',
    ]);
    expect(within(form).getByRole('status').textContent).toBe('1 practitioner matches.');
  });

  it('is required before saving: the error is tied to the select, which takes focus, and nothing is sent', async () => {
    const { form, sent } = renderScreen(() => ({ data: null }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Doctor' }));
    const select = await within(form).findByLabelText('Practitioner record of the doctor');
    fireEvent.click(within(form).getByRole('button', { name: 'Create staff user' }));
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(select)).toContain('Choose the practitioner this doctor is');
    expect(document.activeElement).toBe(select);
    expect(sent).toEqual([]);
    // Choosing one answers the error at once.
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(select, { target: { value: nimal } });
    await waitFor(() => expect(select.getAttribute('aria-invalid')).not.toBe('true'));
    expect(describedBy(select)).not.toContain('Choose the practitioner this doctor is');
  });

  it('is sent with the doctor role only, and a refusal by the server shows on the picker', async () => {
    const refused = new CombinedError({ graphQLErrors: [{ message: 'ARO-E2002:The request is not valid' }] });
    const { form, sent } = renderScreen(() => ({ error: refused }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Receptionist' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Doctor' }));
    const select = await within(form).findByLabelText('Practitioner record of the doctor');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(select, { target: { value: nimal } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create staff user' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'createStaffUser',
      variables: {
        organizationId: 'h1',
        input: {
          email: 'nimal@hospital.test',
          displayName: 'Nimal Doctor',
          roles: [
            { role: 'receptionist', practitionerId: null },
            { role: 'doctor', practitionerId: nimal },
          ],
        },
      },
    });
    await waitFor(() =>
      expect(describedBy(select)).toContain('This practitioner does not work at Careline Hospitals - Colombo: choose another'),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});

describe('the roles editor', () => {
  const doctor = {
    id: 'u9',
    email: 'doc@hospital.test',
    displayName: 'Doc Tor',
    mustChangePassword: false,
    disabled: false,
    memberships: [{ organizationId: 'h1', organizationName: 'Colombo', role: 'doctor', practitionerId: dilani }],
  };

  it("keeps a doctor's practitioner, and asks for one when the doctor role is added", async () => {
    const { sent } = renderScreen(() => ({ data: { setStaffRoles: { id: 'u9' } } }), [doctor]);
    fireEvent.click(await screen.findByRole('button', { name: 'Change roles of Doc Tor' }));
    const editor = screen.getByRole('group', { name: 'Change roles of Doc Tor' }).closest('form') as HTMLFormElement;
    const select = within(editor).getByLabelText<HTMLSelectElement>('Practitioner record of the doctor');
    await waitFor(() => expect(select.value).toBe(dilani));
    fireEvent.click(within(editor).getByRole('checkbox', { name: 'Nurse' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({
      organizationId: 'h1',
      staffUserId: 'u9',
      roles: [
        { role: 'doctor', practitionerId: dilani },
        { role: 'nurse', practitionerId: null },
      ],
    });
  });

  it('refuses to save a new doctor role without a practitioner', async () => {
    const nurse = { ...doctor, id: 'u8', displayName: 'Nur Se', memberships: [{ ...doctor.memberships[0], role: 'nurse', practitionerId: null }] };
    const { sent } = renderScreen(() => ({ data: null }), [nurse]);
    fireEvent.click(await screen.findByRole('button', { name: 'Change roles of Nur Se' }));
    const editor = screen.getByRole('group', { name: 'Change roles of Nur Se' }).closest('form') as HTMLFormElement;
    fireEvent.click(within(editor).getByRole('checkbox', { name: 'Doctor' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Save roles' }));
    const select = within(editor).getByLabelText('Practitioner record of the doctor');
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(select)).toContain('Choose the practitioner this doctor is');
    expect(document.activeElement).toBe(select);
    expect(sent).toEqual([]);
  });
});

describe('practitioner helpers', () => {
  it('filters by every word of the search over name and speciality, keeping the chosen one', () => {
    expect(filterPractitioners(practitioners, '', '').map((p) => p.id)).toEqual([nimal, dilani]);
    expect(filterPractitioners(practitioners, 'perera cardio', '').map((p) => p.id)).toEqual([nimal]);
    expect(filterPractitioners(practitioners, 'PERERA', dilani).map((p) => p.id)).toEqual([nimal, dilani]);
    expect(filterPractitioners(practitioners, 'nobody', '')).toEqual([]);
    expect(practitionerOptionText({ id: 'x', name: { text: 'Dr. A' }, roles: [] })).toBe('Dr. A');
  });

  it('names a practitioner on the doctor role only', () => {
    expect(roleInputs(['admin', 'doctor'], nimal)).toEqual([
      { role: 'admin', practitionerId: null },
      { role: 'doctor', practitionerId: nimal },
    ]);
    expect(roleInputs(['nurse'], nimal)).toEqual([{ role: 'nurse', practitionerId: null }]);
    expect(roleInputs(['doctor'], '')).toEqual([{ role: 'doctor', practitionerId: null }]);
  });
});
