// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { baseTenantConfig, type TenantPublicConfig } from '@careline/domain/tenant';
import { TenantProvider } from '../../../lib/tenant';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { PaymentTermsOverlay, PaymentTermsScreen } from './payment-terms.tsx';

const terms = ['Appointment fees are charged in full when you book.', 'Refunds take 14 working days.'];
const tenant = (enabled: boolean): TenantPublicConfig => ({
  ...baseTenantConfig,
  termsAndConditions: terms,
  features: { ...baseTenantConfig.features, paymentTermsAndConditions: { enabled } },
});

function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>
      {location.hash === '#/paymentTermsAndConditions' ? <PaymentTermsOverlay /> : null}
    </>
  );
}

function renderAt(entries: string[], config: TenantPublicConfig) {
  const router = createMemoryRouter(
    [
      { path: '/paymentTermsAndConditions', element: <PaymentTermsScreen /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <TestLanguage>
      <TenantProvider value={config} loading={null} failed={() => null}>
        <RouterProvider router={router} />
      </TenantProvider>
    </TestLanguage>,
  );
  return router;
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

describe('payment terms (spec doc 2 §2 #/paymentTermsAndConditions, doc 3 §2)', () => {
  it('the hash route shows the heading and the tenant’s terms as a dialog; close goes back', async () => {
    const router = renderAt(['/view/appointment?id=1', '/view/appointment?id=1#/paymentTermsAndConditions'], tenant(true));
    const dialog = screen.getByRole('dialog', { name: 'By continuing, you agree to the Terms & Conditions' });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(terms);
    expect(dialog.contains(document.activeElement)).toBe(true);
    // The screen beneath keeps the page's one h1; the dialog's heading is an h2.
    expect(screen.getByRole('heading', { level: 2, name: 'By continuing, you agree to the Terms & Conditions' })).toBe(document.activeElement);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByText('/view/appointment?id=1');
    expect(router.state.location.hash).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes; opened directly, close stays on the page without the terms', async () => {
    renderAt(['/doctor#/paymentTermsAndConditions'], tenant(true));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect((await screen.findByTestId('location')).textContent).toBe('/doctor');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('nothing where the tenant has paymentTermsAndConditions off', () => {
    renderAt(['/doctor#/paymentTermsAndConditions'], tenant(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('By continuing, you agree to the Terms & Conditions')).toBeNull();
  });

  it('/paymentTermsAndConditions is a screen of its own; close goes back', async () => {
    const router = renderAt(['/profiles', '/paymentTermsAndConditions'], tenant(true));
    expect(screen.getByRole('heading', { level: 1, name: 'By continuing, you agree to the Terms & Conditions' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByText('/profiles');
    expect(router.state.location.pathname).toBe('/profiles');
  });

  it('/paymentTermsAndConditions with the flag off goes to the root', async () => {
    renderAt(['/paymentTermsAndConditions'], tenant(false));
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });
});
