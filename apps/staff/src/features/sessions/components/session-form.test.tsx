// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Client } from 'urql';
import { Provider } from 'urql';
import { fromValue, never } from 'wonka';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hospital } from '../../../lib/staff-session.tsx';
import type { ListedSession } from '../api/sessions-operations.ts';
import { chargingSchemeChoices, chargingSchemeTotal, SessionForm } from './session-form.tsx';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };
const nimal = '11111111-1111-4111-8111-111111111111';
const dilani = '22222222-2222-4222-8222-222222222222';
const practitioners = [
  { id: nimal, name: { text: 'Dr. Nimal Perera' }, roles: [{ code: 'cardiologist', display: 'Cardiologist' }] },
  { id: dilani, name: { text: 'Dr. Dilani Jayasinghe' }, roles: [{ code: 'paediatrician', display: 'Paediatrician' }] },
];
const schemes = [
  { id: 's-nimal', name: 'Cardiology channelling', practitionerId: nimal, currency: 'LKR', total: 3250.5 },
  { id: 's-dilani', name: 'Paediatric channelling', practitionerId: dilani, currency: 'LKR', total: 2800 },
  { id: 's-opd', name: 'OPD', practitionerId: null, currency: 'LKR', total: 500 },
];

type Sent = { name: string; variables: Record<string, unknown> };

/** A urql client answering the form's queries from memory, recording what it sends. */
function fakeClient() {
  const sent: Sent[] = [];
  const nameOf = (operation: { query: { definitions: readonly unknown[] } }) =>
    (operation.query.definitions[0] as { name?: { value: string } }).name?.value ?? '';
  const client = {
    executeQuery: vi.fn((operation: Parameters<Client['executeQuery']>[0]) => {
      const name = nameOf(operation);
      sent.push({ name, variables: operation.variables as Record<string, unknown> });
      const data =
        name === 'staffSessionPractitioners'
          ? { queryPractitioner: practitioners }
          : name === 'staffChargingSchemes'
            ? { staffChargingSchemes: schemes }
            : null;
      return data ? fromValue({ operation, data, stale: false, hasNext: false }) : never;
    }),
    // The form sends with client.mutation(...).toPromise().
    mutation: vi.fn((query: { definitions: readonly unknown[] }, variables: Record<string, unknown>) => {
      const name = nameOf({ query });
      sent.push({ name, variables });
      return { toPromise: () => Promise.resolve({ data: { [name]: { id: 'new-session' } } }) };
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client;
  return { client, sent };
}

function renderForm(editing: ListedSession | null = null) {
  const fake = fakeClient();
  const onSaved = vi.fn();
  render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={fake.client}>
        <SessionForm hospital={hospital} editing={editing} day="2030-01-01" onSaved={onSaved} onClose={() => undefined} />
      </Provider>
    </I18nProvider>,
  );
  return { sent: fake.sent, onSaved };
}

const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

function fillTimes() {
  fireEvent.change(screen.getByLabelText('Starts at'), { target: { value: '09:00' } });
  fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '11:00' } });
  fireEvent.change(screen.getByLabelText('Number of appointments'), { target: { value: '20' } });
}

afterEach(() => {
  cleanup();
});

describe('chargingSchemeChoices', () => {
  it("keeps the hospital-wide schemes and the doctor's own, and the session's current one", () => {
    expect(chargingSchemeChoices(schemes, '', null).map((s) => s.id)).toEqual(['s-opd']);
    expect(chargingSchemeChoices(schemes, nimal, null).map((s) => s.id)).toEqual(['s-nimal', 's-opd']);
    expect(chargingSchemeChoices(schemes, nimal, 's-dilani').map((s) => s.id)).toEqual(['s-nimal', 's-dilani', 's-opd']);
  });

  it('shows totals with two decimals and thousands separators', () => {
    expect(chargingSchemeTotal(3250.5)).toBe('3,250.50');
    expect(chargingSchemeTotal(500)).toBe('500.00');
  });
});

describe('the charging-scheme picker of the session form', () => {
  it("lists the hospital's schemes for the chosen doctor, asks the hospital's list, and defaults to none", async () => {
    const { sent } = renderForm();
    const picker = screen.getByLabelText('Charging scheme');
    await waitFor(() => expect(optionTexts(picker)).toEqual(['None', 'OPD · LKR 500.00']));
    expect((picker as HTMLSelectElement).value).toBe('');
    expect(sent.find((s) => s.name === 'staffChargingSchemes')?.variables).toEqual({ organizationId: 'h1' });
    fireEvent.change(screen.getByLabelText('Doctor'), { target: { value: nimal } });
    expect(optionTexts(picker)).toEqual(['None', 'Cardiology channelling · LKR 3,250.50', 'OPD · LKR 500.00']);
  });

  it('creates a session with no scheme by default', async () => {
    const { sent, onSaved } = renderForm();
    await waitFor(() => expect(optionTexts(screen.getByLabelText('Doctor'))).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Doctor'), { target: { value: nimal } });
    fillTimes();
    fireEvent.click(screen.getByRole('button', { name: 'Create session' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const create = sent.find((s) => s.name === 'staffCreateSession');
    expect((create?.variables.input as { chargingSchemeId: unknown }).chargingSchemeId).toBeNull();
  });

  it("sends the picked scheme, and drops another doctor's own scheme when the doctor changes", async () => {
    const { sent, onSaved } = renderForm();
    await waitFor(() => expect(optionTexts(screen.getByLabelText('Doctor'))).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Doctor'), { target: { value: nimal } });
    const picker = screen.getByLabelText<HTMLSelectElement>('Charging scheme');
    fireEvent.change(picker, { target: { value: 's-nimal' } });
    fireEvent.change(screen.getByLabelText('Doctor'), { target: { value: dilani } });
    expect(picker.value).toBe('');
    fireEvent.change(picker, { target: { value: 's-opd' } });
    fireEvent.change(screen.getByLabelText('Doctor'), { target: { value: nimal } });
    expect(picker.value).toBe('s-opd');
    fillTimes();
    fireEvent.click(screen.getByRole('button', { name: 'Create session' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const create = sent.find((s) => s.name === 'staffCreateSession');
    expect((create?.variables.input as { chargingSchemeId: unknown }).chargingSchemeId).toBe('s-opd');
  });

  it("keeps an edited session's scheme unless it is changed", async () => {
    const editing = {
      id: 'session-1',
      practitionerId: nimal,
      practitionerName: 'Dr. Nimal Perera',
      practitionerRoleCode: 'cardiologist',
      practitionerRoleDisplay: 'Cardiologist',
      locationName: 'Room 4',
      status: 'scheduled',
      startTime: '2030-01-01T03:30:00.000Z',
      endTime: '2030-01-01T05:30:00.000Z',
      appointmentMaxAllowed: 20,
      participationMode: 'in_person',
      chargingSchemeId: 's-nimal',
      liveAppointments: 0,
    } as ListedSession;
    const { sent, onSaved } = renderForm(editing);
    const picker = screen.getByLabelText<HTMLSelectElement>('Charging scheme');
    await waitFor(() => expect(picker.value).toBe('s-nimal'));
    fireEvent.click(screen.getByRole('button', { name: 'Save session' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const update = sent.find((s) => s.name === 'staffUpdateSession');
    expect(update?.variables).toMatchObject({ organizationId: 'h1', sessionId: 'session-1', input: { chargingSchemeId: 's-nimal' } });
  });
});
