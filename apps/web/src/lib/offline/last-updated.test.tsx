// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { OFFLINE_SAVED_AT } from '@careline/ui/graphql';
import { TestLanguage } from '../i18n/test-language.tsx';
import { LastUpdated } from './last-updated.tsx';

// 05:12 UTC is 10:42 on Colombo's clock (UTC+5:30), whatever the device's own zone.
const savedAt = '2026-12-03T05:12:00.000Z';

// issue 32 §4.7 and STYLE.md 'Time and dates': "Last updated" through the one time module, on the
// hospital's clock, in the user's language.
describe('Last updated', () => {
  afterEach(cleanup);

  it.each([
    { locale: 'en' as const, timeZone: undefined, expected: 'Last updated 10:42 AM' },
    { locale: 'en' as const, timeZone: 'Asia/Dubai', expected: 'Last updated 9:12 AM' },
    { locale: 'si' as const, timeZone: undefined, expected: 'අවසන් වරට යාවත්කාලීන කළේ පෙ.ව. 10.42' },
    { locale: 'ta' as const, timeZone: undefined, expected: 'கடைசியாகப் புதுப்பிக்கப்பட்டது 10:42 AM' },
  ])('$locale, zone $timeZone: $expected', async ({ locale, timeZone, expected }) => {
    const i18n = createI18n();
    await activateLocale(i18n, locale);
    render(
      <TestLanguage i18n={i18n}>
        <LastUpdated extensions={{ [OFFLINE_SAVED_AT]: savedAt }} timeZone={timeZone} />
      </TestLanguage>,
    );
    const time = await screen.findByText(expected);
    expect(time.getAttribute('dateTime')).toBe(savedAt);
  });

  it('says nothing while the answer is fresh', () => {
    const { container } = render(
      <TestLanguage>
        <LastUpdated extensions={undefined} />
      </TestLanguage>,
    );
    expect(container.textContent).toBe('');
  });
});
