// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerPatient } from '@careline/domain/profiles';
import { toAccountView, type ServerUserProfile } from '../../../lib/session';
import { ToastProvider } from '../../../components/toast.tsx';
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
    medicalRecordNumber: '',
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
      element: <ToastProvider><ProfilesScreen /></ToastProvider>,
      account: account([serverPatient('me', 'Me', 'Kamala'), serverPatient('u1', null, 'Nimali')]),
    });
    expect(screen.getByText('We found 1 unclassified profile. Select your ... profile.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose their relationship' })).toBeTruthy();
  });

  it('two read in the plural', () => {
    renderScreen({
      path: '/profiles',
      routePath: '/profiles',
      element: <ToastProvider><ProfilesScreen /></ToastProvider>,
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
      element: <ToastProvider><ProfilesScreen /></ToastProvider>,
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

// issue 11 part 4: each profile downloads its own records as a FHIR R4 Bundle.
describe('Profiles records download (FHIR)', () => {
  function renderWith(downloadRecords: (patientId: string) => Promise<void>) {
    renderScreen({
      path: '/profiles',
      routePath: '/profiles',
      element: (
        <ToastProvider>
          <ProfilesScreen downloadRecords={downloadRecords} />
        </ToastProvider>
      ),
      account: account([serverPatient('me', 'Me', 'Kamala'), serverPatient('mum', 'Mother', 'Nimali')]),
    });
  }

  it("downloads the chosen profile's records, busy until the file is saved", async () => {
    const asked: string[] = [];
    let finish: () => void = () => undefined;
    renderWith((patientId) => {
      asked.push(patientId);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const card = screen.getByRole('article', { name: 'Mrs Nimali Perera' });
    fireEvent.click(within(card).getByRole('button', { name: 'Download records (FHIR)' }));
    expect(asked).toEqual(['mum']);
    const busy = within(card).getByRole('button', { name: 'Preparing the records…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // The other profile's button stays ready.
    const other = within(screen.getByRole('article', { name: 'Mrs Kamala Perera' })).getByRole('button', { name: 'Download records (FHIR)' });
    expect(other).toHaveProperty('disabled', false);
    finish();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Download records (FHIR)' })).toHaveProperty('disabled', false));
    expect(screen.queryByText('The records could not be downloaded. Please try again.')).toBeNull();
  });

  it('says so in a toast when the download fails, and lets the patient try again', async () => {
    renderWith(async () => {
      throw new Error('records download failed with HTTP 404');
    });
    const card = screen.getByRole('article', { name: 'Mrs Kamala Perera' });
    fireEvent.click(within(card).getByRole('button', { name: 'Download records (FHIR)' }));
    expect(await screen.findByText('The records could not be downloaded. Please try again.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Download records (FHIR)' })).toHaveProperty('disabled', false);
  });
});
