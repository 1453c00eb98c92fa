// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ServerPatient } from '@careline/domain/profiles';
import { baseTenantConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n, translate, type I18n } from '@careline/i18n/core';
import type { Locale } from '@careline/i18n/locales';
import { toAccountView, type ServerUserProfile } from '../../../lib/session';
import { ToastProvider } from '../../../components/toast.tsx';
import { renderScreen } from '../../../lib/testing/render-screen.tsx';
import { ProfileFormScreen } from './profile-form-screen.tsx';
import { ProfilesScreen } from './profiles-screen.tsx';

// issue 6 §5: in Sinhala and Tamil no screen shows, names or announces English. The only Latin words
// allowed are the test data's own (names as stored, the loyalty account's name, the tenant's currency
// code) and the date placeholder YYYY, which shows the format (kept as on Sri Lankan forms).
// The home dashboard and feedback screens: features/shell/components/untranslated-text.test.tsx.

function serverPatient(
  id: string,
  relationship: string | null,
  name: { prefix: string; given: string; family: string },
  gender: string,
  birthDate: string,
): ServerPatient {
  return {
    id,
    name: { prefix: name.prefix, given: [name.given], family: name.family },
    telecom: [],
    birthDate,
    gender,
    address: { use: 'home', line: ['12 Temple Road', 'Peradeniya', 'Clock Tower'], city: 'Kandy' },
    extension: relationship ? [{ valueId: 'relationship', value: relationship }] : [],
    link: [],
    hospitalId: 'h-1',
    medicalRecordNumber: '',
  };
}

const patients = [
  serverPatient(
    'me',
    'Me',
    { prefix: 'Mrs', given: 'Kamala', family: 'Perera' },
    'female',
    '1960-04-09',
  ),
  serverPatient(
    'sis',
    'Sister',
    { prefix: 'Miss', given: 'Nimali', family: 'Perera' },
    'female',
    '2024-09-20',
  ),
  serverPatient(
    'new',
    null,
    { prefix: 'Mr', given: 'Sunil', family: 'Silva' },
    'male',
    '2024-12-20',
  ),
];
const loyaltyAccounts = [
  {
    id: 'l-1',
    patientId: 'me',
    patientRelationship: 'Me',
    name: 'Careline Gold',
    activePoints: 1200,
    rate: 10,
  },
];

function account(list: ServerPatient[]) {
  const profile: ServerUserProfile = {
    id: 'up-1',
    identifier: '94771234567',
    status: 'active',
    mobileNo: '94771234567',
    patients: list,
    paymentMethods: [],
    defaultPaymentMethod: null,
    hasPaymentMethod: false,
    bookingReqId: null,
    loyaltyAccounts: list.length > 0 ? loyaltyAccounts : [],
    preferredLanguage: null,
  };
  return toAccountView(profile, new Date(2025, 0, 1));
}

const latinWord = /[A-Za-z]{3,}/g;
const allowed = new Set([
  ...patients.flatMap((patient) => [
    patient.name.prefix,
    ...patient.name.given,
    patient.name.family,
  ]),
  ...loyaltyAccounts.flatMap((loyalty) => loyalty.name.split(' ')),
  baseTenantConfig.currency,
  'YYYY',
  // The name of the records' format on the download button (issue 11 part 4), as the standard spells it.
  'FHIR',
]);

/** Every text a user reads or a screen reader announces, with a Latin word the allowlist lacks. */
function untranslated(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    texts.push(node.textContent ?? '');
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(attribute);
      if (value) {
        texts.push(`${attribute}=${value}`);
      }
    }
  }
  return texts.filter((text) =>
    (text.replace(/^[a-z-]+=/, '').match(latinWord) ?? []).some((word) => !allowed.has(word)),
  );
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

describe.each<Locale>(['si', 'ta'])('no English left in %s (issue 6 §5)', (locale) => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = createI18n();
    await activateLocale(i18n, locale);
  });

  it('the Profiles screen: classified and unclassified profiles, loyalty, and the relationship chooser', () => {
    renderScreen({
      path: '/profiles?back=/chat-home',
      routePath: '/profiles',
      element: <ToastProvider><ProfilesScreen /></ToastProvider>,
      account: account(patients),
      i18n,
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      translate(i18n, 'profiles.count.title', { count: 3 }),
    );
    expect(screen.getByRole('table')).toBeTruthy();
    expect(untranslated()).toEqual([]);
    fireEvent.click(
      screen.getByRole('button', {
        name: translate(i18n, 'profiles.classifyButton', { count: 1 }),
      }),
    );
    expect(
      screen.getByRole('dialog', { name: translate(i18n, 'profiles.modal.accountFor') }),
    ).toBeTruthy();
    expect(untranslated()).toEqual([]);
  });

  it('Add Profile for an account without profiles, with the messages of a failed Save', () => {
    renderScreen({
      path: '/profiles/registration',
      routePath: '/profiles/registration',
      element: <ProfileFormScreen />,
      account: account([]),
      i18n,
    });
    fireEvent.click(screen.getByRole('button', { name: translate(i18n, 'profiles.form.save') }));
    expect(screen.getByText(translate(i18n, 'profiles.form.error.givenName'))).toBeTruthy();
    expect(untranslated()).toEqual([]);
    fireEvent.change(screen.getByLabelText(translate(i18n, 'profiles.form.prefix')), {
      target: { value: 'Mr' },
    });
    fireEvent.click(screen.getByRole('radio', { name: translate(i18n, 'profiles.gender.female') }));
    fireEvent.change(screen.getByLabelText(translate(i18n, 'profiles.form.givenName')), {
      target: { value: 'A'.repeat(101) },
    });
    fireEvent.change(screen.getByLabelText(translate(i18n, 'profiles.form.day')), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByLabelText(translate(i18n, 'profiles.form.month')), {
      target: { value: '13' },
    });
    expect(screen.getByText(translate(i18n, 'profiles.form.error.prefixGender'))).toBeTruthy();
    expect(screen.getByText(translate(i18n, 'profiles.form.error.nameLength'))).toBeTruthy();
    expect(screen.getByText(translate(i18n, 'profiles.form.error.month'))).toBeTruthy();
    expect(untranslated()).toEqual([]);
  });

  it('Update Profile, with the address', () => {
    renderScreen({
      path: '/profiles/registration/me',
      routePath: '/profiles/registration/:id',
      element: <ProfileFormScreen />,
      account: account(patients),
      i18n,
    });
    expect(screen.getByLabelText(translate(i18n, 'profiles.form.city'))).toBeTruthy();
    expect(untranslated()).toEqual([]);
  });
});
