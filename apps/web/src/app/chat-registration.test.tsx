// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { toAccountView, type ServerUserProfile } from '../lib/session';
import { renderScreen } from '../lib/testing/render-screen.tsx';
import { ChatRegistration } from './chat-registration.tsx';

// Issue 29 §12 (spec doc 1 §5: "The relationship must be selected, otherwise submit is disabled, and
// a blinking prompt reads 'Select the relationship'"): the chat's registration form keeps the rule
// of the form page; nothing is chosen for the patient.

function newAccount() {
  const profile: ServerUserProfile = {
    id: 'up-1',
    identifier: '94771234567',
    status: 'active',
    mobileNo: '94771234567',
    patients: [],
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

const save = () => screen.getByRole('button', { name: 'Save' });

describe('the registration form inline in the chat (issue 29 §12)', () => {
  it.each([
    ['nothing chosen', null, 'true', true],
    ['Me chosen', 'Me', 'false', false],
    ['Mother chosen', 'Mother', 'false', false],
  ])('%s: Save and the prompt follow the choice', (_case, chosen, disabled, prompt) => {
    renderScreen({
      path: '/chat-home',
      routePath: '/chat-home',
      element: <ChatRegistration onCreated={() => undefined} onShown={() => undefined} />,
      account: newAccount(),
    });
    if (chosen === null) {
      expect(screen.getAllByRole<HTMLInputElement>('radio').filter((radio) => radio.name.endsWith('relationship') && radio.checked)).toHaveLength(0);
    } else {
      fireEvent.click(screen.getByRole('radio', { name: chosen }));
    }
    expect(save().getAttribute('aria-disabled')).toBe(disabled);
    expect(screen.queryByText('Select the relationship') !== null).toBe(prompt);
  });
});
