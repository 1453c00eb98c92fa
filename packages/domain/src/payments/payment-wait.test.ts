import { describe, expect, it } from 'vitest';
import { localisePaymentWait } from './payment-wait.ts';

// issue 29 §2: the server's ARO-E5030 text ends with an ISO time; the app shows a clock time in the
// hospital's zone and the user's language, rounded up to the minute.
const TEXT = 'A payment for this invoice is still being processed. You can pay again after ';
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('localisePaymentWait', () => {
  it.each([
    ['en', '2026-11-24T10:35:00.000Z', 'Asia/Colombo', '4:05 PM'],
    ['en', '2026-11-24T10:34:30.500Z', 'Asia/Colombo', '4:05 PM'],
    ['en', '2026-11-24T18:29:01.000Z', 'Asia/Colombo', '12:00 AM'],
    ['si', '2026-11-24T10:35:00.000Z', 'Asia/Colombo', 'ප.ව. 4.05'],
    ['si', '2026-11-24T04:10:00.000Z', 'Asia/Colombo', 'පෙ.ව. 9.40'],
    // Tamil writes the day period as 'AM'/'PM' in Intl's own 'ta' layout.
    ['ta', '2026-11-24T10:35:00.000Z', 'Asia/Colombo', '4:05 PM'],
    ['ta', '2026-11-24T04:10:00.000Z', 'Asia/Colombo', '9:40 AM'],
    ['en', '2026-11-24T10:35:00.000Z', 'Europe/London', '10:35 AM'],
  ])('in %s, %s in %s reads %s', (locale, iso, timeZone, time) => {
    expect(plain(localisePaymentWait(`${TEXT}${iso}`, { locale, timeZone }))).toBe(
      plain(`${TEXT}${time}`),
    );
  });

  it('leaves a text without a time as it is', () => {
    const text = 'A payment for this invoice is still being processed. Please wait for its result';
    expect(localisePaymentWait(text, { locale: 'si', timeZone: 'Asia/Colombo' })).toBe(text);
  });
});
