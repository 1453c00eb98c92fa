// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createI18n } from '@careline/i18n/core';
import { useTranslate } from '@careline/i18n/react';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { LanguageProvider, useLanguage } from './language-provider.tsx';
import { initialLanguage, languageStorageKey, storedLanguage } from './language-storage.ts';

function Probe() {
  const t = useTranslate();
  const { language, chooseLanguage } = useLanguage();
  return (
    <>
      <p data-testid="label">{t('language.label')}</p>
      <LanguageSwitch value={language} onChange={(locale) => void chooseLanguage(locale)} label={t('language.label')} />
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
});
afterEach(cleanup);

describe('language switch (issue 6 §5)', () => {
  it('switches every text, marks <html lang>, remembers the choice and tells the session', async () => {
    const onChosen = vi.fn();
    render(
      <LanguageProvider i18n={createI18n()} onChosen={onChosen}>
        <Probe />
      </LanguageProvider>,
    );
    expect(screen.getByTestId('label').textContent).toBe('Language');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'si' } });
    });
    await vi.waitFor(() => expect(screen.getByTestId('label').textContent).toBe('භාෂාව'));
    expect(document.documentElement.lang).toBe('si');
    expect(localStorage.getItem(languageStorageKey)).toBe('si');
    expect(onChosen).toHaveBeenCalledWith('si');

    await act(async () => {
      fireEvent.change(screen.getByLabelText('භාෂාව'), { target: { value: 'ta' } });
    });
    await vi.waitFor(() => expect(screen.getByTestId('label').textContent).toBe('மொழி'));
    expect(document.documentElement.lang).toBe('ta');
    expect(screen.getByTestId<HTMLSelectElement>('language-switch').value).toBe('ta');
  });

  it('names each language in its own script', () => {
    render(
      <LanguageProvider i18n={createI18n()}>
        <Probe />
      </LanguageProvider>,
    );
    const options = [...screen.getByTestId<HTMLSelectElement>('language-switch').options];
    expect(options.map((option) => [option.value, option.textContent, option.lang])).toEqual([
      ['en', 'English', 'en'],
      ['si', 'සිංහල', 'si'],
      ['ta', 'தமிழ்', 'ta'],
    ]);
  });
});

describe('the remembered language', () => {
  it('starts in the stored choice, else the browser’s first supported language, else English', () => {
    const store = (value: string | null) => ({ getItem: () => value });
    expect(initialLanguage(['en-GB'], store('ta'))).toBe('ta');
    expect(initialLanguage(['fr-FR', 'si-LK', 'en'], store(null))).toBe('si');
    expect(initialLanguage(['fr-FR'], store(null))).toBe('en');
    expect(initialLanguage([], store('klingon'))).toBe('en');
    expect(storedLanguage(null)).toBeNull();
  });
});
