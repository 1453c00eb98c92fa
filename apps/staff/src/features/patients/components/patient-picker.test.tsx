// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { print, type DocumentNode } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Provider, type Client } from 'urql';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { PatientPicker } from './patient-picker.tsx';

// The desk's patient search (issue 29 §10): the hospital's patients, and at the desk registering a
// walk-in also the group's patients with no record here yet, said so under their name.

const hospital: Hospital = { id: 'h-1', name: 'Colombo General', memberships: [] };

type Call = { operation: string; variables: Record<string, unknown> };

function fakeClient(calls: Call[], answers: Record<string, unknown>): Client {
  return {
    query: (document: DocumentNode, variables: Record<string, unknown>) => {
      const operation = /query (\w+)/.exec(print(document))?.[1] ?? '';
      calls.push({ operation, variables });
      return { toPromise: () => Promise.resolve({ data: answers[operation], operation: {} }) };
    },
  } as unknown as Client;
}

function renderPicker(walkIn: boolean, answers: Record<string, unknown>) {
  const calls: Call[] = [];
  const onPick = vi.fn();
  render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={fakeClient(calls, answers)}>
        <PatientPicker hospital={hospital} walkIn={walkIn} actionLabel={(name) => `Book for ${name}`} onPick={onPick} />
      </Provider>
    </I18nProvider>,
  );
  fireEvent.change(screen.getByRole('textbox', { name: /Mobile number/ }), { target: { value: '0771234567' } });
  fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
  return { calls, onPick };
}

afterEach(() => {
  cleanup();
});

describe('the desk registering a walk-in', () => {
  it('offers the group’s patients, and says of one with no record that booking registers them here', async () => {
    const { calls, onPick } = renderPicker(true, {
      staffWalkInPatientLookup: {
        staffWalkInPatientLookup: [
          { id: 'p-1', prefix: 'Mrs', givenName: 'Sita', familyName: 'Perera', knownHere: false },
          { id: 'p-2', prefix: 'Mr', givenName: 'Kasun', familyName: 'Perera', knownHere: true },
        ],
      },
    });
    const newHere = await screen.findByRole('button', { name: 'Book for Mrs Sita Perera' });
    expect(calls.map((call) => call.operation)).toEqual(['staffWalkInPatientLookup']);
    expect(calls[0]?.variables).toEqual({ organizationId: 'h-1', mobileNo: '0771234567' });
    const note = 'No record at Colombo General yet: booking registers this patient here.';
    expect(screen.getAllByText(note)).toHaveLength(1);
    expect(document.getElementById(newHere.getAttribute('aria-describedby') ?? '')?.textContent).toBe(note);
    expect(screen.getByRole('button', { name: 'Book for Mr Kasun Perera' }).getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(newHere);
    expect(onPick).toHaveBeenCalledWith({ id: 'p-1', name: 'Mrs Sita Perera' });
  });

  it('says no patient of the group has the number when none has', async () => {
    renderPicker(true, { staffWalkInPatientLookup: { staffWalkInPatientLookup: [] } });
    expect(await screen.findByText('No patient of the hospital group has the number 0771234567.')).toBeTruthy();
  });

  it('elsewhere finds the hospital’s patients only, with the hospital’s words for none', async () => {
    const { calls } = renderPicker(false, { staffPatientLookup: { staffPatientLookup: [] } });
    expect(await screen.findByText('No patient of Colombo General has the number 0771234567.')).toBeTruthy();
    expect(calls.map((call) => call.operation)).toEqual(['staffPatientLookup']);
  });
});
