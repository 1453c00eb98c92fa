// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ServerPatient } from '@careline/domain/profiles';
import { toAccountView, type ServerUserProfile } from '../../../lib/session';
import { renderScreen } from '../test/render-screen.tsx';
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

function account(patients: ServerPatient[]) {
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
    loyaltyAccounts: [],
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
