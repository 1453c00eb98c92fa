import { describe, expect, it } from 'vitest';
import {
  appointmentNoticeSettingsProblems,
  checkSessionDelayMinutes,
  doctorLateNotice,
  DEFAULT_APPOINTMENT_NOTICE_SETTINGS as DEFAULTS,
  isQuietHour,
  isReminderDue,
  isSessionLate,
  outsideQuietHours,
  reminderDueAt,
} from './appointment-notices.ts';

// Colombo is UTC+05:30 all year: '2026-12-10T09:00+05:30' is 03:30Z.
const ZONE = 'Asia/Colombo';
const at = (local: string): Date => new Date(`${local}:00+05:30`);

describe('the quiet hours (issue 32 §1.1: never at night in the hospital time zone)', () => {
  it.each([
    ['2026-12-09T20:59', false],
    ['2026-12-09T21:00', true],
    ['2026-12-09T23:59', true],
    ['2026-12-10T00:00', true],
    ['2026-12-10T06:59', true],
    ['2026-12-10T07:00', false],
    ['2026-12-10T12:00', false],
  ])('%s hospital time is quiet: %s', (local, quiet) => {
    expect(isQuietHour(at(local), DEFAULTS, ZONE)).toBe(quiet);
  });

  it.each([
    ['2026-12-09T22:30', '2026-12-10T07:00'],
    ['2026-12-10T02:00', '2026-12-10T07:00'],
    ['2026-12-10T08:00', '2026-12-10T08:00'],
  ])('the first moment outside them after %s is %s', (local, expected) => {
    expect(outsideQuietHours(at(local), DEFAULTS, ZONE)).toEqual(at(expected));
  });

  it('quiet hours that do not cross midnight', () => {
    const siesta = { ...DEFAULTS, reminderTime: '18:00', quietHours: { start: '13:00', end: '15:00' } };
    expect(isQuietHour(at('2026-12-10T14:00'), siesta, ZONE)).toBe(true);
    expect(isQuietHour(at('2026-12-10T22:00'), siesta, ZONE)).toBe(false);
    expect(outsideQuietHours(at('2026-12-10T14:00'), siesta, ZONE)).toEqual(at('2026-12-10T15:00'));
  });
});

describe('when the evening reminder is due (issue 32 §1.1)', () => {
  // Sessions on 10 December; the reminder time is 18:00 on the 9th.
  it.each([
    ['booked days before, a morning session', '2026-12-10T09:00', '2026-12-01T10:00', '2026-12-09T18:00'],
    ['booked days before, an evening session', '2026-12-10T19:00', '2026-12-01T10:00', '2026-12-09T18:00'],
    ['booked the evening before, after 18:00: at once', '2026-12-10T09:00', '2026-12-09T19:30', '2026-12-09T19:30'],
    ['booked late at night for the morning: at the end of the quiet hours', '2026-12-10T09:00', '2026-12-09T23:30', '2026-12-10T07:00'],
    ['booked after midnight for the morning: at the end of the quiet hours', '2026-12-10T09:00', '2026-12-10T02:00', '2026-12-10T07:00'],
    ['booked late at night for a session before 07:00: none', '2026-12-10T06:30', '2026-12-09T23:30', null],
    ['booked at 07:00 on the day: none (booked the same day, awake)', '2026-12-10T09:00', '2026-12-10T07:00', null],
    ['booked in the afternoon for the evening: none', '2026-12-10T19:00', '2026-12-10T14:00', null],
    ['booked the evening before for a session just after midnight: at once', '2026-12-10T00:30', '2026-12-09T18:30', '2026-12-09T18:30'],
    ['booked before 18:00 for a session just after midnight: at 18:00', '2026-12-10T00:30', '2026-12-09T12:00', '2026-12-09T18:00'],
  ])('%s', (_case, start, booked, expected) => {
    expect(reminderDueAt({ sessionStart: at(start), bookedAt: at(booked) }, DEFAULTS, ZONE)).toEqual(
      expected === null ? null : at(expected),
    );
  });

  it('follows the tenant reminder time', () => {
    const settings = { ...DEFAULTS, reminderTime: '17:30' };
    expect(reminderDueAt({ sessionStart: at('2026-12-10T09:00'), bookedAt: at('2026-12-01T10:00') }, settings, ZONE)).toEqual(
      at('2026-12-09T17:30'),
    );
  });

  const appointment = { sessionStart: at('2026-12-10T09:00'), bookedAt: at('2026-12-01T10:00') };
  it.each([
    ['a minute before the time', '2026-12-09T17:59', false],
    ['at the time', '2026-12-09T18:00', true],
    ['later that evening', '2026-12-09T20:59', true],
    ['in the quiet hours, a sweep that ran late', '2026-12-09T21:00', false],
    ['after them, before the session', '2026-12-10T07:00', true],
    ['once the session began', '2026-12-10T09:00', false],
  ])('due %s: %s', (_case, now, due) => {
    expect(isReminderDue(appointment, DEFAULTS, ZONE, at(now))).toBe(due);
  });
});

