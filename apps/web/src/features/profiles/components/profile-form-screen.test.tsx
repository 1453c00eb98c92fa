// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerPatient } from '@careline/domain/profiles';
import { baseTenantConfig } from '@careline/domain/tenant';
import { toAccountView, type ServerUserProfile } from '../../../lib/session';
import { renderScreen } from '../../../lib/testing/render-screen.tsx';
import { ProfileFormScreen } from './profile-form-screen.tsx';

function serverPatient(id: string, relationship: string | null, given = 'Kamala'): ServerPatient {
  return {
    id,
    name: { prefix: 'Mrs', given: [given], family: 'Perera' },
    telecom: [],
    birthDate: '1960-04-09',
    gender: 'female',
    address: { use: 'home', line: ['12 Temple Road'], city: 'Kandy' },
    extension: relationship ? [{ valueId: 'relationship', value: relationship }] : [],
    link: [],
    hospitalId: 'h-1',
    medicalRecordNumber: '',
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

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('Add Profile (spec doc 1 §5 Patient registration)', () => {
  it('keeps Save disabled with the blinking prompt until a relationship is chosen', () => {
    renderScreen({ path: '/profiles/registration', routePath: '/profiles/registration', element: <ProfileFormScreen />, account: account([]) });
    // issue 6 §4.11: disabled, yet focusable, and it says why.
    expect(saveButton().getAttribute('aria-disabled')).toBe('true');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
    expect(document.getElementById(saveButton().getAttribute('aria-describedby') ?? '')?.textContent).toBe('Select the relationship');
    expect(screen.getByText('Select the relationship')).toBeTruthy();
    const group = screen.getByRole('radiogroup', { name: 'Relationship' });
    expect(group.getAttribute('aria-required')).toBe('true');
    const prompt = document.getElementById(group.getAttribute('aria-describedby') ?? '');
    fireEvent.click(screen.getByRole('radio', { name: 'Mother' }));
    expect(saveButton().getAttribute('aria-disabled')).toBe('false');
    expect(saveButton().hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText('Select the relationship')).toBeNull();
    // The live region stays in the page with its text emptied, so it is announced reliably.
    expect(prompt?.isConnected).toBe(true);
    expect(prompt?.getAttribute('aria-live')).toBe('polite');
    // spec doc 1 §5: Mother sets female
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'female' }).checked).toBe(true);
  });

  it('shows every message by its field after a submit attempt, and follows input live', async () => {
    renderScreen({ path: '/profiles/registration', routePath: '/profiles/registration', element: <ProfileFormScreen />, account: account([]) });
    fireEvent.click(screen.getByRole('radio', { name: 'Friend' }));
    expect(screen.queryByText('We need your given name!')).toBeNull();
    fireEvent.click(saveButton());
    for (const text of [
      'Please select your name prefix (Mr, Ms?)',
      'We need your given name!',
      'We need your family name!',
      'We need your gender!',
      'Your date of birth, date should be valid',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    // A submit with errors moves focus to the first invalid field.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Prefix')));
    const dobError = screen.getByText('Your date of birth, date should be valid');
    for (const part of ['Day', 'Month', 'Year']) {
      expect(screen.getByLabelText(part).getAttribute('aria-describedby')).toBe(dobError.id);
    }
    fireEvent.change(screen.getByLabelText('Given name'), { target: { value: 'Nimal' } });
    expect(screen.queryByText('We need your given name!')).toBeNull();
    fireEvent.change(screen.getByLabelText('Prefix'), { target: { value: 'Mr' } });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'male' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'female' }));
    expect(screen.getByText('invalid prefix match gender')).toBeTruthy();
  });

  it('keeps date parts to digits, moves focus on, and creates the profile at once', async () => {
    const refreshAccount = vi.fn(async () => null);
    const { calls } = renderScreen({
      path: '/profiles/registration?back=/chat-home',
      routePath: '/profiles/registration',
      element: <ProfileFormScreen />,
      account: account([]),
      session: { refreshAccount },
      answer: () => ({ data: { createPatient: { id: 'p-new', birthDate: '1990-05-07', gender: 'male', name: null, extension: [] } } }),
    });
    fireEvent.change(screen.getByLabelText('Prefix'), { target: { value: 'Mr' } });
    fireEvent.change(screen.getByLabelText('Given name'), { target: { value: ' Nimal  Kumara ' } });
    fireEvent.change(screen.getByLabelText('Family name'), { target: { value: 'Silva' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '0a5' } });
    expect(screen.getByLabelText<HTMLInputElement>('Month').value).toBe('05');
    expect(document.activeElement).toBe(screen.getByLabelText('Year'));
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1990' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Me' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat-home'));
    expect(calls).toEqual([
      {
        operationName: 'createPatient',
        variables: {
          hospitalId: null,
          name: { prefix: 'Mr', given: ['Nimal', 'Kumara'], family: 'Silva' },
          birthDate: '1990-05-07',
          gender: 'male',
          extension: [{ valueId: 'relationship', value: 'Me' }],
          link: [],
          idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        },
      },
    ]);
    expect(refreshAccount).toHaveBeenCalledTimes(1);
  });

  // issue 29 §1.5: opened by the relationship modal, the form goes back with the profile it created.
  it("goes back to the booking with the created profile's id, the one the server answered", async () => {
    const refreshAccount = vi.fn(async () => null);
    const back = '/view/session?sessionId=s1';
    renderScreen({
      path: `/profiles/registration?${new URLSearchParams({ back, relationship: 'Mother', chooseCreated: '1' }).toString()}`,
      routePath: '/profiles/registration',
      element: <ProfileFormScreen />,
      account: account([serverPatient('me', 'Me', 'Nimali')]),
      session: { refreshAccount },
      answer: () => ({ data: { createPatient: { id: 'p-mum', birthDate: '1962-04-09', gender: 'female', name: null, extension: [] } } }),
    });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Mother' }).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Prefix'), { target: { value: 'Mrs' } });
    fireEvent.change(screen.getByLabelText('Given name'), { target: { value: 'Kamala' } });
    fireEvent.change(screen.getByLabelText('Family name'), { target: { value: 'Perera' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '09' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '04' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1962' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/view/session?sessionId=s1&createdPatientId=p-mum'),
    );
    expect(refreshAccount).toHaveBeenCalledTimes(1);
  });

  it('sends the same idempotency key when Save is pressed again after a dropped connection (issue 6 §2)', async () => {
    let attempts = 0;
    const { calls } = renderScreen({
      path: '/profiles/registration',
      routePath: '/profiles/registration',
      element: <ProfileFormScreen />,
      account: account([]),
      answer: () => {
        attempts += 1;
        if (attempts === 1) {
          throw new TypeError('Failed to fetch');
        }
        return { data: { createPatient: { id: 'p-new', birthDate: '1990-05-07', gender: 'male', name: null, extension: [] } } };
      },
    });
    fireEvent.change(screen.getByLabelText('Prefix'), { target: { value: 'Mr' } });
    fireEvent.change(screen.getByLabelText('Given name'), { target: { value: 'Nimal' } });
    fireEvent.change(screen.getByLabelText('Family name'), { target: { value: 'Silva' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '07' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '05' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1990' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Me' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect((saveButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profiles'));
    expect(calls).toHaveLength(2);
    const [first, retry] = calls;
    expect(typeof first?.variables.idempotencyKey).toBe('string');
    expect(retry?.variables.idempotencyKey).toBe(first?.variables.idempotencyKey);
  });
});

describe('Add Profile for an account without profiles (spec doc 1 §2)', () => {
  it("heads the form with 'No profiles found / Add your profile to continue'", () => {
    renderScreen({ path: '/profiles/registration', routePath: '/profiles/registration', element: <ProfileFormScreen />, account: account([]) });
    expect(screen.getByText('No profiles found')).toBeTruthy();
    expect(screen.getByText('Add your profile to continue')).toBeTruthy();
  });

  it('shows neither line once the account has a profile', () => {
    renderScreen({
      path: '/profiles/registration',
      routePath: '/profiles/registration',
      element: <ProfileFormScreen />,
      account: account([serverPatient('p-1', 'Me')]),
    });
    expect(screen.queryByText('No profiles found')).toBeNull();
    expect(screen.queryByText('Add your profile to continue')).toBeNull();
  });
});

describe('Update Profile (spec doc 1 §2, §5, §7)', () => {
  it('enables Update only after a change, patches every record of the person, then goes to /profiles?back=/chat-home', async () => {
    const { calls } = renderScreen({
      path: '/profiles/registration/p-1',
      routePath: '/profiles/registration/:id',
      element: <ProfileFormScreen />,
      // p-2 is the same person registered at another hospital (linked); p-3 is someone else.
      account: account([serverPatient('p-1', 'Mother'), { ...serverPatient('p-2', 'Mother'), link: ['p-1'] }, serverPatient('p-3', 'Sister', 'Anne')]),
      answer: (call) => ({ data: { patchPatient: { id: call.variables.patientId } } }),
    });
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(update.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Change something to update');
    // Pressing it while disabled sends nothing.
    fireEvent.click(update);
    expect(calls).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('address line 1').value).toBe('12 Temple Road');
    expect(screen.getByLabelText('landmark')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('city'), { target: { value: 'Galle' } });
    expect(update.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(update);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profiles?back=/chat-home'));
    const patch = [{ op: 'replace', path: 'address', value: { use: 'home', line: ['12 Temple Road'], city: 'Galle' } }];
    expect(calls).toEqual([
      { operationName: 'patchPatient', variables: { patientId: 'p-1', patches: patch } },
      { operationName: 'patchPatient', variables: { patientId: 'p-2', patches: patch } },
    ]);
  });

  it('patches only the profile edited when another person shares its label (issue 6 §4.1)', async () => {
    const { calls } = renderScreen({
      path: '/profiles/registration/s-1',
      routePath: '/profiles/registration/:id',
      element: <ProfileFormScreen />,
      account: account([serverPatient('me', 'Me', 'Kamala'), serverPatient('s-1', 'Sister', 'Nimali'), serverPatient('s-2', 'Sister', 'Nimali')]),
      answer: (call) => ({ data: { patchPatient: { id: call.variables.patientId } } }),
    });
    fireEvent.change(screen.getByLabelText('city'), { target: { value: 'Galle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profiles?back=/chat-home'));
    expect(calls.map((call) => call.variables.patientId)).toEqual(['s-1']);
  });

  it('does not offer the single roles another person holds; the edited person keeps theirs (issue 6 §4.1)', () => {
    const patients = [serverPatient('me', 'Me'), serverPatient('mo', 'Mother'), serverPatient('si', 'Sister')];
    renderScreen({
      path: '/profiles/registration/mo',
      routePath: '/profiles/registration/:id',
      element: <ProfileFormScreen />,
      account: account(patients),
    });
    expect(screen.queryByRole('radio', { name: 'Me' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Mother' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Father' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Sister' })).toBeTruthy();
    cleanup();
    renderScreen({ path: '/profiles/registration', routePath: '/profiles/registration', element: <ProfileFormScreen />, account: account(patients) });
    expect(screen.queryByRole('radio', { name: 'Me' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Mother' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Sister' })).toBeTruthy();
    cleanup();
    // A preset used single role (?relationship=Me) is not chosen: Save waits for a relationship.
    renderScreen({
      path: '/profiles/registration?relationship=Me',
      routePath: '/profiles/registration',
      element: <ProfileFormScreen />,
      account: account(patients),
    });
    expect(screen.getByText('Select the relationship')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-disabled')).toBe('true');
    cleanup();
    renderScreen({
      path: '/profiles/registration?relationship=Sister',
      routePath: '/profiles/registration',
      element: <ProfileFormScreen />,
      account: account(patients),
    });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Sister' }).checked).toBe(true);
  });
});

describe('profile form guards and live checks (issue 6 §4.7, §4.9)', () => {
  it('opens no edit form where Edit Profile is hidden: the address goes back to /profiles', async () => {
    renderScreen({
      path: '/profiles/registration/p-1',
      routePath: '/profiles/registration/:id',
      element: <ProfileFormScreen />,
      account: account([serverPatient('p-1', 'Me')]),
      tenant: {
        ...baseTenantConfig,
        features: { ...baseTenantConfig.features, editProfile: { ...baseTenantConfig.features.editProfile, enabled: false } },
      },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profiles'));
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('marks a name over 100 characters as the user types, tied to its field', () => {
    renderScreen({ path: '/profiles/registration', routePath: '/profiles/registration', element: <ProfileFormScreen />, account: account([]) });
    const given = screen.getByLabelText('Given name');
    fireEvent.change(given, { target: { value: 'A'.repeat(101) } });
    expect(given.getAttribute('aria-invalid')).toBe('true');
    const described = (given.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Names may have at most 100 characters');
    fireEvent.change(given, { target: { value: 'A'.repeat(100) } });
    expect(given.getAttribute('aria-invalid')).toBe('false');
  });
});
