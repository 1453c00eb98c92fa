// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import type { Locale } from '@careline/i18n/locales';
import { useTranslate } from '@careline/i18n/react';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import type { AccountView } from '../session/account-view.ts';
import { SessionProvider } from '../session/session-provider.tsx';
import { AccountLanguageSync } from './account-language.tsx';
import { useLanguage } from './language-provider.tsx';
import { languageStorageKey } from './language-storage.ts';
import { TestLanguage } from './test-language.tsx';
import { signedInSession } from '../testing/test-account.ts';

function Probe() {
  const t = useTranslate();
  const { language, chooseLanguage } = useLanguage();
  return <LanguageSwitch value={language} onChange={(locale) => void chooseLanguage(locale)} label={t('language.label')} />;
}

function renderSignedIn(preferredLanguage: Locale | null) {
  const sent: unknown[] = [];
  const fakeFetch: typeof fetch = async (_url, init) => {
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { variables: unknown };
    sent.push(body.variables);
    return new Response(JSON.stringify({ data: { setPreferredLanguage: 'x' } }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new Client({ url: 'http://test.local/graphql', exchanges: [fetchExchange], fetch: fakeFetch });
  const account = { id: 'account-1', mobileNo: '94771234567', patientList: [], preferredLanguage } as unknown as AccountView;
  const session = signedInSession(account);
  render(
    <TestLanguage>
      <Provider value={client}>
        <SessionProvider value={session}>
          <AccountLanguageSync />
          <Probe />
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { sent };
}

const switchValue = () => screen.getByTestId<HTMLSelectElement>('language-switch').value;

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the account’s language (issue 6 §5)', () => {
  it('a device where nobody chose a language shows the account’s language', async () => {
    const { sent } = renderSignedIn('ta');
    await waitFor(() => expect(switchValue()).toBe('ta'));
    expect(document.documentElement.lang).toBe('ta');
    expect(sent).toEqual([]);
  });

  it('a choice made on this device before sign-in is stored on the account', async () => {
    localStorage.setItem(languageStorageKey, 'en');
    const { sent } = renderSignedIn('si');
    await waitFor(() => expect(sent).toEqual([{ language: 'en' }]));
    expect(switchValue()).toBe('en');
  });

  it('a switch after sign-in is stored on the account, once', async () => {
    const { sent } = renderSignedIn(null);
    await waitFor(() => expect(sent).toEqual([{ language: 'en' }]));
    await act(async () => {
      fireEvent.change(screen.getByTestId('language-switch'), { target: { value: 'si' } });
    });
    await waitFor(() => expect(sent).toEqual([{ language: 'en' }, { language: 'si' }]));
    expect(switchValue()).toBe('si');
  });
});
