// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { activateLocale, createI18n, translate, type I18n } from '@careline/i18n/core';
import type { Locale } from '@careline/i18n/locales';
import { baseTenantConfig } from '@careline/domain/tenant';
import { loadConsultationsMessages } from '@careline/i18n/consultations';
import { HistoryBottomBar } from '../../../components/history-bottom-bar.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { ToastProvider } from '../../../components/toast.tsx';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { TenantProvider } from '../../../lib/tenant';
import { FeedbackScreen } from './feedback-screen.tsx';
import { HomeDashboardScreen } from './home-dashboard-screen.tsx';

// issue 6 §5: in Sinhala and Tamil the home dashboard, the feedback screen and the shared pieces show,
// name and announce no English (the profiles screens: features/profiles/components/untranslated-text.test.tsx).

/** Every text a user reads or a screen reader announces that has a Latin word of 3 or more letters. */
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
  return texts.filter((text) => /[A-Za-z]{3,}/.test(text.replace(/^[a-z-]+=/, '')));
}

function renderIn(i18n: I18n, element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <TestLanguage i18n={i18n}>
      <RouterProvider router={router} />
    </TestLanguage>,
  );
}

afterEach(cleanup);

describe.each<Locale>(['si', 'ta'])('no English left in %s (issue 6 §5)', (locale) => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = createI18n();
    await activateLocale(i18n, locale);
  });

  it('the home dashboard', () => {
    renderIn(i18n, <HomeDashboardScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      translate(i18n, 'shell.dashboard.title'),
    );
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(untranslated()).toEqual([]);
  });

  it('the feedback screen', async () => {
    // It reads the visit from GET /feedback and shows its rating form with the consultation texts.
    await loadConsultationsMessages(i18n, locale);
    vi.stubGlobal('fetch', async () =>
      Response.json({ start: '2026-11-20T03:30:00.000Z', organizationName: 'ලංකා රෝහල', feedbackRating: null, feedbackComment: null }),
    );
    renderIn(
      i18n,
      <TenantProvider value={baseTenantConfig} loading={null} failed={() => null}>
        <ToastProvider>
          <FeedbackScreen />
        </ToastProvider>
      </TenantProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      translate(i18n, 'shell.feedback.title'),
    );
    await screen.findAllByRole('radio');
    vi.unstubAllGlobals();
    expect(untranslated()).toEqual([]);
  });

  it('the history bottom bar and the loading screen', () => {
    renderIn(
      i18n,
      <>
        <LoadingScreen />
        <HistoryBottomBar />
      </>,
    );
    expect(
      screen.getByRole('navigation', { name: translate(i18n, 'shell.historyNav') }),
    ).toBeTruthy();
    expect(screen.getByRole('status', { name: translate(i18n, 'shell.loading') })).toBeTruthy();
    expect(untranslated()).toEqual([]);
  });
});
