// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyScreen } from './screen-loading.tsx';

afterEach(cleanup);

describe('a lazily loaded screen', () => {
  it('shows the loading status from the catalogue, and no heading, until its code is in', async () => {
    let load: () => void = () => undefined;
    const Screen = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          load = () => resolve({ default: () => <h1>Staff users</h1> });
        }),
    );
    render(
      <I18nProvider i18n={createStaffI18n()}>
        <LazyScreen>
          <Screen />
        </LazyScreen>
      </I18nProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('heading')).toBeNull();
    load();
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff users' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says the screen could not be loaded, with a reload button, when its code fails to load", async () => {
    const Screen = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <I18nProvider i18n={createStaffI18n()}>
          <nav>Console</nav>
          <LazyScreen>
            <Screen />
          </LazyScreen>
        </I18nProvider>,
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('This screen could not be loaded. Check the connection and reload the page.');
      expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
      expect(screen.getByText('Console')).toBeTruthy();
    } finally {
      logged.mockRestore();
    }
  });
});
