// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { activateLocale, createI18n } from '@careline/i18n/core';
import type { ServerPatient } from '@careline/domain/profiles';
import { toAccountView, type ServerUserProfile } from '../../../lib/session';
import { renderScreen } from '../../../lib/testing/render-screen.tsx';
import { RelationshipModal } from './relationship-modal.tsx';

function serverPatient(id: string, given: string, relationship: string | null): ServerPatient {
  return {
    id,
    name: { prefix: 'Mrs', given: [given], family: 'Perera' },
    telecom: [],
    birthDate: '1960-04-09',
    gender: 'female',
    address: null,
    extension: relationship ? [{ valueId: 'relationship', value: relationship }] : [],
    link: [],
    hospitalId: null,
    medicalRecordNumber: '',
  };
}

function accountWith(patients: ServerPatient[]) {
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

describe('relationship-classification modal (spec doc 1 §2, §4)', () => {
  it('lists used relationships with names and unused ones; a used one selects its profile', () => {
    const account = accountWith([serverPatient('me', 'Nimali', 'Me'), serverPatient('loose', 'Kamala', null)]);
    const onSelect = vi.fn();
    renderScreen({
      path: '/x',
      routePath: '/x',
      account,
      element: <RelationshipModal open onSelect={onSelect} onClose={() => undefined} />,
    });
    expect(screen.getByRole('heading', { name: 'This account is for?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Me\s*Mrs Nimali Perera/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mother' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add new profile' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Me\s*Mrs Nimali Perera/ }));
    expect(onSelect).toHaveBeenCalledWith(account.patients.me);
  });

  it('an unused relationship offers the unclassified profiles, and classifies the one picked', async () => {
    const account = accountWith([serverPatient('me', 'Nimali', 'Me'), serverPatient('loose', 'Kamala', null)]);
    const onSelect = vi.fn();
    const { calls } = renderScreen({
      path: '/x',
      routePath: '/x',
      account,
      element: <RelationshipModal open onSelect={onSelect} onClose={() => undefined} />,
      answer: () => ({ data: { patchPatient: { id: 'loose' } } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mother' }));
    expect(screen.getByText('We found 1 unclassified profile. Select your Mother profile.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Mrs Kamala Perera/ }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      {
        operationName: 'patchPatient',
        variables: {
          patientId: 'loose',
          patches: [{ op: 'replace', path: 'extension', value: { valueId: 'relationship', value: 'Mother' } }],
        },
      },
    ]);
  });

  it('classifying a profile, does not offer a single role another person holds (issue 6 §4.1)', () => {
    renderScreen({
      path: '/x',
      routePath: '/x',
      account: accountWith([serverPatient('me', 'Nimali', 'Me'), serverPatient('si', 'Anne', 'Sister'), serverPatient('loose', 'Kamala', null)]),
      element: <RelationshipModal open classifyingId="loose" onSelect={() => undefined} onClose={() => undefined} />,
    });
    expect(screen.queryByRole('button', { name: /^Me/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mother' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Sister/ })).toBeTruthy();
  });

  it('asks who an unclassified profile is, and Back closes it', () => {
    const onClose = vi.fn();
    renderScreen({
      path: '/x',
      routePath: '/x',
      account: accountWith([serverPatient('loose', 'Kamala', null)]),
      element: <RelationshipModal open classifyingId="loose" onSelect={() => undefined} onClose={onClose} />,
    });
    expect(screen.getByRole('heading', { name: 'Who is Mrs Kamala Perera for you?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('with no profile for a relationship and none unclassified, Add new profile opens the registration form', async () => {
    renderScreen({
      path: '/booking?step=2',
      routePath: '/booking',
      account: accountWith([serverPatient('me', 'Nimali', 'Me')]),
      element: <RelationshipModal open onSelect={() => undefined} onClose={() => undefined} />,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Father' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add new profile' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/profiles/registration?back=%2Fbooking%3Fstep%3D2&relationship=Father&chooseCreated=1',
      ),
    );
  });

  // issue 29 §1.5: the account has profiles, just none for this person.
  it('says that this person has no profile yet, not that the account has none', () => {
    renderScreen({
      path: '/x',
      routePath: '/x',
      account: accountWith([serverPatient('me', 'Nimali', 'Me')]),
      element: <RelationshipModal open onSelect={() => undefined} onClose={() => undefined} />,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mother' }));
    expect(screen.getByRole('status').textContent).toBe('You have not added a profile for your Mother yet.');
    expect(screen.queryByText('No profiles found')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add new profile' })).toBeTruthy();
  });

  it("says the patient's own profile is missing when the relationship is Me", () => {
    renderScreen({
      path: '/x',
      routePath: '/x',
      account: accountWith([serverPatient('mum', 'Kamala', 'Mother')]),
      element: <RelationshipModal open onSelect={() => undefined} onClose={() => undefined} />,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Me' }));
    expect(screen.getByRole('status').textContent).toBe('You have not added your own profile yet.');
  });

  it('names the person in Sinhala and Tamil too', async () => {
    for (const [locale, text] of [
      ['si', 'ඔබ තවම ඔබගේ මව සඳහා පැතිකඩක් එක් කර නැත.'],
      ['ta', 'உங்கள் தாய் என்பவருக்கான சுயவிவரத்தை நீங்கள் இன்னும் சேர்க்கவில்லை.'],
    ] as const) {
      const i18n = createI18n();
      await activateLocale(i18n, locale);
      renderScreen({
        path: '/x',
        routePath: '/x',
        account: accountWith([serverPatient('me', 'Nimali', 'Me')]),
        i18n,
        element: <RelationshipModal open onSelect={() => undefined} onClose={() => undefined} />,
      });
      fireEvent.click(screen.getByRole('button', { name: i18n._('profiles.relationship.mother') }));
      expect(screen.getByRole('status').textContent).toBe(text);
      cleanup();
    }
  });

  it("keeps 'No profiles found / Add your profile to continue' for an account with no profile at all", () => {
    renderScreen({
      path: '/x',
      routePath: '/x',
      account: accountWith([]),
      element: <RelationshipModal open onSelect={() => undefined} onClose={() => undefined} />,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mother' }));
    expect(screen.getByText('No profiles found')).toBeTruthy();
    expect(screen.getByText('Add your profile to continue')).toBeTruthy();
  });

  // issue 29 §1.5: back from the registration form, the profile just created is the one chosen.
  it('chooses the profile the registration form created, once, and takes its id off the address', async () => {
    const account = accountWith([serverPatient('me', 'Nimali', 'Me'), serverPatient('mum', 'Kamala', 'Mother')]);
    const onSelect = vi.fn();
    function Host() {
      const location = useLocation();
      const [open, setOpen] = useState(true);
      return (
        <>
          <output data-testid="here">{`${location.pathname}${location.search}`}</output>
          <button type="button" onClick={() => setOpen(true)}>
            Change
          </button>
          <RelationshipModal
            open={open}
            onSelect={(patient) => {
              onSelect(patient);
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </>
      );
    }
    renderScreen({ path: '/view/session?sessionId=s1&createdPatientId=mum', routePath: '/view/session', account, element: <Host /> });
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(account.patients.mum));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('here').textContent).toBe('/view/session?sessionId=s1'));
    // Opened again, it asks as usual.
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('dialog', { name: 'This account is for?' })).toBeTruthy();
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it("never chooses a profile that is not this account's, whatever the address says", async () => {
    const onSelect = vi.fn();
    function Host() {
      const location = useLocation();
      return (
        <>
          <output data-testid="here">{`${location.pathname}${location.search}`}</output>
          <RelationshipModal open onSelect={onSelect} onClose={() => undefined} />
        </>
      );
    }
    renderScreen({
      path: '/view/session?sessionId=s1&createdPatientId=someone-else',
      routePath: '/view/session',
      account: accountWith([serverPatient('me', 'Nimali', 'Me')]),
      element: <Host />,
    });
    await waitFor(() => expect(screen.getByTestId('here').textContent).toBe('/view/session?sessionId=s1'));
    expect(screen.getByRole('dialog', { name: 'This account is for?' })).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('is a portalled dialog that traps focus and gives it back on close', async () => {
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Choose profile
          </button>
          <RelationshipModal open={open} onSelect={() => setOpen(false)} onClose={() => setOpen(false)} />
        </>
      );
    }
    renderScreen({
      path: '/x',
      routePath: '/x',
      account: accountWith([serverPatient('me', 'Nimali', 'Me')]),
      element: <Host />,
    });
    const trigger = screen.getByRole('button', { name: 'Choose profile' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'This account is for?' });
    // Portalled straight into the body, outside the page's own tree.
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    expect(trigger.parentElement?.contains(dialog)).toBe(false);
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Tab from the last control wraps to the first.
    const addNew = screen.getByRole('button', { name: 'Add new profile' });
    addNew.focus();
    fireEvent.keyDown(addNew, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(addNew);
    // A step that replaces the focused button keeps focus inside.
    const father = screen.getByRole('button', { name: 'Father' });
    father.focus();
    fireEvent.click(father);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});
