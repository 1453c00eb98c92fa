import { describe, expect, it } from 'vitest';
import { CHAT_DATE_FORMAT, formatChatDate, ordinalDay } from './chat-date.ts';

describe("the chat date format 'Do MMM (ddd), hh:mm A' (spec doc 1 §9)", () => {
  it('is the spec format', () => {
    expect(CHAT_DATE_FORMAT).toBe('Do MMM (ddd), hh:mm A');
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
  ])('day %i is %s', (day, text) => {
    expect(ordinalDay(day)).toBe(text);
  });

  // Local times, as the patient's browser shows them.
  it.each([
    [new Date(2026, 10, 24, 16, 51), '24th Nov (Tue), 04:51 PM'],
    [new Date(2026, 0, 1, 0, 5), '1st Jan (Thu), 12:05 AM'],
    [new Date(2026, 4, 2, 12, 0), '2nd May (Sat), 12:00 PM'],
    [new Date(2026, 6, 3, 9, 30), '3rd Jul (Fri), 09:30 AM'],
    [new Date(2026, 11, 31, 23, 59), '31st Dec (Thu), 11:59 PM'],
    [new Date(2027, 1, 11, 11, 59), '11th Feb (Thu), 11:59 AM'],
  ])('%s reads %s', (date, text) => {
    expect(formatChatDate(date)).toBe(text);
  });

  it('gives null for an invalid date', () => {
    expect(formatChatDate(new Date('not a date'))).toBeNull();
  });
});