describe('a late session (issue 32 §1.4)', () => {
  const session = { status: 'scheduled', startTime: at('2026-12-10T09:00'), delayMinutes: null };
  it.each([
    ['14 minutes after its start', session, '2026-12-10T09:14', false],
    ['15 minutes after its start', session, '2026-12-10T09:15', true],
    ['started', { ...session, status: 'started' }, '2026-12-10T09:30', false],
    ['cancelled', { ...session, status: 'practitioner_canceled' }, '2026-12-10T09:30', false],
    ['marked delayed by staff', { ...session, delayMinutes: 30 }, '2026-12-10T09:30', false],
  ])('%s: late %s', (_case, value, now, late) => {
    expect(isSessionLate(value, DEFAULTS, at(now))).toBe(late);
  });

  it('follows the tenant minutes', () => {
    expect(isSessionLate(session, { ...DEFAULTS, lateAfterMinutes: 30 }, at('2026-12-10T09:20'))).toBe(false);
    expect(isSessionLate(session, { ...DEFAULTS, lateAfterMinutes: 30 }, at('2026-12-10T09:30'))).toBe(true);
  });
});

describe('the settings and the delay staff mark', () => {
  it('the defaults are valid', () => {
    expect(appointmentNoticeSettingsProblems(DEFAULTS)).toEqual([]);
  });

  it.each([
    [{ ...DEFAULTS, reminderTime: '6pm' }, 'reminderTime: must be a time HH:MM, e.g. 18:00'],
    [{ ...DEFAULTS, reminderTime: '24:00' }, 'reminderTime: must be a time HH:MM, e.g. 18:00'],
    [{ ...DEFAULTS, reminderTime: '22:00' }, 'reminderTime: must be outside the quiet hours'],
    [{ ...DEFAULTS, quietHours: { start: '21:00', end: '21:00' } }, 'quietHours: start and end must differ'],
    [{ ...DEFAULTS, quietHours: { start: '9pm', end: '07:00' } }, 'quietHours.start: must be a time HH:MM, e.g. 21:00'],
    [{ ...DEFAULTS, lateAfterMinutes: 0 }, 'lateAfterMinutes: must be a whole number from 5 to 120'],
    [{ ...DEFAULTS, lateAfterMinutes: 7.5 }, 'lateAfterMinutes: must be a whole number from 5 to 120'],
  ])('refuses %j', (settings, problem) => {
    expect(appointmentNoticeSettingsProblems(settings)).toContain(problem);
  });

  it.each([5, 30, 240])('takes a delay of %i minutes', (minutes) => {
    expect(checkSessionDelayMinutes(minutes)).toBe(minutes);
  });

  it.each([0, 4, 241, 12.5, Number.NaN])('refuses a delay of %d minutes with ARO-E4044', (minutes) => {
    expect(() => checkSessionDelayMinutes(minutes)).toThrow('ARO-E4044:Enter the delay in minutes: a whole number from 5 to 240');
  });
});

describe('the notice on the appointment (issue 32 §1.4)', () => {
  const told = at('2026-12-10T09:15');
  const scheduled = { status: 'scheduled', sessionStartedTime: null, delayMinutes: null };
  it.each([
    ['not told', { appointmentStatus: 'booked', lateNoticeAt: null }, scheduled, null],
    ['told, not started', { appointmentStatus: 'booked', lateNoticeAt: told }, scheduled, { kind: 'late' }],
    ['told of a delay', { appointmentStatus: 'booked', lateNoticeAt: told }, { ...scheduled, delayMinutes: 30 }, { kind: 'delayed', minutes: 30 }],
    ['arrived', { appointmentStatus: 'arrived', lateNoticeAt: told }, scheduled, null],
    ['started after the notice', { appointmentStatus: 'booked', lateNoticeAt: told }, { ...scheduled, status: 'started', sessionStartedTime: at('2026-12-10T09:40') }, null],
    [
      'a delay marked after the start',
      { appointmentStatus: 'booked', lateNoticeAt: at('2026-12-10T10:00') },
      { status: 'started', sessionStartedTime: at('2026-12-10T09:40'), delayMinutes: 20 },
      { kind: 'delayed', minutes: 20 },
    ],
    ['completed', { appointmentStatus: 'booked', lateNoticeAt: told }, { ...scheduled, status: 'completed' }, null],
  ])('%s', (_case, appointment, session, notice) => {
    expect(doctorLateNotice(appointment, session)).toEqual(notice);
  });
});
