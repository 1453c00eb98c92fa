import { describe, expect, it } from 'vitest';
import { errorString } from '../errors.ts';
import { localTimeInWords, localiseSignInText } from './lockout.ts';

describe('lockout texts (issue 6 §4.4)', () => {
  // Local times, so the expectations hold in any time zone the tests run in.
  const now = new Date(2030, 0, 6, 8, 0);

  it('tells a time in the user\'s own time and day', () => {
    expect(localTimeInWords(new Date(2030, 0, 6, 16, 5), now)).toBe('4:05 PM today');
    expect(localTimeInWords(new Date(2030, 0, 7, 0, 30), now)).toBe('12:30 AM tomorrow');
    expect(localTimeInWords(new Date(2030, 0, 7, 12, 0), now)).toBe('12:00 PM tomorrow');
    expect(localTimeInWords(new Date(2030, 0, 9, 9, 30), now)).toBe('9:30 AM on 9 Jan');
  });

  it("puts the server's ISO time of ARO-E1103 in the user's words, rounding up to the minute", () => {
    const until = new Date(2030, 0, 7, 7, 59, 30);
    const text = errorString('ARO-E1103', { until: until.toISOString() }).split(':').slice(1).join(':');
    expect(localiseSignInText(text, now)).toBe(
      'Too many wrong codes for this number. You can try again after 8:00 AM tomorrow',
    );
  });

  it("tells the time in a given zone's time and days (a page the server writes, issue 33 §2)", () => {
    // 18:29 UTC is 11:59 PM in Colombo (+5:30): the next UTC minute is already tomorrow there.
    const serverNow = new Date('2030-01-06T18:00:00Z');
    expect(localTimeInWords(new Date('2030-01-06T18:29:00Z'), serverNow, 'Asia/Colombo')).toBe('11:59 PM today');
    expect(localTimeInWords(new Date('2030-01-06T18:31:00Z'), serverNow, 'Asia/Colombo')).toBe('12:01 AM tomorrow');
    const text = errorString('ARO-E1103', { until: '2030-01-08T04:00:00.000Z' }).split(':').slice(1).join(':');
    expect(localiseSignInText(text, serverNow, 'Asia/Colombo')).toBe(
      'Too many wrong codes for this number. You can try again after 9:30 AM on 8 Jan',
    );
  });

  it('leaves other texts as they are', () => {
    expect(localiseSignInText('Invalid verification code', now)).toBe('Invalid verification code');
  });
});
