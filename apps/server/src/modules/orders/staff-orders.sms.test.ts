import { describe, expect, it } from 'vitest';
import { orderSmsTime } from './staff-orders.sms.ts';

describe('orderSmsTime', () => {
  const at = new Date('2026-11-24T10:00:00Z');

  it('writes the time on the hospital clock (UTC+05:30) in English', () => {
    expect(orderSmsTime(at, 'en')).toBe('Tue 24 Nov, 3:30 pm');
    expect(orderSmsTime(new Date('2026-11-24T18:45:00Z'), 'en')).toBe('Wed 25 Nov, 0:15 am');
  });

  it.each([null, 'fr'])('writes English for the language %s', (language) => {
    expect(orderSmsTime(at, language)).toBe('Tue 24 Nov, 3:30 pm');
  });

  it('writes the day and month names in Sinhala and Tamil', () => {
    expect(orderSmsTime(at, 'si')).toMatch(/[\u0D80-\u0DFF]/);
    expect(orderSmsTime(at, 'ta')).toMatch(/[\u0B80-\u0BFF]/);
  });
});
