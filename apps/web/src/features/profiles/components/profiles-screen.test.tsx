// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ServerPatient } from '@careline/domain/profiles';
import { toAccountView, type ServerUserProfile } from '../../../lib/session';
import { renderScreen } from '../../../lib/testing/render-screen.tsx';
import { ProfilesScreen } from './profiles-screen.tsx';

function serverPatient(id: string, relationship: string | null, given: string): ServerPatient {
  return {
    id,
    name: { prefix: 'Mrs', given: [given], family: 'Perera' },
    telecom: [],
    birthDate: '1960-04-09',
    gender: 'female',
    address: null,
    extension: relationship ? [{ valueId: 'relationship', value: relationship }] : [],
    link: [],
    hospitalId: 'h-1',
  };
}

function account(patients: ServerPatient[], loyaltyAccounts: ServerUserProfile['loyaltyAccounts'] = []) {
  const profile: ServerUserProfile = {
    id: 'up-1',
    identifier: '94771234567',
    status: 'active',
    mobileNo: '94771234567',
    patients,
    paymentMethods: [],
    defaultPaymentMethod: null,
    hasPaymentMethod: false,
    bookingReqId: null,
    loyaltyAccounts,
    preferredLanguage: null,
  };
  return toAccountView(profile, new Date(2025, 0, 1));
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

// issue 6 §4.8: the unclassified banner in the right number, and a button that says what it does.
describe('Profiles unclassified banner', () => {
  it('one unclassified profile reads in the singular', () => {
    renderScreen({
      path: '/profiles',
      routePath: '/profiles',
      element: <ProfilesScreen />,
      account: account([serverPatient('me', 'Me', 'Kamala'), serverPatient('u1', null, 'Nimali')]),
    });
    expect(screen.getByText('We found 1 unclassified profile. Select your ... profile.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose their relationship' })).toBeTruthy();
  });

  it('two read in the plural', () => {
    renderScreen({
      path: '/profiles',
      routePath: '/profiles',
      element: <ProfilesScreen />,
      account: account([serverPatient('me', 'Me', 'Kamala'), serverPatient('u1', null, 'Nimali'), serverPatient('u2', null, 'Ama')]),
    });
    expect(screen.getByText('We found 2 unclassified profiles. Select your ... profile.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose their relationships' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

// issue 6 §4.10: 'the loyalty headers run together'.
describe('Profiles loyalty table', () => {
  it('has Name, Active Points and Amount as separate header cells, set apart from each other', () => {
    renderScreen({
      path: '/profiles',
      routePath: '/profiles',
      element: <ProfilesScreen />,
      account: account(
        [serverPatient('me', 'Me', 'Kamala')],
        [{ id: 'l-1', patientId: 'me', patientRelationship: 'Me', name: 'Gold', activePoints: 1200, rate: 10 }],
      ),
    });
    // The stylesheet as the app ships it (Vitest does not apply imported CSS to jsdom).
    const style = document.createElement('style');
    style.textContent = readFileSync(`${import.meta.dirname}/profiles.css`, 'utf8');
    document.head.append(style);
    try {
      const table = within(screen.getByRole('region', { name: 'Loyalty Information' })).getByRole('table');
      const headers = within(table).getAllByRole('columnheader');
      expect(headers.map((header) => [header.tagName, header.textContent])).toEqual([
        ['TH', 'Name'],
        ['TH', 'Active Points'],
        ['TH', 'Amount'],
      ]);
      expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Gold', '1200', '120.00 USD']);
      // Between two neighbouring headers: the first's right padding plus the next one's left padding.
      const rem = (value: string) => (value.endsWith('rem') ? Number.parseFloat(value) : Number.parseFloat(value) / 16);
      for (const [left, right] of [
        [headers[0], headers[1]],
        [headers[1], headers[2]],
      ] as const) {
        const gap = rem(getComputedStyle(left as Element).paddingRight) + rem(getComputedStyle(right as Element).paddingLeft);
        expect(gap).toBeGreaterThanOrEqual(1);
      }
    } finally {
      style.remove();
    }
  });
});
