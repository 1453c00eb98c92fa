import { expect, it } from 'vitest';
import { upcomingEvents } from './upcoming.ts';

const now = new Date(2024, 5, 15, 14, 0);
const iso = (d: number, h: number): string => new Date(2024, 5, d, h, 0).toISOString();

// spec doc 1 §4: only consultations dated today or later that are not cancelled, fulfilled or entered_in_error.
it.each([
  ['booked later today', { start: iso(15, 18), appointmentStatus: 'booked' }, true],
  ['booked earlier today', { start: iso(15, 8), appointmentStatus: 'booked' }, true],
  ['arrived today', { start: iso(15, 9), appointmentStatus: 'arrived' }, true],
  ['booked tomorrow', { start: iso(16, 9), appointmentStatus: 'booked' }, true],
  ['booked yesterday', { start: iso(14, 20), appointmentStatus: 'booked' }, false],
  ['cancelled', { start: iso(16, 9), appointmentStatus: 'cancelled' }, false],
  ['fulfilled', { start: iso(16, 9), appointmentStatus: 'fulfilled' }, false],
  ['entered_in_error', { start: iso(16, 9), appointmentStatus: 'entered_in_error' }, false],
  ['a consultation by code', { start: iso(16, 9), appointmentStatus: 'booked', serviceTypeCode: '2' }, true],
  ['a procedure', { start: iso(16, 9), appointmentStatus: 'booked', serviceTypeCode: '3' }, false],
  ['no valid start', { start: 'soon', appointmentStatus: 'booked' }, false],
])('%s → %s', (_name, appointment, upcoming) => {
  expect(upcomingEvents([appointment], now)).toEqual(upcoming ? [appointment] : []);
});

it('lists the soonest first', () => {
  const later = { start: iso(20, 9), appointmentStatus: 'booked' };
  const sooner = { start: iso(16, 9), appointmentStatus: 'booked' };
  expect(upcomingEvents([later, sooner], now)).toEqual([sooner, later]);
});
